"""The words of Grim Hand's numbers in the log: "Corruption 1 → 2", "+1 Agility for good".

The log tells the truth (issue #31): every number a command changes is named
in its line as ``before → after``. These helpers word a character's counter
changes and a quest's effects the same way for every command. They return
words kept as data (``rules.grimhand.said``), worded in the reader's language
when the line is shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.describing import before_after
from rules.grimhand import said
from rules.grimhand.said import Said
from rules.i18n import gettext_noop

COUNTER_LABELS = {
    "le": gettext_noop("LE"),
    "ap": gettext_noop("AP"),
    "gold": gettext_noop("Gold"),
    "xp": gettext_noop("XP"),
    "qp": gettext_noop("QP"),
    "doubt": gettext_noop("Doubt"),
    "corruption": gettext_noop("Corruption"),
}
"""The counters' names (§4, §12), marked here and translated where shown: the one table of them."""
LABELS = {
    **COUNTER_LABELS,
    "max_le": gettext_noop("Max LE"),
    "max_ap": gettext_noop("Max AP"),
    "strength": gettext_noop("Strength"),
    "agility": gettext_noop("Agility"),
    "attack": gettext_noop("Attack"),
}
"""Every number a log line names: the counters, then the maxima and stats."""
EXPIRIES = {
    "next_combat": gettext_noop("until the next combat"),
    "next_2_combats": gettext_noop("until the end of the next 2 combats"),
    "next_exploration": gettext_noop("until the next exploration"),
    "next_2_explorations": gettext_noop("for the next 2 explorations"),
}


def label(stat: Any) -> Said | str:
    """A counter's name (a name the rules do not know is shown as written)."""
    known = LABELS.get(str(stat))
    return said.gettext_lazy(known) if known else str(stat).replace("_", " ")


def signed(n: Any) -> str:
    return f"+{n}" if isinstance(n, int) and n >= 0 else f"\u2212{abs(n)}" if isinstance(n, int) else str(n)


def until(expiry: Any) -> Said:
    if not expiry:
        return said.gettext_lazy("for good")
    known = EXPIRIES.get(str(expiry))
    return said.gettext_lazy(known) if known else said.gettext_lazy("until %(when)s", when=str(expiry))


def moved(stat: Any, before: Any, after: Any) -> Said:
    """ "Corruption 1 → 2"."""
    return said.gettext_lazy("%(stat)s %(change)s", stat=label(stat), change=before_after(before, after))


def bonus(amount: Any, stat: Any, expiry: Any) -> Said:
    """ "+1 Agility until the next combat"."""
    return said.gettext_lazy(
        "%(amount)s %(stat)s %(until)s", amount=signed(amount), stat=label(stat), until=until(expiry)
    )


def changes(named: Mapping[str, Mapping[str, Any]]) -> Said:
    """``{"le": {before, after}, ...}`` as "LE 9 → 8, AP 3 → 2"."""
    return said.join(moved(stat, c["before"], c["after"]) for stat, c in named.items())


def effects(applied: Iterable[Mapping[str, Any]], holder_id: Any) -> Said | None:
    """A quest's effects as they fell: the holder's unnamed, another character's by name
    ("Gold 10 → 15, +1 Agility for good; Bo LE 8 → 7"); None when nothing fell."""
    groups: list[tuple[Any, Any, list[Said]]] = []
    for note in applied:
        if note.get("kind") == "counter":
            if note["before"] == note["after"]:
                continue
            words: Said = moved(note["stat"], note["before"], note["after"])
        else:
            words = bonus(note["amount"], note["stat"], note.get("expiry"))
            if note.get("kind") == "reminder":
                words = said.gettext_lazy("%(bonus)s (a reminder)", bonus=words)
        who = note.get("character_id")
        if not groups or groups[-1][0] != who:
            groups.append((who, note.get("character"), [words]))
        else:
            groups[-1][2].append(words)
    if not groups:
        return None
    parts: list[Said] = []
    for who, name, listed in groups:
        if who == holder_id:
            parts.append(said.join(listed))
        elif name:
            parts.append(said.gettext_lazy("%(who)s %(changes)s", who=str(name), changes=said.join(listed)))
        else:
            parts.append(said.gettext_lazy("another character %(changes)s", changes=said.join(listed)))
    return said.join(parts, "; ")


def clamps(clamped: Iterable[Mapping[str, Any]]) -> Said:
    """Current LE/AP brought down to a lowered maximum after a command (spec: current stays within max)."""
    return said.join(
        (
            said.gettext_lazy(
                "%(who)s's %(stat)s %(change)s (down to the new maximum)",
                who=c["character"],
                stat=label(c["stat"]),
                change=before_after(c["before"], c["after"]),
            )
            for c in clamped
        ),
        "; ",
    )
