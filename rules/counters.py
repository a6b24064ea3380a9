"""Counters: a game-agnostic tracker where each seat has named counters.

Life, poison, points, gold... for any game at the table. Each counter belongs
to a seat, may have a minimum and a maximum, and remembers its starting value
for ``counter.reset``. Every event carries the values before and after, so
an undo can compensate it exactly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.engine import (
    Actor,
    LoggedEvent,
    NewEvent,
    Outcome,
    Payload,
    State,
    optional_int,
    require,
    working_copy,
)
from rules.errors import RuleViolation
from rules.game import GameRulesBase

MAX_NAME = 40
MAX_COUNTERS = 200
LIMIT = 1_000_000_000  # keeps values in a sane integer range


class CountersRules(GameRulesBase):
    """The rules of the Counters table (issue: live tables)."""

    game = "counters"
    name = "Counters"

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return {"counters": [], "next_id": 1}

    def commands(self) -> list[str]:
        return sorted(_HANDLERS)

    def apply(
        self, state: State, command_type: str, payload: Payload, actor: Actor, rng: random.Random
    ) -> Outcome:
        handler = _HANDLERS.get(command_type)
        if handler is None:
            raise RuleViolation(
                "unknown_command", f"Counters has no command called {command_type!r}.", {"type": command_type}
            )
        new = working_copy(state)
        event = handler(new, payload, actor)
        return Outcome(new, [event])

    def invert(self, state: State, event: LoggedEvent, actor: Actor) -> Outcome:
        new = working_copy(state)
        p = event.payload
        if event.type == "counter.added":
            counter = _find(new, int(p["counter"]["id"]), undo=True)
            new["counters"].remove(counter)
            return Outcome(new, [NewEvent("counter.removed", {"counter": counter, "index": None})])
        if event.type == "counter.removed":
            restored = dict(p["counter"])
            if any(c["id"] == restored["id"] for c in new["counters"]):
                raise RuleViolation("cannot_undo", "That counter is already back.")
            index = p.get("index")
            position = index if isinstance(index, int) else len(new["counters"])
            new["counters"].insert(min(position, len(new["counters"])), restored)
            return Outcome(new, [NewEvent("counter.added", {"counter": restored})])
        if event.type == "counter.adjusted":
            counter = _find(new, int(p["counter_id"]), undo=True)
            return Outcome(new, [_adjust(counter, -int(p["by"]))])
        if event.type in {"counter.set", "counter.reset"}:
            counter = _find(new, int(p["counter_id"]), undo=True)
            return Outcome(new, [_set(counter, int(p["before"]), "counter.set")])
        if event.type == "counter.renamed":
            counter = _find(new, int(p["counter_id"]), undo=True)
            before = counter["name"]
            counter["name"] = p["before"]
            return Outcome(
                new,
                [
                    NewEvent(
                        "counter.renamed",
                        {
                            "counter_id": counter["id"],
                            "seat_id": counter["seat_id"],
                            "name": p["before"],
                            "before": before,
                        },
                    )
                ],
            )
        raise RuleViolation("cannot_undo", f"A {event.type!r} event cannot be undone.")

    def describe(self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        """ "+3 Life (Bo) → 23": the change, whose counter, and where it ended."""
        owner = (
            seat_names.get(payload.get("seat_id", -1)) if isinstance(payload.get("seat_id"), int) else None
        )
        of = f" ({owner})" if owner else ""
        if event_type == "counter.adjusted":
            by = int(payload.get("by", 0))
            sign = "+" if by >= 0 else "\u2212"
            return f"{sign}{abs(by)} {payload.get('name')}{of} \u2192 {payload.get('after')}"
        if event_type in ("counter.set", "counter.reset"):
            verb = "set" if event_type == "counter.set" else "reset"
            return f"{verb} {payload.get('name')}{of} to {payload.get('value')}"
        if event_type == "counter.renamed":
            return f"renamed {payload.get('before')} to {payload.get('name')}"
        counter = payload.get("counter")
        if event_type == "counter.added" and isinstance(counter, Mapping):
            return f"added {counter.get('name')} ({counter.get('value')})"
        if event_type == "counter.removed" and isinstance(counter, Mapping):
            return f"removed {counter.get('name')}"
        return super().describe(event_type, payload, seat_names)

    def burst(
        self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]
    ) -> dict[str, Any] | None:
        """Taps of one step on one counter read as one line: "+3 Life → 23"."""
        by = payload.get("by")
        if event_type != "counter.adjusted" or by not in (-1, 1):
            return None
        owner = seat_names.get(payload["seat_id"]) if isinstance(payload.get("seat_id"), int) else None
        label = f"{payload.get('name')}" + (f" ({owner})" if owner else "")
        return {
            "key": f"counter:{payload.get('counter_id')}",
            "by": by,
            "label": label,
            "after": payload.get("after"),
        }

    def summary(self, state: State) -> dict[str, Any]:
        """Counters has no winner; the record keeps every counter's final value."""
        return {
            "counters": [{k: c[k] for k in ("name", "value", "seat_id")} for c in state.get("counters", [])]
        }


