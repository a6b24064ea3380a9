"""A GRIM match to a knockout on two phones with the keyboard alone (issue #33): Tab, Shift+Tab,
Enter, Space, typing and arrow keys in selects; no click anywhere. Every visible control of the
board is in the Tab order."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser import browser, phone_page  # noqa: F401
from tests.keyboard import choose, press, tab_order_misses, type_into
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]


def enter_grim(page: Page, seat: str, name: str, element: str, health: str, speed: str) -> None:
    panel = page.locator("#board .mine")
    press(panel.get_by_text(f"Enter a Grim for {seat}"))
    type_into(panel.get_by_label("Grim name"), name)
    choose(panel.get_by_label("Element", exact=True), element)
    type_into(panel.get_by_label("Health", exact=True), health)
    type_into(panel.get_by_label("Speed", exact=True), speed)
    press(panel.get_by_role("button", name="Enter play"))
    expect(panel.locator("h3", has_text=name)).to_be_visible()


def test_a_grim_match_to_a_knockout_by_keyboard(browser, live_asgi) -> None:  # noqa: F811
    ann, _ = phone_page(browser)
    ann.on("dialog", lambda d: d.accept())
    ann.goto(live_asgi + "/")
    press(ann.get_by_text("Open a new table"), "Space")
    choose(ann.get_by_label("Game", exact=True), "GRIM")
    choose(ann.get_by_label("Format"), "Coven")
    type_into(ann.get_by_label("Table name"), "Keys")
    type_into(ann.get_by_label("Your name"), "Ann")
    press(ann.get_by_role("button", name="Open the table"))
    expect(ann.locator("#conn")).to_have_attribute("data-state", "live")
    code = ann.locator("#join-code").inner_text().strip()

    bo, _ = phone_page(browser)
    bo.goto(f"{live_asgi}/join/")
    type_into(bo.get_by_label("Table code"), code)
    type_into(bo.get_by_label("Your name"), "Bo")
    press(bo.get_by_label("Playing", exact=True), "ArrowDown")  # one Tab stop; arrows move in it
    expect(bo.get_by_label("A shared screen")).to_be_checked()
    bo.keyboard.press("ArrowUp")
    expect(bo.get_by_label("Playing", exact=True)).to_be_checked()
    press(bo.get_by_role("button", name="Take a seat"))
    expect(bo.locator("#conn")).to_have_attribute("data-state", "live")

    press(ann.get_by_role("button", name="Ann", exact=True))
    expect(bo.locator("#board")).to_contain_text("Favor: Ann")
    enter_grim(ann, "Ann", "Ember", "Fire", "12", "14")
    enter_grim(bo, "Bo", "Moss", "Plant", "3", "2")
    expect(ann.locator("#board")).to_contain_text("Moss")
    assert tab_order_misses(ann) == [] and tab_order_misses(bo) == []

    press(ann.get_by_role("button", name="Start the first turn"))
    expect(ann.locator("#turn-strip")).to_contain_text("Now: Ember")
    press(ann.get_by_text("Attack", exact=True), "Space")
    sheet = ann.locator("#attack-sheet")
    assert tab_order_misses(ann) == []  # the open attack form too
    choose(sheet.get_by_label("Attacker"), "Ember (Ann)")
    type_into(sheet.get_by_label("Base damage"), "4")
    choose(sheet.get_by_label("Element", exact=True), "Fire")
    choose(sheet.get_by_label("Target of Ember"), "Moss (Bo")
    press(sheet.get_by_role("button", name="Check the damage"))
    expect(sheet.locator("[data-preview-box]")).to_contain_text("Stamina spent")
    press(sheet.get_by_role("button", name="Confirm"))

    expect(bo.locator("#board")).to_contain_text("Knocked out: Moss")
    expect(bo.locator("#log li").first).to_contain_text("Ember attacked Bo's Moss")
    expect(bo.locator("#board .mine dd").first).to_have_text("1")  # Banished 2 -> 1
    for page in (ann, bo):
        page.context.close()
