"""Derived character stats with the reason for every point (§4, §8, §9, §12; App. I).

The sheet's numbers are sums of contributions, and each comes back with its
source so a page can say why a number is what it is:

- max LE   = race + class + affinity + stature + alignment + set + equipment hand + modifiers
- ST, AG, max AP = race + class + affinity + alignment + set + equipment hand + modifiers
- Attack   = race + class + affinity + stature + set + equipment hand + modifiers
             - floor(Doubt / 5), never below 0 (§12)

Spec decision: an aligned item adds no Attack. A stat that would fall below 0
is held at 0 and the hold shows as its own contribution, so a breakdown always
sums to its stat. Temporary modifiers count while the sheet lists them; the
service removes them when they expire.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.grimhand.chart_types import ContributionRow
from rules.grimhand.charts import DEFAULT_CHARTS, STATS, GameCharts, Stat, StatBonus, StatureRow
from rules.grimhand.equipment import (
    EquipmentHand,
    EquippedItem,
    aligned_count,
    check_equipment,
    equipment_hand,
)
from rules.grimhand.rarity import set_rarity
from rules.i18n import gettext as _

DOUBT_STEP = 5
CORRUPTION_THRESHOLD = 4
"""Spec Decision (from §13's example): Corruption 4 or more means corrupted."""

CLAMP_SOURCE = "minimum 0"


@dataclass(frozen=True, slots=True)
class Modifier:
    """A permanent or temporary change to one stat, e.g. a quest's "+1 Agility permanently"."""

    stat: Stat
    amount: int
    source: str
    expiry: str | None = None


@dataclass(frozen=True, slots=True)
class SheetInput:
    """What a player chose and collected; everything else is derived from it."""

    race: str
    klass: str
    affinity: Affinity
    xp: int = 0
    doubt: int = 0
    equipment: tuple[EquippedItem, ...] = ()
    permanent_modifiers: tuple[Modifier, ...] = ()
    temporary_modifiers: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True)
class Contribution:
    """One line of a breakdown: who adds how much."""

    source: str
    amount: int


@dataclass(frozen=True, slots=True)
class Ability:
    """A passive ability granted at creation by race, class or affinity (§9)."""

    slot: str
    name: str
    text: str


@dataclass(frozen=True)
class DerivedStats:
    """A character's computed sheet: stats, their breakdowns and what unlocks them."""

    stats: dict[str, int]
    breakdown: dict[str, list[Contribution]]
    stature: StatureRow
    equipment_hand: EquipmentHand | None
    set_rarity: str | None
    damage_reduction: int
    starting_gold: int
    passive_abilities: tuple[Ability, ...]
    stature_ability_slots: int
    extra_hole_cards: int
    redeal_flop: bool

    @property
    def max_le(self) -> int:
        """Maximum Life Essence."""
        return self.stats[Stat.MAX_LE]

    @property
    def max_ap(self) -> int:
        """Maximum Action Points."""
        return self.stats[Stat.MAX_AP]

    @property
    def attack(self) -> int:
        """Base Attack used in combat (§7.4)."""
        return self.stats[Stat.ATTACK]


def _require_non_negative(name: str, value: int) -> None:
    if value < 0:
        raise RuleViolation(
            "negative_value",
            _("%(name)s cannot be negative, got %(value)s") % {"name": name, "value": value},
            {name: value},
        )


def doubt_penalty(doubt: int) -> int:
    """Attack lost to Doubt: 1 per full 5 (§12; spec)."""
    _require_non_negative("doubt", doubt)
    return doubt // DOUBT_STEP


def is_corrupted(corruption: int, threshold: int = CORRUPTION_THRESHOLD) -> bool:
    """Whether a character counts as corrupted at the end of the game (§13)."""
    _require_non_negative("corruption", corruption)
    return corruption >= threshold


def _bonus_lines(breakdown: dict[Stat, list[Contribution]], source: str, bonus: StatBonus) -> None:
    for stat in STATS:
        if bonus.amount(stat):
            breakdown[stat].append(Contribution(source, bonus.amount(stat)))


