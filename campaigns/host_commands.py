"""Table and seat management by the host, through the same command log.

Renaming, reordering and removing seats, a new join code, who may edit and
ending the table are commands like any other, so every phone sees them live
and the history keeps them.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from campaigns import codes
from campaigns.errors import TableError
from campaigns.models import EditPolicy, Role, Seat, Table, TableStatus
from rules.engine import Actor, NewEvent, NotAllowed, Outcome
from rules.errors import RuleViolation

TABLE_COMMANDS = (
    "seat.rename",
    "seat.reorder",
    "seat.remove",
    "table.rotate_code",
    "table.set_policy",
    "table.rename",
    "table.end",
    "undo",
    "redo",
)
"""The platform's commands, the same at every game's table (undo/redo: ``campaigns.undo``)."""

MAX_NAME = 40


def clean_name(raw: object, what: str, limit: int = MAX_NAME) -> str:
    name = str(raw or "").strip()
    if not name:
        raise TableError("bad_name", f"Please enter {what}.", extra={"field": "name"})
    if len(name) > limit:
        raise TableError(
            "bad_name", f"{what.capitalize()} can be at most {limit} characters.", extra={"field": "name"}
        )
    return name


def seat_payload(seat: Seat) -> dict[str, Any]:
    return {
        "seat_id": seat.pk,
        "name": seat.name,
        "role": seat.role,
        "colour": seat.colour,
        "position": seat.position,
    }


def _find_seat(seats: list[Seat], payload: dict[str, Any]) -> Seat:
    seat_id = payload.get("seat_id")
    for seat in seats:
        if seat.pk == seat_id:
            return seat
    raise RuleViolation("unknown_seat", "That seat is not at this table.", {"seat_id": seat_id})


def _require_host(actor: Actor, what: str) -> None:
    if not actor.is_host:
        raise NotAllowed("host_only", f"Only the host can {what}.")


def table_command(table: Table, actor: Actor, type: str, payload: dict[str, Any]) -> Outcome:
    state = table.state
    seats = list(Seat.objects.filter(table=table, removed_at=None)) if type.startswith("seat.") else []
    if type == "seat.rename":
        seat = _find_seat(seats, payload)
        if seat.pk != actor.seat_id:
            _require_host(actor, "rename other seats")
        before = seat.name
        seat.name = _rename(payload.get("name"))
        seat.save(update_fields=["name"])
        return Outcome(
            state, [NewEvent("seat.renamed", {"seat_id": seat.pk, "name": seat.name, "before": before})]
        )
    if type == "seat.reorder":
        _require_host(actor, "change the seating order")
        order = payload.get("seat_ids")
        active_ids = sorted(s.pk for s in seats)
        if not isinstance(order, list) or sorted(order) != active_ids:
            raise RuleViolation(
                "bad_order", "List every seat exactly once, in the new order.", {"field": "seat_ids"}
            )
        by_id = {s.pk: s for s in seats}
        for position, seat_id in enumerate(order):
            by_id[seat_id].position = position
        Seat.objects.bulk_update(list(by_id.values()), ["position"])
        return Outcome(state, [NewEvent("seat.reordered", {"seat_ids": order})])
    if type == "seat.remove":
        _require_host(actor, "remove seats")
        seat = _find_seat(seats, payload)
        if seat.role == Role.HOST:
            raise RuleViolation(
                "cannot_remove_host", "The host's seat cannot be removed; end the table instead."
            )
        seat.removed_at = timezone.now()
        seat.save(update_fields=["removed_at"])
        table.seat_ids = [i for i in table.seat_ids if i != seat.pk]
        return Outcome(state, [NewEvent("seat.removed", {"seat_id": seat.pk, "name": seat.name})])
    if type == "table.rotate_code":
        _require_host(actor, "change the join code")
        table.join_code = _fresh_code(table.join_code)
        return Outcome(state, [NewEvent("table.code_rotated", {})])
    if type == "table.set_policy":
        _require_host(actor, "change who may edit")
        policy = payload.get("edit_policy")
        if policy not in EditPolicy.values:
            raise RuleViolation("bad_policy", "Choose “own” or “everyone”.", {"field": "edit_policy"})
        table.edit_policy = policy
        return Outcome(state, [NewEvent("table.policy_changed", {"edit_policy": policy})])
    if type == "table.rename":
        _require_host(actor, "rename the table")
        before = table.name
        table.name = clean_name(payload.get("name"), "a table name", 80)
        return Outcome(state, [NewEvent("table.renamed", {"name": table.name, "before": before})])
    if type == "table.end":
        _require_host(actor, "end the table")
        table.status = TableStatus.ENDED
        table.ended_at = timezone.now()
        return Outcome(state, [NewEvent("table.ended", {})])
    raise RuleViolation("unknown_command", f"There is no table command called {type!r}.", {"type": type})


def _rename(raw: object) -> str:
    try:
        return clean_name(raw, "a name")
    except TableError as exc:
        raise RuleViolation(exc.code, exc.message, exc.extra) from exc


def _fresh_code(old: str) -> str:
    for _ in range(20):
        code = codes.new_join_code()
        if code != old and not Table.objects.filter(join_code=code).exists():
            return code
    raise RuleViolation("no_code", "Could not find a free join code; please try again.")  # pragma: no cover
