"""Grim Hand's default charts, the rulebook's data tables (§4, §8, §9, §9.1, Appendix I; spec Decisions).

Numbers come from the reference data and the spec; ability texts are this
project's own one-line summaries. Tables are inputs: every rule that reads one
takes ``tables: GameCharts = DEFAULT_CHARTS``, so a group's house rules are a
different ``GameCharts`` value, not different code.

Spec decisions applied here: stature thresholds 0/200/600/1200/2000/3000 and the
Veteran row +1 LE +2 AT (the old data misspelt "Veteran" and lost the bonus);
"Legendary" accepted for "Legend"; the d100 rarity table 45/31/14/6/3/1.
"""

from __future__ import annotations

from rules.grimhand.cards import Affinity
from rules.grimhand.chart_types import (
    QUEST_ROLL_MAX,
    QUEST_ROLL_MIN,
    STATS,
    ContributionRow,
    GameCharts,
    QuestChallengeRow,
    RarityBand,
    SetBonus,
    Stat,
    StatBonus,
    StatureRow,
)
from rules.grimhand.poker import Category

__all__ = [
    "DEFAULT_CHARTS",
    "QUEST_ROLL_MAX",
    "QUEST_ROLL_MIN",
    "STATS",
    "ContributionRow",
    "GameCharts",
    "QuestChallengeRow",
    "RarityBand",
    "SetBonus",
    "Stat",
    "StatBonus",
    "StatureRow",
]

# name, life, strength, agility, gold, ap, attack, ability, our summary
RACES: tuple[ContributionRow, ...] = (
    ContributionRow(
        "Human",
        5,
        2,
        2,
        10,
        4,
        2,
        "Adaptive Spirit",
        "First round of an exploration encounter: one hole card counts 1 rank higher.",
    ),
    ContributionRow(
        "Dwarf",
        6,
        3,
        1,
        8,
        3,
        3,
        "Stonewall Resolve",
        "Once per combat, take 1 less damage from a hit (never below 0).",
    ),
    ContributionRow(
        "Elf",
        4,
        1,
        3,
        12,
        5,
        2,
        "Whisper of the Wilds",
        "Once per exploration, pay 1 AP to redraw one community card.",
    ),
    ContributionRow(
        "Orc",
        7,
        4,
        0,
        5,
        3,
        3,
        "Brutal Charge",
        "Win a combat round with trips or better: deal 1 extra damage.",
    ),
    ContributionRow(
        "Goblin",
        3,
        1,
        4,
        15,
        4,
        1,
        "Nimble Escape",
        "Once per combat, escape instead of being defeated, at a cost of 2 LE.",
    ),
)

CLASSES: tuple[ContributionRow, ...] = (
    ContributionRow(
        "Warrior",
        6,
        3,
        1,
        7,
        2,
        3,
        "Battle Hardened",
        "Once per combat, winning a hand restores 1 LE (up to max).",
    ),
    ContributionRow(
        "Rogue",
        4,
        1,
        4,
        13,
        3,
        2,
        "Cunning Insight",
        "Once per exploration, after the flop, pay 1 AP to see the deck's next card.",
    ),
    ContributionRow(
        "Mage",
        3,
        0,
        2,
        10,
        5,
        1,
        "Arcane Volley",
        "Win a round with a straight or flush: pay 1 AP for 1 extra damage.",
    ),
    ContributionRow(
        "Cleric", 5, 2, 1, 8, 3, 2, "Divine Aegis", "Once per combat, when LE falls to 1, regain 1 LE."
    ),
    ContributionRow(
        "Ranger", 4, 2, 3, 11, 3, 2, "Wilderness Scout", "Gain 1 XP for each exploration encounter completed."
    ),
)

AFFINITY_ROWS: tuple[ContributionRow, ...] = (
    ContributionRow(
        "Blood", 1, 1, 0, 5, 1, 1, "Sanguine Bond", "Hurt while under 3 LE: +1 Strength until the round ends."
    ),
    ContributionRow(
        "Bone",
        1,
        0,
        1,
        6,
        1,
        1,
        "Unyielding Form",
        "Once per exploration or combat, redeal one of your hole cards.",
    ),
    ContributionRow(
        "Shadow",
        0,
        0,
        1,
        7,
        2,
        1,
        "Veiled Step",
        "Once per exploration, after the flop, pay 1 AP to trade a hole card for a community card.",
    ),
    ContributionRow(
        "Iron",
        2,
        1,
        0,
        4,
        0,
        2,
        "Steeled Resolve",
        "Out-score a threat in a round: you may lower its next Attack by 1.",
    ),
    ContributionRow(
        "Nature",
        1,
        0,
        2,
        8,
        1,
        0,
        "Rooted Connection",
        "Once per exploration, gain 1 XP when you make no poker hand.",
    ),
)

