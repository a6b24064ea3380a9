"""Grim Hand's changes, written as the game-neutral path ops of ``rules.ops`` (architecture: undo).

Handlers say what changes in Grim Hand's words (a character's counter, a
field, an item moving between a character's equipment, pack and the table,
a quest or modifier entry, a setting, a homebrew card); ``to_paths`` turns
each into ``rules.ops`` operations addressed by path, and only those are
recorded in the event's ``ops``. Undo and redo are then the generic
``rules.ops.revert``; Grim Hand adds what no op can know: the characters are
re-derived and current LE/AP clamped to a lowered maximum (``settle``: a
clamp is itself a recorded counter op, so undoing the change that lowered a
maximum gives the lost points back), and a reverted state must still be a
table (``check_table``: one character per seat, at most 5 items equipped,
each card in one hand).

Counters are inverted as deltas, not as "set back to before", so undoing an
older change keeps the later ones; they stay within 0..``COUNTER_LIMIT``.

``{"op": "path", "change": <op>}`` carries an op already in ``rules.ops``
form (the campaign, the market, combat). ``to_paths`` also reads the ops
stored by earlier versions of the rules (the data migration
``sheets.grimhand.migrations.0004_event_path_ops`` uses it).
"""

from __future__ import annotations

from typing import Any

from rules import ops as paths
from rules.errors import RuleViolation
from rules.grimhand.charts import DEFAULT_CHARTS, GameCharts
from rules.grimhand.equipment import MAX_EQUIPPED
from rules.grimhand.table.state import COUNTER_LIMIT, Character, characters, derive, maximum
from rules.i18n import gettext as _

Op = dict[str, Any]
State = dict[str, Any]
LIST_KEYS = {"modifiers": "id", "abilities": "name", "quests": "name"}
"""What identifies an entry of each of a character's lists."""


def _cannot(message: str) -> RuleViolation:
    return RuleViolation("cannot_undo", message)


def card_key(item: dict[str, Any]) -> str:
    return str(item["card"])


def owner_of(state: State, key: str) -> tuple[Character, str, int] | None:
    """Which character holds the physical card ``key``, where, at which position."""
    for char in characters(state).values():
        for place in ("equipment", "inventory"):
            for index, item in enumerate(char[place]):
                if item["card"] == key:
                    return char, place, index
    return None


def _char(character_id: Any) -> list[Any]:
    return ["characters", str(character_id)]


def _place(where: dict[str, Any] | None) -> list[Any] | None:
    if not where or where.get("place") is None:
        return None
    return [*_char(where["character_id"]), where["place"]]


def to_paths(op: Op) -> list[Op]:
    """The ``rules.ops`` operations a Grim Hand change stands for (also for ops stored earlier)."""
    kind = op["op"]
    if kind == "path":
        return [op["change"]]
    if "path" in op or (kind == "move" and "value" in op):
        return [op]  # already a path op (a Grim Hand move names its "item")
    if kind == "create":
        char = op["character"]
        return [{"op": "set", "path": _char(char["id"]), "after": char}]
    if kind == "delete":
        char = op["character"]
        return [{"op": "set", "path": _char(char["id"]), "before": char}]
    if kind == "counter":
        change: Op = {"op": "counter", "path": [*_char(op["character_id"]), op["stat"]], "min": 0,
                      "max": COUNTER_LIMIT, "clamp": True}  # fmt: skip
        for key in ("by", "before", "after"):
            if key in op:
                change[key] = op[key]
        return [change]
    if kind in ("field", "setting"):
        path = ["settings", op["key"]] if kind == "setting" else [*_char(op["character_id"]), op["field"]]
        change = {"op": "set", "path": path, "after": op["after"]}
        if "before" in op:
            change["before"] = op["before"]
        return [change]
    if kind == "move":
        source, target = _place(op.get("from")), _place(op.get("to"))
        item = op["item"]
        if source is None and target is None:
            return []
        if source is None:
            assert target is not None
            return [{"op": "insert", "path": target, "index": (op["to"] or {}).get("index"), "value": item,
                     "key": "card"}]  # fmt: skip
        if target is None:
            return [{"op": "remove", "path": source, "index": (op["from"] or {}).get("index"), "value": item,
                     "key": "card"}]  # fmt: skip
        return [{"op": "move", "from": source, "to": target, "from_index": (op["from"] or {}).get("index"),
                 "to_index": (op["to"] or {}).get("index"), "value": item, "key": "card"}]  # fmt: skip
    if kind in ("list_add", "list_remove", "list_replace"):
        name = op["list"]
        key = LIST_KEYS[name]
        path = [*_char(op["character_id"]), name]
        if kind == "list_replace":
            before = op["before"]
            entry = [*path, {key: before[key]}]
            return [{"op": "set", "path": entry, "before": before, "after": op["after"]}]
        return [{"op": "insert" if kind == "list_add" else "remove", "path": path, "index": op.get("index"),
                 "value": op["entry"], "key": key}]  # fmt: skip
    if kind in ("homebrew_add", "homebrew_remove"):
        verb = "insert" if kind == "homebrew_add" else "remove"
        return [{"op": verb, "path": ["homebrew", "equipment"], "value": op["card"]}]
    raise RuleViolation("cannot_undo", _("Unknown change %(kind)r.") % {"kind": kind})


def apply_op(state: State, op: Op) -> list[Op]:
    """Apply one Grim Hand change; the path ops as applied (what the event records)."""
    return [paths.apply_op(state, change) for change in to_paths(op)]


def check_table(state: State) -> None:
    """A state reached by undo or redo must still be a table (``cannot_undo`` otherwise)."""
    seats: set[int] = set()
    held: set[str] = set()
    homebrew = {card["id"] for card in state.get("homebrew", {}).get("equipment", [])}
    for char in characters(state).values():
        if char["seat_id"] in seats:
            raise _cannot("That seat has another character now, so this cannot be undone or redone.")
        seats.add(char["seat_id"])
        if len(char["equipment"]) > MAX_EQUIPPED:
            raise _cannot(
                f"{char['name']} would have more than {MAX_EQUIPPED} items equipped, "
                "so this cannot be undone or redone."
            )
        for item in (*char["equipment"], *char["inventory"]):
            if item["card"] in held:
                raise _cannot("That card is now with another character, so this cannot be undone or redone.")
            held.add(item["card"])
            if item.get("homebrew") and item["card"] not in homebrew:
                raise _cannot("A character holds that homebrew card; discard it first.")


def settle(state: State, tables: GameCharts = DEFAULT_CHARTS) -> list[Op]:
    """Re-derive every character from ``tables``; clamp current LE/AP to a lowered maximum (spec)."""
    clamps: list[Op] = []
    settings = state.get("settings", {})
    for char in characters(state).values():
        derive(char, settings, tables)
        for counter in ("le", "ap"):
            top = maximum(char, counter)
            if top is not None and char[counter] > top:
                clamps.extend(apply_op(state, counter_op(char, counter, top)))
    return clamps


def counter_op(char: Character, stat: str, after: int) -> Op:
    return {"op": "counter", "character_id": char["id"], "stat": stat, "before": char[stat], "after": after}


def clamp_notes(state: State, clamps: list[Op]) -> list[dict[str, Any]]:
    """``settle``'s clamps for the log: whose LE/AP came down to the new maximum, from what."""
    notes = []
    for op in clamps:
        _unused, char_id, stat = op["path"]
        char = characters(state).get(str(char_id), {})
        notes.append({"character": char.get("name", "A character"), "stat": stat, "before": op["before"],
                      "after": op["after"]})  # fmt: skip
    return notes
