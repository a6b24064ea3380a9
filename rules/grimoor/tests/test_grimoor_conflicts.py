"""The End of Conflict check, Conflict scoring with its tie-breaks, new Conflicts and the game's end
(rulebook: End of Turn, End of Conflict, New Conflict, Ending the Game; spec: Computations 3-6)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.grimoor import Side, Verdict, decide, final_winners, next_start
from rules.grimoor.tests.test_grimoor_support import ANN, BOB, NAMES, RULES, Table, fill, started

ARROW = "\u2192"


def close(t: Table, ann: list[int], bob: list[int]) -> dict[str, Any]:
    """Hordes made by abilities, then turns end (skipping Actions) until the Conflict ends; its result."""
    fill(t, ANN, ann)
    fill(t, BOB, bob)
    conflicts = len(t.state["conflicts"])
    for _ in range(2):
        t.end(skip=True)
        if len(t.state["conflicts"]) > conflicts:
            result: dict[str, Any] = t.state["conflicts"][-1]
            return result
    raise AssertionError("the Conflict did not end")


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


# --- the end of the game ------------------------------------------------------------------------------------


def test_a_full_game_of_three_conflicts_played_by_actions() -> None:
    t = started(ANN)
    # Conflict 1: Ann starts with a single Action.
    gaunt = t.play("Gaunt", 4)
    assert t.refused("cohort.play", {"type": "Gaunt", "strength": 1}).code == "no_actions_left"
    t.end()
    t.play("Olatha", 3)
    t.play("Olatha", 3)
    t.end()
    t.play("Duskgil", 2)
    t.do("curio.play", {"focus": [gaunt], "points": 2})  # the 4 now counts 1; Ann 1 -> 3 points
    t.end()
    t.play("Gaunt", 5)
    t.play("Gaunt", 1)
    t.end()
    t.play("Olatha", 6)
    t.play("Olatha", 3)
    t.end()
    t.play("Duskgil", 2)
    t.do("action.draw")
    body = t.end()  # Bob has five Cohorts but Ann has four: the Conflict goes on
    assert body["check"] == {"seat_id": ANN, "cohorts": 4, "ends": False}
    t.play("Gaunt", 1)
    t.do("action.draw")
    body = t.end()
    first = t.state["conflicts"][0]
    assert first["strength"] == {"1": 1 + 2 + 6 + 3 + 1, "2": 3 + 3 + 5 + 1 + 2}  # 13 against 14
    assert (first["winner_seat_id"], first["points"]) == (BOB, 1)
    assert [(p["points"], p["eoc_cards"]) for p in t.state["players"]] == [(3, 0), (2, 1)]
    assert (t.state["conflict"], t.state["turn_seat_id"], t.state["actions_left"]) == (2, BOB, 1)

    # Conflict 2: Bob starts with a single Action; Ann's Commander comes and goes aside.
    t.do("stronghold.build", {"type": "Gaunt", "points": 2})
    t.end()
    t.play("Olatha", 5, commander=True, name="Warlord")
    t.play("Olatha", 5)
    t.end()
    for strengths in ([4, 4], [3, 3], [2, 2]):
        t.play("Gaunt", strengths[0])
        t.play("Gaunt", strengths[1])
        t.end()
    t.play("Duskgil", 1)
    t.do("action.draw")
    t.end()
    t.play("Duskgil", 2)
    t.do("action.draw")
    t.end()
    second = t.state["conflicts"][1]
    assert second["strength"] == {"1": 5 + 5 + 3 + 3 + 1, "2": 4 + 4 + 2 + 2 + 2}  # 17 against 14
    assert (second["winner_seat_id"], second["points"]) == (ANN, 3)
    assert [(p["points"], p["eoc_cards"]) for p in t.state["players"]] == [(6, 1), (4, 1)]
    assert t.horde(ANN) == []  # the Commander went back to the side
    assert (t.state["conflict"], t.state["start_seat_id"]) == (3, BOB)  # one card each: Bob starts again

    # Conflict 3
    t.do("action.draw")
    t.end()
    for strengths in ([2, 2], [3, 3], [2, 2], [3, 3]):
        t.play("Olatha", strengths[0])
        t.play("Olatha", strengths[1])
        t.end()
    t.play("Olatha", 2)
    t.do("action.draw")
    t.end()
    assert not t.state["over"]
    t.play("Olatha", 3)
    t.do("action.draw")
    body = t.end()
    third = t.state["conflicts"][2]
    assert third["strength"] == {"1": 10, "2": 15}
    assert [(p["points"], p["eoc_cards"]) for p in t.state["players"]] == [(6, 1), (9, 2)]
    assert t.state["over"] and t.state["winner_seat_ids"] == [BOB]
    assert (t.state["turn_seat_id"], t.state["actions_left"], t.state["conflict"]) == (None, 0, 3)
    assert len(t.horde(ANN)) == 5  # the last Hordes stay for the final screen
    assert t.line().endswith(
        "Conflict 3 ends. Strength: Ann 10, Bob 15: Bob gains 5 points and an End of Conflict card "
        f"(points 4 {ARROW} 9, End of Conflict cards 1 {ARROW} 2). The game is over: Bob wins with 9 points."
    )
    results = RULES.results(t.state)
    assert [(r["seat_id"], r["score"], r["place"], r["won"]) for r in results] == [
        (BOB, 9, 1, True),
        (ANN, 6, 2, False),
    ]
    assert results[0]["details"]["eoc_cards"] == 2 and results[0]["details"]["strongholds"] == ["Gaunt"]
    assert [c["strength"] for c in results[1]["details"]["conflicts"]] == [13, 17, 10]
    assert [c["points"] for c in results[1]["details"]["conflicts"]] == [0, 3, 0]


def three_conflicts(t: Table, hordes: list[tuple[list[int], list[int]]]) -> None:
    for ann, bob in hordes:
        close(t, ann, bob)


def test_a_points_tie_at_the_end_is_won_on_end_of_conflict_cards() -> None:
    t = started(ANN)
    # Ann +4 (9 to 5) with one card; Bob +2 and +2 (7 to 5) with two cards: 5 points each.
    three_conflicts(t, [([9], [1, 1, 1, 1, 1]), ([5], [3, 1, 1, 1, 1]), ([5], [3, 1, 1, 1, 1])])
    assert [(p["points"], p["eoc_cards"]) for p in t.state["players"]] == [(5, 1), (5, 2)]
    assert t.state["winner_seat_ids"] == [BOB]
    assert t.line().endswith(
        "The game is over: Bob wins with 5 points, tied on points, on End of Conflict cards (2 to 1)."
    )
    assert [(r["seat_id"], r["place"], r["won"]) for r in RULES.results(t.state)] == [
        (BOB, 1, True),
        (ANN, 2, False),
    ]


TIED_GAME = [([1, 1, 1, 1, 1], [1, 1, 1, 1, 1]), ([7], [1, 1, 1, 1, 1]), ([5], [3, 1, 1, 1, 1])]
"""A full tie (5 to 5, five Cohorts each, 1 point each), Ann +2 (7 to 5), Bob +2 (7 to 5): 3 points and one
card each."""


def test_a_tie_on_points_and_cards_is_a_shared_win() -> None:
    t = started(ANN)
    three_conflicts(t, TIED_GAME)
    assert [(p["points"], p["eoc_cards"]) for p in t.state["players"]] == [(3, 1), (3, 1)]
    assert t.state["conflicts"][0]["tie_break"] == "none"
    assert t.state["winner_seat_ids"] == [ANN, BOB]
    assert t.line().endswith(
        "The game is over: a shared win for Ann and Bob (3 points and 1 End of Conflict card each)."
    )
    results = RULES.results(t.state)
    assert [(r["place"], r["won"], r["details"]["shared_win"]) for r in results] == [
        (1, True, True),
        (1, True, True),
    ]


def test_after_the_game_only_corrections_remain_and_they_move_the_winner() -> None:
    t = started(ANN)
    three_conflicts(t, TIED_GAME)
    for command, payload in [
        ("action.draw", {}),
        ("turn.end", {"skip": True}),
        ("cohort.join", {"type": "Gaunt", "strength": 1}),
        ("conflict.end", {"note": "x"}),
        ("conflict.start_player", {"start_seat_id": BOB}),
    ]:
        assert t.refused(command, payload).code == "game_over"
    body = t.do(
        "points.add", {"seat_id": BOB, "amount": 1, "reason": "Stronghold points forgotten"}, seat=BOB
    )
    assert t.state["winner_seat_ids"] == [BOB] and body["winners"] == [BOB]
    assert t.line() == f"Bob gains 1 point (3 {ARROW} 4): Stronghold points forgotten. Bob now wins the game."
    t.do("conflict.override", {"n": 1, "winner_seat_id": ANN, "note": "the tie went to Ann"})
    assert t.state["winner_seat_ids"] == [BOB]  # 4 points to 3, though the cards are now 2 to 1
    t.do("player.adjust", {"field": "points", "by": 1, "note": "x"}, seat=ANN)
    assert t.state["winner_seat_ids"] == [ANN]  # 4 each: Ann's two cards decide
    assert "Ann now wins the game." in t.line()
    assert RULES.results(t.state)[0]["seat_id"] == ANN


def test_an_overridden_conflict_reads_as_decided_by_the_players() -> None:
    from rules.grimoor.describe import conflict_result

    record = {
        "strength": {"1": 4, "2": 4},
        "cohorts": {"1": 2, "2": 2},
        "points_before": {"1": 3, "2": 3},
        "tie_break": "override",
        "winner_seat_id": 1,
        "points": 2,
        "note": "a card says so",
    }
    line = conflict_result(record, {1: "Ann", 2: "Bo"})
    assert line.endswith("decided by the players, Ann wins it with 2 points (a card says so)")
    assert "nobody scores" not in line
    undecided = {**record, "winner_seat_id": None, "points": 0, "note": None}
    nobody = conflict_result(undecided, {1: "Ann", 2: "Bo"})
    assert nobody.endswith("decided by the players, nobody wins it")
