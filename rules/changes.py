"""The numbers a command changed, read from its ops, and their words for the log.

The house rule "the log tells the truth": every number a command changes is
named in its log line as ``before → after``. A game's ``describe`` words its
own events; undo and redo, which quote the line they take back, add the
numbers they really changed (an undo of an older change is relative, so the
quoted line's numbers are not the ones that moved). Numbers no player reads
(ids, the next id to hand out, a seat's position) are bookkeeping.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TypeGuard

from rules.i18n import gettext as _
from rules.i18n import gettext_noop

ARROW = "\u2192"

BOOKKEEPING = frozenset({"id", "next_id", "seq", "position", "version", "seed", "created_at"})
"""Keys whose numbers no player reads (and every key ending in ``_id``)."""

Change = tuple[list[Any], int | None, int]
"""``(path, before, after)``: a number that moved (``before`` None: it is new)."""


def is_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def last_key(path: Iterable[Any]) -> str | None:
    keys = [p for p in path if isinstance(p, str)]
    return keys[-1] if keys else None


def is_bookkeeping(path: Iterable[Any]) -> bool:
    key = last_key(path)
    return key is None or key in BOOKKEEPING or key.endswith("_id")


def ops_of(payload: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """An event's ops, an undo's or redo's compensating events' included."""
    ops = payload.get("ops")
    if isinstance(ops, list):
        yield from (op for op in ops if isinstance(op, Mapping))
    inner_events = payload.get("events")
    if isinstance(inner_events, list):
        for inner in inner_events:
            if isinstance(inner, Mapping) and isinstance(inner.get("payload"), Mapping):
                yield from ops_of(inner["payload"])


def number_changes(payload: Mapping[str, Any]) -> list[Change]:
    """Every number an event's ops changed that a player reads, in order."""
    changes: list[Change] = []
    for op in ops_of(payload):
        path = list(op.get("path") or ())
        before, after = op.get("before"), op.get("after")
        if op.get("op") not in ("counter", "set") or not is_number(after) or is_bookkeeping(path):
            continue
        if is_number(before):
            if before != after:
                changes.append((path, before, after))
        elif "before" not in op:  # a new key; a null that gets a number is a pointer set (an index)
            changes.append((path, None, after))
    return changes


def moved(before: int | None, after: int) -> str:
    """``"9 → 2"``, or the new number alone."""
    return str(after) if before is None else f"{before} {ARROW} {after}"


KEY_LABELS = (
    gettext_noop("Number"),
    gettext_noop("Value"),
    gettext_noop("Score"),
    gettext_noop("Points"),
    gettext_noop("Turn"),
    gettext_noop("Round"),
)
"""Number labels the platform's own keys give (marked for the catalogue, translated where shown)."""


def key_label(key: str) -> str:
    """A snapshot key in words: ``qp`` → QP, ``actions_left`` → Actions left; in the reader's language
    when a catalogue has those words (a game marks its own: ``gettext_noop("Actions left")``)."""
    if len(key) <= 3:
        return key.upper()
    return _(key.replace("_", " ").capitalize())


def _entity_name(node: Any, seat_names: Mapping[int, str]) -> str | None:
    if not isinstance(node, Mapping):
        return None
    name = node.get("name")
    if isinstance(name, str) and name:
        return name
    seat_id = node.get("seat_id")
    if is_number(seat_id):
        return seat_names.get(seat_id)
    return None


def _step(node: Any, segment: Any) -> Any:
    if isinstance(segment, Mapping) and isinstance(node, list):
        for item in node:
            if isinstance(item, Mapping) and all(item.get(k) == v for k, v in segment.items()):
                return item
        return None
    if isinstance(segment, int) and isinstance(node, list):
        return node[segment] if -len(node) <= segment < len(node) else None
    if isinstance(node, Mapping):
        return node.get(segment)
    return None


def path_label(path: list[Any], state: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
    """A number's name from its path, with whose it is when the path passes a named thing:
    ``["grims", {"id": 4}, "health"]`` → "Tide Wisp's Health"."""
    owner = None
    node: Any = state
    for segment in path[:-1]:
        node = _step(node, segment)
        owner = _entity_name(node, seat_names) or owner
    key = last_key(path) or "number"
    number = key_label(key)  # in the reader's language where a catalogue has it (a game's "Health")
    if owner:
        return _("%(owner)s's %(number)s") % {"owner": owner, "number": number}
    return number


def by_hand(field: str, before: int, after: int, note: str) -> dict[str, Any]:
    """The body of a number corrected by hand (the printed card wins): which one, by how much, its
    numbers before and after, and the note that says why."""
    return {"field": field, "by": after - before, "before": before, "after": after, "note": note}


def said_changes(changes: Iterable[Change], label: Any) -> str:
    """``"Health 2 → 9, Stamina 3 → 7"``; ``label(path)`` names each number."""
    return ", ".join(f"{label(path)} {moved(before, after)}" for path, before, after in changes)
