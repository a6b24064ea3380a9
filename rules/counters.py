"""Counters: a game-agnostic tracker where each seat has named counters.

Life, poison, points, gold... for any game at the table. Each counter belongs
to a seat, may have a minimum and a maximum, and remembers its starting value
for ``counter.reset``. Every event carries the values before and after for
the log, and the ops that made it, so undo and redo are the generic ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine import Payload, State, optional_int, require
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody, OpsRules
from rules.i18n import gettext as _
from rules.validate import fields

MAX_NAME = 40
MAX_COUNTERS = 200
LIMIT = 1_000_000_000  # keeps values in a sane integer range


class CountersRules(OpsRules):
    """The rules of the Counters table (issue: live tables).

    Every change goes through the op recorder, so undo and redo are the
    generic ones (``rules.game.OpsRules``); a counter's limits travel with
    its changes, so an undo that would cross one is refused, not clamped.
    """

    game = "counters"
    name = "Counters"

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return {"counters": [], "next_id": 1}

    def describe(self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        """ "+3 Life (Bo) 20 → 23": the change, whose counter, and its value before and after."""
        owner = (
            seat_names.get(payload.get("seat_id", -1)) if isinstance(payload.get("seat_id"), int) else None
        )
        of = f" ({owner})" if owner else ""
        if event_type == "counter.adjusted":
            by = int(payload.get("by", 0))
            sign = "+" if by >= 0 else "\u2212"
            moved = f"{payload.get('before')} \u2192 {payload.get('after')}"
            return f"{sign}{abs(by)} {payload.get('name')}{of} {moved}"
        if event_type in ("counter.set", "counter.reset"):
            said = {
                "name": f"{payload.get('name')}{of}",
                "before": payload.get("before"),
                "after": payload.get("value"),
            }
            if event_type == "counter.set":
                if "before" in payload:
                    return _("set %(name)s %(before)s → %(after)s") % said
                return _("set %(name)s to %(after)s") % said
            if "before" in payload:
                return _("reset %(name)s %(before)s → %(after)s") % said
            return _("reset %(name)s to %(after)s") % said
        if event_type == "counter.renamed":
            return _("renamed %(before)s to %(name)s") % {
                "before": payload.get("before"),
                "name": payload.get("name"),
            }
        counter = payload.get("counter")
        if event_type == "counter.added" and isinstance(counter, Mapping):
            return _("added %(name)s (%(value)s)") % {
                "name": counter.get("name"),
                "value": counter.get("value"),
            }
        if event_type == "counter.removed" and isinstance(counter, Mapping):
            return _("removed %(name)s") % {"name": counter.get("name")}
        return super().describe(event_type, payload, seat_names)

    def burst(
        self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]
    ) -> dict[str, Any] | None:
        """Taps of one step on one counter read as one line: "+3 Life 20 → 23"."""
        by = payload.get("by")
        if event_type != "counter.adjusted" or by not in (-1, 1):
            return None
        owner = seat_names.get(payload["seat_id"]) if isinstance(payload.get("seat_id"), int) else None
        label = f"{payload.get('name')}" + (f" ({owner})" if owner else "")
        return {
            "key": f"counter:{payload.get('counter_id')}",
            "by": by,
            "label": label,
            "before": payload.get("before"),
            "after": payload.get("after"),
        }

    def number_label(self, path: list[Any], state: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        """A counter's value reads as its name and owner, "Life (Ann)"."""
        if len(path) == 3 and path[0] == "counters" and path[2] == "value" and isinstance(path[1], Mapping):
            for counter in state.get("counters", []):
                if counter.get("id") == path[1].get("id"):
                    owner = seat_names.get(counter.get("seat_id", -1))
                    return f"{counter.get('name')}" + (f" ({owner})" if owner else "")
        return super().number_label(path, state, seat_names)

    def summary(self, state: State) -> dict[str, Any]:
        """Counters has no winner; the record keeps every counter's final value."""
        return {
            "counters": [{k: c[k] for k in ("name", "value", "seat_id")} for c in state.get("counters", [])]
        }


def _name(payload: Payload) -> str:
    name = str(require(payload, "name", str, _("A counter name"))).strip()
    if not name:
        raise RuleViolation("bad_name", _("Give the counter a name, like “Life”."), {"field": "name"})
    if len(name) > MAX_NAME:
        raise RuleViolation(
            "bad_name", _("Counter names are at most %(n)s characters.") % {"n": MAX_NAME}, {"field": "name"}
        )
    return name


def _find(state: State, counter_id: int) -> dict[str, Any]:
    counters: list[dict[str, Any]] = state["counters"]
    for counter in counters:
        if counter["id"] == counter_id:
            return counter
    raise RuleViolation(
        "unknown_counter", _("There is no such counter at this table."), {"counter_id": counter_id}
    )


