"""When the server swaps the board after a command, focus stays where the player was (issue #33).

The control used (or the same control in the new board) keeps the focus, never the page body,
and an open panel stays open: a keyboard or screen-reader player can tap again at once.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import ann_with_life, browser, phone_page  # noqa: F401
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]

FOCUSED = """document.activeElement && (document.activeElement.getAttribute("aria-label")
  || document.activeElement.textContent.trim())"""


def test_a_stepper_keeps_the_focus_across_the_new_board(browser, live_asgi) -> None:  # noqa: F811
    ann, _code = ann_with_life(browser, live_asgi)
    ann.get_by_role("button", name="Increase Life").focus()
    ann.keyboard.press("Enter")
    expect(ann.locator("#my-seat output")).to_have_text("21")
    ann.wait_for_timeout(300)  # the answer's board and the push's: both swapped in
    assert ann.evaluate(FOCUSED) == "Increase Life"
    ann.keyboard.press("Enter")  # the next press goes to the same control
    expect(ann.locator("#my-seat output")).to_have_text("22")
    ann.wait_for_timeout(300)
    assert ann.evaluate(FOCUSED) == "Increase Life"


def test_a_button_in_an_open_panel_keeps_focus_and_the_panel(browser, live_asgi) -> None:  # noqa: F811
    ann, _code = ann_with_life(browser, live_asgi)
    ann.get_by_role("button", name="Decrease Life").click()
    ann.get_by_label("More for Life").click()
    reset = ann.get_by_role("button", name="Reset to 20")
    reset.focus()
    ann.keyboard.press("Enter")
    expect(ann.locator("#my-seat output")).to_have_text("20")
    ann.wait_for_timeout(300)
    assert ann.evaluate(FOCUSED) == "Reset to 20"
    expect(reset).to_be_visible()  # its panel is still open
    assert ann.evaluate("document.activeElement !== document.body")


def test_focus_never_falls_to_the_body_when_its_control_goes(browser, live_asgi) -> None:  # noqa: F811
    """The control used is gone from the new board (a removed counter): the nearest place stays."""
    ann, _code = ann_with_life(browser, live_asgi)
    ann.on("dialog", lambda d: d.accept())
    ann.get_by_label("More for Life").click()
    ann.get_by_role("button", name="Remove").focus()
    ann.keyboard.press("Enter")
    expect(ann.locator("#my-seat output")).to_have_count(0)
    ann.wait_for_timeout(300)
    assert ann.evaluate("document.activeElement !== document.body && document.activeElement !== null")
    assert ann.evaluate("document.getElementById('board').contains(document.activeElement)")


def test_a_panel_folded_after_its_command_hands_focus_to_its_summary(browser, live_asgi) -> None:  # noqa: F811
    ann, _code = ann_with_life(browser, live_asgi)
    ann.get_by_text("Add a counter").click()
    ann.get_by_label("Name", exact=True).fill("Gold")
    ann.get_by_label("Name", exact=True).press("Enter")
    expect(ann.get_by_label("Gold", exact=True)).to_have_text("20")
    ann.wait_for_timeout(300)
    assert ann.evaluate(FOCUSED) == "Add a counter"  # the folded panel's own summary, not the body


def test_typing_goes_on_where_it_was_when_another_phone_swaps_the_board(browser, live_asgi) -> None:  # noqa: F811
    ann, code = ann_with_life(browser, live_asgi)
    bo, _ = phone_page(browser)
    bo.goto(f"{live_asgi}/join/{code}/")
    bo.get_by_label("Your name").fill("Bo")
    bo.get_by_role("button", name="Take a seat").click()
    expect(ann.locator("#other-seats article", has_text="Bo")).to_be_visible()
    ann.get_by_text("Add a counter").click()
    name = ann.get_by_label("Name", exact=True)
    name.click()
    ann.keyboard.type("Go")
    bo.get_by_text("Add a counter").click()
    bo.get_by_label("Name", exact=True).fill("Coins")
    bo.locator("#add-counter-form").get_by_role("button", name="Add").click()
    expect(ann.locator("#other-seats article", has_text="Bo")).to_contain_text("Coins")  # a new board
    ann.keyboard.type("ld")
    expect(name).to_have_value("Gold")
