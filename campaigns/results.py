"""A finished play's result rows, from the game's ``results(state)`` (plain data, no models).

Used by the play-record task and by the migration that backfills older plays,
so both write the very same rows. Every seat that played gets one row;
spectators get none.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def result_rows(summary: Mapping[str, Any], seats: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """``[{seat_id, name, score, place, won, details}]`` for every playing seat, in seating order."""
    by_seat: dict[int, Mapping[str, Any]] = {}
    for result in summary.get("results") or []:
        if isinstance(result, Mapping) and isinstance(result.get("seat_id"), int):
            by_seat[int(result["seat_id"])] = result
    rows = []
    for seat in seats:
        if seat.get("role") == "spectator" or not isinstance(seat.get("id"), int):
            continue
        result = by_seat.get(int(seat["id"]), {})
        score = result.get("score")
        place = result.get("place")
        rows.append(
            {
                "seat_id": int(seat["id"]),
                "name": str(seat.get("name", ""))[:40],
                "score": score if isinstance(score, int) and not isinstance(score, bool) else None,
                "place": place
                if isinstance(place, int) and not isinstance(place, bool) and place > 0
                else None,
                "won": result.get("won") is True,
                "details": dict(result.get("details") or {})
                if isinstance(result.get("details"), Mapping)
                else {},
            }
        )
    return rows