def _name(payload: Payload) -> str:
    name = str(require(payload, "name", str, "A counter name")).strip()
    if not name:
        raise RuleViolation("bad_name", "Give the counter a name, like “Life”.", {"field": "name"})
    if len(name) > MAX_NAME:
        raise RuleViolation(
            "bad_name", f"Counter names are at most {MAX_NAME} characters.", {"field": "name"}
        )
    return name


def _find(state: State, counter_id: int, *, undo: bool = False) -> dict[str, Any]:
    counters: list[dict[str, Any]] = state["counters"]
    for counter in counters:
        if counter["id"] == counter_id:
            return counter
    if undo:
        raise RuleViolation("cannot_undo", "That counter no longer exists, so the change cannot be undone.")
    raise RuleViolation(
        "unknown_counter", "There is no such counter at this table.", {"counter_id": counter_id}
    )


def _check_range(counter: dict[str, Any], value: int) -> None:
    lo, hi = counter.get("min"), counter.get("max")
    if lo is not None and value < lo:
        raise RuleViolation(
            "below_min",
            f"{counter['name']} cannot go below {lo}.",
            {"counter_id": counter["id"], "min": lo, "value": value},
        )
    if hi is not None and value > hi:
        raise RuleViolation(
            "above_max",
            f"{counter['name']} cannot go above {hi}.",
            {"counter_id": counter["id"], "max": hi, "value": value},
        )
    if abs(value) > LIMIT:
        raise RuleViolation("out_of_range", "That number is too large.", {"value": value})


def _adjust(counter: dict[str, Any], by: int) -> NewEvent:
    before = int(counter["value"])
    after = before + by
    _check_range(counter, after)
    counter["value"] = after
    return NewEvent(
        "counter.adjusted",
        {
            "counter_id": counter["id"],
            "seat_id": counter["seat_id"],
            "name": counter["name"],
            "by": by,
            "before": before,
            "after": after,
        },
    )


def _set(counter: dict[str, Any], value: int, event_type: str) -> NewEvent:
    before = int(counter["value"])
    _check_range(counter, value)
    counter["value"] = value
    return NewEvent(
        event_type,
        {
            "counter_id": counter["id"],
            "seat_id": counter["seat_id"],
            "name": counter["name"],
            "value": value,
            "before": before,
        },
    )


def _owned(state: State, payload: Payload, actor: Actor) -> dict[str, Any]:
    counter_id = require(payload, "counter_id", int, "counter_id")
    counter = _find(state, counter_id)
    actor.require_edit(int(counter["seat_id"]))
    return counter


def _add(state: State, payload: Payload, actor: Actor) -> NewEvent:
    name = _name(payload)
    seat_id = optional_int(payload, "seat_id", "seat_id")
    seat_id = actor.seat_id if seat_id is None else seat_id
    if actor.seat_ids and seat_id not in actor.seat_ids:
        raise RuleViolation("unknown_seat", "That seat is not at this table.", {"seat_id": seat_id})
    actor.require_edit(seat_id)
    if len(state["counters"]) >= MAX_COUNTERS:
        raise RuleViolation("too_many_counters", f"A table can hold at most {MAX_COUNTERS} counters.")
    value = optional_int(payload, "value", "The start value") or 0
    lo = optional_int(payload, "min", "The minimum")
    hi = optional_int(payload, "max", "The maximum")
    if lo is not None and hi is not None and lo > hi:
        raise RuleViolation(
            "bad_bounds", "The minimum must not be above the maximum.", {"min": lo, "max": hi}
        )
    counter: dict[str, Any] = {
        "id": int(state["next_id"]),
        "name": name,
        "value": value,
        "initial": value,
        "min": lo,
        "max": hi,
        "seat_id": seat_id,
    }
    _check_range(counter, value)
    state["next_id"] = counter["id"] + 1
    state["counters"].append(counter)
    return NewEvent("counter.added", {"counter": dict(counter)})


def _adjust_cmd(state: State, payload: Payload, actor: Actor) -> NewEvent:
    counter = _owned(state, payload, actor)
    by = require(payload, "by", int, "by")
    if by == 0:
        raise RuleViolation("no_change", "Adjust by a number other than 0.", {"field": "by"})
    return _adjust(counter, by)


def _set_cmd(state: State, payload: Payload, actor: Actor) -> NewEvent:
    counter = _owned(state, payload, actor)
    return _set(counter, require(payload, "value", int, "value"), "counter.set")


def _reset(state: State, payload: Payload, actor: Actor) -> NewEvent:
    counter = _owned(state, payload, actor)
    return _set(counter, int(counter["initial"]), "counter.reset")


def _rename(state: State, payload: Payload, actor: Actor) -> NewEvent:
    counter = _owned(state, payload, actor)
    name = _name(payload)
    before = counter["name"]
    counter["name"] = name
    return NewEvent(
        "counter.renamed",
        {"counter_id": counter["id"], "seat_id": counter["seat_id"], "name": name, "before": before},
    )


def _remove(state: State, payload: Payload, actor: Actor) -> NewEvent:
    counter = _owned(state, payload, actor)
    index = state["counters"].index(counter)
    state["counters"].remove(counter)
    return NewEvent("counter.removed", {"counter": dict(counter), "index": index})


_HANDLERS = {
    "counter.add": _add,
    "counter.adjust": _adjust_cmd,
    "counter.set": _set_cmd,
    "counter.reset": _reset,
    "counter.rename": _rename,
    "counter.remove": _remove,
}