def _origin_lines(origins: Iterable[tuple[str, ContributionRow]]) -> dict[Stat, list[Contribution]]:
    """The breakdown's first lines: what race, class and affinity give to every stat (§4)."""
    breakdown: dict[Stat, list[Contribution]] = {stat: [] for stat in STATS}
    for source, row in origins:
        for stat in STATS:
            breakdown[stat].append(Contribution(source, row.amount(stat)))
    return breakdown


def _totals(breakdown: dict[Stat, list[Contribution]]) -> dict[str, int]:
    """Each stat's sum; a negative one is held at zero by a clamp line in its breakdown."""
    stats: dict[str, int] = {}
    for stat in STATS:
        total = sum(line.amount for line in breakdown[stat])
        if total < 0:
            # No rule lets a maximum, a dice pool or Attack go below zero.
            breakdown[stat].append(Contribution(CLAMP_SOURCE, -total))
            total = 0
        stats[stat.value] = total
    return stats


def derive_stats(sheet: SheetInput, tables: GameCharts = DEFAULT_CHARTS) -> DerivedStats:
    """Compute every derived stat of a sheet with its breakdown (§4, §8, §9, §12)."""
    _require_non_negative("xp", sheet.xp)
    check_equipment(sheet.equipment)
    race = tables.race(sheet.race)
    klass = tables.klass(sheet.klass)
    affinity = tables.affinity(sheet.affinity)
    stature = tables.stature_for_xp(sheet.xp)
    penalty = doubt_penalty(sheet.doubt)

    breakdown = _origin_lines(
        (
            (f"race ({race.name})", race),
            (f"class ({klass.name})", klass),
            (f"affinity ({affinity.name})", affinity),
        )
    )
    stature_source = f"stature ({stature.name})"
    if stature.life:
        breakdown[Stat.MAX_LE].append(Contribution(stature_source, stature.life))
    if stature.attack:
        breakdown[Stat.ATTACK].append(Contribution(stature_source, stature.attack))

    aligned = aligned_count(sheet.equipment, sheet.affinity)
    if aligned:
        breakdown[tables.alignment_stat(sheet.affinity)].append(Contribution("alignment", aligned))

    rarity = set_rarity([item.rarity for item in sheet.equipment], tables)
    if rarity is not None:
        _bonus_lines(breakdown, f"set ({rarity})", tables.set_bonus(rarity))

    hand = equipment_hand(sheet.equipment, tables)
    if hand is not None:
        _bonus_lines(breakdown, hand.title, hand.bonus)

    for modifier in (*sheet.permanent_modifiers, *sheet.temporary_modifiers):
        breakdown[modifier.stat].append(Contribution(modifier.source, modifier.amount))

    if penalty:
        breakdown[Stat.ATTACK].append(Contribution("doubt", -penalty))

    stats = _totals(breakdown)
    return DerivedStats(
        stats=stats,
        breakdown={stat.value: lines for stat, lines in breakdown.items()},
        stature=stature,
        equipment_hand=hand,
        set_rarity=rarity,
        damage_reduction=hand.damage_reduction if hand else 0,
        starting_gold=race.gold + klass.gold + affinity.gold,
        passive_abilities=(
            Ability("race", race.ability_name, race.ability_text),
            Ability("class", klass.ability_name, klass.ability_text),
            Ability("affinity", affinity.ability_name, affinity.ability_text),
        ),
        stature_ability_slots=tables.stature_index(stature.name),
        extra_hole_cards=stature.extra_hole_cards,
        redeal_flop=stature.redeal_flop,
    )


def clamp_current(current: int, maximum: int) -> int:
    """Current LE or AP held within 0..max (spec).

    Call it whenever the maximum changes: a lower maximum pulls the current
    value down, a higher one leaves it unchanged.
    """
    return max(0, min(current, maximum))


def adjust_current(current: int, delta: int, maximum: int) -> int:
    """Current LE or AP after gaining or losing ``delta``, kept within 0..max."""
    return clamp_current(current + delta, maximum)


def adjust_counter(name: str, value: int, delta: int) -> int:
    """Gold, XP, QP, Doubt or Corruption after ``delta``; none of them goes below 0 (spec)."""
    _require_non_negative(name, value)
    return max(0, value + delta)
