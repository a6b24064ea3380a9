"""A Grimterra game on two phones in real headless Chromium (issue 12: Grimterra at the table)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import (  # noqa: F401
    browser,
    horizontal_overflow,
    phone_page,
    small_touch_targets,
    two_phones,
    unlabelled_controls,
)
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]


def add_hero(page: Page, seat: str, name: str, fate: str, health: str, emp: str, position: str) -> None:
    summary = page.locator("#board summary", has_text=f"Add a hero for {seat}")
    box = summary.locator("..")
    panel_id = box.get_attribute("id")
    summary.click()
    box.get_by_label("Name", exact=True).fill(name)
    for one in fate.split("/"):  # a hero may have several Fates: tick each
        box.get_by_label(one, exact=True).check()
    box.get_by_label("Health", exact=True).fill(health)
    box.get_by_label("Empowered Health", exact=True).fill(emp)
    box.get_by_label("Position", exact=True).select_option(position)
    box.get_by_role("button", name="Add the hero").click()
    expect(page.get_by_label(f"{name} wounds", exact=True)).to_have_text(f"0/{health}")
    # The panel folds once the answer arrives (the live board may come first).
    page.wait_for_function("id => !(document.getElementById(id) || {}).open", arg=panel_id)


def test_a_grimterra_game_on_two_phones(browser, live_asgi) -> None:  # noqa: F811
    ann, ann_console, bo, bo_console = two_phones(
        browser,
        live_asgi,
        "grimterra",
        "Terra",
        alone="Each player adds 3 heroes",
        seat_cards="#board [data-seat-id]",
    )
    expect(ann.locator("#board")).to_contain_text("Add a hero for Bo (0 of 3)")

    add_hero(ann, "Ann", "Vex", "Agilitas", "3", "5", "arena")
    add_hero(ann, "Ann", "Lumen", "Intellectus/Tenebris", "4", "6", "backrow")
    expect(bo.locator("#board")).to_contain_text("Intellectus/Tenebris")  # both Fates, live on Bo's phone
    add_hero(ann, "Ann", "Shade", "Tenebris", "2", "4", "backrow")
    add_hero(bo, "Bo", "Kor", "Fortutidas", "4", "6", "arena")
    add_hero(bo, "Bo", "Mira", "Agilitas", "3", "5", "backrow")
    add_hero(bo, "Bo", "Ash", "Intellectus", "3", "4", "backrow")
    expect(ann.get_by_label("Kor wounds", exact=True)).to_have_text("0/4")  # live on Ann's phone

    expect(bo.locator("#turn-strip")).to_contain_text("choose who plays first")
    bo.get_by_role("button", name="Ann plays first").click()
    expect(ann.locator("#turn-strip")).to_contain_text("Ann's turn 1: Draw.")
    expect(bo.get_by_label("Bo hand", exact=True)).to_have_text("5")
    # The turn's controls show only on the phone that may act for Ann (Bo is not the host).
    expect(bo.get_by_role("button", name="Next phase: Pre Combat")).to_be_hidden()
    ann.get_by_role("button", name="Next phase: Pre Combat").click()
    expect(bo.locator("#turn-strip")).to_contain_text("Ann's turn 1: Pre Combat.")

    # A number typed wrong is refused next to its own field, and nothing changes.
    ann.get_by_label("Wounds to Kor", exact=True).fill("12abc")
    ann.get_by_role("button", name="Wound Kor", exact=True).click()
    kor_wound = ann.locator(
        "form[data-command='hero.wound']", has=ann.get_by_label("Wounds to Kor", exact=True)
    )
    expect(kor_wound.locator('[data-error-for="amount"]')).to_be_visible()
    expect(bo.get_by_label("Kor wounds", exact=True)).to_have_text("0/4")
    ann.get_by_label("Wounds to Kor", exact=True).fill("2")
    ann.get_by_role("button", name="Wound Kor", exact=True).click()
    expect(bo.get_by_label("Kor wounds", exact=True)).to_have_text("2/4")  # live on Bo's phone

    # Bo darkens Ann's Vex on his phone; it shows on Ann's.
    bo.get_by_label("Dark to Vex", exact=True).fill("1")
    bo.get_by_role("button", name="Add dark to Vex", exact=True).click()
    expect(ann.get_by_label("Vex dark", exact=True)).to_have_text("1/6")
    expect(ann.locator("#log li").first).to_contain_text(
        "Ann's hero Vex gains 1 dark counter (dark 0 → 1 of 6)."
    )

    # Undo from the log puts it back on both phones.
    first = ann.locator("#log li").first
    first.get_by_role("button", name=re.compile("^Undo")).click()
    expect(bo.get_by_label("Vex dark", exact=True)).to_have_text("0/6")
    expect(bo.locator("#log li").first).to_contain_text("undid")

    # Everything a player may open, opened: still no sideways scroll, every control named and thumb-sized.
    for page in (ann, bo):
        page.locator("#grimterra-correct > summary").click()
        page.locator("#board .seat-card.mine details.more > summary").first.click()
        page.locator("#board .seat-card.mine details.panel > summary").first.click()
        assert horizontal_overflow(page) <= 0
        assert unlabelled_controls(page) == []
        assert small_touch_targets(page) == []
    # Ann's one refused command ("12abc") is the only failed request the browser reports.
    refused = "the server responded with a status of 400"
    assert bo_console.errors == []
    assert [e for e in ann_console.errors if refused not in e] == [] and len(ann_console.errors) == 1


def test_the_deck_checker_page_lists_every_problem(browser, live_asgi) -> None:  # noqa: F811
    page, console = phone_page(browser)
    page.goto(live_asgi + "/grimterra/decks/")
    page.get_by_label("Hero 1", exact=True).fill("Vex")
    page.get_by_role("group", name="Hero 1's Fates").get_by_label("Agilitas").check()
    page.get_by_label("Hero 2", exact=True).fill("Lumen")
    page.get_by_role("group", name="Hero 2's Fates").get_by_label("Intellectus").check()
    # Each Fate reads as one word on screen (issue #33, item 10: "Agili tas", "for hero 1").
    fate_label = page.get_by_role("group", name="Hero 1's Fates").locator("label", has_text="Agilitas")
    assert fate_label.inner_text().strip() == "Agilitas"
    box = fate_label.bounding_box()
    assert box is not None and box["height"] < 60  # one line, not broken mid-word
    page.get_by_label("Cards, one per line").fill("5 Ember Lance (Agilitas)\n2 Stone Wall (Fortutidas)")
    page.get_by_role("button", name="Check the deck").click()
    violations = page.locator("#deck-violations li")
    expect(violations).to_have_count(4)
    expect(violations.nth(2)).to_contain_text("Ember Lance: 5 copies")
    expect(page.get_by_label("Hero 1", exact=True)).to_have_value("Vex")  # what was typed stays
    assert horizontal_overflow(page) <= 0
    assert unlabelled_controls(page) == []
    assert small_touch_targets(page) == []
    assert console.errors == []
