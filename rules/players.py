"""A game's players in its snapshot: each seat's record in ``state["players"]``, and what it holds.

The rules never see seat rows; a game keeps one record per playing seat in
``players`` (in playing order), with the things that seat holds in lists of
records that carry an ``id`` (a Horde's Cohorts, a player's combos).
"""

from __future__ import annotations

from typing import Any

from rules.engine import State


def player_index(state: State, seat_id: int) -> int | None:
    """Where the seat's record is in ``state["players"]``, or None when the seat has none."""
    for index, player in enumerate(state["players"]):
        if player["seat_id"] == seat_id:
            return index
    return None


def holder(state: State, key: str, item_id: int) -> tuple[int, dict[str, Any]] | None:
    """The index of the player whose ``key`` list holds the record with this id, and the record;
    None when no player holds it."""
    for index, player in enumerate(state["players"]):
        for item in player[key]:
            if item["id"] == item_id:
                found: dict[str, Any] = item
                return index, found
    return None
