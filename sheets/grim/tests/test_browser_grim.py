"""A GRIM match of two rounds on two phones in real headless Chromium (issue: GRIM at the table)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import (  # noqa: F401
    browser,
    horizontal_overflow,
    small_touch_targets,
    two_phones,
    unlabelled_controls,
)
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]


def enter_grim(page: Page, seat: str, name: str, element: str, health: str, speed: str) -> None:
    panel = page.locator("#board .mine")
    panel.get_by_text(f"Enter a Grim for {seat}").click()
    panel.get_by_label("Grim name").fill(name)
    panel.get_by_label("Element", exact=True).select_option(element)
    panel.get_by_label("Health", exact=True).fill(health)
    panel.get_by_label("Speed", exact=True).fill(speed)
    panel.get_by_role("button", name="Enter play").click()
    expect(panel.locator("h3", has_text=name)).to_be_visible()
    expect(panel.get_by_label("Grim name")).to_be_hidden()  # the form folds away once sent


def health_of(page: Page, name: str) -> str:
    return page.get_by_label(f"{name} Health", exact=True).inner_text()


def test_two_rounds_of_grim_on_two_phones(browser, live_asgi) -> None:  # noqa: F811
    ann, ann_console, bo, bo_console = two_phones(
        browser, live_asgi, "grim", "Duel", options={"Format": "coven"}, seat_cards="#board .seat-card"
    )

    expect(bo.locator("#board .mine dd").first).to_have_text("2")  # Coven: 2 Banished each
    ann.get_by_role("button", name="Ann", exact=True).click()
    expect(bo.locator("#board")).to_contain_text("Favor: Ann")

    enter_grim(ann, "Ann", "Noble Roar", "Fire", "14", "9")
    enter_grim(ann, "Ann", "Swift Twitch", "Electric", "10", "14")
    # A number typed wrong is refused next to its own field, and nothing changes.
    panel = bo.locator("#board .mine")
    panel.get_by_text("Enter a Grim for Bo").click()
    panel.get_by_label("Grim name").fill("Moss Maw")
    panel.get_by_label("Element", exact=True).select_option("Plant")
    panel.get_by_label("Health", exact=True).fill("12abc")
    panel.get_by_label("Speed", exact=True).fill("8")
    panel.get_by_role("button", name="Enter play").click()
    expect(panel.locator('[data-error-for="health"]')).to_be_visible()
    expect(panel.locator("h3", has_text="Moss Maw")).to_have_count(0)
    panel.get_by_label("Health", exact=True).fill("12")
    panel.get_by_role("button", name="Enter play").click()
    expect(panel.locator("h3", has_text="Moss Maw")).to_be_visible()
    expect(panel.get_by_label("Grim name")).to_be_hidden()
    enter_grim(bo, "Bo", "Tide Wisp", "Water", "9", "8")
    expect(ann.locator("#board")).to_contain_text("Tide Wisp")  # live on Ann's phone, no reload

    # Round 1: fastest first; the acting Grim gains 2 Stamina.
    ann.get_by_role("button", name="Start the first turn").click()
    expect(bo.locator("#turn-strip")).to_contain_text("Now: Swift Twitch")
    expect(bo.get_by_label("Swift Twitch Stamina", exact=True)).to_have_text("7")

    ann.get_by_text("Attack", exact=True).click()
    sheet = ann.locator("#attack-sheet")
    # The targets follow the attacker picked (issue #33, item 4): never the attacker itself.
    sheet.get_by_label("Attacker").select_option(label="Noble Roar (Ann)")
    expect(sheet.get_by_label("Target of Noble Roar")).to_be_visible()
    expect(sheet.get_by_label("Target of Swift Twitch")).to_be_hidden()
    assert "Noble Roar" not in sheet.get_by_label("Target of Noble Roar").inner_text()
    sheet.get_by_label("Attacker").select_option(label="Swift Twitch (Ann)")
    expect(sheet.get_by_label("Target of Noble Roar")).to_be_hidden()
    assert "Swift Twitch" not in sheet.get_by_label("Target of Swift Twitch").inner_text()
    sheet.get_by_label("Base damage").fill("7")
    sheet.get_by_label("Element", exact=True).select_option("Electric")
    sheet.get_by_label("Target of Swift Twitch").select_option(label="Tide Wisp (Bo, Water)")
    sheet.get_by_role("button", name="Check the damage").click()
    preview = sheet.locator("[data-preview-box]")
    expect(preview).to_contain_text("Stamina spent")
    assert health_of(bo, "Tide Wisp") == "9"  # the preview changed nothing
    sheet.get_by_role("button", name="Confirm").click()
    expect(bo.get_by_label("Tide Wisp Health", exact=True)).not_to_have_text("9")
    expect(bo.locator("#log li").first).to_contain_text("Swift Twitch attacked Bo's Tide Wisp")
    expect(ann.get_by_label("Swift Twitch Stamina", exact=True)).to_have_text("3")  # 7 - ceil(7 / 2)

    # One Action per Turn (issue #31): a second Attack is refused beside the Attacker, nothing changes.
    if not sheet.get_by_label("Base damage").is_visible():
        ann.get_by_text("Attack", exact=True).click()
    sheet.get_by_label("Attacker").select_option(label="Swift Twitch (Ann)")
    sheet.get_by_label("Base damage").fill("2")
    sheet.get_by_label("Element", exact=True).select_option("Electric")
    sheet.get_by_label("Target of Swift Twitch").select_option(label="Tide Wisp (Bo, Water)")
    sheet.get_by_role("button", name="Check the damage").click()
    expect(sheet.locator('[data-error-for="grim_id"]')).to_contain_text("already taken its Action this Turn")
    expect(ann.get_by_label("Swift Twitch Stamina", exact=True)).to_have_text("3")

    for now in ("Noble Roar", "Moss Maw", "Tide Wisp"):  # by Speed, the Favor breaking the 8s
        ann.get_by_role("button", name="End turn").click()
        expect(ann.locator("#turn-strip")).to_contain_text(f"Now: {now}")
    ann.get_by_role("button", name="End round").click()
    expect(bo.locator("#board")).to_contain_text("Round 2")
    expect(bo.locator("#board")).to_contain_text("Favor: Bo")  # the Favor passes

    # Round 2 on Bo's phone: undo from the log restores the numbers everywhere.
    bo.get_by_role("button", name="Start the first turn").click()
    expect(ann.locator("#turn-strip")).to_contain_text("Now: Swift Twitch")
    before = health_of(ann, "Moss Maw")
    bo.locator("#board .mine").get_by_label("Moss Maw Health minus 1").click()
    expect(ann.get_by_label("Moss Maw Health", exact=True)).to_have_text(str(int(before) - 1))
    expect(ann.locator("#log li").first).to_contain_text("tapped on the tracker")
    bo.locator("#log li").first.get_by_role("button", name=re.compile("^Undo")).click()
    expect(ann.get_by_label("Moss Maw Health", exact=True)).to_have_text(before)
    expect(ann.locator("#log li").first).to_contain_text("undid")

    # Bo cannot touch Ann's Grim from his phone: the controls are not offered.
    expect(bo.get_by_label("Noble Roar Health minus 1")).to_be_hidden()

    ann.get_by_text("Element chart").click()
    expect(ann.locator("#grim-chart table")).to_be_visible()
    for page in (ann, bo):
        assert horizontal_overflow(page) <= 0
        assert unlabelled_controls(page) == []
        assert small_touch_targets(page) == []
    # Bo's one refused command ("12abc") and Ann's refused second Attack are the only failed
    # requests the browsers report.
    refused = "the server responded with a status of 400"
    assert [e for e in ann_console.errors if refused not in e] == [] and len(ann_console.errors) == 1
    assert [e for e in bo_console.errors if refused not in e] == [] and len(bo_console.errors) == 1


def test_a_refusal_goes_beside_its_control_when_the_board_was_redrawn_meanwhile(browser, live_asgi) -> None:  # noqa: F811
    """A late event redraws the board between a tap and its refusal: the steppers tapped have
    no id, yet the reason shows beside them, not at the top of the page."""
    ann, ann_console, bo, _ = two_phones(browser, live_asgi, "grim", "Race")
    enter_grim(ann, "Ann", "Noble Roar", "Fire", "14", "9")
    for left in range(4, -1, -1):
        ann.get_by_label("Noble Roar Stamina minus 1").click()
        expect(ann.get_by_label("Noble Roar Stamina", exact=True)).to_have_text(str(left))

    held = []
    ann.route(re.compile(r".*/commands/$"), lambda route: held.append(route))
    ann.get_by_label("Noble Roar Stamina minus 1").click()  # refused: it would stay 0
    ann.wait_for_timeout(100)
    assert len(held) == 1  # on its way, unanswered
    enter_grim(bo, "Bo", "Tide Wisp", "Water", "9", "8")
    expect(ann.locator("#board")).to_contain_text("Tide Wisp")  # Ann's board redrawn meanwhile
    held[0].continue_()
    steppers = ann.locator("[data-grim-id] .steppers", has=ann.get_by_label("Noble Roar Stamina minus 1"))
    expect(steppers.locator("[data-error-for]")).to_contain_text("would stay 0")
    expect(ann.locator("#command-error")).to_be_hidden()
    ann.unroute(re.compile(r".*/commands/$"))
    assert [e for e in ann_console.errors if "400" not in e] == []
