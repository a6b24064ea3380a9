"""The end of the game: three Conflicts played, the winners, ties and corrections after the end
(rulebook: Ending the Game; spec: Computations 6)."""

from __future__ import annotations

from rules.grimoor.tests.test_grimoor_support import ANN, BOB, RULES, Table, close, started

ARROW = "\u2192"


# --- the end of the game ------------------------------------------------------------------------------------


def first_conflict(t: Table) -> None:
    """Conflict 1: Ann starts with a single Action; Bob wins it, 14 Strength to 13."""
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
    t.end()
    first = t.state["conflicts"][0]
    assert first["strength"] == {"1": 1 + 2 + 6 + 3 + 1, "2": 3 + 3 + 5 + 1 + 2}  # 13 against 14
    assert (first["winner_seat_id"], first["points"]) == (BOB, 1)
    assert [(p["points"], p["eoc_cards"]) for p in t.state["players"]] == [(3, 0), (2, 1)]
    assert (t.state["conflict"], t.state["turn_seat_id"], t.state["actions_left"]) == (2, BOB, 1)


def second_conflict(t: Table) -> None:
    """Conflict 2: Bob starts with a single Action; Ann's Commander comes and goes aside; Ann wins it."""
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


def third_conflict(t: Table) -> None:
    """Conflict 3: Bob wins it and the game."""
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
    t.end()
    third = t.state["conflicts"][2]
    assert third["strength"] == {"1": 10, "2": 15}
    assert [(p["points"], p["eoc_cards"]) for p in t.state["players"]] == [(6, 1), (9, 2)]


def test_a_full_game_of_three_conflicts_played_by_actions() -> None:
    t = started(ANN)
    first_conflict(t)
    second_conflict(t)
    third_conflict(t)
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
    from rules.grimoor.describe.conflicts import conflict_result

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
