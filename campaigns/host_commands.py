"""Table and seat management by the host, through the same command log.

Renaming, reordering and removing seats, who may edit, renaming and ending
the table are pure rules over the snapshot's ``table`` block
(``rules.table``); their events carry ops like any game's. This module is
the service's side: the commands that need the database (a new join code
must be free), and the projector that mirrors the ``Seat`` rows and the
``Table`` row's columns from the block after each command (issue #8, "The
shape"), so pages, tokens and queries read what the log says.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.utils import timezone

from campaigns import codes
from campaigns.errors import TableError
from campaigns.models import Seat, Table, TableStatus
from rules import table as table_rules
from rules.engine import Actor, NewEvent, NotAllowed, Outcome
from rules.errors import RuleViolation
from rules.validate import fields

TABLE_COMMANDS = (
    *table_rules.COMMANDS,
    "table.rotate_code",
    "undo",
    "redo",
)
"""The platform's commands, the same at every game's table (undo/redo: ``campaigns.undo``)."""

MAX_NAME = table_rules.SEAT_NAME_MAX
GONE = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)
"""``removed_at`` of a seat read from the snapshot: removed, the moment is on its row only."""


def clean_name(raw: object, what: str, limit: int = MAX_NAME, field: str = "name") -> str:
    """``rules.table.clean_name`` for the service's own forms (create, join)."""
    try:
        return table_rules.clean_name(raw, what, limit, field)
    except RuleViolation as exc:
        raise TableError(exc.code, exc.message, extra=exc.extra) from exc


def seat_entry(seat: Seat) -> dict[str, Any]:
    """A seat row as the snapshot's table block holds it."""
    return table_rules.seat_entry(
        seat_id=seat.pk,
        name=seat.name,
        role=seat.role,
        colour=seat.colour,
        position=seat.position,
        removed=seat.removed_at is not None,
    )


def seat_payload(seat: Seat) -> dict[str, Any]:
    """A ``seat.joined`` event's payload, before its ops."""
    return {
        "seat_id": seat.pk,
        "name": seat.name,
        "role": seat.role,
        "colour": seat.colour,
        "position": seat.position,
    }


def block_of(table: Table, seats: list[Seat] | None = None) -> dict[str, Any]:
    """The table block from the rows: for a snapshot written before the block existed."""
    rows = seats if seats is not None else list(Seat.objects.filter(table=table).order_by("id"))
    return table_rules.block(
        name=table.name,
        edit_policy=table.edit_policy,
        status=table.status,
        seats=[seat_entry(s) for s in sorted(rows, key=lambda s: s.pk)],
    )


def with_block(table: Table) -> dict[str, Any]:
    """The table's snapshot, sure to hold its table block (built from the rows if it predates it)."""
    state: dict[str, Any] = table.state
    if table_rules.BLOCK not in state:
        state = {**state, table_rules.BLOCK: block_of(table)}
    return state


def snapshot_seats(table: Table, state: Mapping[str, Any]) -> list[Seat]:
    """Every seat (removed ones included) in seating order, read from the snapshot, not the rows:
    the log's names and the board need no query. Unsaved instances, for reading only."""
    entries = sorted(table_rules.seats_of(state), key=lambda s: (s["position"], s["seat_id"]))
    return [
        Seat(
            id=s["seat_id"],
            table_id=table.pk,
            name=s["name"],
            role=s["role"],
            colour=s["colour"],
            position=s["position"],
            removed_at=GONE if s["removed"] else None,
        )
        for s in entries
    ]


def rotate_code(table: Table, actor: Actor, payload: Mapping[str, Any]) -> Outcome:
    """A new join code (the old one stops working): it must be free, so the service decides it."""
    fields(payload, ())
    if not actor.is_host:
        raise NotAllowed("host_only", "Only the host can change the join code.")
    table.join_code = _fresh_code(table.join_code)
    return Outcome(table.state, [NewEvent("table.code_rotated", {})])


def mirror(table: Table, state: Mapping[str, Any], seats: list[Seat]) -> None:
    """Project the table block onto the rows: the ``Table`` columns (saved by the caller in its
    one write of the row) and each changed ``Seat`` row."""
    block = state[table_rules.BLOCK]
    table.name = block["name"]
    table.edit_policy = block["edit_policy"]
    if block["status"] == table_rules.ENDED and table.status != TableStatus.ENDED:
        table.status = TableStatus.ENDED
        table.ended_at = timezone.now()
    table.seat_ids = [s["seat_id"] for s in block["seats"] if not s["removed"]]
    by_id = {s["seat_id"]: s for s in block["seats"]}
    changed = []
    for seat in seats:
        entry = by_id.get(seat.pk)
        if entry is None:
            continue
        removed = entry["removed"]
        if (seat.name, seat.position, seat.removed_at is not None) != (
            entry["name"],
            entry["position"],
            removed,
        ):
            seat.name, seat.position = entry["name"], entry["position"]
            if removed and seat.removed_at is None:
                seat.removed_at = timezone.now()
            changed.append(seat)
    if changed:
        Seat.objects.bulk_update(changed, ["name", "position", "removed_at"])


def _fresh_code(old: str) -> str:
    for _ in range(20):
        code = codes.new_join_code()
        if code != old and not Table.objects.filter(join_code=code).exists():
            return code
    raise RuleViolation("no_code", "Could not find a free join code; please try again.")  # pragma: no cover
