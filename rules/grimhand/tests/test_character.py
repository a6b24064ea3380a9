"""Derived stats and their breakdowns (§4, §8, §9, §12; App. I; spec)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.grimhand.character import (
    Contribution,
    Modifier,
    SheetInput,
    adjust_counter,
    adjust_current,
    clamp_current,
    derive_stats,
    doubt_penalty,
    is_corrupted,
)
from rules.grimhand.charts import DEFAULT_CHARTS, Stat
from rules.grimhand.equipment import EquippedItem

KEYS = {"max_le", "max_ap", "strength", "agility", "attack"}


def sources(lines: list[Contribution]) -> dict[str, int]:
    return {line.source: line.amount for line in lines}


def test_bare_character_sums_race_class_affinity() -> None:
    derived = derive_stats(SheetInput("Dwarf", "Cleric", Affinity.IRON))
    assert set(derived.stats) == KEYS
    # Dwarf 6 + Cleric 5 + Iron 2 life; Dwarf 3 + Cleric 2 + Iron 2 attack.
    assert derived.stats == {"max_le": 13, "max_ap": 6, "strength": 6, "agility": 2, "attack": 7}
    assert sources(derived.breakdown["max_le"]) == {
        "race (Dwarf)": 6,
        "class (Cleric)": 5,
        "affinity (Iron)": 2,
    }
    assert derived.starting_gold == 8 + 8 + 4
    assert derived.stature.name == "Recruit"
    assert derived.equipment_hand is None and derived.set_rarity is None
    assert [a.slot for a in derived.passive_abilities] == ["race", "class", "affinity"]
    assert derived.passive_abilities[0].name == "Stonewall Resolve"
    assert derived.stature_ability_slots == 0


def test_every_contribution_is_listed_and_sums_to_the_stat() -> None:
    sheet = SheetInput(
        "Human",
        "Warrior",
        Affinity.BLOOD,
        xp=1300,
        doubt=11,
        equipment=(
            EquippedItem(7, Affinity.BLOOD, "Rare"),
            EquippedItem(7, Affinity.IRON, "Rare"),
            EquippedItem(3, Affinity.BLOOD, "Rare"),
            EquippedItem(3, Affinity.IRON, "Rare"),
            EquippedItem(7, Affinity.NATURE, "Rare"),
        ),
        permanent_modifiers=(Modifier(Stat.AGILITY, 1, "quest: The Sanguine Feast"),),
        temporary_modifiers=(Modifier(Stat.ATTACK, 2, "potion", "end of next combat"),),
    )
    derived = derive_stats(sheet)
    life = sources(derived.breakdown["max_le"])
    assert life["stature (Veteran)"] == 1
    assert life["alignment"] == 2  # two Blood items, Blood aligns to LE
    assert life["set (Rare)"] == 1
    assert sources(derived.breakdown["strength"])["set (Rare)"] == 1
    assert sources(derived.breakdown["agility"])["quest: The Sanguine Feast"] == 1
    attack = sources(derived.breakdown["attack"])
    assert attack["stature (Veteran)"] == 2
    assert attack["doubt"] == -2
    assert attack["potion"] == 2
    assert "alignment" not in attack  # spec Decision: no Attack per aligned item
    assert derived.equipment_hand is not None
    assert derived.equipment_hand.title == "Anchored Power"
    assert derived.damage_reduction == 1
    assert derived.set_rarity == "Rare"
    for key, value in derived.stats.items():
        assert sum(line.amount for line in derived.breakdown[key]) == value
    assert derived.stats["attack"] == 2 + 3 + 1 + 2 - 2 + 2


def test_equipment_hand_bonus_is_named_by_its_title() -> None:
    sheet = SheetInput(
        "Elf",
        "Rogue",
        Affinity.SHADOW,
        equipment=(EquippedItem(4, Affinity.BLOOD), EquippedItem(4, Affinity.IRON)),
    )
    derived = derive_stats(sheet)
    assert sources(derived.breakdown["attack"])["Unified Effort"] == 1
    assert sources(derived.breakdown["max_ap"]).get("alignment") is None


def test_veteran_bonus_is_applied() -> None:
    adept = derive_stats(SheetInput("Orc", "Warrior", Affinity.IRON, xp=1199))
    veteran = derive_stats(SheetInput("Orc", "Warrior", Affinity.IRON, xp=1200))
    assert veteran.stature.name == "Veteran"
    assert veteran.stats["attack"] == adept.stats["attack"] + 1
    assert veteran.stats["max_le"] == adept.stats["max_le"]
    assert veteran.stature_ability_slots == 3


def test_master_and_legend_unlocks() -> None:
    master = derive_stats(SheetInput("Orc", "Mage", Affinity.BONE, xp=2000))
    legend = derive_stats(SheetInput("Orc", "Mage", Affinity.BONE, xp=99_999))
    assert master.extra_hole_cards == 1 and not master.redeal_flop
    assert legend.redeal_flop and legend.extra_hole_cards == 0
    assert legend.stature_ability_slots == 5


def test_attack_floor_is_shown_as_a_contribution() -> None:
    derived = derive_stats(SheetInput("Goblin", "Mage", Affinity.NATURE, doubt=24))
    assert derived.stats["attack"] == 0
    lines = sources(derived.breakdown["attack"])
    assert lines["doubt"] == -4
    assert lines["minimum 0"] == 2


def test_unknown_choices_and_negative_inputs_are_refused() -> None:
    with pytest.raises(RuleViolation) as info:
        derive_stats(SheetInput("Troll", "Mage", Affinity.NATURE))
    assert info.value.code == "unknown_race"
    with pytest.raises(RuleViolation) as info:
        derive_stats(SheetInput("Elf", "Mage", Affinity.NATURE, doubt=-1))
    assert info.value.code == "negative_value"


def test_doubt_and_corruption_thresholds() -> None:
    assert [doubt_penalty(d) for d in (0, 4, 5, 9, 10, 14, 15)] == [0, 0, 1, 1, 2, 2, 3]
    assert not is_corrupted(3) and is_corrupted(4)
    assert is_corrupted(3, threshold=3)


def test_current_values_follow_the_maximum() -> None:
    assert clamp_current(9, 7) == 7  # max dropped: current pulled down
    assert clamp_current(5, 12) == 5  # max rose: current unchanged
    assert clamp_current(-3, 7) == 0
    assert adjust_current(6, 3, 7) == 7
    assert adjust_current(2, -5, 7) == 0
    assert adjust_counter("gold", 3, -10) == 0
    assert adjust_counter("xp", 3, 10) == 13


modifiers = st.builds(Modifier, st.sampled_from(list(Stat)), st.integers(-30, 30), st.just("effect"))
items = st.builds(
    EquippedItem,
    st.integers(1, 10),
    st.sampled_from(list(Affinity)),
    st.sampled_from(["Common", "Uncommon", "Rare", "Ultra Rare", "Legendary", "Mythic"]),
)
sheets = st.builds(
    SheetInput,
    st.sampled_from([r.name for r in DEFAULT_CHARTS.races]),
    st.sampled_from([r.name for r in DEFAULT_CHARTS.classes]),
    st.sampled_from(list(Affinity)),
    st.integers(0, 5000),
    st.integers(0, 60),
    st.lists(items, max_size=5).map(tuple),
    st.lists(modifiers, max_size=3).map(tuple),
    st.lists(modifiers, max_size=3).map(tuple),
)


@settings(max_examples=300, deadline=None)
@given(sheets)
def test_stats_never_negative_and_breakdowns_always_sum(sheet: SheetInput) -> None:
    derived = derive_stats(sheet)
    for key, value in derived.stats.items():
        assert value >= 0
        assert sum(line.amount for line in derived.breakdown[key]) == value


@settings(max_examples=200, deadline=None)
@given(sheets, st.integers(0, 100))
def test_more_doubt_never_raises_attack(sheet: SheetInput, extra: int) -> None:
    import dataclasses

    worse = dataclasses.replace(sheet, doubt=sheet.doubt + extra)
    assert derive_stats(worse).stats["attack"] <= derive_stats(sheet).stats["attack"]
