"""A Grimoor game on two phones in real headless Chromium (issue 13: Grimoor at the table)."""

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


def actions(page: Page) -> Locator:
    return page.locator("#grimoor-actions")


def play_cohort(page: Page, type_: str, strength: str, name: str = "") -> None:
    panel = actions(page)
    panel.get_by_text("Play a Cohort").click()
    panel.get_by_label("Type", exact=True).select_option(type_)
    panel.get_by_label("Strength", exact=True).fill(strength)
    if name:
        panel.get_by_label("Name (optional)", exact=True).fill(name)
    panel.get_by_role("button", name="Play the Cohort").click()


def strength_of(page: Page, seat: str) -> Locator:
    return page.get_by_label(f"{seat} Horde Strength", exact=True)


def test_a_grimoor_game_on_two_phones(browser, live_asgi) -> None:  # noqa: F811
    ann, ann_console, bo, bo_console = two_phones(
        browser,
        live_asgi,
        "grimoor",
        "Moor",
        alone="Waiting for the second player",
        seat_cards="#board [data-seat-id]",
    )
    expect(ann.locator("#turn-strip")).to_contain_text("Choose the Start Player")

    ann.get_by_role("button", name="Ann starts").click()
    expect(bo.locator("#turn-strip")).to_contain_text("Ann's turn: 1 Action left.")
    expect(actions(bo)).to_be_hidden()  # not Bo's turn: his phone offers no Actions

    # A number typed wrong is refused next to its own field, and nothing changes.
    play_cohort(ann, "Gaunt", "12abc", "Grave Knight")
    expect(actions(ann).locator('[data-error-for="strength"]')).to_be_visible()
    expect(strength_of(bo, "Ann")).to_have_text("0")
    actions(ann).get_by_label("Strength", exact=True).fill("4")
    actions(ann).get_by_role("button", name="Play the Cohort").click()
    expect(strength_of(bo, "Ann")).to_have_text("4")  # live on Bo's phone, no reload
    expect(bo.locator("#board")).to_contain_text("Grave Knight")
    expect(ann.locator("#turn-strip")).to_contain_text("Ann's turn: 0 Actions left.")
    ann.get_by_role("button", name="End turn", exact=True).click()

    # Bo's turn on his phone: two Actions.
    expect(actions(bo)).to_be_visible()
    expect(actions(ann)).to_contain_text("Actions for Bo")  # the host may act for another seat
    expect(bo.locator("#turn-strip")).to_contain_text("Bo's turn: 2 Actions left.")
    actions(bo).get_by_role("button", name="Draw the top card").click()
    expect(ann.locator("#log li").first).to_contain_text("Bo draws the top card of the deck (Actions 2 → 1).")
    play_cohort(bo, "Olatha", "3")
    expect(strength_of(ann, "Bo")).to_have_text("3")
    expect(ann.locator("#eoc-check")).to_contain_text("Ann's Horde holds 1 Cohort")
    bo.get_by_role("button", name="End turn", exact=True).click()
    expect(ann.locator("#turn-strip")).to_contain_text("Ann's turn: 2 Actions left.")

    # Ann plays a Curio: the server reads it back before anything changes, then Focuses the Knight.
    curio = actions(ann)
    curio.get_by_text("Play a Curio").click()
    # Her own Readied Cohorts by name (issue #33, item 4: numbers ran across both players).
    expect(curio.get_by_role("checkbox", name=re.compile("Olatha"))).to_have_count(0)
    curio.get_by_role("checkbox", name=re.compile("Grave Knight")).check()
    curio.get_by_label("Points printed for them (optional)").fill("2")
    curio.get_by_role("button", name="Check the Curio").click()
    expect(curio.locator("[data-preview-box]")).to_contain_text("Focusing Grave Knight")
    expect(strength_of(bo, "Ann")).to_have_text("4")  # the preview changed nothing
    curio.get_by_role("button", name="Confirm").click()
    expect(strength_of(bo, "Ann")).to_have_text("1")  # a Focused Cohort counts 1
    expect(bo.get_by_label("Ann points", exact=True)).to_have_text("3")

    # Undo from the log puts everything back on both phones.
    first = ann.locator("#log li").first
    expect(first).to_contain_text("Ann plays a Curio from hand")
    first.get_by_role("button", name=re.compile("^Undo")).click()
    expect(strength_of(bo, "Ann")).to_have_text("4")
    expect(bo.get_by_label("Ann points", exact=True)).to_have_text("1")
    expect(bo.locator("#log li").first).to_contain_text("undid")

    # Ending a turn with Actions left is a choice the player confirms.
    ann.get_by_role("button", name=re.compile("^End the turn anyway")).click()
    expect(bo.locator("#turn-strip")).to_contain_text("Bo's turn: 2 Actions left.")
    expect(bo.locator("#log li").first).to_contain_text("Ann's turn ends (2 Actions not taken)")

    # Everything a player may open, opened: still no sideways scroll, every control named and thumb-sized.
    for page in (ann, bo):
        page.locator("#grimoor-correct > summary").click()
        page.locator("#board [data-cohort-id] details > summary").first.click()
        assert horizontal_overflow(page) <= 0
        assert unlabelled_controls(page) == []
        assert small_touch_targets(page) == []
    # Ann's one refused command ("12abc") is the only failed request the browser reports.
    refused = "the server responded with a status of 400"
    assert bo_console.errors == []
    assert [e for e in ann_console.errors if refused not in e] == [] and len(ann_console.errors) == 1
