"""What the Counters board shows: each playing seat with its counters, in seating order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from campaigns.boards import plain_seat


def board_context(state: Mapping[str, Any], seats: Sequence[Any], names: Mapping[int, str]) -> dict[str, Any]:
    """Each seat as plain data (what its card shows), so an unchanged card is rendered once
    (``{% cache %}``): it keys by ``str``, which tells no model instance from another."""
    counters = list(state.get("counters", []))
    panels = [
        {
            "seat": plain_seat(seat),
            "counters": [c for c in counters if c.get("seat_id") == seat.pk],
        }
        for seat in seats
        if seat.role != "spectator"
    ]
    return {"panels": panels}
