"""Two phones at one table in real headless Chromium, over a real websocket."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser import (  # noqa: F401
    add_counter,
    add_life_counter,
    ann_with_life,
    browser,
    horizontal_overflow,
    join_as,
    open_table,
    phone_page,
    small_touch_targets,
    two_phones,
    unlabelled_controls,
)
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]


def test_a_tap_on_one_phone_shows_on_the_other(browser, live_asgi) -> None:  # noqa: F811
    ann, ann_console, bo, bo_console = two_phones(browser, live_asgi, before_join=add_life_counter)
    anns_card = bo.locator("#other-seats article", has_text="Ann")
    expect(anns_card.locator("output")).to_have_text("20")

    for _ in range(3):
        ann.get_by_role("button", name="Increase Life").click()
    expect(anns_card.locator("output")).to_have_text("23")  # no reload on Bo's phone
    # three quick taps read as one line in the log, on both phones
    expect(bo.locator("#log li").first).to_contain_text("Ann: +3 Life")
    expect(ann.locator("#log li").first).to_contain_text("+3 Life")

    ann.locator("#log li").first.get_by_role("button", name=re.compile("^Undo")).click()
    expect(anns_card.locator("output")).to_have_text("20")
    expect(ann.locator("#my-seat output")).to_have_text("20")
    expect(bo.locator("#log li").first).to_contain_text("undid")
    # Bo's own phone shows no buttons on Ann's counter (each seat edits itself)
    expect(anns_card.get_by_role("button", name="Increase Life")).to_have_count(0)

    for page in (ann, bo):
        assert horizontal_overflow(page) <= 0
    assert ann_console.errors == [] and bo_console.errors == []


def test_wrong_code_error_shows_next_to_the_field(browser, live_asgi) -> None:  # noqa: F811
    page, _console = phone_page(browser)
    page.goto(f"{live_asgi}/join/")
    page.get_by_label("Table code").fill("ZZZZZZ")
    page.get_by_label("Your name").fill("Bo")
    page.get_by_role("button", name="Take a seat").click()
    error = page.locator("#join-code-error")
    expect(error).to_contain_text("No open table has that code")
    assert page.get_by_label("Table code").get_attribute("aria-invalid") == "true"
    assert horizontal_overflow(page) <= 0


def test_without_a_websocket_the_page_polls_and_stays_in_step(browser, live_asgi) -> None:  # noqa: F811
    ann, _ = phone_page(browser)
    code = open_table(ann, live_asgi)
    add_life_counter(ann)

    bo, bo_console = phone_page(browser)
    # A network that refuses websockets: every attempt is closed at once.
    bo.route_web_socket(re.compile(r".*/ws/tables/.*"), lambda ws: ws.close(code=1011))
    bo.goto(f"{live_asgi}/join/{code}/")
    bo.get_by_label("Your name").fill("Bo")
    bo.get_by_role("button", name="Take a seat").click()
    expect(bo.locator("#conn")).to_have_attribute("data-state", re.compile("polling|offline|connecting"))
    anns_card = bo.locator("#other-seats article", has_text="Ann")
    ann.get_by_role("button", name="Increase Life").click()
    expect(anns_card.locator("output")).to_have_text("21", timeout=10_000)
    expect(bo.locator("#log li").first).to_contain_text("+1 Life", timeout=10_000)
    assert bo_console.errors == [] or all("WebSocket" in e for e in bo_console.errors)


def test_table_page_has_thumb_sized_labelled_controls(browser, live_asgi) -> None:  # noqa: F811
    page, console = phone_page(browser)
    open_table(page, live_asgi)
    add_counter(page, "Life")
    expect(page.locator("#my-seat output")).to_have_text("20")
    page.get_by_text("Add a counter").click()
    assert small_touch_targets(page) == []
    assert unlabelled_controls(page) == []
    assert horizontal_overflow(page) <= 0
    assert console.errors == []


def test_the_join_qr_code_fills_its_frame(browser, live_asgi) -> None:  # noqa: F811
    """The QR code is drawn to the size the page gives it (it once kept its own 148 px in the
    corner of a 220 px frame, off centre and smaller than it looked meant to be)."""
    page, _ = phone_page(browser)
    open_table(page, live_asgi)
    page.get_by_text("Invite and manage").click()
    frame = page.locator(".qr svg").bounding_box()
    drawn = page.locator(".qr svg path").first.bounding_box()  # the code's light square, quiet zone and all
    assert frame is not None and drawn is not None
    assert frame["width"] >= 200
    assert (drawn["x"], drawn["y"], drawn["width"], drawn["height"]) == pytest.approx(
        (frame["x"], frame["y"], frame["width"], frame["height"]), abs=1
    )


def test_waking_the_phone_fetches_what_the_socket_missed(browser, live_asgi) -> None:  # noqa: F811
    ann, _ = phone_page(browser)
    code = open_table(ann, live_asgi)
    add_life_counter(ann)

    bo, bo_console = phone_page(browser)

    def silent_socket(ws):
        # The socket stays open but nothing from the server arrives, as on a
        # phone whose radio slept: only the wake-up catch-up can fix the page.
        server = ws.connect_to_server()
        server.on_message(lambda message: None)

    bo.route_web_socket(re.compile(r".*/ws/tables/.*"), silent_socket)
    bo.goto(f"{live_asgi}/join/{code}/")
    bo.get_by_label("Your name").fill("Bo")
    bo.get_by_role("button", name="Take a seat").click()
    anns_card = bo.locator("#other-seats article", has_text="Ann")
    expect(anns_card.locator("output")).to_have_text("20")
    ann.get_by_role("button", name="Increase Life").click()
    expect(ann.locator("#my-seat output")).to_have_text("21")
    bo.wait_for_timeout(500)
    expect(anns_card.locator("output")).to_have_text("20")  # missed: the socket is silent
    bo.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(anns_card.locator("output")).to_have_text("21")
    expect(bo.locator("#log li").first).to_contain_text("+1 Life")
    assert bo_console.errors == []


def test_host_renames_the_table_and_errors_show_by_the_field(browser, live_asgi) -> None:  # noqa: F811
    page, console = phone_page(browser)
    open_table(page, live_asgi)
    page.get_by_label("Table name").fill("Saturday crypt")
    page.get_by_role("button", name="Rename table").click()
    expect(page.locator("#table-name")).to_have_text("Saturday crypt")
    page.get_by_label("Table name").fill("   ")
    page.get_by_role("button", name="Rename table").click()
    expect(page.locator("#table-name-error")).to_contain_text("Please enter a table name")
    expect(page.locator("#table-name")).to_have_text("Saturday crypt")
    assert horizontal_overflow(page) <= 0
    assert [e for e in console.errors if "400" not in e] == []


def test_a_lost_push_is_caught_up_at_the_next_heartbeat(browser, live_asgi, settings) -> None:  # noqa: F811
    settings.TABLE_HEARTBEAT_S = 0.5
    ann, code = ann_with_life(browser, live_asgi)
    bo, bo_console = phone_page(browser)
    beats: list[int] = []

    def events_lost(ws):
        # Snapshots and heartbeats arrive; every event push is lost on the way.
        server = ws.connect_to_server()

        def relay(message):
            if '"type": "event"' in message or '"type":"event"' in message:
                return
            if "heartbeat" in message:
                beats.append(json.loads(message)["seq"])
            ws.send(message)

        server.on_message(relay)

    bo.route_web_socket(re.compile(r".*/ws/tables/.*"), events_lost)
    bo.goto(f"{live_asgi}/join/{code}/")
    bo.get_by_label("Your name").fill("Bo")
    bo.get_by_role("button", name="Take a seat").click()
    anns_card = bo.locator("#other-seats article", has_text="Ann")
    expect(anns_card.locator("output")).to_have_text("20")
    expect(bo.locator("#conn")).to_have_attribute("data-state", "live")  # not polling
    ann.get_by_role("button", name="Increase Life").click()
    expect(ann.locator("#my-seat output")).to_have_text("21")
    # No wake-up, no reconnect, no polling: only the heartbeat's seq tells Bo's page.
    expect(anns_card.locator("output")).to_have_text("21", timeout=5_000)
    expect(bo.locator("#log li").first).to_contain_text("+1 Life")
    expect(bo.locator("#conn")).to_have_attribute("data-state", "live")
    assert beats and max(beats) >= 4
    assert bo_console.errors == []


def test_a_command_whose_answer_was_lost_is_sent_again_and_applied_once(browser, live_asgi) -> None:  # noqa: F811
    ann, _ = ann_with_life(browser, live_asgi)
    lost: list[str] = []

    def lose_first_answer(route):
        if lost:
            route.continue_()
            return
        lost.append(route.request.post_data or "")
        route.fetch()  # the server applies the command ...
        route.abort("connectionreset")  # ... and the phone never hears back

    ann.route("**/commands/", lose_first_answer)
    retried: list[str] = []
    ann.on("request", lambda r: retried.append(r.post_data or "") if r.url.endswith("/commands/") else None)
    ann.get_by_role("button", name="Increase Life").click()
    expect(ann.locator("#my-seat output")).to_have_text("21")
    ann.wait_for_timeout(1500)
    expect(ann.locator("#my-seat output")).to_have_text("21")  # applied once, not twice
    assert len(retried) >= 2 and retried[0] == retried[1] == lost[0]  # same command_id


def test_a_phone_rejoins_its_own_seat_and_finds_it_under_your_tables(browser, live_asgi) -> None:  # noqa: F811
    ann, console = phone_page(browser)
    code = open_table(ann, live_asgi)
    ann.goto(f"{live_asgi}/")
    mine = ann.locator(".your-tables li", has_text="Friday")
    expect(mine).to_contain_text("as Ann")
    ann.goto(f"{live_asgi}/join/{code}/")
    expect(ann.get_by_role("heading", name="You are seated as Ann")).to_be_visible()
    assert ann.get_by_label("Your name").is_hidden()  # taking another seat is a choice, folded away
    ann.get_by_role("link", name="Back to my seat").click()
    expect(ann.locator("#conn")).to_have_attribute("data-state", "live")
    expect(ann.locator("#table-name")).to_have_text("Friday")
    assert horizontal_overflow(ann) <= 0
    assert console.errors == []


@pytest.mark.parametrize("typed", ["1e3", "2.5", "12abc"])
def test_a_number_field_is_read_strictly_and_its_error_shows_beside_it(browser, live_asgi, typed) -> None:  # noqa: F811
    page, _ = phone_page(browser)
    open_table(page, live_asgi)
    page.get_by_text("Add a counter").click()
    page.get_by_label("Name", exact=True).fill("Life")
    page.get_by_label("Start").fill(typed)
    page.locator("#add-counter-form").get_by_role("button", name="Add").click()
    expect(page.locator("#c-value-error")).to_have_text("The start value must be a whole number.")
    expect(page.locator("#c-value-error")).to_be_in_viewport()
    assert page.locator("#c-name-error").is_hidden()
    assert page.locator("#my-seat output").count() == 0  # nothing was added


def test_taps_while_offline_wait_in_order_and_a_refusal_is_never_silent(browser, live_asgi) -> None:  # noqa: F811
    ann, code = ann_with_life(browser, live_asgi)
    add_counter(ann, "Gold", "1")
    expect(ann.get_by_label("Gold", exact=True)).to_have_text("1")
    bo = join_as(browser, live_asgi, code, "Bo")
    anns_card = bo.locator("#other-seats article", has_text="Ann")
    expect(anns_card.get_by_label("Life", exact=True)).to_have_text("20")

    ann.context.set_offline(True)
    for _ in range(3):
        ann.get_by_role("button", name="Increase Life").click()
    for _ in range(2):  # Gold is 1 with a minimum of 0: the second one will be refused
        ann.get_by_role("button", name="Decrease Gold").click()
    expect(ann.locator("#pending")).to_contain_text("5 changes wait to be sent")
    expect(ann.locator("#conn")).to_have_attribute("data-state", re.compile("offline|polling|connecting"))
    bo.wait_for_timeout(500)
    expect(anns_card.get_by_label("Life", exact=True)).to_have_text("20")  # nothing left the phone

    ann.context.set_offline(False)
    expect(anns_card.get_by_label("Life", exact=True)).to_have_text("23", timeout=20_000)
    expect(anns_card.get_by_label("Gold", exact=True)).to_have_text("0")
    expect(ann.locator("#pending")).to_be_hidden()
    expect(ann.locator("#my-seat")).to_contain_text("Not applied")  # beside Gold: refused on reconnect
    expect(ann.locator("#my-seat").get_by_label("Life", exact=True)).to_have_text("23")


def test_a_refusal_goes_when_a_newer_board_replaces_the_one_it_was_about(browser, live_asgi) -> None:  # noqa: F811
    """Issue #33, item 1: an error belongs to one attempt; what was typed stays."""
    ann, code = ann_with_life(browser, live_asgi)
    bo = join_as(browser, live_asgi, code, "Bo")
    expect(bo.locator("#conn")).to_have_attribute("data-state", "live")
    add_counter(ann, "Gold", "12abc")
    expect(ann.locator("#c-value-error")).to_have_text("The start value must be a whole number.")
    expect(ann.get_by_label("Start")).to_have_attribute("aria-invalid", "true")
    # Bo's tap gives Ann a newer board: the refusal was about the old one and goes.
    add_counter(bo, "Coins", "3")
    bos_card = ann.locator("#other-seats article", has_text="Bo")
    expect(bos_card.get_by_label("Coins", exact=True)).to_have_text("3")
    expect(ann.locator("#c-value-error")).to_be_hidden()
    expect(ann.get_by_label("Start")).to_have_value("12abc")  # what she typed is hers to fix
    # Refused again, then the field is changed: the refusal goes with the change.
    ann.locator("#add-counter-form").get_by_role("button", name="Add").click()
    expect(ann.locator("#c-value-error")).to_have_text("The start value must be a whole number.")
    ann.get_by_label("Start").fill("4")
    expect(ann.locator("#c-value-error")).to_be_hidden()
    expect(ann.get_by_label("Start")).not_to_have_attribute("aria-invalid", "true")


