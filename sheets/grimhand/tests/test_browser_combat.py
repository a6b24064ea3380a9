"""One Grim Hand combat on two phones and the shared screen in real headless Chromium (issue #10).

The table, the characters and the campaign up to the initiative are set up
through the real API of the live server (the pages show it live); then
everything happens on the pages: an explore card revealed and rolled, a
combat started against a catalogue threat, each player's own hole cards
entered on their own phone in two taps per card (a doubled card refused
beside its field), the threat's cards and the streets by the host, the
attacks with their breakdowns and the LE bars updating on every screen,
a kill with its rewards, the combat ended. Checked at 390 px on each screen:
no sideways scroll, every control labelled, 44 px targets, no console errors.
"""

from __future__ import annotations

import json
import urllib.request
from itertools import count
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from campaigns.credentials import cookie_name
from tests.browser import (  # noqa: F401
    ConsoleWatch,
    browser,
    clipped_selects,
    horizontal_overflow,
    phone_page,
    seat_of,
    small_touch_targets,
    two_phones,
    unlabelled_controls,
    words_broken,
)
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]
_ids = count(1)


def post(base: str, path: str, body: dict[str, Any], token: str = "") -> Any:
    """A JSON POST to the live server's API, as a REST client sends it."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Seat {token}"
    request = urllib.request.Request(base + path, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def command(base: str, table_id: int, token: str, type_: str, payload: dict[str, Any]) -> Any:
    body = {"command_id": f"combat-{next(_ids)}", "type": type_, "payload": payload}
    return post(base, f"/api/v1/tables/{table_id}/commands/", body, token)


def party_at_the_initiative(base: str, tid: int, ann_token: str, bo_token: str) -> tuple[Any, Any]:
    """Through the API: Ann's Hal and Bo's Bea, a one-level campaign, Bo holding the initiative.
    Both characters' creation events (character_id, seat_id)."""
    hal = {"race": "Human", "class": "Warrior", "affinity": "Iron", "name": "Hal"}
    hal = command(base, tid, ann_token, "character.create", hal)["events"][0]["payload"]
    bea = {"race": "Dwarf", "class": "Cleric", "affinity": "Blood", "name": "Bea"}
    bea = command(base, tid, bo_token, "character.create", bea)["events"][0]["payload"]
    command(base, tid, ann_token, "campaign.start", {"levels": 1})
    command(base, tid, ann_token, "level.start", {})
    rolls = {str(bea["seat_id"]): 6, str(hal["seat_id"]): 2}
    command(base, tid, ann_token, "initiative.roll", {"rolls": rolls})
    return hal, bea


def shared_screen(chromium: Browser, base: str, tid: int, code: str) -> tuple[Page, ConsoleWatch]:
    """The shared screen: a spectator's seat, on the table's screen page, live."""
    watcher = post(base, "/api/v1/tables/join/", {"code": code, "name": "Screen", "role": "spectator"})
    screen, console = phone_page(chromium)
    screen.context.add_cookies([{"name": cookie_name(tid), "value": watcher["seat"]["token"], "url": base}])
    screen.goto(f"{base}/t/{tid}/screen/")
    expect(screen.locator("#conn")).to_have_attribute("data-state", "live")
    return screen, console


def fits_a_phone(page: Page) -> None:
    assert horizontal_overflow(page) <= 0
    assert clipped_selects(page) == []  # issue #33, item 11: "Choose a ca"
    assert words_broken(page, "th") == []  # "Troph ies"
    assert unlabelled_controls(page) == []
    assert small_touch_targets(page) == []


def _hole_cards_on_each_phone(everyone: tuple[Page, Page, Page], hal: int, bea: int) -> Locator:
    """Each player's own hole cards on their own phone, the threat's by the host (§7.4.2); Bo's side."""
    ann, bo, _screen = everyone
    # Bo enters his own hole cards on his phone: his side comes first; a card twice is refused beside it.
    mine = bo.locator(".gh-side.mine")
    expect(bo.locator(".gh-side").first).to_have_id(f"gh-side-C{bea}")
    expect(bo.locator(f"#gh-side-C{hal}").locator("form:visible, summary:visible")).to_have_count(0)
    mine.get_by_label("Active 1", exact=True).select_option("5SH")
    mine.get_by_label("Active 2", exact=True).select_option("5SH")
    mine.get_by_role("button", name="Deal Bea's cards").click()
    expect(mine.locator('[data-error-for="active"]')).to_contain_text("twice")
    mine.get_by_label("Active 2", exact=True).select_option("8SH")
    mine.get_by_label("Inactive 1", exact=True).select_option("4NA")
    mine.get_by_label("Inactive 2", exact=True).select_option("9NA")
    mine.get_by_role("button", name="Deal Bea's cards").click()
    for page in everyone:
        expect(page.locator(f"#gh-side-C{bea} .gh-hole")).to_contain_text("5SH8SH")

    # Ann (the host) enters Hal's on her phone, where Bea's cards are greyed out, then the threat's.
    expect(ann.locator(f'#gh-deal-C{hal}-a1 option[value="5SH"]')).to_be_disabled()
    ann_side = ann.locator(".gh-side.mine")
    ann_side.get_by_label("Active 1", exact=True).select_option("3BO")
    ann_side.get_by_label("Active 2", exact=True).select_option("7SH")
    ann_side.get_by_role("button", name="Deal Hal's cards").click()
    grunt = ann.locator("#gh-side-T1")
    grunt.get_by_label("Card 1", exact=True).select_option("10IR")
    grunt.get_by_label("Card 2", exact=True).select_option("10SH")
    grunt.get_by_role("button", name="Deal Iron Grunt's cards").click()
    return mine


