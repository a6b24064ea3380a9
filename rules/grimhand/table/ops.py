"""Primitive, invertible changes to a Grim Hand table's state (architecture: undo).

Every command is a list of these operations; the event stores the list as
``ops``, so undo is mechanical: invert each operation, newest first, and
record what actually happened as the compensating event (whose own ``ops``
make redo just as mechanical). After any change the characters are
re-derived and current LE/AP clamped to their maximum; a clamp is itself a
``counter`` operation, so undoing the change that lowered a maximum gives
the lost points back (spec: "when max drops, current is clamped").

Counter operations are inverted as deltas, not as "set back to before", so
undoing an older change keeps the later ones.

``{"op": "path", "change": <op>}`` carries one of the game-neutral,
path-addressed ops of ``rules.ops`` (the campaign, the market, combat), so the
parts of the snapshot that are not a character's sheet need no op kinds here.
"""

from __future__ import annotations

import copy
from typing import Any

from rules import ops as paths
from rules.errors import RuleViolation
from rules.grimhand.table.state import (
    COUNTER_LIMIT,
    Character,
    characters,
    derive,
    find_character,
    maximum,
    raw,
)
from rules.grimhand.tables import DEFAULT_TABLES, GameTables

Op = dict[str, Any]
State = dict[str, Any]
LIST_KEYS = {"modifiers": "id", "abilities": "name", "quests": "name"}


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


def _take(state: State, where: dict[str, Any], key: str) -> None:
    place = where.get("place")
    if place is None:
        if owner_of(state, key) is not None:
            raise _cannot("That card is now with another character, so this cannot be undone or redone.")
        return
    char = find_character(state, where["character_id"], undo=True)
    items: list[dict[str, Any]] = char[place]
    for index, item in enumerate(items):
        if item["card"] == key:
            del items[index]
            return
    raise _cannot("That card has moved since, so this cannot be undone or redone.")


def _put(state: State, where: dict[str, Any], item: dict[str, Any]) -> None:
    place = where.get("place")
    if place is None:
        return
    char = find_character(state, where["character_id"], undo=True)
    items: list[dict[str, Any]] = char[place]
    if place == "equipment" and len(items) >= 5:
        raise _cannot("That character already has 5 items equipped, so this cannot be undone or redone.")
    index = where.get("index")
    items.insert(len(items) if index is None else min(int(index), len(items)), dict(item))


def _find_entry(char: Character, name: str, entry: dict[str, Any]) -> int:
    key = LIST_KEYS[name]
    for index, existing in enumerate(char[name]):
        if existing[key] == entry[key]:
            return index
    return -1


