"""The end of a campaign on a phone: the trophies and the record fit, no word broken (issue #33, item 11)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from campaigns.credentials import cookie_name
from tests.browser import browser, horizontal_overflow, phone_page, words_broken  # noqa: F401
from tests.sample_play import played
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_campaigns_end_fits_a_phone_without_breaking_a_word(browser, live_asgi) -> None:  # noqa: F811
    sitting = played("grimhand")
    table = sitting.table
    page, console = phone_page(browser)
    page.context.add_cookies(
        [{"name": cookie_name(table.pk), "value": sitting.people[0].token, "url": live_asgi}]
    )
    page.goto(f"{live_asgi}/t/{table.pk}/")
    expect(page.locator("#gh-records")).to_be_visible()
    assert words_broken(page, "#gh-records th, #gh-trophies th") == []  # was "Troph ies"
    assert horizontal_overflow(page) <= 0
    assert console.errors == []
