"""Odds before the flop, and the flop shown before it is scored, on two phones (issue #33 item 7).

Swaps cost 1 AP "before and during each phase of combat" (§7.4.2) and once
the flop lies face up, before it is scored (§7.4.4). Bo's phone shows his
chances on the flop and the worth of each swap as soon as every side holds
its cards; Ann lays the flop face up ("Show the flop"), Bo sees his chances
on that flop, swaps on his phone, and only then Ann scores it: the swapped
card counts.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from sheets.grimhand.tests.test_browser_combat import command, fits_a_phone, party_at_the_initiative
from tests.browser import browser, seat_of, two_phones  # noqa: F401
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]


def test_chances_before_the_flop_and_a_swap_before_it_is_scored(browser, live_asgi) -> None:  # noqa: F811
    base = live_asgi
    ann, ann_console, bo, bo_console = two_phones(browser, base, "grimhand", "Grimwold")
    tid, ann_token = seat_of(ann)
    _, bo_token = seat_of(bo)
    hal, bea = party_at_the_initiative(base, tid, ann_token, bo_token)
    command(base, tid, bo_token, "explore.reveal", {"name": "Collapsing Pillar"})
    command(base, tid, bo_token, "explore.event_roll", {"dice": [4, 6, 3]})
    command(base, tid, ann_token, "combat.start", {"threats": ["Iron Grunt"]})
    me = f"C{bea['character_id']}"
    deal = {"side_id": me, "active": ["5SH", "8SH"], "inactive": ["4NA", "9NA"]}
    command(base, tid, bo_token, "combat.deal", deal)
    deal = {"side_id": f"C{hal['character_id']}", "active": ["3BO", "7SH"]}
    command(base, tid, ann_token, "combat.deal", deal)
    command(base, tid, ann_token, "combat.deal", {"side_id": "T1", "active": ["10IR", "10SH"]})

    # Before any flop: Bo's chances on the flop over every flop the unseen cards make, and the swaps.
    mine = bo.locator(f"#gh-side-{me}")
    expect(bo.locator("#gh-odds-when")).to_contain_text("Chances on the flop, counted over every one of")
    expect(mine.get_by_label("Bea's chances on the flop")).to_contain_text("vs Iron Grunt")
    expect(mine.locator(".gh-swap-advice")).to_be_visible()
    fits_a_phone(bo)

    # Ann lays the flop face up: nothing is scored yet, and Bo's chances are those of this flop.
    street = ann.locator("#gh-street")
    for n, card in enumerate(("4BO", "9SH", "1NA"), 1):
        street.get_by_label(f"Flop card {n}", exact=True).select_option(card)
    street.get_by_role("button", name="Show the flop").click()
    for page in (ann, bo):
        expect(page.locator("#gh-community")).to_contain_text("Flop shown, not scored yet: 4BO9SH1NA")
        expect(page.locator("#combat-title")).to_contain_text("round 1 · deal")
    chances = mine.get_by_label("Bea's chances on this flop")
    expect(chances).to_contain_text("vs Iron Grunt: 100% higher")  # high card: 6 against the Grunt's pair, 5
    expect(chances).to_contain_text("(deals 1.0, takes 0.0 on average)")
    expect(bo.locator("#gh-odds-when")).to_contain_text("counted over every one of 1 runout.")
    expect(mine.locator(".gh-swap-advice")).to_contain_text("+1.0 damage on average on this flop")

    # Bo swaps his 9 of Nature in for the 5 of Shadow (1 AP): a pair of nines, one more damage.
    mine.get_by_label("Swap in", exact=True).select_option("9NA")
    mine.get_by_label("for", exact=True).select_option("5SH")
    mine.get_by_role("button", name="Swap (1 AP)").click()
    expect(mine.locator(".gh-hole")).to_contain_text("9NA8SH")
    expect(chances).to_contain_text("(deals 2.0, takes 0.0 on average)")

    # Only now does Ann score it: the swapped card counts.
    ann.locator("#gh-flop-confirm").get_by_role("button", name="Score the flop").click()
    for page in (ann, bo):
        expect(page.locator("#combat-title")).to_contain_text("round 1 · flop")
        expect(page.locator(f"#gh-side-{me} .gh-attack")).to_contain_text("7 = base 6 + Pair 1")
    expect(ann.locator("#log")).to_contain_text("Flop shown: 4BO 9SH 1NA")
    fits_a_phone(ann)
    assert ann_console.errors == [] and bo_console.errors == []
