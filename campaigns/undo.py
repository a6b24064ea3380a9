"""Undo and redo: compensating events, never deletions (architecture, step 6).

Undo of an event asks the game's rules to invert it and logs an ``undo``
event carrying the compensation; redo inverts that compensation again. Only
the seat that made the change, or the host, may undo it. The snapshot's
``undone`` list (kept here, not by the games) says what is currently undone.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaigns.models import Event, Table, TableStatus
from rules.engine import Actor, LoggedEvent, NewEvent, NotAllowed, Outcome, State
from rules.errors import RuleViolation
from rules.game import GameRulesBase
from rules.validate import fields


def undo_redo(
    table: Table, rules: GameRulesBase, actor: Actor, type: str, payload: dict[str, Any], state: State
) -> Outcome:
    """Undo or redo the change ``payload["seq"]`` on ``state``, the game's part of the snapshot,
    inverting through the table's game ``rules``."""
    fields(payload, ("seq",))
    seq = payload.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise RuleViolation("bad_field", _("Say which change to undo (its seq number)."), {"field": "seq"})
    target = Event.objects.filter(table=table, seq=seq).first()
    if target is None:
        raise RuleViolation(
            "unknown_event",
            _("There is no change number %(seq)s at this table.") % {"seq": seq},
            {"seq": seq},
        )
    check_may_undo(actor, target, changed_seats(table, target))
    state = dict(state)
    undone: list[int] = list(state.pop("undone", []))
    if type == "undo":
        if target.type in ("undo",) or target.type.startswith(("seat.", "table.")):
            raise RuleViolation(
                "cannot_undo", _("That change cannot be undone; use redo to restore an undo.")
            )
        if seq in undone:
            raise RuleViolation("already_undone", _("That change has already been undone."))
        effects = _inner_effects(target)
        state, compensation = _invert_all(rules, state, effects, target, actor)
        undone.append(seq)
        event = NewEvent("undo", {"seq": seq, "undone_type": target.type, "events": compensation})
    else:
        if target.type != "undo":
            raise RuleViolation("cannot_redo", _("Only an undo can be redone."))
        original = int(target.payload["seq"])
        if original not in undone:
            raise RuleViolation("already_redone", _("That undo has already been redone."))
        effects = [
            LoggedEvent(seq, target.seat_id, e["type"], e["payload"]) for e in target.payload["events"]
        ]
        state, compensation = _invert_all(rules, state, effects, target, actor)
        undone.remove(original)
        event = NewEvent("redo", {"seq": seq, "redone_seq": original, "events": compensation})
    state["undone"] = undone
    return Outcome(state, [event])


def check_may_undo(actor: Actor, target: Event, changed: set[int]) -> None:
    """Refuse unless ``actor`` may undo (or redo) ``target``, which changes the seats ``changed``."""
    if target.seat_id != actor.seat_id and not actor.is_host:
        raise NotAllowed("not_your_change", _("Only the seat that made a change, or the host, can undo it."))
    # The rights in force now, not when the change was made: a change to
    # another seat made while "everyone edits" was on is that seat's again.
    for seat_id in sorted(changed):
        actor.require_edit(seat_id)


def undo_seats(table: Table, event: Event, actors: list[Actor]) -> list[int]:
    """The seats that may undo (or redo) ``event`` now, by the same checks ``undo_redo`` makes:
    the page offers Undo to these alone (issue #33, item 2)."""
    if table.status == TableStatus.ENDED or event.type.startswith(("seat.", "table.")):
        return []
    changed = changed_seats(table, event)
    allowed = []
    for actor in actors:
        try:
            check_may_undo(actor, event, changed)
        except RuleViolation:
            continue
        allowed.append(actor.seat_id)
    return allowed


def changed_seats(table: Table, event: Event) -> set[int]:
    """The seats undoing or redoing ``event`` changes: those its original change names, found
    back through the undos and redos leading to it (theirs carry only the compensation's ops,
    whose paths need not name a seat: a counter's names the counter), with any they name."""
    seats = touched_seats(event.payload)
    seen = {event.seq}
    while event.type in ("undo", "redo"):
        back = event.payload.get("seq" if event.type == "undo" else "redone_seq")
        if not isinstance(back, int) or isinstance(back, bool) or back in seen:
            break
        found = Event.objects.filter(table=table, seq=back).only("seq", "type", "payload").first()
        if found is None:
            break
        event = found
        seen.add(event.seq)
        seats |= touched_seats(event.payload)
    return seats


def touched_seats(payload: Any) -> set[int]:
    """Every seat an event's payload names (``seat_id`` at any depth): the seats its undo changes."""
    seats: set[int] = set()
    stack = [payload]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            seat_id = node.get("seat_id")
            if isinstance(seat_id, int) and not isinstance(seat_id, bool):
                seats.add(seat_id)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return seats


def _inner_effects(target: Event) -> list[LoggedEvent]:
    if target.type == "redo":
        return [
            LoggedEvent(target.seq, target.seat_id, e["type"], e["payload"]) for e in target.payload["events"]
        ]
    return [LoggedEvent(target.seq, target.seat_id, target.type, target.payload)]


def _invert_all(
    rules: GameRulesBase, state: State, effects: list[LoggedEvent], target: Event, actor: Actor
) -> tuple[State, list[dict[str, Any]]]:
    compensation: list[dict[str, Any]] = []
    for effect in reversed(effects):
        outcome = rules.invert(state, effect, actor)
        state = outcome.state
        compensation.extend({"type": e.type, "payload": e.payload} for e in outcome.events)
    return state, compensation
