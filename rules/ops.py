"""Reversible changes to any game's snapshot, addressed by path (architecture: undo).

Every game's command is recorded as a list of these operations in its
event's ``ops``; undo inverts them newest first and redo inverts the
compensation again, so undo, redo, the log and projections work for every
game without game code.

A path is a list of segments from the snapshot's root:
- a string: a key of a dict;
- an integer: an index into a list;
- ``{"id": value}`` (or any ``{key: value}``): the element of a list whose
  ``id`` (``key``) is ``value``, so an undo still finds a hero, a counter or
  a combo after the list was reordered.

Operations (JSON, as stored in the log):
- ``{"op": "set", "path", "before"?, "after"?}``: set a dict key (or a list
  element); a missing ``after`` deletes the key, a missing ``before`` says the
  key did not exist.
- ``{"op": "counter", "path", "before", "after"}``: a number changed. Its
  inversion is relative (``{"by": before - after}``), so undoing an older
  change keeps the later ones. ``min``/``max`` clamp the result (with
  ``clamp`` the inversion too), or with ``strict`` refuse it
  (``below_min``/``above_max``), the inversion included.
- ``{"op": "insert", "path", "index", "value", "key"?}`` / ``{"op": "remove", ...}``:
  an element entered or left a list. A removal finds a dict by its ``key``
  (``id`` unless named), anything else at its index (or, if it moved, its
  first equal).
- ``{"op": "move", "from", "to", "from_index", "to_index", "value"}``: an
  element left one list for another.

Inverting an operation that no longer fits the state (the counter is gone,
the element was taken since) raises ``RuleViolation("cannot_undo")``.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from rules.errors import RuleViolation
from rules.i18n import gettext as _

Op = dict[str, Any]
Segment = str | int | dict[str, Any]
Path = Sequence[Segment]
State = dict[str, Any]


def _cannot(message: str = "") -> RuleViolation:
    return RuleViolation(
        "cannot_undo", message or _("That has changed since, so this cannot be undone or redone.")
    )


def _matches(item: Any, segment: dict[str, Any]) -> bool:
    """Whether a list element is the one a segment names: ``{"id": 7}``, ``{"name": "Iron Test"}``."""
    return isinstance(item, dict) and bool(segment) and all(item.get(k) == v for k, v in segment.items())


def _step(node: Any, segment: Segment) -> Any:
    """One step down the path; a ``cannot_undo`` refusal where it does not lead anywhere."""
    if isinstance(segment, dict):
        if not isinstance(node, list):
            raise _cannot()
        for item in node:
            if _matches(item, segment):
                return item
        raise _cannot()
    if isinstance(segment, int) and not isinstance(segment, bool):
        if not isinstance(node, list) or not -len(node) <= segment < len(node):
            raise _cannot()
        return node[segment]
    if not isinstance(node, dict) or segment not in node:
        raise _cannot()
    return node[segment]


def resolve(state: Any, path: Path) -> Any:
    """The value at ``path`` (``cannot_undo`` when the path is gone)."""
    node = state
    for segment in path:
        node = _step(node, segment)
    return node


def _parent(state: State, path: Path) -> tuple[Any, Segment]:
    if not path:
        raise RuleViolation("cannot_undo", _("An operation needs a path."))
    return resolve(state, path[:-1]), path[-1]


def _index_in(container: Any, segment: Segment) -> int:
    """The list index a segment names inside ``container`` (a list)."""
    if not isinstance(container, list):
        raise _cannot()
    if isinstance(segment, dict):
        for index, item in enumerate(container):
            if _matches(item, segment):
                return index
        raise _cannot()
    if isinstance(segment, int) and not isinstance(segment, bool) and 0 <= segment < len(container):
        return segment
    raise _cannot()


def _find(items: list[Any], value: Any, index: int | None, key: str = "id") -> int:
    """Where ``value`` sits in ``items`` now: by its ``key`` (the id) for entities, else at
    ``index`` or first equal."""
    if isinstance(value, dict) and key in value:
        for position, item in enumerate(items):
            if isinstance(item, dict) and item.get(key) == value[key]:
                return position
        raise _cannot()
    if index is not None and 0 <= index < len(items) and items[index] == value:
        return index
    for position, item in enumerate(items):
        if item == value:
            return position
    raise _cannot()


def _insert(items: Any, value: Any, index: int | None, key: str = "id") -> int:
    if not isinstance(items, list):
        raise _cannot()
    if (
        isinstance(value, dict)
        and key in value
        and any(isinstance(item, dict) and item.get(key) == value[key] for item in items)
    ):
        raise _cannot(_("That is already back."))
    position = len(items) if index is None else max(0, min(int(index), len(items)))
    items.insert(position, copy.deepcopy(value))
    return position


def _within(op: Op, value: int) -> None:
    """A strict counter stays within its limits (``below_min`` / ``above_max`` otherwise)."""
    lo, hi = op.get("min"), op.get("max")
    if lo is not None and value < int(lo):
        raise RuleViolation(
            "below_min",
            _("That would take it below its minimum of %(n)s, so it cannot be changed back.") % {"n": lo},
        )
    if hi is not None and value > int(hi):
        raise RuleViolation(
            "above_max",
            _("That would take it above its maximum of %(n)s, so it cannot be changed back.") % {"n": hi},
        )


def _apply_set(state: State, op: Op) -> Op:
    container, key = _parent(state, op["path"])
    applied: Op = {"op": "set", "path": list(op["path"])}
    if isinstance(container, dict):
        if not isinstance(key, str):
            raise _cannot()
        if key in container:
            applied["before"] = copy.deepcopy(container[key])
        if "after" in op:
            container[key] = copy.deepcopy(op["after"])
            applied["after"] = copy.deepcopy(op["after"])
        else:
            container.pop(key, None)
        return applied
    index = _index_in(container, key)
    if "after" not in op:
        raise _cannot()
    applied["before"] = copy.deepcopy(container[index])
    container[index] = copy.deepcopy(op["after"])
    applied["after"] = copy.deepcopy(op["after"])
    return applied


def _apply_counter(state: State, op: Op) -> Op:
    container, key = _parent(state, op["path"])
    current = resolve(state, op["path"])
    if isinstance(current, bool) or not isinstance(current, int):
        raise _cannot()
    after = current + int(op["by"]) if "by" in op else int(op["after"])
    if op.get("strict"):
        _within(op, after)
    if "min" in op and op["min"] is not None:
        after = max(int(op["min"]), after)
    if "max" in op and op["max"] is not None:
        after = min(int(op["max"]), after)
    if isinstance(container, dict):
        container[key] = after
    else:
        container[_index_in(container, key)] = after
    applied: Op = {"op": "counter", "path": list(op["path"]), "before": current, "after": after}
    for bound in ("min", "max"):
        if op.get(bound) is not None:
            applied[bound] = op[bound]
    for flag in ("strict", "clamp"):
        if op.get(flag):
            applied[flag] = True
    return applied


def _apply_move(state: State, op: Op, key: str, keyed: dict[str, str]) -> Op:
    source = resolve(state, op["from"])
    target = resolve(state, op["to"])
    if not isinstance(source, list):
        raise _cannot()
    position = _find(source, op["value"], op.get("from_index"), key)
    value = source.pop(position)
    try:
        landed = _insert(target, value, op.get("to_index"), key)
    except RuleViolation:
        source.insert(position, value)
        raise
    return {
        "op": "move",
        "from": list(op["from"]),
        "to": list(op["to"]),
        "from_index": position,
        "to_index": landed,
        "value": copy.deepcopy(value),
        **keyed,
    }


def apply_op(state: State, op: Op) -> Op:
    """Apply one operation to ``state`` in place; return it as applied (real before/after, indexes)."""
    kind = op.get("op")
    if kind == "set":
        return _apply_set(state, op)
    if kind == "counter":
        return _apply_counter(state, op)
    key = str(op.get("key") or "id")
    keyed = {"key": key} if key != "id" else {}
    if kind == "insert":
        items = resolve(state, op["path"])
        position = _insert(items, op["value"], op.get("index"), key)
        value = copy.deepcopy(op["value"])
        return {"op": "insert", "path": list(op["path"]), "index": position, "value": value, **keyed}
    if kind == "remove":
        items = resolve(state, op["path"])
        if not isinstance(items, list):
            raise _cannot()
        position = _find(items, op["value"], op.get("index"), key)
        value = items.pop(position)
        return {"op": "remove", "path": list(op["path"]), "index": position, "value": value, **keyed}
    if kind == "move":
        return _apply_move(state, op, key, keyed)
    raise RuleViolation("cannot_undo", _("Unknown change %(kind)r.") % {"kind": kind})


def invert_op(op: Op) -> Op:
    """The operation that undoes ``op`` (an applied one, as ``apply_op`` returns)."""
    kind = op.get("op")
    if kind == "set":
        inverse: Op = {"op": "set", "path": op["path"]}
        if "before" in op:
            inverse["after"] = op["before"]
        if "after" in op:
            inverse["before"] = op["after"]
        return inverse
    keyed = {"key": op["key"]} if op.get("key") else {}
    if kind == "counter":
        inverse = {"op": "counter", "path": op["path"], "by": int(op["before"]) - int(op["after"])}
        if op.get("strict"):
            # A number with limits keeps them: an undo that would cross one is refused, not clamped.
            inverse.update({"strict": True, "min": op.get("min"), "max": op.get("max")})
        elif op.get("clamp"):
            # A number that lives within limits (a count never below 0) is clamped on undo too.
            inverse.update({"clamp": True, "min": op.get("min"), "max": op.get("max")})
        return inverse
    if kind == "insert":
        return {"op": "remove", "path": op["path"], "index": op.get("index"), "value": op["value"], **keyed}
    if kind == "remove":
        return {"op": "insert", "path": op["path"], "index": op.get("index"), "value": op["value"], **keyed}
    if kind == "move":
        return {
            "op": "move",
            "from": op["to"],
            "to": op["from"],
            "from_index": op.get("to_index"),
            "to_index": op.get("from_index"),
            "value": op["value"],
            **keyed,
        }
    raise RuleViolation("cannot_undo", _("Unknown change %(kind)r.") % {"kind": kind})


def revert(state: State, ops: Sequence[Op]) -> list[Op]:
    """Undo ``ops`` (newest first) on ``state`` in place; the applied inversions, for redo.

    All or nothing: the caller works on a copy, so a refusal half-way leaves
    the stored snapshot untouched.
    """
    return [apply_op(state, invert_op(op)) for op in reversed(ops)]


class Recorder:
    """Changes a working copy of the snapshot, recording each change as an op.

    Game handlers change the state only through a recorder, so every event
    carries the ops that undo it exactly.
    """

    def __init__(self, state: State) -> None:
        self.state = state
        self.ops: list[Op] = []

    def _do(self, op: Op) -> Op:
        applied = apply_op(self.state, op)
        self.ops.append(applied)
        return applied

    def get(self, path: Path) -> Any:
        return resolve(self.state, path)

    def set(self, path: Path, value: Any) -> None:
        """Set a dict key or list element (no op is recorded when nothing changes)."""
        container, key = _parent(self.state, path)
        if isinstance(container, dict) and key in container and container[key] == value:
            return
        self._do({"op": "set", "path": list(path), "after": value})

    def delete(self, path: Path) -> None:
        """Remove a dict key."""
        container, key = _parent(self.state, path)
        if isinstance(container, dict) and key in container:
            self._do({"op": "set", "path": list(path)})

    def add(self, path: Path, by: int, *, lo: int | None = None, hi: int | None = None) -> int:
        """Change a number by ``by`` (clamped to ``lo``/``hi``); the new value."""
        op: Op = {"op": "counter", "path": list(path), "by": by, "min": lo, "max": hi}
        applied = self._do(op)
        if applied["before"] == applied["after"]:
            self.ops.pop()
        return int(applied["after"])

    def bounded(self, path: Path, value: int, *, lo: int | None, hi: int | None) -> None:
        """Set a number that has limits: its undo and redo are refused rather than cross them."""
        if resolve(self.state, path) != value:
            op: Op = {"op": "counter", "path": list(path), "after": value, "min": lo, "max": hi}
            self._do({**op, "strict": True})

    def put(self, path: Path, value: int) -> None:
        """Set a number (recorded as a counter change, so its undo is relative)."""
        current = resolve(self.state, path)
        if current != value:
            self._do({"op": "counter", "path": list(path), "after": value})

    def insert(self, path: Path, value: Any, index: int | None = None) -> int:
        """Add ``value`` to the list at ``path`` (at the end by default); its index."""
        return int(self._do({"op": "insert", "path": list(path), "index": index, "value": value})["index"])

    def remove(self, path: Path, value: Any) -> Any:
        """Take ``value`` (an entity by its id, else an equal value) out of the list at ``path``."""
        return self._do({"op": "remove", "path": list(path), "value": value})["value"]

    def move(self, source: Path, target: Path, value: Any, index: int | None = None) -> None:
        """Move ``value`` from one list to another."""
        self._do({"op": "move", "from": list(source), "to": list(target), "value": value, "to_index": index})
