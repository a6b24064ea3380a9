"""Who may change and undo what, as each phone learns it (issue #33, item 2, and CI of 2026-11-27).

The server says which seats a seat may change (``you_may_edit``) and who may undo each line
(``undo_by``); a phone offers only those, and must learn them again whenever they change,
however the news reaches it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser import (  # noqa: F401
    add_counter,
    ann_with_life,
    browser,
    join_as,
    phone_page,
    until,
)
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]


def test_undo_is_offered_only_where_the_server_would_accept_it(browser, live_asgi) -> None:  # noqa: F811
    """Issue #33, item 2: the server says who may undo each line (the policy in force now)."""
    ann, code = ann_with_life(browser, live_asgi)
    bo = join_as(browser, live_asgi, code, "Bo")
    anns_card = bo.locator("#other-seats article", has_text="Ann")
    expect(anns_card.get_by_label("Life", exact=True)).to_have_text("20")
    expect(anns_card.get_by_role("button", name="Increase Life")).to_be_hidden()  # Ann's seat, "own"

    ann.get_by_label("Everyone edits every seat").check()
    anns_card.get_by_role("button", name="Increase Life").click()
    expect(ann.locator("#my-seat").get_by_label("Life", exact=True)).to_have_text("21")
    bos_line = bo.locator("#log li", has_text="Bo: ")
    expect(bos_line.get_by_role("button", name="Undo")).to_be_visible()  # everyone edits: his to undo

    ann.get_by_label("Everyone edits every seat").uncheck()
    expect(anns_card.get_by_role("button", name="Increase Life")).to_be_hidden()
    # Ann's Life is Ann's again: Bo's own earlier tap on it is no longer his to undo; the host's still.
    expect(bos_line.get_by_role("button", name="Undo")).to_have_count(0)
    expect(ann.locator("#log li", has_text="Bo: ").get_by_role("button", name="Undo")).to_be_visible()

    add_counter(bo, "Coins")
    expect(bo.locator("#log li", has_text="Coins").get_by_role("button", name="Undo")).to_be_visible()


def test_a_socket_that_opens_after_a_policy_change_brings_the_new_rights(browser, live_asgi) -> None:  # noqa: F811
    """The snapshot at connect is newer than the page: the seats' rights come with it.

    A phone whose socket connected after the host changed the edit policy kept
    the rights of its page load (CI, 2026-11-27: Bo never got Ann's steppers).
    """
    ann, code = ann_with_life(browser, live_asgi)
    bo, bo_console = phone_page(browser)
    held: list = []

    def hold(ws) -> None:
        held.append(ws)  # open to the page, no server yet

    bo.route_web_socket(re.compile(r".*/ws/tables/.*"), hold)
    bo.goto(f"{live_asgi}/join/{code}/")
    bo.get_by_label("Your name").fill("Bo")
    bo.get_by_role("button", name="Take a seat").click()
    anns_card = bo.locator("#other-seats article", has_text="Ann")
    expect(anns_card.get_by_label("Life", exact=True)).to_have_text("20")
    expect(bo.locator("#log li").first).to_contain_text("Bo")  # the page's log is loaded
    expect(anns_card.get_by_role("button", name="Increase Life")).to_be_hidden()

    ann.get_by_label("Everyone edits every seat").check()
    expect(ann.locator("#log li").first).to_contain_text("let everyone edit every seat")
    assert len(held) == 1
    held[0].connect_to_server()  # the snapshot now carries the policy's seq
    anns_card.get_by_role("button", name="Increase Life").click(timeout=5_000)
    expect(ann.locator("#my-seat").get_by_label("Life", exact=True)).to_have_text("21")
    assert bo_console.errors == []


def test_an_older_answer_about_the_table_never_undoes_a_newer_one(browser, live_asgi) -> None:  # noqa: F811
    """Two reads of the table cross on the way: the rights shown are the newer read's."""
    ann, code = ann_with_life(browser, live_asgi)
    bo = join_as(browser, live_asgi, code, "Bo")
    anns_card = bo.locator("#other-seats article", has_text="Ann")
    expect(bo.locator("#conn")).to_have_attribute("data-state", "live")
    seen: list = []
    late: list = []

    def first_read_late(route) -> None:
        if seen:
            route.continue_()
            return
        seen.append(route)
        late.append((route, route.fetch()))  # read now ("everyone"), answered after the next one

    table_read = re.compile(r".*/api/v1/tables/\d+/$")
    bo.route(table_read, first_read_late)
    ann.get_by_label("Everyone edits every seat").check()
    expect(bo.locator("#log li").first).to_contain_text("let everyone edit every seat")
    with bo.expect_response(table_read):  # the second read, answered at once
        ann.get_by_label("Everyone edits every seat").uncheck()
    expect(anns_card.get_by_role("button", name="Increase Life")).to_be_hidden()
    until(bo, lambda: bool(late))
    route, response = late[0]
    with bo.expect_response(table_read):
        route.fulfill(response=response)
    bo.wait_for_timeout(300)  # the page has read it
    expect(anns_card.get_by_role("button", name="Increase Life")).to_be_hidden()  # Ann's own again


def test_an_undo_refusal_shows_beside_the_undo_that_sent_it(browser, live_asgi) -> None:  # noqa: F811
    """Issue #33, item 2: not at the top of the page, far from the log."""
    ann, code = ann_with_life(browser, live_asgi)
    bo = join_as(browser, live_asgi, code, "Bo")
    add_counter(bo, "Coins")
    bos_line = bo.locator("#log li", has_text="Bo: added Coins")
    anns_view = ann.locator("#log li", has_text="Bo: added Coins")
    expect(bos_line.get_by_role("button", name="Undo")).to_be_visible()
    expect(anns_view.get_by_role("button", name="Undo")).to_be_visible()

    bo.context.set_offline(True)
    bos_line.get_by_role("button", name="Undo").click()  # waits in Bo's outbox
    anns_view.get_by_role("button", name="Undo").click()  # the host is first
    expect(anns_view).to_have_class(re.compile("undone"))
    bo.context.set_offline(False)
    expect(bos_line.get_by_role("alert")).to_contain_text("already been undone", timeout=20_000)
    expect(bo.locator("#command-error")).to_be_hidden()


def test_a_failed_read_of_the_table_is_asked_again_at_the_next_beat(browser, live_asgi, settings) -> None:  # noqa: F811
    """A busy server's 503 on the read after the host's change: not left until the next change."""
    settings.TABLE_HEARTBEAT_S = 0.5
    ann, code = ann_with_life(browser, live_asgi)
    bo = join_as(browser, live_asgi, code, "Bo")
    anns_card = bo.locator("#other-seats article", has_text="Ann")
    expect(bo.locator("#conn")).to_have_attribute("data-state", "live")
    refused: list[str] = []

    def first_read_busy(route) -> None:
        if refused:
            route.continue_()
            return
        refused.append(route.request.url)
        route.fulfill(status=503, headers={"Retry-After": "1"}, json={"code": "busy", "message": "Busy."})

    bo.route(re.compile(r".*/api/v1/tables/\d+/$"), first_read_busy)
    ann.get_by_label("Everyone edits every seat").check()
    expect(bo.locator("#log li").first).to_contain_text("let everyone edit every seat")
    anns_card.get_by_role("button", name="Increase Life").click(timeout=5_000)
    expect(ann.locator("#my-seat").get_by_label("Life", exact=True)).to_have_text("21")
    assert len(refused) == 1
