"""The words of Grim Hand's numbers in the log: "Corruption 1 → 2", "+1 Agility for good".

The log tells the truth (issue #31): every number a command changes is named
in its line as ``before → after``. These helpers word a character's counter
changes and a quest's effects the same way for every command.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.describing import before_after

LABELS = {
    "le": "LE",
    "ap": "AP",
    "gold": "Gold",
    "xp": "XP",
    "qp": "QP",
    "doubt": "Doubt",
    "corruption": "Corruption",
    "max_le": "Max LE",
    "max_ap": "Max AP",
    "strength": "Strength",
    "agility": "Agility",
    "attack": "Attack",
}
EXPIRIES = {
    "next_combat": "until the next combat",
    "next_2_combats": "until the end of the next 2 combats",
    "next_exploration": "until the next exploration",
    "next_2_explorations": "for the next 2 explorations",
}


def label(stat: Any) -> str:
    return LABELS.get(str(stat), str(stat).replace("_", " "))


def signed(n: Any) -> str:
    return f"+{n}" if isinstance(n, int) and n >= 0 else f"\u2212{abs(n)}" if isinstance(n, int) else str(n)


def until(expiry: Any) -> str:
    return EXPIRIES.get(str(expiry), f"until {expiry}") if expiry else "for good"


def moved(stat: Any, before: Any, after: Any) -> str:
    """ "Corruption 1 → 2"."""
    return f"{label(stat)} {before_after(before, after)}"


def changes(named: Mapping[str, Mapping[str, Any]]) -> str:
    """``{"le": {before, after}, ...}`` as "LE 9 → 8, AP 3 → 2"."""
    return ", ".join(moved(stat, c["before"], c["after"]) for stat, c in named.items())


def effects(applied: Iterable[Mapping[str, Any]], holder_id: Any) -> str:
    """A quest's effects as they fell: the holder's unnamed, another character's by name
    ("Gold 10 → 15, +1 Agility for good; Bo LE 8 → 7")."""
    groups: list[tuple[Any, list[str]]] = []
    for note in applied:
        if note.get("kind") == "counter":
            if note["before"] == note["after"]:
                continue
            said = moved(note["stat"], note["before"], note["after"])
        else:
            said = f"{signed(note['amount'])} {label(note['stat'])} {until(note.get('expiry'))}"
            if note.get("kind") == "reminder":
                said += " (a reminder)"
        who = note.get("character_id")
        if not groups or groups[-1][0] != who:
            prefix = "" if who == holder_id else f"{note.get('character', 'another character')} "
            groups.append((who, [prefix + said]))
        else:
            groups[-1][1].append(said)
    return "; ".join(", ".join(parts) for _, parts in groups)


def clamps(clamped: Iterable[Mapping[str, Any]]) -> str:
    """Current LE/AP brought down to a lowered maximum after a command (spec: current stays within max)."""
    return "; ".join(
        f"{c['character']}'s {moved(c['stat'], c['before'], c['after'])} (down to the new maximum)"
        for c in clamped
    )
