"""A game's players in its snapshot (rules/players.py): a seat's record and what it holds."""

from __future__ import annotations

from rules.players import holder, player_index

STATE = {
    "players": [
        {"seat_id": 5, "combos": [{"id": 1}, {"id": 3}]},
        {"seat_id": 7, "combos": [{"id": 2}]},
    ]
}


def test_a_seats_record_is_found_by_its_seat() -> None:
    assert player_index(STATE, 7) == 1
    assert player_index(STATE, 9) is None


def test_the_player_holding_a_record_is_found_by_its_id() -> None:
    assert holder(STATE, "combos", 2) == (1, {"id": 2})
    assert holder(STATE, "combos", 3) == (0, {"id": 3})
    assert holder(STATE, "combos", 4) is None
