"""Default tables: the reference facts and the spec's decisions (§4, §8, §9, App. I)."""

from __future__ import annotations

import dataclasses

import pytest

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.grimhand.charts import DEFAULT_CHARTS, RarityBand, Stat, StatureRow
from rules.grimhand.poker import Category


def test_race_class_affinity_rows_carry_the_reference_numbers() -> None:
    orc = DEFAULT_CHARTS.race("orc")
    assert (orc.life, orc.strength, orc.agility, orc.gold, orc.ap, orc.attack) == (7, 4, 0, 5, 3, 3)
    mage = DEFAULT_CHARTS.klass("Mage")
    assert (mage.life, mage.strength, mage.agility, mage.gold, mage.ap, mage.attack) == (
        3,
        0,
        2,
        10,
        5,
        1,
    )
    iron = DEFAULT_CHARTS.affinity(Affinity.IRON)
    assert (iron.life, iron.strength, iron.agility, iron.gold, iron.ap, iron.attack) == (
        2,
        1,
        0,
        4,
        0,
        2,
    )
    assert [r.name for r in DEFAULT_CHARTS.races] == ["Human", "Dwarf", "Elf", "Orc", "Goblin"]
    assert {r.name for r in DEFAULT_CHARTS.classes} == {
        "Warrior",
        "Rogue",
        "Mage",
        "Cleric",
        "Ranger",
    }


def test_unknown_names_are_refused_with_a_code() -> None:
    with pytest.raises(RuleViolation) as info:
        DEFAULT_CHARTS.race("Troll")
    assert info.value.code == "unknown_race"
    assert "Troll" in info.value.message


def test_stature_thresholds_and_the_veteran_bonus() -> None:
    rows = {row.name: row for row in DEFAULT_CHARTS.statures}
    assert [(r.name, r.xp) for r in DEFAULT_CHARTS.statures] == [
        ("Recruit", 0),
        ("Novice", 200),
        ("Adept", 600),
        ("Veteran", 1200),
        ("Master", 2000),
        ("Legend", 3000),
    ]
    # The old app lost this row's bonus to a misspelt name.
    assert (rows["Veteran"].life, rows["Veteran"].attack) == (1, 2)
    assert rows["Master"].extra_hole_cards == 1
    assert rows["Legend"].redeal_flop and not rows["Master"].redeal_flop
    assert DEFAULT_CHARTS.stature("Legendary") is rows["Legend"]


def test_rarity_table_widths_match_the_spec() -> None:
    widths = {b.rarity: b.high - b.low + 1 for b in DEFAULT_CHARTS.rarities}
    assert widths == {
        "Common": 45,
        "Uncommon": 31,
        "Rare": 14,
        "Ultra Rare": 6,
        "Legendary": 3,
        "Mythic": 1,
    }
    assert DEFAULT_CHARTS.rarity("Un-Common") == "Uncommon"
    assert DEFAULT_CHARTS.rarity("ultra-rare") == "Ultra Rare"


def test_set_bonuses() -> None:
    bonus = DEFAULT_CHARTS.set_bonus
    assert bonus("Common").description == "No bonus"
    assert bonus("Uncommon").description == "+1 LE"
    assert bonus("Rare").description == "+1 LE +1 ST"
    assert bonus("Ultra Rare").description == "+1 LE +1 ST +1 AG"
    assert bonus("Legendary").description == "+1 LE +1 ST +1 AG +1 AP +1 AT"
    assert bonus("Mythic").description == "+2 LE +2 ST +2 AG +2 AP +2 AT"


def test_alignment_and_equipment_hand_bonuses_follow_appendix_one() -> None:
    assert [DEFAULT_CHARTS.alignment_stat(a) for a in Affinity] == [
        Stat.MAX_LE,
        Stat.AGILITY,
        Stat.MAX_AP,
        Stat.STRENGTH,
        Stat.MAX_LE,
    ]
    described = {c: DEFAULT_CHARTS.equipment_hand_bonus(c).description for c in Category}
    assert described[Category.PAIR] == "+1 AT"
    assert described[Category.TWO_PAIR] == "+1 AP"
    assert described[Category.THREE_OF_A_KIND] == "+1 ST"
    assert described[Category.STRAIGHT] == "+1 AG"
    assert described[Category.FLUSH] == "+1 LE"
    assert described[Category.FULL_HOUSE] == "Reduce damage taken by 1"
    assert described[Category.FOUR_OF_A_KIND] == "+2 AT"
    assert described[Category.STRAIGHT_FLUSH] == "+2 LE +1 AP"
    assert described[Category.FIVE_OF_A_KIND] == "+3 AT"


@pytest.mark.parametrize(
    ("roll", "stature", "challenge"),
    [
        (4, "Legend", "Fate Roll"),
        (8, "Recruit", "Fate Roll"),
        (9, "Recruit", "Sacrifice Equipment"),
        (5, "Legend", "Sacrifice Equipment"),
        (12, "Novice", "Gold Offering"),
        (12, "Legend", "Affinity Check"),
        (16, "Master", "Poker Hand Challenge"),
        (17, "Veteran", "Poker Hand Challenge"),
        (18, "Legend", "Threat Manifestation"),
        (22, "Recruit", "Poker Hand Challenge"),
        (23, "Recruit", "Threat Manifestation"),
        (14, "Legendary", "Affinity Check"),
    ],
)
def test_quest_challenge_table_cells(roll: int, stature: str, challenge: str) -> None:
    assert DEFAULT_CHARTS.quest_challenge(roll, stature) == challenge


def test_quest_challenge_table_rejects_impossible_totals() -> None:
    for roll in (3, 25):
        with pytest.raises(RuleViolation) as info:
            DEFAULT_CHARTS.quest_challenge(roll, "Adept")
        assert info.value.code == "bad_roll"


def test_house_rules_are_validated() -> None:
    with pytest.raises(RuleViolation) as info:
        dataclasses.replace(DEFAULT_CHARTS, rarities=(RarityBand("Common", 1, 99),))
    assert info.value.code == "bad_tables"
    with pytest.raises(RuleViolation):
        dataclasses.replace(DEFAULT_CHARTS, statures=(StatureRow("Novice", 10, 1, 0),))
