"""A Grimwood game on two phones in real headless Chromium (issue 13: Grimwood at the table)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser import (  # noqa: F401
    browser,
    horizontal_overflow,
    small_touch_targets,
    two_phones,
    unlabelled_controls,
)
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]


def mine(page: Page) -> Locator:
    return page.locator("#board .mine")


def place(page: Page, seat: str, button: str) -> None:
    panel = mine(page)
    panel.get_by_text(f"Place a combo for {seat}").click()
    panel.get_by_role("button", name=button).click()


def score_of(page: Page, seat: str) -> Locator:
    return page.get_by_label(f"{seat} score", exact=True)


def test_a_grimwood_game_on_two_phones(browser, live_asgi) -> None:  # noqa: F811
    ann, ann_console, bo, bo_console = two_phones(
        browser,
        live_asgi,
        "grimwood",
        "Forest",
        alone="Waiting for a second player",
        seat_cards="#board [data-seat-id]",
    )
    expect(ann.locator("#turn-strip")).to_contain_text("Choose who goes first")

    ann.get_by_role("button", name="Ann goes first").click()
    expect(bo.locator("#turn-strip")).to_contain_text("Ann's turn: 2 actions left.")
    expect(bo.locator("#board")).to_contain_text("Deck: 58 of 64 left")
    expect(bo.locator("#grimwood-turn")).to_be_hidden()  # not Bo's turn

    # Ann types three Owls from her hand: the server says the points first, then Bo's phone shows them live.
    mine(ann).get_by_text("Place a combo for Ann").click()
    # A preset reads "3 Owls · 10 points", not "3 Owls10" (issue #33, item 11).
    preset = mine(ann).get_by_role("button", name="Place 3 Owls for Ann, 10 points")
    assert preset.inner_text().strip() == "3 Owls · 10 points"
    typed = mine(ann).locator("form[data-command='combo.place']")
    typed.get_by_label("Or type the cards").fill("Owl, Owl, Owl")
    typed.get_by_role("button", name="Check the points").click()
    expect(typed.locator("[data-preview-box]")).to_contain_text("10")
    expect(score_of(bo, "Ann")).to_have_text("0")  # the preview changed nothing
    typed.get_by_role("button", name="Confirm").click()
    expect(score_of(bo, "Ann")).to_have_text("10")
    expect(bo.get_by_label("Ann hand", exact=True)).to_have_text("0")
    expect(bo.locator("#board")).to_contain_text("3 Owls")

    # Not Bo's turn: his phone offers placing a combo only when a card allows it.
    expect(mine(bo)).to_contain_text("A card lets Bo place a combo now")

    # Ann closes her turn with a draw: Bo's turn on his phone.
    ann.get_by_role("button", name="Draw a card and end the turn").click()
    expect(bo.locator("#turn-strip")).to_contain_text("Bo's turn: 2 actions left.")
    expect(bo.locator("#grimwood-turn")).to_be_visible()

    # Bo places a supernatural on his phone, then grows it: the server says the points first.
    place(bo, "Bo", "Place Elf for Bo")
    expect(score_of(ann, "Bo")).to_have_text("1")
    combo = mine(bo).locator("[data-combo-id]").first
    combo.locator("details > summary").click()
    combo.get_by_label("Add a supernatural from the hand").select_option("Troll")
    combo.get_by_role("button", name="Check the points").click()
    expect(combo.locator("[data-preview-box]")).to_contain_text("points 1 \u2192 2")
    expect(score_of(ann, "Bo")).to_have_text("1")  # the preview changed nothing
    combo.get_by_role("button", name="Confirm").click()
    expect(score_of(ann, "Bo")).to_have_text("2")
    expect(ann.locator("#board")).to_contain_text("2 supernaturals (Elf, Troll)")

    # A number typed wrong is refused next to its own field, and nothing changes.
    ann.locator("#grimwood-correct > summary").click()
    fix = ann.locator("#grimwood-correct form", has=ann.get_by_label("Cards in Ann's hand"))
    fix.get_by_label("Cards in Ann's hand").fill("3x")
    fix.get_by_role("button", name="Set Ann's hand").click()
    expect(fix.locator('[data-error-for="count"]')).to_be_visible()
    expect(fix.locator('[data-error-for="count"]')).to_contain_text("whole number")
    expect(bo.get_by_label("Ann hand", exact=True)).to_have_text("1")

    # Undo from the log puts Bo's combo back to one card on both phones.
    first = bo.locator("#log li").first
    expect(first).to_contain_text("Bo adds Troll to a combo")
    first.get_by_role("button", name=re.compile("^Undo")).click()
    expect(score_of(ann, "Bo")).to_have_text("1")
    expect(ann.locator("#log li").first).to_contain_text("undid")

    # Bo plays a card, one action: it leaves his hand for a new combo, the points checked first.
    play = bo.locator("#gw-play")
    play.get_by_label("Play a card (one action)").select_option("Dark Unicorn")
    play.get_by_role("button", name="Check the points").click()
    expect(play.locator("[data-preview-box]")).to_contain_text("Actions 2 \u2192 1; hand 2 \u2192 1")
    play.get_by_role("button", name="Confirm").click()
    expect(score_of(ann, "Bo")).to_have_text("2")
    expect(ann.get_by_label("Bo hand", exact=True)).to_have_text("1")
    expect(bo.locator("#turn-strip")).to_contain_text("Bo's turn: 1 action left.")

    # Everything a player may open, opened: still no sideways scroll, every control named and thumb-sized.
    for page in (ann, bo):
        if page.locator("#grimwood-correct").get_attribute("open") is None:
            page.locator("#grimwood-correct > summary").click()
        page.locator("#grimwood-table > summary").click()
        mine(page).locator("details[id^='gw-place-'] > summary").click()
        page.locator("#board [data-combo-id] details > summary").first.click()
        assert horizontal_overflow(page) <= 0
        assert unlabelled_controls(page) == []
        assert small_touch_targets(page) == []
    # Ann's one refused command ("3x") is the only failed request the browser reports.
    refused = "the server responded with a status of 400"
    assert bo_console.errors == []
    assert [e for e in ann_console.errors if refused not in e] == [] and len(ann_console.errors) == 1


def test_no_actions_left_goes_when_the_next_turn_starts(browser, live_asgi) -> None:  # noqa: F811
    """Issue #33, item 1: the refusal was about Ann's spent turn, not the board after it."""
    ann, _ac, bo, _bc = two_phones(
        browser,
        live_asgi,
        "grimwood",
        "Forest",
        alone="Waiting for a second player",
        seat_cards="#board [data-seat-id]",
    )
    ann.get_by_label("Everyone edits every seat").check()  # Bo may close Ann's turn
    ann.get_by_role("button", name="Ann goes first").click()
    expect(ann.locator("#turn-strip")).to_contain_text("Ann's turn: 2 actions left.")
    draw = ann.get_by_role("button", name="Draw as an action")
    draw.click()
    expect(ann.locator("#turn-strip")).to_contain_text("1 action left")
    ann.context.set_offline(True)  # two taps on the board of 1 action left: the second is refused
    draw.click()
    draw.click()
    ann.context.set_offline(False)
    refusal = ann.locator("#command-error, #board [data-error-for]", has_text="No actions are left this turn")
    expect(refusal).to_be_visible(timeout=20_000)
    # Bo closes Ann's turn from his phone: Ann's phone gets the new turn's board without a tap.
    bo.get_by_role("button", name="Draw a card and end the turn").click()
    expect(ann.locator("#turn-strip")).to_contain_text("Bo's turn: 2 actions left.")
    expect(refusal).to_have_count(0)
