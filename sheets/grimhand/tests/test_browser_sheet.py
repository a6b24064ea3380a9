"""Grim Hand sheets in real headless Chromium over a real websocket: phone, tablet, two players.

Every sheet is part of the table page's server-rendered board (issue #8): this
phone's own panel comes first and only the seats that may edit see controls.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import APIResponse, Locator, Page, Route, ViewportSize, expect

from tests.browser import (  # noqa: F401
    browser,
    horizontal_overflow,
    open_table,
    phone_page,
    seat_of,
    small_touch_targets,
    two_phones,
    unlabelled_controls,
    until,
)
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]

TABLET: ViewportSize = {"width": 820, "height": 1180}
REFUSED = "Failed to load resource: the server responded with a status of 400 (Bad Request)"


def open_campaign(page: Page, base: str) -> str:
    """Ann's Grim Hand table, open on her character sheet; its join code."""
    code = open_table(page, base, "grimhand", "Grimwold")
    to_sheet(page)
    return code


def to_sheet(page: Page) -> None:
    """From the top of the table page to this seat's sheet (the old /g/ address leads here too)."""
    page.get_by_role("link", name="My character sheet").click()
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")


def sheet(page: Page) -> Locator:
    """This phone's own character sheet (board.js marks it .mine and puts it first)."""
    return page.locator(".gh-sheet-card.mine")


def create(page: Page, name: str, race: str = "", klass: str = "", affinity: str = "") -> None:
    panel = page.locator(".gh-new.mine")
    panel.get_by_label("Name", exact=True).fill(name)
    for label, value in (("Race", race), ("Class", klass), ("Affinity", affinity)):
        if value:
            panel.get_by_label(label, exact=True).select_option(value)
    panel.get_by_role("button", name="Create character").click()
    expect(sheet(page).locator(".gh-char-name")).to_have_text(name)


def pick_card(page: Page, rank: int, affinity: str, button: str = "Equip") -> None:
    """The card picker: one select whose options name each card ('4 Bone · ...')."""
    mine = sheet(page)
    mine.get_by_label("Card to add: rank, affinity").select_option(
        json.dumps({"rank": rank, "affinity": affinity}, separators=(",", ":"))
    )
    mine.get_by_role("button", name=button, exact=True).click()


def _numbers_by_more(ann: Page, mine: Locator) -> None:
    """Add, subtract and set a number by more; a bad number is refused beside its own field."""
    mine.locator("summary", has_text="Change a number by more").click()
    adjust = mine.locator("form[data-command='character.adjust']")
    adjust.get_by_label("Which number").select_option("xp")
    adjust.get_by_label("Amount").fill("12abc")
    adjust.get_by_role("button", name="Add", exact=True).click()
    expect(adjust.locator('[data-error-for="by"]')).to_contain_text("whole number")
    expect(adjust.get_by_label("Amount")).to_have_attribute("aria-invalid", "true")
    expect(ann.locator("#command-error")).to_be_hidden()
    adjust.get_by_label("Which number").select_option("xp")
    adjust.get_by_label("Amount").fill("10")
    adjust.get_by_role("button", name="Add", exact=True).click()
    expect(mine.locator("[id$='-value-xp']")).to_have_text("10")
    expect(adjust.locator('[data-error-for="by"]')).to_be_hidden()
    adjust.get_by_label("Which number").select_option("xp")
    adjust.get_by_label("Amount").fill("4")
    adjust.get_by_role("button", name="Subtract").click()
    expect(mine.locator("[id$='-value-xp']")).to_have_text("6")
    setter = mine.locator("form[data-command='character.set']")
    setter.get_by_label("Which number").select_option("gold")
    setter.get_by_label("New value").fill("12abc")
    setter.get_by_role("button", name="Set to").click()
    expect(setter.locator('[data-error-for="value"]')).to_contain_text("whole number")
    expect(adjust.locator('[data-error-for="by"]')).to_be_hidden()  # the other field is not blamed
    setter.get_by_label("Which number").select_option("gold")
    setter.get_by_label("New value").fill("33")
    setter.get_by_role("button", name="Set to").click()
    expect(mine.locator("[id$='-value-gold']")).to_have_text("33")


