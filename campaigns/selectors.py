"""Reads of tables, seats and the log (no writes here)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import QuerySet

from campaigns import codes, seat_memo
from campaigns.credentials import COOKIE_PREFIX
from campaigns.hotpath import logstore
from campaigns.models import Event, Seat, Table, TableStatus
from rules import table as table_rules

EVENTS_PAGE = 200
MAX_TOKEN = 200
"""A longer "token" is not one of ours: refused without hashing it."""


def seat_for_token(token: str, *, remembered: bool = False) -> Seat | None:
    """The active seat this secret token opens (one cheap query; its
    ``table`` loads on first use).

    ``remembered``: through this process's memo (``campaigns.seat_memo``), for
    work that checks under the table's lock that the seat is still there: a
    token looked up before needs no query."""
    if not token or len(token) > MAX_TOKEN:
        return None
    key = codes.hash_token(token)
    seat = seat_memo.recall(key) if remembered else None
    if seat is None:
        seat = logstore.active_seat(key)
        if remembered and seat is not None:
            seat_memo.remember(key, seat)
    return seat


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
        "you_may_edit": may_edit(table, viewer),
    }


def may_edit(table: Table, viewer: Seat | None) -> list[int]:
    """The seats ``viewer`` may change now (the page offers their controls to it alone)."""
    state = table.state
    if viewer is None or table.status == TableStatus.ENDED or table_rules.BLOCK not in state:
        return []
    me = table_rules.actor(state, viewer.pk, viewer.role)
    return [seat_id for seat_id in table_rules.playing_ids(state) if me.may_edit(seat_id)]


def events_after(table: Table, after: int, limit: int = EVENTS_PAGE) -> tuple[list[Event], bool]:
    """The log after ``after``, oldest first, one page; and whether more follow."""
    rows = list(Event.objects.filter(table=table, seq__gt=after).order_by("seq")[: limit + 1])
    return rows[:limit], len(rows) > limit


def tables_of_user(user: Any) -> QuerySet[Table]:
    return Table.objects.filter(seats__user=user).distinct().order_by("-created_at")


def seats_of_user(user: Any) -> QuerySet[Seat]:
    """The seats an account has claimed (removed ones excluded), newest table first."""
    return (
        Seat.objects.filter(user=user, removed_at=None).select_related("table").order_by("-table__created_at")
    )


MAX_DEVICE_SEATS = 50


def device_seats(cookies: Mapping[str, str]) -> list[Seat]:
    """The active seats whose tokens this device holds (its seat cookies), newest table first.

    One query for all of them; a cookie whose seat was removed, or which names
    another table than its own, is ignored.
    """
    wanted: dict[str, int] = {}
    for name, token in cookies.items():
        suffix = name.removeprefix(COOKIE_PREFIX)
        if name != suffix and suffix.isdigit() and token and len(token) <= 200:
            wanted[codes.hash_token(token)] = int(suffix)
        if len(wanted) >= MAX_DEVICE_SEATS:
            break
    if not wanted:
        return []
    seats = Seat.objects.filter(token_hash__in=list(wanted), removed_at=None).select_related("table")
    found = [s for s in seats if wanted.get(s.token_hash) == s.table_id]
    return sorted(found, key=lambda s: s.table.created_at, reverse=True)


def code_is_open(code: str) -> bool:
    """Whether this join code opens a table that has not ended (for the wrong-code limit)."""
    normal = codes.normalise_code(code)
    if not codes.looks_like_code(normal):
        return False
    return Table.objects.filter(join_code=normal).exclude(status=TableStatus.ENDED).exists()


def table_for_code(code: str) -> Table | None:
    """The table a join code opens, if any (for the rejoin check; joining validates again)."""
    normal = codes.normalise_code(code)
    if not codes.looks_like_code(normal):
        return None
    return Table.objects.filter(join_code=normal).first()
