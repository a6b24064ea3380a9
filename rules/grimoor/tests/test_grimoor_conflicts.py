"""The End of Conflict check, Conflict scoring with its tie-breaks and new Conflicts
(rulebook: End of Turn, End of Conflict, New Conflict; spec: Computations 3-5)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.grimoor import Side, Verdict, decide, final_winners, next_start
from rules.grimoor.tests.test_grimoor_support import ANN, BOB, NAMES, RULES, close, fill, started

ARROW = "\u2192"


# --- the pure decisions -------------------------------------------------------------------------------------


def test_decide_strength_then_cohorts_then_points_then_nobody() -> None:
    assert decide(Side(ANN, 12, 5, 1), Side(BOB, 9, 5, 9)) == Verdict(ANN, 3, "strength")
    assert decide(Side(ANN, 7, 5, 1), Side(BOB, 9, 3, 1)) == Verdict(BOB, 2, "strength")
    assert decide(Side(ANN, 9, 4, 1), Side(BOB, 9, 5, 1)) == Verdict(BOB, 0, "cohorts")
    assert decide(Side(ANN, 9, 5, 8), Side(BOB, 9, 5, 3)) == Verdict(ANN, 0, "points")
    assert decide(Side(ANN, 9, 5, 3), Side(BOB, 9, 5, 3)) == Verdict(None, 0, "none")


def test_next_start_and_final_winners() -> None:
    assert next_start({ANN: 1, BOB: 0}, BOB) == ANN
    assert next_start({ANN: 1, BOB: 2}, ANN) == BOB
    assert next_start({ANN: 1, BOB: 1}, BOB) == BOB  # a tie keeps the previous Start Player
    assert next_start({ANN: 0, BOB: 0}, ANN) == ANN

    def players(*rows: tuple[int, int, int]) -> list[dict[str, Any]]:
        return [{"seat_id": s, "points": p, "eoc_cards": e} for s, p, e in rows]

    assert final_winners(players((ANN, 20, 1), (BOB, 18, 2))) == [ANN]
    assert final_winners(players((ANN, 20, 1), (BOB, 20, 2))) == [BOB]
    assert final_winners(players((ANN, 20, 1), (BOB, 20, 1))) == [ANN, BOB]


# --- the End of Conflict check ---------------------------------------------------------------------------


def test_the_check_looks_at_the_opponent_of_the_player_who_just_finished() -> None:
    t = started(ANN)
    fill(t, ANN, [1, 1, 1, 1, 1])  # Ann's own five Cohorts do not end her turn's Conflict
    body = t.end(skip=True)
    assert body["check"] == {"seat_id": BOB, "cohorts": 0, "ends": False}
    assert body["conflict_end"] is None and t.state["conflict"] == 1
    body = t.end(skip=True)  # Bob's turn ends: Ann's Horde holds five
    assert body["check"] == {"seat_id": ANN, "cohorts": 5, "ends": True}
    assert t.state["conflict"] == 2 and len(t.state["conflicts"]) == 1


def test_four_opposing_cohorts_do_not_end_the_conflict() -> None:
    t = started(ANN)
    fill(t, BOB, [9, 9, 9, 9])
    body = t.end(skip=True)
    assert body["check"] == {"seat_id": BOB, "cohorts": 4, "ends": False}
    assert t.state["conflict"] == 1
    assert t.line() == (
        "Ann's turn ends (1 Action not taken). Bob's Horde has 4 Cohorts: the Conflict goes on. "
        f"Bob's turn (turn 1 {ARROW} 2; Actions 1 {ARROW} 2)."
    )


# --- scoring ----------------------------------------------------------------------------------------------


def test_the_higher_strength_gains_the_difference_and_an_end_of_conflict_card() -> None:
    t = started(ANN)
    ids = fill(t, ANN, [6, 5, 4])
    t.do("cohort.focus", {"cohort_id": ids[0]})  # 6 Focused counts 1: Ann 1 + 5 + 4 = 10
    result = close(t, [], [1, 1, 1, 1, 1])  # Bob 5
    assert result["strength"] == {"1": 10, "2": 5} and result["cohorts"] == {"1": 3, "2": 5}
    assert (result["winner_seat_id"], result["points"], result["tie_break"]) == (ANN, 5, "strength")
    assert [c["counted"] for c in result["hordes"]["1"]] == [1, 5, 4]
    assert (t.player(ANN)["points"], t.player(ANN)["eoc_cards"]) == (6, 1)
    assert (t.player(BOB)["points"], t.player(BOB)["eoc_cards"]) == (1, 0)
    assert t.line() == (
        "Ann's turn ends (1 Action not taken). Bob's Horde has 5 Cohorts: Conflict 1 ends. "
        "Strength: Ann 10, Bob 5: Ann gains 5 points and an End of Conflict card "
        f"(points 1 {ARROW} 6, End of Conflict cards 0 {ARROW} 1). "
        f"Conflict 1 {ARROW} 2: Ann starts with 1 Action. "
        "Clean-up: Ann's 3 Cohorts to the discard pile; Bob's 5 Cohorts to the discard pile. "
        "Shuffle the discard pile into the deck and deal each player 3 Cohorts, 1 Curio and 1 Commander."
    )


def test_a_strength_tie_is_broken_by_more_cohorts() -> None:
    t = started(ANN)
    result = close(t, [3, 3, 3], [2, 2, 2, 2, 1])
    assert result["strength"] == {"1": 9, "2": 9}
    assert (result["winner_seat_id"], result["points"], result["tie_break"]) == (BOB, 0, "cohorts")
    assert (t.player(BOB)["points"], t.player(BOB)["eoc_cards"]) == (1, 1)
    assert (
        "Strength: Ann 9, Bob 9, tied; Cohorts: Ann 3, Bob 5: Bob wins the tie and takes an End of "
        in t.line()
    )
    assert t.state["start_seat_id"] == BOB  # more End of Conflict cards: Bob starts Conflict 2


def test_a_strength_and_cohort_tie_is_broken_by_more_points() -> None:
    t = started(ANN)
    t.do("points.add", {"amount": 3, "reason": "Curio"}, seat=ANN)
    result = close(t, [2, 2, 2, 2, 1], [1, 2, 2, 2, 2])
    assert result["points_before"] == {"1": 4, "2": 1}
    assert (result["winner_seat_id"], result["points"], result["tie_break"]) == (ANN, 0, "points")
    assert (t.player(ANN)["points"], t.player(ANN)["eoc_cards"]) == (4, 1)
    assert t.line().endswith(
        "Strength: Ann 9, Bob 9, tied; Cohorts: Ann 5, Bob 5, tied; points: Ann 4, Bob 1: "
        f"Ann wins the tie and takes an End of Conflict card (0 points; End of Conflict cards 0 {ARROW} 1). "
        f"Conflict 1 {ARROW} 2: Ann starts with 1 Action. "
        "Clean-up: Ann's 5 Cohorts to the discard pile; Bob's 5 Cohorts to the discard pile. "
        "Shuffle the discard pile into the deck and deal each player 3 Cohorts, 1 Curio and 1 Commander."
    )


def test_a_full_tie_scores_nothing_and_the_players_may_decide_it() -> None:
    t = started(ANN)
    result = close(t, [2, 2, 2, 2, 1], [1, 2, 2, 2, 2])
    assert (result["winner_seat_id"], result["points"], result["tie_break"]) == (None, 0, "none")
    assert [(p["points"], p["eoc_cards"]) for p in t.state["players"]] == [(1, 0), (1, 0)]
    assert "points: Ann 1, Bob 1, tied: nobody scores (the players may decide it)" in t.line()
    assert t.state["start_seat_id"] == ANN  # no cards either way: the previous Start Player again
    body = t.do("conflict.override", {"winner_seat_id": BOB, "note": "coin flip"})
    assert (t.player(BOB)["eoc_cards"], t.player(BOB)["points"]) == (1, 1)
    record = t.state["conflicts"][0]
    assert (record["winner_seat_id"], record["tie_break"], record["note"]) == (BOB, "override", "coin flip")
    assert record["computed_winner_seat_id"] is None
    # Nothing has happened in Conflict 2 yet, so its Start Player follows the new card count.
    assert (t.state["start_seat_id"], t.state["turn_seat_id"], body["start_seat_id"]) == (BOB, BOB, BOB)
    assert RULES.describe("conflict.overridden", body, NAMES) == (
        "Conflict 1 decided by the players: Bob wins it, gaining 0 points and an End of Conflict card "
        f"(End of Conflict cards 0 {ARROW} 1): coin flip. Bob now starts the next Conflict."
    )
    assert t.refused("conflict.override", {"winner_seat_id": BOB}).code == "no_change"


def test_an_override_takes_back_the_old_result_and_leaves_a_started_conflict_alone() -> None:
    t = started(ANN)
    close(t, [6, 6], [1, 1, 1, 1, 1])  # Ann 12, Bob 5: Ann +7
    assert (t.player(ANN)["points"], t.state["start_seat_id"]) == (8, ANN)
    t.do("action.draw")  # Conflict 2 is under way
    body = t.do("conflict.override", {"n": 1, "winner_seat_id": BOB, "points": 2, "note": "Curio text"})
    assert [(p["points"], p["eoc_cards"]) for p in t.state["players"]] == [(1, 0), (3, 1)]
    assert body["start_seat_id"] is None and t.state["start_seat_id"] == ANN
    assert RULES.describe("conflict.overridden", body, NAMES) == (
        f"Conflict 1 decided by the players (its points 7 {ARROW} 2): Bob wins it, gaining 2 points "
        f"and an End of Conflict card (points 1 {ARROW} 3, End of Conflict cards 0 {ARROW} 1); "
        f"Ann gives back 7 points and the card (points 8 {ARROW} 1, End of Conflict cards 1 {ARROW} 0): "
        "Curio text."
    )
    t.do("conflict.override", {"winner_seat_id": None})
    assert [(p["points"], p["eoc_cards"]) for p in t.state["players"]] == [(1, 0), (1, 0)]
    t.do("conflict.override", {"winner_seat_id": ANN})  # default points: Ann's Strength lead
    assert t.player(ANN)["points"] == 8 and t.state["conflicts"][0]["points"] == 7
    t.do("conflict.override", {"winner_seat_id": BOB})  # Bob trails: gains nothing but the card
    assert [(p["points"], p["eoc_cards"]) for p in t.state["players"]] == [(1, 0), (1, 1)]


@pytest.mark.parametrize(
    ("payload", "code", "field"),
    [
        ({}, "missing_field", "winner_seat_id"),
        ({"winner_seat_id": "2"}, "bad_field", "winner_seat_id"),
        ({"winner_seat_id": 2, "n": 2}, "conflict_not_scored", "n"),
        ({"winner_seat_id": 2, "n": 4}, "out_of_range", "n"),
        ({"winner_seat_id": 2, "points": -1}, "out_of_range", "points"),
        ({"winner_seat_id": None, "points": 3}, "bad_field", "points"),
    ],
)
def test_override_refusals(payload: dict[str, Any], code: str, field: str) -> None:
    t = started(ANN)
    close(t, [1], [1, 1, 1, 1, 1])
    refusal = t.refused("conflict.override", payload)
    assert (refusal.code, refusal.extra["field"]) == (code, field)


def test_override_before_any_conflict_is_scored() -> None:
    assert started().refused("conflict.override", {"winner_seat_id": ANN}).code == "conflict_not_scored"


def test_a_conflict_ended_by_hand_is_scored_the_same_way() -> None:
    t = started(ANN)
    fill(t, ANN, [3])
    fill(t, BOB, [1])
    body = t.do("conflict.end", {"note": "Doom Curio ends the Conflict"})
    assert t.state["conflicts"][0]["ended_by"] == "hand" and t.player(ANN)["points"] == 3
    assert RULES.describe("conflict.ended", body, NAMES) == (
        "The Conflict is ended by hand (Doom Curio ends the Conflict): Conflict 1 ends. "
        "Strength: Ann 3, Bob 1: Ann gains 2 points and an End of Conflict card "
        f"(points 1 {ARROW} 3, End of Conflict cards 0 {ARROW} 1). "
        f"Conflict 1 {ARROW} 2: Ann starts with 1 Action. "
        "Clean-up: Ann's 1 Cohort to the discard pile; Bob's 1 Cohort to the discard pile. "
        "Shuffle the discard pile into the deck and deal each player 3 Cohorts, 1 Curio and 1 Commander."
    )
    assert t.refused("conflict.end", {}).code == "missing_field"


# --- new Conflicts ------------------------------------------------------------------------------------------


def test_a_new_conflict_clears_the_hordes_but_keeps_strongholds_points_and_cards() -> None:
    t = started(BOB)
    t.do("stronghold.build", {"type": "Gaunt", "points": 1})
    t.end()
    t.do("cohort.play", {"type": "Gaunt", "strength": 5, "commander": True, "name": "Warlord"})
    t.do("curio.play", {"focus": [], "points": 0})
    result = close(t, [3, 3, 3, 3], [1])  # Ann 5 + 12 = 17 with 5 Cohorts, Bob 1: Ann +16
    assert result["winner_seat_id"] == ANN and result["points"] == 16
    assert [c["name"] for c in result["hordes"]["1"]][:1] == ["Warlord"]
    for player in t.state["players"]:
        assert player["horde"] == [] and player["curios"] == []  # the Commander returns aside too
    assert t.player(BOB)["strongholds"] == ["Gaunt"] and t.player(BOB)["points"] == 2
    assert (t.player(ANN)["points"], t.player(ANN)["eoc_cards"]) == (17, 1)
    assert (t.state["conflict"], t.state["start_seat_id"], t.state["turn_seat_id"]) == (2, ANN, ANN)
    assert (t.state["actions_left"], t.state["turn"]) == (1, 1)  # the new Start Player's single Action
    t.do("action.draw")
    assert t.refused("action.draw").code == "no_actions_left"
    assert t.refused("stronghold.build", {"type": "Gaunt"}, seat=BOB, role="host").code == "no_actions_left"
    t.end()
    assert t.refused("stronghold.build", {"type": "Gaunt"}).code == "stronghold_built"  # never un-built


def test_a_tie_in_end_of_conflict_cards_keeps_the_previous_start_player() -> None:
    t = started(BOB)
    close(t, [9], [1, 1, 1, 1, 1])  # Ann wins Conflict 1, 9 to 5, and starts Conflict 2
    assert t.state["start_seat_id"] == ANN
    close(t, [1, 1, 1, 1, 1], [9])  # Bob wins Conflict 2: one card each
    assert [p["eoc_cards"] for p in t.state["players"]] == [1, 1]
    assert (t.state["conflict"], t.state["start_seat_id"], t.state["turn_seat_id"]) == (3, ANN, ANN)


def test_the_players_may_choose_the_start_player_before_the_conflicts_first_action() -> None:
    t = started(ANN)
    close(t, [2, 2, 2, 2, 1], [1, 2, 2, 2, 2])  # a full tie: Ann would start again
    body = t.do("conflict.start_player", {"start_seat_id": BOB, "note": "we agreed"})
    assert (t.state["start_seat_id"], t.state["turn_seat_id"], t.state["actions_left"]) == (BOB, BOB, 1)
    assert RULES.describe("conflict.start_player_set", body, NAMES) == (
        "The players choose Bob to start Conflict 2: we agreed."
    )
    assert t.refused("conflict.start_player", {"start_seat_id": BOB}).code == "no_change"
    t.do("action.draw")
    refusal = t.refused("conflict.start_player", {"start_seat_id": ANN})
    assert (refusal.code, refusal.extra["field"]) == ("conflict_under_way", "start_seat_id")
    assert t.refused("conflict.start_player", {"start_seat_id": 3}).code == "unknown_seat"