def test_player_a_equips_and_player_b_sees_the_new_attack_live(browser, live_asgi) -> None:  # noqa: F811
    def grum_first(page: Page) -> None:
        to_sheet(page)
        create(page, "Grum", "Orc", "Warrior", "Iron")  # Attack 3 + 3 + 2 = 8

    ann, ann_console, bo, bo_console = two_phones(
        browser, live_asgi, "grimhand", "Grimwold", before_join=grum_first
    )
    to_sheet(bo)
    grum = bo.locator(".gh-sheet-card", has=bo.locator(".gh-char-name", has_text="Grum"))
    grum_attack = grum.locator("[id$='-stat-attack'] .gh-stat-value")
    expect(grum_attack).to_have_text("8")
    expect(grum.get_by_role("button", name="Equip", exact=True)).to_be_hidden()  # Bo may not edit Grum

    mine = sheet(ann)
    # The name of the card picked is shown before equipping it (server-rendered option text).
    picker = mine.get_by_label("Card to add: rank, affinity")
    expect(picker.locator("option:checked")).to_contain_text("1 Blood · ")
    for affinity in ("Blood", "Bone"):  # a pair of fours: Unified Effort +1 AT
        pick_card(ann, 4, affinity)
        expect(mine.locator(".gh-slots .gh-slot:not(.empty)")).to_have_count(1 if affinity == "Blood" else 2)
    expect(grum_attack).to_have_text("9")  # no reload on Bo's phone
    expect(mine.locator(".gh-hand")).to_have_text("Unified Effort: +1 AT")

    mine.locator("summary", has_text="Attack").click()
    expect(mine.locator("[id$='-breakdown-attack']")).to_have_text(
        "Attack 9 = race (Orc) 3 + class (Warrior) 3 + affinity (Iron) 2 + Unified Effort 1"
    )
    expect(mine.locator("[id$='-stat-attack']")).to_have_attribute("open", "")

    # the same physical card twice: refused, with the message next to the picker
    create(bo, "Ilse")
    pick_card(bo, 4, "Bone")
    expect(sheet(bo).locator(".gh-pick-error")).to_contain_text("already with Grum")

    # steppers: big enough, labelled, and LE cannot go above max (said beside LE)
    minus = mine.get_by_role("button", name="Decrease LE")
    box = minus.bounding_box()
    assert box is not None and box["width"] >= 48 and box["height"] >= 48
    minus.click()
    expect(mine.locator("[id$='-value-le']")).to_contain_text("14")
    mine.get_by_role("button", name="Increase LE").click()
    expect(mine.locator("[id$='-value-le']")).to_contain_text("15")
    mine.get_by_role("button", name="Increase LE").click()
    expect(mine.locator("[id$='-error-le']")).to_contain_text("maximum of 15")

    _numbers_by_more(ann, mine)

    for page in (ann, bo):
        assert horizontal_overflow(page) <= 0
        assert unlabelled_controls(page) == []
        assert small_touch_targets(page) == []
    # Chromium logs every refused request; the deliberate refusals are the only lines.
    assert ann_console.errors == [REFUSED] * 3 and bo_console.errors == [REFUSED]


def test_sheet_fits_a_tablet_and_shows_a_completed_set(browser, live_asgi) -> None:  # noqa: F811
    page, console = phone_page(browser)
    open_campaign(page, live_asgi)
    if page.locator("#host-panel").get_attribute("open") is None:  # the shell may show it open
        page.locator("summary", has_text="Invite and manage").click()
    # The shared host panel, complete on Grim Hand's page too.
    page.get_by_label("Table name").fill("Crypt of Ash")
    page.get_by_role("button", name="Rename table").click()
    expect(page.locator("#table-name")).to_have_text("Crypt of Ash")
    expect(page.locator("#seat-admin li")).to_have_count(1)
    expect(page.get_by_role("button", name="End the table")).to_be_visible()
    page.locator("summary", has_text="Campaign settings").click()
    page.get_by_label("Use the cards' printed rarity").check()
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator("#log")).to_contain_text("rarity")
    expect(page.get_by_label("Use the cards' printed rarity")).to_be_checked()
    create(page, "Mara", "Elf", "Mage", "Shadow")
    cards = [(1, "Blood"), (2, "Blood"), (3, "Blood"), (1, "Bone"), (2, "Bone")]  # all printed Common
    mine = sheet(page)
    for n, (rank, affinity) in enumerate(cards, start=1):
        pick_card(page, rank, affinity)
        expect(mine.locator(".gh-slots .gh-slot:not(.empty)")).to_have_count(n)
    expect(mine.locator(".gh-hand")).to_have_text("Dual Grip: +1 AP")
    expect(mine.locator(".gh-set")).to_have_text("Common set complete!")
    expect(mine.locator(".gh-slots.gh-set-done")).to_have_count(1)
    # Into the pack instead (the picker's second button), then equipped from the pack: refused, 5 are worn.
    pick_card(page, 5, "Iron", "Into pack")
    expect(mine.locator("[id$='-pack'] .gh-item")).to_have_count(1)
    assert horizontal_overflow(page) <= 0
    page.set_viewport_size(TABLET)
    assert horizontal_overflow(page) <= 0
    assert console.errors == []


