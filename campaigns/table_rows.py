"""The ``Seat`` and ``Table`` rows as a projection of the snapshot's table block.

The snapshot's ``table`` block (``rules.table``: the table's name, who may
edit, its status and its seats) is the truth; the rows follow it after each
command (issue #8, "The shape"), so pages, tokens and queries read what the
log says. This module reads the block (``snapshot_of``, ``seats_from_block``)
and projects it onto the rows (``project_rows``); the table services write.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.utils import timezone

from campaigns.models import Seat, Table, TableStatus
from rules import table as table_rules

GONE = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)
"""``removed_at`` of a seat read from the snapshot: removed, the moment is on its row only."""


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


def block_from_rows(table: Table, seats: list[Seat] | None = None) -> dict[str, Any]:
    """The table block from the rows: for a snapshot written before the block existed."""
    rows = seats if seats is not None else list(Seat.objects.filter(table=table).order_by("id"))
    return table_rules.block(
        name=table.name,
        edit_policy=table.edit_policy,
        status=table.status,
        seats=[seat_entry(s) for s in sorted(rows, key=lambda s: s.pk)],
    )


def snapshot_of(table: Table) -> dict[str, Any]:
    """The table's snapshot, sure to hold its table block (built from the rows if it predates it)."""
    state: dict[str, Any] = table.state
    if table_rules.BLOCK not in state:
        state = {**state, table_rules.BLOCK: block_from_rows(table)}
    return state


def seats_from_block(table: Table, state: Mapping[str, Any]) -> list[Seat]:
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


def project_rows(table: Table, state: Mapping[str, Any], rows: list[Seat]) -> list[Seat]:
    """Project the table block onto the rows: the ``Table`` columns (saved by the caller in its
    one write of the row) and each of ``rows`` that changed. Returns the seats as the block
    now has them (``seats_from_block``), for the log's names and the board."""
    block = state[table_rules.BLOCK]
    table.name = block["name"]
    table.edit_policy = block["edit_policy"]
    if block["status"] == table_rules.ENDED and table.status != TableStatus.ENDED:
        table.status = TableStatus.ENDED
        table.ended_at = timezone.now()
    table.seat_ids = [s["seat_id"] for s in block["seats"] if not s["removed"]]
    by_id = {s["seat_id"]: s for s in block["seats"]}
    changed = []
    for seat in rows:
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
    return seats_from_block(table, state)
