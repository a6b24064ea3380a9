"""Reads of tables, seats and the log (no writes here)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from campaigns import codes, logstore
from campaigns.models import Event, Seat, Table

EVENTS_PAGE = 200


def seat_for_token(token: str) -> Seat | None:
    """The active seat this secret token opens (one cheap query; its
    ``table`` loads on first use)."""
    if not token or len(token) > 200:
        return None
    return logstore.active_seat(codes.hash_token(token))


def table_seats(table: Table) -> QuerySet[Seat]:
    return Seat.objects.filter(table=table, removed_at=None).order_by("position", "id")


def seat_json(seat: Seat) -> dict[str, Any]:
    return {
        "id": seat.pk,
        "name": seat.name,
        "colour": seat.colour,
        "position": seat.position,
        "role": seat.role,
        "claimed": seat.user_id is not None,
    }


def table_json(table: Table, *, viewer: Seat | None = None) -> dict[str, Any]:
    state = {k: v for k, v in table.state.items()}
    return {
        "id": table.pk,
        "game": table.game,
        "name": table.name,
        "seq": table.seq,
        "state": state,
        "status": table.status,
        "edit_policy": table.edit_policy,
        "join_code": table.join_code,
        "seats": [seat_json(s) for s in table_seats(table)],
        "you": seat_json(viewer) if viewer is not None else None,
    }


def events_after(table: Table, after: int, limit: int = EVENTS_PAGE) -> tuple[list[Event], bool]:
    """The log after ``after``, oldest first, one page; and whether more follow."""
    rows = list(Event.objects.filter(table=table, seq__gt=after).order_by("seq")[: limit + 1])
    return rows[:limit], len(rows) > limit


def tables_of_user(user: Any) -> QuerySet[Table]:
    return Table.objects.filter(seats__user=user).distinct().order_by("-created_at")
