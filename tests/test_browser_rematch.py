"""A rematch with the same seats, after the game (issue #33, item 3).

The host of an ended table opens a new table of the same game with its seats; each other
phone of the old table is offered to follow and takes its own seat there, by its name.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser import browser, two_phones  # noqa: F401
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]


def test_the_host_starts_a_rematch_and_the_others_follow(browser, live_asgi) -> None:  # noqa: F811
    ann, ann_console, bo, bo_console = two_phones(browser, live_asgi, name="Friday")
    old = ann.url
    expect(ann.get_by_role("button", name="Rematch with the same seats")).to_have_count(0)  # not yet ended
    ann.get_by_role("button", name="End the table").click()
    expect(ann.locator("#table-ended")).to_be_visible()
    # Nothing left to invite to or manage: no code, seats or End the table once it has ended.
    expect(ann.locator("#host-panel")).to_be_hidden()
    bo.reload()
    expect(bo.get_by_text("The host can start a rematch")).to_be_visible()
    expect(bo.get_by_role("button", name="Rematch with the same seats")).to_have_count(0)  # the host's

    ann.reload()
    expect(ann.locator("#host-panel")).to_have_count(0)
    ann.get_by_role("button", name="Rematch with the same seats").click()
    expect(ann).not_to_have_url(old)
    expect(ann.locator("#table-name")).to_have_text("Friday")
    expect(ann.locator("#table-ended")).to_be_hidden()
    expect(ann.locator("#conn")).to_have_attribute("data-state", "live")

    bo.reload()
    bo.get_by_role("button", name="Take my seat at the rematch").click()
    expect(bo).to_have_url(ann.url)
    expect(bo.locator("#conn")).to_have_attribute("data-state", "live")
    expect(ann.locator("#other-seats article", has_text="Bo")).to_be_visible()  # live on Ann's phone
    # Following twice gives no second Bo: the old page says why.
    bo.go_back()
    bo.reload()
    bo.get_by_role("button", name="Take my seat at the rematch").click()
    expect(bo.locator(".messages")).to_contain_text(re.compile("Bo already has a seat at the rematch"))
    assert ann_console.errors == [] and bo_console.errors == []
