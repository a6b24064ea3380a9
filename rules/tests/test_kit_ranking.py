"""Places after a game (rules/ranking.py): equal standings share a place, winners first."""

from __future__ import annotations

from rules.ranking import places, ranked, row, shared_win, standings


def test_places_are_a_standard_competition_ranking() -> None:
    assert places({1: 5, 2: 9, 3: 5, 4: 1}) == {2: 1, 1: 2, 3: 2, 4: 4}
    assert places({1: (5, 1), 2: (5, 2)}) == {1: 2, 2: 1}  # a tie-break follows the first number


def test_rows_are_listed_by_place_then_seat() -> None:
    rows = [row(3, score=1, place=2, won=False, details={}), row(2, score=4, place=1, won=True, details={})]
    assert [r["seat_id"] for r in standings(rows)] == [2, 3]


def test_ranked_rows_take_the_score_and_tie_breaks_from_the_players_records() -> None:
    players = [
        {"seat_id": 1, "points": 7, "cards": 1},
        {"seat_id": 2, "points": 7, "cards": 2},
        {"seat_id": 3, "points": 2, "cards": 3},
    ]
    rows = ranked(players, {2}, lambda p: {"cards": p["cards"]}, by=("points", "cards"))
    assert [(r["seat_id"], r["score"], r["place"], r["won"]) for r in rows] == [
        (2, 7, 1, True),
        (1, 7, 2, False),
        (3, 2, 3, False),
    ]
    assert rows[0]["details"] == {"cards": 2}
    assert shared_win(1, {1, 2}) and not shared_win(1, {1}) and not shared_win(3, {1, 2})