def _check_range(counter: dict[str, Any], value: int) -> None:
    lo, hi = counter.get("min"), counter.get("max")
    if lo is not None and value < lo:
        raise RuleViolation(
            "below_min",
            _("%(name)s cannot go below %(n)s.") % {"name": counter["name"], "n": lo},
            {"counter_id": counter["id"], "min": lo, "value": value},
        )
    if hi is not None and value > hi:
        raise RuleViolation(
            "above_max",
            _("%(name)s cannot go above %(n)s.") % {"name": counter["name"], "n": hi},
            {"counter_id": counter["id"], "max": hi, "value": value},
        )
    if abs(value) > LIMIT:
        raise RuleViolation("out_of_range", _("That number is too large."), {"value": value})


def _path(counter: dict[str, Any]) -> list[Any]:
    return ["counters", {"id": counter["id"]}]


def _change(ctx: Ctx, counter: dict[str, Any], value: int) -> int:
    """Set the counter's value within its limits (recorded with them); the value before."""
    before = int(counter["value"])
    _check_range(counter, value)
    ctx.rec.bounded([*_path(counter), "value"], value, lo=counter.get("min"), hi=counter.get("max"))
    return before


def _adjust(ctx: Ctx, counter: dict[str, Any], by: int) -> EventBody:
    before = _change(ctx, counter, int(counter["value"]) + by)
    return "counter.adjusted", {
        "counter_id": counter["id"],
        "seat_id": counter["seat_id"],
        "name": counter["name"],
        "by": by,
        "before": before,
        "after": before + by,
    }


def _set(ctx: Ctx, counter: dict[str, Any], value: int, event_type: str) -> EventBody:
    before = _change(ctx, counter, value)
    return event_type, {
        "counter_id": counter["id"],
        "seat_id": counter["seat_id"],
        "name": counter["name"],
        "value": value,
        "before": before,
    }


def _owned(ctx: Ctx, payload: Payload, *keys: str) -> dict[str, Any]:
    """The counter the payload names (a payload of ``counter_id`` and ``keys`` only), if the
    sender may change its seat."""
    fields(payload, ("counter_id", *keys))
    counter_id = require(payload, "counter_id", int, "counter_id")
    counter = _find(ctx.state, counter_id)
    ctx.actor.require_edit(int(counter["seat_id"]))
    return counter


def _add(ctx: Ctx, payload: Payload) -> EventBody:
    state, actor = ctx.state, ctx.actor
    fields(payload, ("name", "value", "min", "max", "seat_id"))
    name = _name(payload)
    seat_id = optional_int(payload, "seat_id", "seat_id")
    seat_id = actor.seat_id if seat_id is None else seat_id
    if actor.seat_ids and seat_id not in actor.seat_ids:
        raise RuleViolation("unknown_seat", _("That seat is not at this table."), {"seat_id": seat_id})
    actor.require_edit(seat_id)
    if len(state["counters"]) >= MAX_COUNTERS:
        raise RuleViolation(
            "too_many_counters", _("A table can hold at most %(n)s counters.") % {"n": MAX_COUNTERS}
        )
    value = optional_int(payload, "value", _("The start value")) or 0
    lo = optional_int(payload, "min", _("The minimum"))
    hi = optional_int(payload, "max", _("The maximum"))
    if lo is not None and hi is not None and lo > hi:
        raise RuleViolation(
            "bad_bounds", _("The minimum must not be above the maximum."), {"min": lo, "max": hi}
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
    # Ids are never given twice, so next_id only grows: undoing an add does not take it back
    # (a later counter would otherwise share an id with one still on the table).
    state["next_id"] = counter["id"] + 1
    ctx.rec.insert(["counters"], counter)
    return "counter.added", {"counter": dict(counter)}


def _adjust_cmd(ctx: Ctx, payload: Payload) -> EventBody:
    counter = _owned(ctx, payload, "by")
    by = require(payload, "by", int, "by")
    if by == 0:
        raise RuleViolation("no_change", _("Adjust by a number other than 0."), {"field": "by"})
    return _adjust(ctx, counter, by)


def _set_cmd(ctx: Ctx, payload: Payload) -> EventBody:
    counter = _owned(ctx, payload, "value")
    return _set(ctx, counter, require(payload, "value", int, "value"), "counter.set")


def _reset(ctx: Ctx, payload: Payload) -> EventBody:
    counter = _owned(ctx, payload)
    return _set(ctx, counter, int(counter["initial"]), "counter.reset")


def _rename(ctx: Ctx, payload: Payload) -> EventBody:
    counter = _owned(ctx, payload, "name")
    name = _name(payload)
    before = counter["name"]
    ctx.rec.set([*_path(counter), "name"], name)
    return "counter.renamed", {
        "counter_id": counter["id"],
        "seat_id": counter["seat_id"],
        "name": name,
        "before": before,
    }


def _remove(ctx: Ctx, payload: Payload) -> EventBody:
    counter = _owned(ctx, payload)
    index = ctx.state["counters"].index(counter)
    removed = ctx.rec.remove(["counters"], dict(counter))
    return "counter.removed", {"counter": dict(removed), "index": index}


CountersRules.handlers = {
    "counter.add": _add,
    "counter.adjust": _adjust_cmd,
    "counter.set": _set_cmd,
    "counter.reset": _reset,
    "counter.rename": _rename,
    "counter.remove": _remove,
}
