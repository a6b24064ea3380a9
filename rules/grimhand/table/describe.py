"""One log line per Grim Hand event, with names and numbers (issue #8: a readable log for every game).

"Grum: LE 15 → 14", "Ann's Mara added +1 Agility until the next combat
(Blessing)": the character's name leads, as a party reads its sheets. The
seat that made the change is shown beside the line by the page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.describing import before_after
from rules.grimhand.table import words
from rules.grimhand.table.words import label, signed, until

Body = Mapping[str, Any]
SETTING_NAMES = {
    "printed_rarity": "Printed rarity",
    "corruption_threshold": "Corruption threshold",
    "explore_level": "Explore level (Gold Offering)",
    "heal_gold_per_le": "Gold per LE healed",
    "active_limit": "Threats fighting at once",
    "market_picks": "Cards per market option",
}


def _who(b: Body) -> str:
    return str(b.get("character") or "A character")


def _item(b: Body) -> str:
    item = b.get("item") or {}
    return str(item.get("name", "an item")) if isinstance(item, Mapping) else "an item"


def _changed(b: Body) -> str:
    line = f"{_who(b)}: {label(b.get('stat'))} {before_after(b.get('before'), b.get('after'))}"
    stature = b.get("stature")
    if isinstance(stature, Mapping) and stature.get("after"):
        line += f" (now {stature['after']})"
    return line


def _modifier(b: Body) -> str:
    m = b.get("modifier") or {}
    source = f" ({m['source']})" if m.get("source") else ""
    return f"{_who(b)} gets {signed(m.get('amount'))} {label(m.get('stat'))} {until(m.get('expiry'))}{source}"


def _quest_end(b: Body) -> str:
    verb = "completed" if b.get("status") == "completed" else "failed"
    line = f"{_who(b)} {verb} {b.get('quest')}"
    if b.get("override"):
        kind = b.get("challenge") or "challenge"
        line += f" by hand, overriding its {kind} ({b.get('note')})"
    said = words.effects(b.get("effects") or [], b.get("character_id"))
    return f"{line}: {said}" if said else line


def _ap(b: Body) -> str:
    ap = b.get("ap")
    return f" (AP {before_after(ap['before'], ap['after'])})" if isinstance(ap, Mapping) else ""


def _setting(b: Body) -> str:
    name = SETTING_NAMES.get(str(b.get("key")), str(b.get("key")))
    before, after = b.get("before"), b.get("after")
    if isinstance(after, bool):
        return f"Campaign setting: {name} {'on' if after else 'off'}"
    if isinstance(before, int) and not isinstance(before, bool):
        return f"Campaign setting: {name} {before_after(before, after)}"
    return f"Campaign setting: {name} is now {after}"


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
    "character.ability_used": lambda b: (
        f"{_who(b)} used {b.get('ability')} (AP {before_after(b.get('before'), b.get('after'))})"
    ),
    "character.retired": lambda b: f"{_who(b)} retired",
    "modifier.added": _modifier,
    "modifier.removed": lambda b: (
        f"{_who(b)}: a modifier ended ({(b.get('modifier') or {}).get('source', '')})"
    ),
    "modifier.expired": lambda b: f"{_who(b)}: modifiers {until(b.get('expiry'))} ended",
    "quest.taken": lambda b: f"{_who(b)} took the quest {b.get('quest')} ({b.get('qp_needed')} QP needed)",
    "quest.progressed": lambda b: f"{_who(b)}: quest QP {before_after(b.get('before'), b.get('after'))}",
    "quest.challenge_rolled": lambda b: (
        f"{_who(b)} rolled {(b.get('roll') or {}).get('total')}: {(b.get('roll') or {}).get('challenge')}"
    ),
    "quest.challenge_rerolled": lambda b: (
        f"{_who(b)} rolled again {(b.get('roll') or {}).get('total')}: "
        f"{(b.get('roll') or {}).get('challenge')}{_ap(b)}"
    ),
    "quest.completed": _quest_end,
    "quest.failed": _quest_end,
    "settings.changed": _setting,
    "homebrew.equipment_added": lambda b: f"added the homebrew card {(b.get('card') or {}).get('name')}",
    "homebrew.equipment_removed": lambda b: f"removed the homebrew card {(b.get('card') or {}).get('name')}",
}


def describe(event_type: str, payload: Body, seat_names: Mapping[int, str]) -> str:
    """The event's log line; campaign and combat events carry theirs, worded when they happened.

    A command that lowered a maximum also brought the current LE/AP down to it
    (``ops.settle``): those numbers end the line, so it names every number it changed.
    """
    worded = payload.get("line")
    if isinstance(worded, str) and worded:
        line = worded
    elif event_type in LINES:
        line = LINES[event_type](payload)
    else:
        prefix = f"{payload['character']}: " if payload.get("character") else ""
        line = prefix + event_type.replace(".", " ").replace("_", " ")
    clamped = payload.get("clamped")
    if clamped:
        line += "; " + words.clamps(clamped)
    return line
