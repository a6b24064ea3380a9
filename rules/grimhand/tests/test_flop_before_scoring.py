"""The flop laid face up before it is scored, and the odds before it (issue #33 item 7; §7.4.2, §7.4.4).

``combat.show_flop`` lays the flop and scores nothing; the players may swap
(1 AP) with the odds of that flop before them; ``combat.street`` then scores
the flop as it lies. Each step undoes exactly; refusals change nothing.
"""

from __future__ import annotations

from rules.grimhand.table.combat_state import odds_view
from rules.grimhand.tests.test_grimhand_combat_table import (
    ANN,
    char,
    refused,
    run,
    two_against_two_ogres,
    undo,
)


def test_the_odds_before_the_flop_count_every_flop_the_unseen_cards_make() -> None:
    state, a = two_against_two_ogres()
    view = odds_view(state)
    # 50 cards - 4 of Ann's - 2 of Bo's - 4 of the ogres': every flop of the 40 others.
    assert (view["available"], view["street"], view["exact"]) == (True, "deal", True)
    assert view["when"] == "on the flop"
    assert view["runouts"] == 40 * 39 * 38 // 6
    ann = view["players"][0]
    assert ann["side_id"] == a and len(ann["swaps"]) == 4 and view["players"][1]["swaps"] == []
    for m in ann["against"]:
        assert abs(m["higher"] + m["equal"] + m["lower"] - 1) < 1e-9 and "margin" not in m


def test_a_flop_shown_waits_for_the_swaps_and_is_scored_as_it_lies() -> None:
    state, a = two_against_two_ogres()
    assert refused(state, "combat.show_flop", ANN, cards="7IR 1NA 5IR") == "host_only"
    assert refused(state, "combat.show_flop", cards="7IR 1NA 2BL") == "card_already_seen"
    shown, event = run(state, "combat.show_flop", cards="7IR 1NA 5IR")
    assert event["payload"]["line"] == "Flop shown: 7IR 1NA 5IR; swaps now, then the host scores it"
    combat = shown["combat"]
    assert (combat["street"], combat["community"], combat["scores"]) == ("deal", [], [])
    assert combat["shown"] == ["7IR", "1NA", "5IR"]
    assert refused(shown, "combat.show_flop", cards="2NA 3NA 4NA") == "not_dealing"
    # Hole cards are dealt before the flop: the same deal is taken before it is shown, not after.
    again = {"side_id": a, "active": ["2NA", "3NA"], "inactive": ["7BO", "9NA"]}
    run(state, "combat.deal", ANN, 1, **again)
    assert refused(shown, "combat.deal", ANN, **again) == "not_dealing"
    assert refused(shown, "combat.street", cards="2NA 3NA 4NA") == "flop_shown"
    view = odds_view(shown)
    assert (view["when"], view["runouts"]) == ("on this flop", 1)
    # Ann swaps before the flop is scored (1 AP), then the host scores it without naming the cards.
    ann = int(a[1:])
    swapped, _ = run(shown, "combat.swap", ANN, 1, side_id=a, inactive="7BO", active="3SH")
    assert char(swapped, ann)["ap"] == char(shown, ann)["ap"] - 1
    scored, street = run(swapped, "combat.street")
    assert street["type"] == "combat.street_scored" and street["payload"]["cards"] == ["7IR", "1NA", "5IR"]
    assert scored["combat"]["street"] == "flop" and scored["combat"]["community"] == ["7IR", "1NA", "5IR"]
    assert "shown" not in scored["combat"]
    # 2BL 7BO on 7IR 1NA 5IR: a pair of sevens (2BL 3SH, before the swap, was a high card).
    ann_score = next(s for s in scored["combat"]["scores"] if s["side_id"] == a)
    assert ann_score["category"] == "pair"
    # Undo, newest first: the scoring, then the flop shown: back to the deal, nothing shown.
    back = undo(scored, street, 3)
    assert back == swapped
    assert undo(shown, event, 2) == state


def test_a_flop_is_shown_only_after_every_side_holds_its_cards() -> None:
    state, _a = two_against_two_ogres()
    state["combat"]["sides"][-1]["active"] = []  # the second ogre's cards not dealt yet
    assert refused(state, "combat.show_flop", cards="7IR 1NA 5IR") == "missing_hole_cards"
