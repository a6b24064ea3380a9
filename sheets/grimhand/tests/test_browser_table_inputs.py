"""Grim Hand's table inputs on a phone (issue #33, items 8 and 9), in real headless Chromium.

The threats a combat starts with are an ordered list with add and remove (one
threat may come twice, the order is the reveal order); every roll of a quest
offers the dice tray (leave it empty and the table rolls, or type the faces):
the quest's rolls (test_browser_typed_dice.py) and here the redemption (§13).
The table is set up through the real API of the live server.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from sheets.grimhand.tests.test_browser_combat import command, fits_a_phone, party_at_the_initiative
from tests.accessibility import axe_violations, untabbable_controls
from tests.browser import browser, seat_of, two_phones  # noqa: F401
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]


def events(base: str, tid: int, token: str) -> list[dict[str, Any]]:
    request = urllib.request.Request(
        f"{base}/api/v1/tables/{tid}/events/", headers={"Authorization": f"Seat {token}"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        results: list[dict[str, Any]] = json.loads(response.read())["results"]
    return results


def _at_the_resolve_step(page: Page, base: str, tid: int, ann: str, bo: str) -> None:
    """Bo turns over a rank 3 explore card and rolls its events with his own dice (API)."""
    command(base, tid, bo, "explore.reveal", {"name": "Collapsing Pillar"})
    command(base, tid, bo, "explore.event_roll", {"dice": [4, 6, 3]})
    expect(page.locator("#gh-now")).to_contain_text("resolve")


def test_threats_are_an_ordered_list_with_add_and_remove(browser, live_asgi) -> None:  # noqa: F811
    base = live_asgi
    ann, _, bo, _ = two_phones(browser, base, "grimhand", "Grimwold")
    tid, ann_token = seat_of(ann)
    _, bo_token = seat_of(bo)
    party_at_the_initiative(base, tid, ann_token, bo_token)
    _at_the_resolve_step(ann, base, tid, ann_token, bo_token)

    ann.locator("summary", has_text="A threat appears").click()
    picker = ann.locator("#gh-combat-threats")
    expect(picker.get_by_label("Threat 1", exact=True)).to_be_visible()
    expect(picker.get_by_label("Threat 2", exact=True)).to_be_hidden()
    other = next(
        o.split(" (")[0]
        for o in picker.get_by_label("Threat 1", exact=True).locator("option").all_inner_texts()
        if o not in ("—",) and not o.startswith("Iron Grunt")
    )
    picker.get_by_label("Threat 1", exact=True).select_option("Iron Grunt")
    picker.get_by_role("button", name="Add a threat").click()
    expect(picker.get_by_label("Threat 2", exact=True)).to_be_focused()
    picker.get_by_label("Threat 2", exact=True).select_option(other)
    picker.get_by_role("button", name="Add a threat").click()
    picker.get_by_label("Threat 3", exact=True).select_option("Iron Grunt")  # the same threat twice
    fits_a_phone(ann)
    assert axe_violations(ann) == [] and untabbable_controls(ann) == []
    # Removing the first moves the later ones up: the order holds.
    picker.get_by_role("button", name="Remove threat 1").click()
    expect(picker.get_by_label("Threat 1", exact=True)).to_have_value(other)
    expect(picker.get_by_label("Threat 2", exact=True)).to_have_value("Iron Grunt")
    expect(picker.get_by_label("Threat 3", exact=True)).to_be_hidden()
    picker.get_by_role("button", name="Add a threat").click()
    picker.get_by_label("Threat 3", exact=True).select_option("Iron Grunt")
    ann.get_by_role("button", name="Fight").click()
    expect(ann.locator("#combat-title")).to_contain_text("round 1")
    started = [e for e in events(base, tid, ann_token) if e["type"] == "combat.started"]
    assert started[-1]["payload"]["threats"] == [other, "Iron Grunt", "Iron Grunt"]


def test_the_redemption_takes_the_faces_of_physical_dice(browser, live_asgi) -> None:  # noqa: F811
    """§13: each uncorrupted player's 5 dice, typed from the table (or left for the table to roll)."""
    base = live_asgi
    ann, _, bo, _ = two_phones(browser, base, "grimhand", "Grimwold")
    tid, ann_token = seat_of(ann)
    _, bo_token = seat_of(bo)
    _, bea = party_at_the_initiative(base, tid, ann_token, bo_token)
    command(
        base,
        tid,
        bo_token,
        "character.set",
        {"character_id": bea["character_id"], "stat": "corruption", "value": 9},
    )
    for rank in range(1, 6):
        command(base, tid, bo_token, "explore.reveal", {"rank": rank, "affinity": "Blood"})
        command(base, tid, bo_token, "explore.event_roll", {"dice": [3] * rank})
        command(base, tid, bo_token, "explore.resolve", {})

    ann.locator("summary", has_text="End: roll the redemption").click()
    redeem = ann.locator("#gh-redeem form")
    tray = redeem.get_by_label("Hal's redemption roll (5 dice)")
    expect(redeem.get_by_label("Bea's redemption roll (5 dice)")).to_have_count(
        0
    )  # the corrupted do not roll
    fits_a_phone(ann)
    assert axe_violations(ann) == []
    tray.fill("4 4 9")
    redeem.get_by_role("button", name="Roll the redemption").click()
    expect(redeem.locator('[data-error-for="dice"]')).to_contain_text("Hal's redemption roll: type each die")
    tray.fill("4 4 4 6 3")  # three Iron for Hal of Iron; a Wild does not count (§13)
    redeem.get_by_role("button", name="Roll the redemption").click()
    expect(ann.locator("#log")).to_contain_text("Bea Corruption 9 \u2192 6")
