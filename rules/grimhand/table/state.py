"""A Grim Hand table's snapshot: characters, their derived numbers, settings (§4, §8, §9, §12).

Each character is a JSON dict of what the player chose and collected plus the
current counters; ``derived`` holds everything computed from it by
``rules.grimhand.character.derive_stats`` (stats with breakdowns, stature,
equipment hand, set). The snapshot is recomputed on every change, so every
phone at the table reads the same numbers without computing anything.
"""

from __future__ import annotations

from typing import Any

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.grimhand.character import DerivedStats, Modifier, SheetInput, derive_stats
from rules.grimhand.charts import DEFAULT_CHARTS, GameCharts, Stat
from rules.grimhand.equipment import EquippedItem
from rules.i18n import gettext as _

Character = dict[str, Any]
COUNTERS: tuple[str, ...] = ("le", "ap", "gold", "xp", "qp", "doubt", "corruption")
"""Counters a seat changes with ``character.adjust`` / ``character.set`` (spec: all >= 0)."""
CURRENT_MAX = {"le": Stat.MAX_LE.value, "ap": Stat.MAX_AP.value}
"""Current LE and AP stay within 0..max (spec)."""
STAT_NAMES: tuple[str, ...] = tuple(s.value for s in Stat)
COUNTER_LIMIT = 1_000_000
DEFAULT_SETTINGS: dict[str, Any] = {
    "printed_rarity": False,  # spec Decision: rarity rolled on the d100 unless a campaign says printed
    "corruption_threshold": 4,  # spec Decision (§13's example)
    "explore_level": 1,  # for the Gold Offering challenge (§9.1) before a campaign has levels
    "heal_gold_per_le": 2,  # the rulebook prints no price for healing with gold (§7.3): a house setting
    "active_limit": 0,  # threats fighting at once; 0 = the party size (§7.4.3)
    "market_picks": 1,  # cards one option at the market may buy; 0 = any number until a pass (§7.3)
}


FIRST_DECK_RANK = 5
"""Decks start with ranks 1..5; each finished level adds the next rank (§7.2)."""


def new_campaign() -> dict[str, Any]:
    """The campaign block of a table whose campaign has not started (phase ``setup``)."""
    return {
        "levels": 3,
        "level": 0,
        "card": 0,
        "phase": "setup",
        "deck_rank": FIRST_DECK_RANK,
        "initiative": {"seat_id": None, "rolls": [], "tied": []},
        "explore": [],
        "market": {"open": False, "cards": [], "order": [], "had_option": []},
        "defeated": [],
        "kills": {},
        "ante": [],
        "resolved": 0,
        "end": None,
    }


def initial_state() -> dict[str, Any]:
    return {
        "characters": {},
        "settings": dict(DEFAULT_SETTINGS),
        "homebrew": {"equipment": []},
        "campaign": new_campaign(),
        "combat": None,
    }


def characters(state: dict[str, Any]) -> dict[str, Character]:
    chars: dict[str, Character] = state.setdefault("characters", {})
    return chars


def find_character(state: dict[str, Any], character_id: object, *, undo: bool = False) -> Character:
    """The character with this id, or ``unknown_character``."""
    if isinstance(character_id, bool) or not isinstance(character_id, int | str):
        raise RuleViolation(
            "bad_field", _("character_id must be a character's id."), {"field": "character_id"}
        )
    char = characters(state).get(str(character_id))
    if char is None:
        if undo:
            raise RuleViolation(
                "cannot_undo", _("That character no longer exists, so this cannot be undone.")
            )
        raise RuleViolation(
            "unknown_character",
            _("There is no such character at this table."),
            {"character_id": character_id},
        )
    return char


def character_of_seat(state: dict[str, Any], seat_id: int) -> Character | None:
    for char in characters(state).values():
        if char["seat_id"] == seat_id:
            return char
    return None


def _modifier(raw: dict[str, Any]) -> Modifier:
    return Modifier(Stat(raw["stat"]), int(raw["amount"]), str(raw["source"]), raw.get("expiry"))