def test_big_numbers_fit_their_boxes_at_390_px(browser, live_asgi) -> None:  # noqa: F811
    """Issue #8: XP 3000 shows as 3000 and gold 12345 as 12345, on the sheet and the party list."""
    page, console = phone_page(browser)
    open_campaign(page, live_asgi)
    create(page, "Grum", "Orc", "Warrior", "Iron")
    table_id, token = seat_of(page)
    api = f"{live_asgi}/api/v1/tables/{table_id}"
    headers = {"Authorization": f"Seat {token}"}
    state = page.request.get(f"{api}/", headers=headers).json()["state"]
    (cid,) = [int(k) for k in state["characters"]]
    for n, (stat, value) in enumerate((("xp", 3000), ("gold", 12345))):
        body = {"command_id": f"big-{n}", "type": "character.set",
                "payload": {"character_id": cid, "stat": stat, "value": value}}  # fmt: skip
        assert page.request.post(f"{api}/commands/", data=body, headers=headers).status == 200
    mine = sheet(page)
    expect(mine.locator("[id$='-value-xp']")).to_contain_text("3000")
    expect(mine.locator("[id$='-value-gold']")).to_contain_text("12345")
    clipped = "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.id)"
    assert page.locator(".gh-counter-value").evaluate_all(clipped) == []
    assert horizontal_overflow(page) <= 0
    expect(page.locator(".gh-member .gh-gold")).to_have_text("12345")
    expect(page.locator(".gh-member .gh-xp")).to_have_text("3000")
    assert page.locator(".gh-party-stats dd").evaluate_all(clipped.replace(".id", ".className")) == []
    assert horizontal_overflow(page) <= 0
    # The sheet's old address (links in mails, QR codes) opens this page at the sheet.
    page.goto(f"{live_asgi}/g/{table_id}/")
    expect(page).to_have_url(f"{live_asgi}/t/{table_id}/#sheet")
    expect(sheet(page).locator(".gh-char-name")).to_have_text("Grum")
    assert console.errors == []


def test_a_number_picked_again_while_the_last_change_is_on_its_way_is_kept(browser, live_asgi) -> None:  # noqa: F811
    """The websocket shows a change before its answer comes back; a player who picks the number
    again in that moment keeps the pick when the answer empties the form (it once emptied it,
    and the next change went out without a number and was refused)."""
    page, console = phone_page(browser)
    open_campaign(page, live_asgi)
    create(page, "Grum", "Orc", "Warrior", "Iron")
    mine = sheet(page)
    mine.locator("summary", has_text="Change a number by more").click()
    adjust = mine.locator("form[data-command='character.adjust']")
    held: list[tuple[Route, APIResponse]] = []

    def hold_the_answer(route: Route) -> None:
        held.append((route, route.fetch()))

    page.route("**/commands/", hold_the_answer)
    adjust.get_by_label("Which number").select_option("xp")
    adjust.get_by_label("Amount").fill("10")
    adjust.get_by_role("button", name="Add", exact=True).click()
    expect(mine.locator("[id$='-value-xp']")).to_have_text("10")  # by the websocket
    until(page, lambda: len(held) == 1)  # the answer, fetched by the handler, not yet given
    adjust.get_by_label("Which number").select_option("xp")  # the same number, picked again
    route, answer = held[0]
    route.fulfill(response=answer)
    page.unroute("**/commands/")
    expect(adjust.get_by_label("Which number")).to_have_value("xp")
    adjust.get_by_label("Amount").fill("4")
    adjust.get_by_role("button", name="Subtract").click()
    expect(mine.locator("[id$='-value-xp']")).to_have_text("6")
    assert console.errors == []
