"""One log line per Grim Hand event, with names and numbers (issue #8: a readable log for every game).

"Grum: LE 15 → 14", "Ann's Mara added +1 Agility until the next combat
(Blessing)": the character's name leads, as a party reads its sheets. The
seat that made the change is shown beside the line by the page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

ARROW = "\u2192"
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
EXPIRIES = {"next_combat": "until the next combat", "next_exploration": "until the next exploration"}

Body = Mapping[str, Any]


def _who(b: Body) -> str:
    return str(b.get("character") or "A character")


def _item(b: Body) -> str:
    item = b.get("item") or {}
    return str(item.get("name", "an item")) if isinstance(item, Mapping) else "an item"


def _signed(n: Any) -> str:
    return f"+{n}" if isinstance(n, int) and n >= 0 else f"\u2212{abs(n)}" if isinstance(n, int) else str(n)


def _label(stat: Any) -> str:
    return LABELS.get(str(stat), str(stat))


def _changed(b: Body) -> str:
    line = f"{_who(b)}: {_label(b.get('stat'))} {b.get('before')} {ARROW} {b.get('after')}"
    stature = b.get("stature")
    if isinstance(stature, Mapping) and stature.get("after"):
        line += f" (now {stature['after']})"
    return line


def _modifier(b: Body) -> str:
    m = b.get("modifier") or {}
    expiry = m.get("expiry")
    until = EXPIRIES.get(str(expiry), f"until {expiry}") if expiry else "for good"
    source = f" ({m['source']})" if m.get("source") else ""
    return f"{_who(b)} gets {_signed(m.get('amount'))} {_label(m.get('stat'))} {until}{source}"


LINES: dict[str, Callable[[Body], str]] = {
    "character.created": lambda b: (
        f"{_who(b)} joins: {b.get('race')} {b.get('class')} of {b.get('affinity')}"
    ),
    "character.imported": lambda b: f"{_who(b)} was imported",
    "character.renamed": lambda b: f"{b.get('before')} is now called {b.get('after')}",
    "character.adjusted": _changed,
    "character.set": _changed,
    "character.equipped": lambda b: (
        f"{_who(b)} equipped {_item(b)} ({(b.get('item') or {}).get('rarity', '')})"
    ),
    "character.unequipped": lambda b: f"{_who(b)} unequipped {_item(b)}",
    "character.stashed": lambda b: f"{_who(b)} packed {_item(b)}",
    "character.discarded": lambda b: f"{_who(b)} discarded {_item(b)}",
    "character.item_given": lambda b: f"{_who(b)} gave {_item(b)} to {b.get('to_character')}",
    "character.ability_chosen": lambda b: f"{_who(b)} chose the ability {b.get('ability')}",
    "character.ability_removed": lambda b: f"{_who(b)} gave up the ability {b.get('ability')}",
    "character.ability_used": lambda b: f"{_who(b)} used {b.get('ability')}",
    "character.retired": lambda b: f"{_who(b)} retired",
    "modifier.added": _modifier,
    "modifier.removed": lambda b: (
        f"{_who(b)}: a modifier ended ({(b.get('modifier') or {}).get('source', '')})"
    ),
    "modifier.expired": lambda b: (
        f"{_who(b)}: modifiers {EXPIRIES.get(str(b.get('expiry')), b.get('expiry'))} ended"
    ),
    "quest.taken": lambda b: f"{_who(b)} took the quest {b.get('quest')} ({b.get('qp_needed')} QP needed)",
    "quest.progressed": lambda b: f"{_who(b)}: quest QP {b.get('before')} {ARROW} {b.get('after')}",
    "quest.challenge_rolled": lambda b: (
        f"{_who(b)} rolled {(b.get('roll') or {}).get('total')}: {(b.get('roll') or {}).get('challenge')}"
    ),
    "quest.challenge_rerolled": lambda b: (
        f"{_who(b)} rolled again {(b.get('roll') or {}).get('total')}: "
        f"{(b.get('roll') or {}).get('challenge')}"
    ),
    "quest.completed": lambda b: f"{_who(b)} completed {b.get('quest')}",
    "quest.failed": lambda b: f"{_who(b)} failed {b.get('quest')}",
    "settings.changed": lambda b: f"the table setting {b.get('key')} is now {b.get('after')}",
    "homebrew.equipment_added": lambda b: f"added the homebrew card {(b.get('card') or {}).get('name')}",
    "homebrew.equipment_removed": lambda b: f"removed the homebrew card {(b.get('card') or {}).get('name')}",
}


def describe(event_type: str, payload: Body, seat_names: Mapping[int, str]) -> str:
    """The event's log line; campaign and combat events carry theirs, worded when they happened."""
    worded = payload.get("line")
    if isinstance(worded, str) and worded:
        return worded
    line = LINES.get(event_type)
    if line is None:
        prefix = f"{payload['character']}: " if payload.get("character") else ""
        return prefix + event_type.replace(".", " ").replace("_", " ")
    return line(payload)