def sheet_input(char: Character) -> SheetInput:
    """The pure rules' view of a character (§4)."""
    mods = [m for m in char["modifiers"] if m["stat"] in STAT_NAMES]
    return SheetInput(
        race=char["race"],
        klass=char["class"],
        affinity=Affinity(char["affinity"]),
        xp=int(char["xp"]),
        doubt=int(char["doubt"]),
        equipment=tuple(
            EquippedItem(int(i["rank"]), Affinity(i["affinity"]), i["rarity"], i["name"])
            for i in char["equipment"]
        ),
        permanent_modifiers=tuple(_modifier(m) for m in mods if m.get("expiry") is None),
        temporary_modifiers=tuple(_modifier(m) for m in mods if m.get("expiry") is not None),
    )


def derived_json(
    derived: DerivedStats, char: Character, settings: dict[str, Any], tables: GameCharts = DEFAULT_CHARTS
) -> dict[str, Any]:
    """The derived numbers as JSON, as the snapshot and the API carry them.

    ``tables`` must be the ones ``derived`` was computed with: the next stature
    is read from the same stature table (§9).
    """
    index = tables.statures.index(derived.stature)
    following = tables.statures[index + 1] if index + 1 < len(tables.statures) else None
    hand = derived.equipment_hand
    threshold = int(settings.get("corruption_threshold", DEFAULT_SETTINGS["corruption_threshold"]))
    return {
        "stats": dict(derived.stats),
        "breakdown": {
            stat: [{"source": c.source, "amount": c.amount} for c in lines]
            for stat, lines in derived.breakdown.items()
        },
        "stature": derived.stature.name,
        "stature_xp": derived.stature.xp,
        "next_stature": {"name": following.name, "xp": following.xp} if following else None,
        "equipment_hand": (
            {
                "category": hand.category.name.lower(),
                "title": hand.title,
                "bonus": hand.description,
                "damage_reduction": hand.damage_reduction,
            }
            if hand
            else None
        ),
        "set": {"rarity": derived.set_rarity} if derived.set_rarity else None,
        "damage_reduction": derived.damage_reduction,
        "starting_gold": derived.starting_gold,
        "passive_abilities": [
            {"slot": a.slot, "name": a.name, "text": a.text} for a in derived.passive_abilities
        ],
        "stature_ability_slots": derived.stature_ability_slots,
        "extra_hole_cards": derived.extra_hole_cards,
        "redeal_flop": derived.redeal_flop,
        "corrupted": int(char["corruption"]) >= threshold,
        "corruption_threshold": threshold,
    }


def derive(char: Character, settings: dict[str, Any], tables: GameCharts = DEFAULT_CHARTS) -> dict[str, Any]:
    """Recompute one character's ``derived`` block from ``tables`` and return it (§4, §8, §9)."""
    derived = derived_json(derive_stats(sheet_input(char), tables), char, settings, tables)
    char["derived"] = derived
    return derived


def maximum(char: Character, counter: str) -> int | None:
    """The upper bound of a counter (max LE / max AP), or None for unbounded ones."""
    stat = CURRENT_MAX.get(counter)
    return None if stat is None else int(char["derived"]["stats"][stat])


def new_character(
    *,
    character_id: int,
    seat_id: int,
    name: str,
    race: str,
    klass: str,
    affinity: str,
    tables: GameCharts = DEFAULT_CHARTS,
) -> Character:
    """A fresh character: current LE and AP at max, gold at the starting gold (spec; §4)."""
    char: Character = {
        "id": character_id,
        "seat_id": seat_id,
        "name": name,
        "race": race,
        "class": klass,
        "affinity": affinity,
        "le": 0,
        "ap": 0,
        "gold": 0,
        "xp": 0,
        "qp": 0,
        "doubt": 0,
        "corruption": 0,
        "equipment": [],
        "inventory": [],
        "abilities": [],
        "quests": [],
        "modifiers": [],
    }
    derived = derive(char, DEFAULT_SETTINGS, tables)
    char["le"] = derived["stats"]["max_le"]
    char["ap"] = derived["stats"]["max_ap"]
    char["gold"] = derived["starting_gold"]
    return char


def raw(char: Character) -> Character:
    """A character without its derived block (what events and exports carry)."""
    return {k: v for k, v in char.items() if k != "derived"}