def test_changes_refused_on_reconnection_leave_an_honest_status_line(browser, live_asgi) -> None:  # noqa: F811
    """Issue #33, item 6: no "2 changes wait to be sent" with a red dot once they were refused."""
    ann, _code = ann_with_life(browser, live_asgi)
    add_counter(ann, "Gold", "0")
    expect(ann.get_by_label("Gold", exact=True)).to_have_text("0")
    ann.context.set_offline(True)
    for _ in range(2):  # Gold is 0 with a minimum of 0: both will be refused
        ann.get_by_role("button", name="Decrease Gold").click()
    expect(ann.locator("#pending")).to_contain_text("2 changes wait to be sent")
    ann.context.set_offline(False)
    expect(ann.locator("#my-seat")).to_contain_text("Not applied", timeout=20_000)
    expect(ann.locator("#pending")).to_be_hidden()
    expect(ann.locator("#conn")).to_have_attribute("data-state", "live", timeout=20_000)
    expect(ann.locator("#conn")).not_to_contain_text("wait")
    # What happened to them, with the reason, in the status line itself.
    expect(ann.locator("#conn")).to_contain_text("2 changes were refused when sent: Gold cannot go below 0.")
    ann.wait_for_timeout(1500)  # nothing later puts the stale count back
    expect(ann.locator("#conn")).to_have_attribute("data-state", "live")
    expect(ann.locator("#conn")).not_to_contain_text("wait")
    ann.get_by_role("button", name="Increase Gold").click()  # the next change: the news is old
    expect(ann.get_by_label("Gold", exact=True)).to_have_text("1")
    expect(ann.locator("#conn")).to_have_text("Live")