STATURES: tuple[StatureRow, ...] = (
    StatureRow("Recruit", 0, life=0, attack=0),
    StatureRow("Novice", 200, life=1, attack=0),
    StatureRow("Adept", 600, life=1, attack=1),
    StatureRow("Veteran", 1200, life=1, attack=2),
    StatureRow("Master", 2000, life=1, attack=2, extra_hole_cards=1),
    StatureRow("Legend", 3000, life=1, attack=2, redeal_flop=True),
)

RARITIES: tuple[RarityBand, ...] = (
    RarityBand("Common", 1, 45),
    RarityBand("Uncommon", 46, 76),
    RarityBand("Rare", 77, 90),
    RarityBand("Ultra Rare", 91, 96),
    RarityBand("Legendary", 97, 99),
    RarityBand("Mythic", 100, 100),
)

SET_BONUSES: tuple[SetBonus, ...] = (
    SetBonus("Common", StatBonus()),
    SetBonus("Uncommon", StatBonus(life=1)),
    SetBonus("Rare", StatBonus(life=1, strength=1)),
    SetBonus("Ultra Rare", StatBonus(life=1, strength=1, agility=1)),
    SetBonus("Legendary", StatBonus(life=1, strength=1, agility=1, ap=1, attack=1)),
    SetBonus("Mythic", StatBonus(life=2, strength=2, agility=2, ap=2, attack=2)),
)

ALIGNMENT: tuple[tuple[Affinity, Stat], ...] = (
    (Affinity.BLOOD, Stat.MAX_LE),
    (Affinity.BONE, Stat.AGILITY),
    (Affinity.SHADOW, Stat.MAX_AP),
    (Affinity.IRON, Stat.STRENGTH),
    (Affinity.NATURE, Stat.MAX_LE),
)

EQUIPMENT_HAND_BONUSES: tuple[tuple[Category, StatBonus], ...] = (
    (Category.HIGH_CARD, StatBonus()),
    (Category.PAIR, StatBonus(attack=1)),
    (Category.TWO_PAIR, StatBonus(ap=1)),
    (Category.THREE_OF_A_KIND, StatBonus(strength=1)),
    (Category.STRAIGHT, StatBonus(agility=1)),
    (Category.FLUSH, StatBonus(life=1)),
    (Category.FULL_HOUSE, StatBonus(damage_reduction=1)),
    (Category.FOUR_OF_A_KIND, StatBonus(attack=2)),
    (Category.STRAIGHT_FLUSH, StatBonus(life=2, ap=1)),
    (Category.FIVE_OF_A_KIND, StatBonus(attack=3)),
)

_F, _S, _G = "Fate Roll", "Sacrifice Equipment", "Gold Offering"
_A, _P, _T = "Affinity Check", "Poker Hand Challenge", "Threat Manifestation"


def _quest_rows() -> tuple[QuestChallengeRow, ...]:
    # Each column is a stature; a challenge's band starts one total earlier per
    # stature step, so the columns are staircases. Listing each column's first
    # total per challenge keeps the table short and checkable.
    starts = {  # stature column -> first total of S, G, A, P, T (F starts at 4)
        0: (9, 13, 17, 20, 23),
        1: (8, 12, 16, 19, 22),
        2: (7, 11, 15, 18, 21),
        3: (6, 10, 14, 17, 20),
        4: (6, 9, 13, 16, 19),
        5: (5, 8, 12, 15, 18),
    }
    order = (_F, _S, _G, _A, _P, _T)
    rows = []
    for roll in range(QUEST_ROLL_MIN, QUEST_ROLL_MAX + 1):
        row = []
        for column in range(len(STATURES)):
            passed = sum(1 for first in starts[column] if roll >= first)
            row.append(order[passed])
        rows.append(QuestChallengeRow(roll, tuple(row)))
    return tuple(rows)


DEFAULT_CHARTS = GameCharts(
    races=RACES,
    classes=CLASSES,
    affinities=AFFINITY_ROWS,
    statures=STATURES,
    rarities=RARITIES,
    set_bonuses=SET_BONUSES,
    alignment=ALIGNMENT,
    equipment_hand_bonuses=EQUIPMENT_HAND_BONUSES,
    quest_challenges=_quest_rows(),
    # "Rank 6 for Novice to Rank 10 for Legend" (§9.1); Recruit is not named,
    # so it continues the step downwards.
    threat_manifestation_ranks=(
        ("Recruit", 5),
        ("Novice", 6),
        ("Adept", 7),
        ("Veteran", 8),
        ("Master", 9),
        ("Legend", 10),
    ),
    stature_aliases=(("Legendary", "Legend"), ("Veteren", "Veteran")),
    rarity_aliases=(("Un-Common", "Uncommon"), ("Ultra-Rare", "Ultra Rare"), ("Legenday", "Legendary")),
)
"""The rulebook's and spec's tables, used whenever a group has no house rules."""