def apply_op(state: State, op: Op) -> Op:
    """Apply one operation; return it as applied (counter deltas get their real values)."""
    op = copy.deepcopy(op)  # the state and the event must never share lists
    kind = op["op"]
    if kind == "path":
        return {"op": "path", "change": paths.apply_op(state, op["change"])}
    if kind == "create":
        char = dict(op["character"])
        if str(char["id"]) in characters(state):
            raise _cannot("That character is already back.")
        for other in characters(state).values():
            if other["seat_id"] == char["seat_id"]:
                raise _cannot("That seat has another character now, so this cannot be undone or redone.")
        for place in ("equipment", "inventory"):
            for item in char[place]:
                if owner_of(state, card_key(item)) is not None:
                    raise _cannot("One of that character's cards is now with someone else.")
        characters(state)[str(char["id"])] = char
        return op
    if kind == "delete":
        char = find_character(state, op["character"]["id"], undo=True)
        del characters(state)[str(char["id"])]
        return {"op": "delete", "character": raw(char)}
    if kind == "counter":
        char = find_character(state, op["character_id"], undo=True)
        before = int(char[op["stat"]])
        # An inversion ("by") is relative to whatever the value is now.
        after = max(0, min(COUNTER_LIMIT, before + int(op["by"]))) if "by" in op else int(op["after"])
        char[op["stat"]] = after
        return {
            "op": "counter",
            "character_id": char["id"],
            "stat": op["stat"],
            "before": before,
            "after": after,
        }
    if kind == "field":
        char = find_character(state, op["character_id"], undo=True)
        char[op["field"]] = op["after"]
        return op
    if kind == "move":
        key = card_key(op["item"])
        _take(state, op["from"], key)
        _put(state, op["to"], op["item"])
        return op
    if kind in ("list_add", "list_remove", "list_replace"):
        char = find_character(state, op["character_id"], undo=True)
        name = op["list"]
        if kind == "list_add":
            if _find_entry(char, name, op["entry"]) >= 0:
                raise _cannot("That entry is already there.")
            index = op.get("index")
            entries = char[name]
            entries.insert(len(entries) if index is None else min(int(index), len(entries)), op["entry"])
        else:
            target = op["entry"] if kind == "list_remove" else op["before"]
            index = _find_entry(char, name, target)
            if index < 0:
                raise _cannot("That entry is gone, so this cannot be undone or redone.")
            if kind == "list_remove":
                del char[name][index]
                return {**op, "index": index}
            char[name][index] = op["after"]
        return op
    if kind == "setting":
        state.setdefault("settings", {})[op["key"]] = op["after"]
        return op
    if kind in ("homebrew_add", "homebrew_remove"):
        cards: list[dict[str, Any]] = state.setdefault("homebrew", {}).setdefault("equipment", [])
        ids = [c["id"] for c in cards]
        if kind == "homebrew_add":
            if op["card"]["id"] in ids:
                raise _cannot("That homebrew card is already there.")
            cards.append(op["card"])
        else:
            if op["card"]["id"] not in ids:
                raise _cannot("That homebrew card is gone.")
            if owner_of(state, op["card"]["id"]) is not None:
                raise _cannot("A character holds that homebrew card; discard it first.")
            cards.pop(ids.index(op["card"]["id"]))
        return op
    raise RuleViolation("cannot_undo", f"Unknown change {kind!r}.")


def invert_op(op: Op) -> Op:
    """The operation that undoes ``op``."""
    kind = op["op"]
    swap = {"before": op.get("after"), "after": op.get("before")}
    if kind == "path":
        return {"op": "path", "change": paths.invert_op(op["change"])}
    if kind == "create":
        return {"op": "delete", "character": op["character"]}
    if kind == "delete":
        return {"op": "create", "character": op["character"]}
    if kind == "counter":
        return {
            "op": "counter",
            "character_id": op["character_id"],
            "stat": op["stat"],
            "by": int(op["before"]) - int(op["after"]),
        }
    if kind in ("field", "setting", "list_replace"):
        return {**op, **swap}
    if kind == "move":
        return {**op, "from": op["to"], "to": op["from"]}
    pairs = {
        "list_add": "list_remove",
        "list_remove": "list_add",
        "homebrew_add": "homebrew_remove",
        "homebrew_remove": "homebrew_add",
    }
    if kind in pairs:
        return {**op, "op": pairs[kind]}
    raise RuleViolation("cannot_undo", f"Unknown change {kind!r}.")


def settle(state: State, tables: GameTables = DEFAULT_TABLES) -> list[Op]:
    """Re-derive every character from ``tables``; clamp current LE/AP to a lowered maximum (spec)."""
    clamps: list[Op] = []
    settings = state.get("settings", {})
    for char in characters(state).values():
        derive(char, settings, tables)
        for counter in ("le", "ap"):
            top = maximum(char, counter)
            if top is not None and char[counter] > top:
                clamps.append(apply_op(state, counter_op(char, counter, top)))
    return clamps


def counter_op(char: Character, stat: str, after: int) -> Op:
    return {"op": "counter", "character_id": char["id"], "stat": stat, "before": char[stat], "after": after}