def _the_turn_fells_the_grunt(everyone: tuple[Page, Page, Page]) -> None:
    """The turn fells the Iron Grunt: its rewards on every screen; the host ends the combat (§7.4.8)."""
    ann, _bo, screen = everyone
    ann.locator("#gh-street").get_by_label("Turn", exact=True).select_option("9BL")
    ann.get_by_role("button", name="Score the turn").click()
    for page in everyone:
        reward = page.locator(".gh-reward")
        expect(reward).to_contain_text("Iron Grunt fell on the turn (round 1)")
        expect(reward).to_contain_text("+7 gold")
        expect(page.locator("#gh-side-T1")).to_contain_text("despatched")
        expect(page.locator("#combat-title")).to_contain_text("over")
        # The final blow keeps the Grunt as one kill for the trophies, in the party below.
        expect(page.locator(".gh-member .gh-kills", has_text="1")).to_have_count(1)
    # Its loot: the dice tray, as every roll (issue #33, item 8).
    expect(
        ann.get_by_label("Loot dice for Iron Grunt (5 dice): leave empty and the table rolls")
    ).to_be_visible()
    for page in everyone:
        fits_a_phone(page)

    ann.get_by_role("button", name="End the combat").click()
    for page in everyone:
        expect(page.locator("#gh-combat")).to_have_count(0)
        expect(page.locator("#gh-now")).to_contain_text("resolve")
    expect(screen.locator("#log")).to_contain_text("every threat despatched")


def _a_threat_appears(everyone: tuple[Page, Page, Page]) -> None:
    """Bo turns over an explore card and rolls its events; the host starts a combat (§7.4.3)."""
    ann, bo, screen = everyone
    # Bo holds the initiative: he turns over the explore card and rolls its events.
    expect(bo.locator("#gh-now")).to_contain_text("explore card 1 of 5")
    label = next(
        o for o in bo.locator("#gh-reveal-name option").all_inner_texts() if o.startswith("Collapsing")
    )
    bo.locator("#gh-reveal-name").select_option(label=label)
    bo.get_by_role("button", name="Turn it over").click()
    bo.locator("#gh-event-dice").fill("4 6 3")
    bo.get_by_role("button", name="Roll the event dice").click()
    expect(ann.locator("#gh-now")).to_contain_text("resolve")

    # A threat appears: the host starts a combat against a catalogue threat.
    ann.locator("summary", has_text="A threat appears").click()
    ann.get_by_label("Threat 1", exact=True).select_option("Iron Grunt")
    ann.get_by_role("button", name="Fight").click()
    for page in everyone:
        expect(page.locator("#combat-title")).to_contain_text("round 1 · deal")
        expect(page.locator("#gh-side-T1")).to_contain_text("Iron Grunt")
    # The shared screen only shows: no form, button or panel to open.
    expect(
        screen.locator("#gh-combat").locator("form:visible, button:visible, summary:visible")
    ).to_have_count(0)
    for page in everyone:
        fits_a_phone(page)


def test_one_combat_on_two_phones_and_the_shared_screen(browser, live_asgi) -> None:  # noqa: F811
    base = live_asgi
    phones = two_phones(browser, base, "grimhand", "Grimwold")
    ann, ann_console, bo, bo_console = phones
    tid, ann_token = seat_of(ann)
    _, bo_token = seat_of(bo)
    screen, screen_console = shared_screen(browser, base, tid, phones.code)
    hal, bea = party_at_the_initiative(base, tid, ann_token, bo_token)
    hal, bea = hal["character_id"], bea["character_id"]
    everyone = (ann, bo, screen)

    _a_threat_appears(everyone)
    mine = _hole_cards_on_each_phone(everyone, hal, bea)

    # The flop: every side is scored; attacks, breakdowns and LE bars update on every screen.
    street = ann.locator("#gh-street")
    for n, card in enumerate(("1NA", "5BO", "6SH"), 1):
        street.get_by_label(f"Flop card {n}", exact=True).select_option(card)
    street.get_by_role("button", name="Show the flop").click()
    ann.locator("#gh-flop-confirm").get_by_role("button", name="Score the flop").click()
    for page in everyone:
        expect(page.locator("#combat-title")).to_contain_text("round 1 · flop")
        expect(page.locator("#gh-community")).to_contain_text("1NA5BO6SH")
        expect(page.locator(f"#gh-side-C{bea} .gh-attack")).to_contain_text("7 = base 6 + Pair 1")
        expect(page.locator(f"#gh-side-C{hal} .gh-attack")).to_contain_text("7 = base 7")
        expect(page.locator("#gh-side-T1 .gh-attack")).to_contain_text("5 = base 4 + Pair 1")
        expect(page.locator("#gh-side-T1 .gh-le-value")).to_have_text("2")
        expect(page.locator("#gh-le-T1")).to_have_attribute("value", "2")
        expect(page.locator("#gh-damage")).to_contain_text("Bea → Iron Grunt 2")
    # Bo's phone: his chances against the threat by the river and the swap advice.
    expect(mine.locator(".gh-odds")).to_contain_text("vs Iron Grunt")
    expect(mine.locator(".gh-swap-advice")).to_be_visible()
    for page in everyone:
        fits_a_phone(page)

    _the_turn_fells_the_grunt(everyone)

    refused = "400"  # Bo's doubled card was refused by the server, as intended
    assert [e for e in bo_console.errors if refused not in e] == []
    assert ann_console.errors == [] and screen_console.errors == []
