"""Ops for Counters events logged before Counters recorded its changes as ops (issue #8).

Undo and redo are now the generic ones (``rules.game.OpsRules``): they read an
event's ``ops``. Events logged earlier carry only their values, so the data
migration ``0001_counter_event_ops`` gives each the ops it stands for, undo
and redo compensations included. Pure functions, so the migration and its
test share them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

Bounds = dict[int, tuple[Any, Any]]


def bounds_of(payloads: Iterable[Mapping[str, Any]]) -> Bounds:
    """Each counter's limits, from every counter a table's events carry (limits never change)."""
    found: Bounds = {}
    stack: list[Any] = list(payloads)
    while stack:
        node = stack.pop()
        if isinstance(node, Mapping):
            counter = node.get("counter")
            if isinstance(counter, Mapping) and isinstance(counter.get("id"), int):
                found[int(counter["id"])] = (counter.get("min"), counter.get("max"))
            stack.extend(v for v in node.values() if isinstance(v, Mapping | list))
        elif isinstance(node, list):
            stack.extend(node)
    return found


def ops_for(type_: str, payload: Mapping[str, Any], bounds: Bounds) -> list[dict[str, Any]] | None:
    """The ops an old Counters event stands for (None for a type that has none)."""
    if type_ == "counter.added":
        return [{"op": "insert", "path": ["counters"], "index": None, "value": dict(payload["counter"])}]
    if type_ == "counter.removed":
        return [
            {
                "op": "remove",
                "path": ["counters"],
                "index": payload.get("index"),
                "value": dict(payload["counter"]),
            }
        ]
    counter_id = payload.get("counter_id")
    if not isinstance(counter_id, int):
        return None
    path: list[Any] = ["counters", {"id": counter_id}]
    if type_ == "counter.renamed":
        return [{"op": "set", "path": [*path, "name"], "before": payload["before"], "after": payload["name"]}]
    if type_ in ("counter.adjusted", "counter.set", "counter.reset"):
        after = payload["after"] if type_ == "counter.adjusted" else payload["value"]
        lo, hi = bounds.get(counter_id, (None, None))
        return [
            {"op": "counter", "path": [*path, "value"], "before": payload["before"], "after": after,
             "min": lo, "max": hi, "strict": True}
        ]  # fmt: skip
    return None


def with_ops(type_: str, payload: Mapping[str, Any], bounds: Bounds) -> dict[str, Any] | None:
    """The payload with its ops added, or None when it has them already or needs none."""
    if "ops" in payload:
        return None
    ops = ops_for(type_, payload, bounds)
    return None if ops is None else {**payload, "ops": ops}


def upgrade(type_: str, payload: Mapping[str, Any], bounds: Bounds) -> dict[str, Any] | None:
    """A stored event's new payload (its own ops, and its compensations' for undo/redo), or None."""
    if type_ in ("undo", "redo"):
        inner = payload.get("events")
        if not isinstance(inner, list):
            return None
        changed = False
        events = []
        for e in inner:
            new = with_ops(str(e.get("type")), e.get("payload") or {}, bounds)
            changed = changed or new is not None
            events.append({**e, "payload": new} if new is not None else e)
        return {**payload, "events": events} if changed else None
    return with_ops(type_, payload, bounds)
