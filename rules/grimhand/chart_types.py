"""Types of Grim Hand's charts (the rulebook's data tables) a group may house-rule (§4, §8, §9.1, App. I).

The default content is ``rules.grimhand.charts.DEFAULT_CHARTS``; import these
types from ``rules.grimhand.charts`` too, which re-exports them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.grimhand.poker import Category
from rules.i18n import gettext as _


class Stat(StrEnum):
    """A derived character stat (§4.1); the values are the keys of ``DerivedStats.stats``."""

    MAX_LE = "max_le"
    MAX_AP = "max_ap"
    STRENGTH = "strength"
    AGILITY = "agility"
    ATTACK = "attack"


STATS: tuple[Stat, ...] = tuple(Stat)

_SHORT: dict[Stat, str] = {
    Stat.MAX_LE: "LE",
    Stat.MAX_AP: "AP",
    Stat.STRENGTH: "ST",
    Stat.AGILITY: "AG",
    Stat.ATTACK: "AT",
}


@dataclass(frozen=True, slots=True)
class ContributionRow:
    """A race, class or affinity row: what the choice adds to a character (§4)."""

    name: str
    life: int
    strength: int
    agility: int
    gold: int
    ap: int
    attack: int
    ability_name: str
    ability_text: str

    def amount(self, stat: Stat) -> int:
        """This row's contribution to ``stat``."""
        return {
            Stat.MAX_LE: self.life,
            Stat.MAX_AP: self.ap,
            Stat.STRENGTH: self.strength,
            Stat.AGILITY: self.agility,
            Stat.ATTACK: self.attack,
        }[stat]


@dataclass(frozen=True, slots=True)
class StatureRow:
    """A stature level reached at ``xp`` and the bonuses of that row only (§9)."""

    name: str
    xp: int
    life: int
    attack: int
    extra_hole_cards: int = 0
    redeal_flop: bool = False


@dataclass(frozen=True, slots=True)
class StatBonus:
    """A bundle of stat bonuses, used by set bonuses and equipment hands (§8, App. I)."""

    life: int = 0
    strength: int = 0
    agility: int = 0
    ap: int = 0
    attack: int = 0
    damage_reduction: int = 0

    def amount(self, stat: Stat) -> int:
        """This bonus's contribution to ``stat``."""
        return {
            Stat.MAX_LE: self.life,
            Stat.MAX_AP: self.ap,
            Stat.STRENGTH: self.strength,
            Stat.AGILITY: self.agility,
            Stat.ATTACK: self.attack,
        }[stat]

    @property
    def description(self) -> str:
        """Short text such as "+2 LE +1 AP" or "Reduce damage taken by 1"."""
        parts = [f"{self.amount(s):+d} {_SHORT[s]}" for s in _DESCRIBE_ORDER if self.amount(s)]
        if self.damage_reduction:
            parts.append(f"Reduce damage taken by {self.damage_reduction}")
        return " ".join(parts) if parts else "No bonus"


_DESCRIBE_ORDER = (Stat.MAX_LE, Stat.STRENGTH, Stat.AGILITY, Stat.MAX_AP, Stat.ATTACK)


@dataclass(frozen=True, slots=True)
class RarityBand:
    """Rolls ``low``..``high`` on the d100 give this rarity (§8; spec Decision)."""

    rarity: str
    low: int
    high: int


@dataclass(frozen=True, slots=True)
class SetBonus:
    """The bonus for five equipped items of one rarity (§8)."""

    rarity: str
    bonus: StatBonus


@dataclass(frozen=True, slots=True)
class QuestChallengeRow:
    """One 4d6 total of the quest challenge table; one challenge per stature (§9.1)."""

    roll: int
    challenges: tuple[str, ...]


def _key(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


QUEST_ROLL_MIN = 4
QUEST_ROLL_MAX = 24


@dataclass(frozen=True)
class GameCharts:
    """All the tables the rules read; validated on construction.

    ``quest_challenges`` rows list one challenge per stature, in the order of
    ``statures``. Aliases map an alternative spelling to a canonical name.
    """

    races: tuple[ContributionRow, ...]
    classes: tuple[ContributionRow, ...]
    affinities: tuple[ContributionRow, ...]
    statures: tuple[StatureRow, ...]
    rarities: tuple[RarityBand, ...]
    set_bonuses: tuple[SetBonus, ...]
    alignment: tuple[tuple[Affinity, Stat], ...]
    equipment_hand_bonuses: tuple[tuple[Category, StatBonus], ...]
    quest_challenges: tuple[QuestChallengeRow, ...]
    threat_manifestation_ranks: tuple[tuple[str, int], ...]
    stature_aliases: tuple[tuple[str, str], ...] = ()
    rarity_aliases: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        self._validate()

    def _validate(self) -> None:
        if not self.statures or self.statures[0].xp != 0:
            raise RuleViolation("bad_tables", _("the first stature must start at 0 XP"))
        if any(a.xp >= b.xp for a, b in zip(self.statures, self.statures[1:], strict=False)):
            raise RuleViolation("bad_tables", _("statures must be listed by increasing XP"))
        expected = 1
        for band in self.rarities:
            if band.low != expected or band.high < band.low:
                raise RuleViolation(
                    "bad_tables", _("rarity band %(rarity)s leaves a gap") % {"rarity": band.rarity}
                )
            expected = band.high + 1
        if expected != 101:
            raise RuleViolation("bad_tables", _("rarity bands must cover 1..100"))
        rolls = [row.roll for row in self.quest_challenges]
        if rolls != list(range(QUEST_ROLL_MIN, QUEST_ROLL_MAX + 1)):
            raise RuleViolation("bad_tables", _("quest challenge rows must cover 4..24"))
        if any(len(row.challenges) != len(self.statures) for row in self.quest_challenges):
            raise RuleViolation("bad_tables", _("quest challenge rows need one entry per stature"))
        if {a for a, _ in self.alignment} != set(Affinity):
            raise RuleViolation("bad_tables", _("alignment needs one stat per affinity"))
        for group in (self.races, self.classes, self.affinities):
            if len({_key(r.name) for r in group}) != len(group):
                raise RuleViolation("bad_tables", _("duplicate row name"))

    # Lookups -----------------------------------------------------------------

    @staticmethod
    def _find(rows: tuple[ContributionRow, ...], name: str, kind: str) -> ContributionRow:
        key = _key(name)
        for row in rows:
            if _key(row.name) == key:
                return row
        names = ", ".join(r.name for r in rows)
        raise RuleViolation(
            f"unknown_{kind}",
            _("unknown %(kind)s %(name)r; expected one of %(names)s")
            % {"kind": kind, "name": name, "names": names},
            {kind: name},
        )

    def race(self, name: str) -> ContributionRow:
        """The race row for ``name`` (case-insensitive)."""
        return self._find(self.races, name, "race")

    def klass(self, name: str) -> ContributionRow:
        """The class row for ``name`` (case-insensitive)."""
        return self._find(self.classes, name, "class")

    def affinity(self, affinity: Affinity) -> ContributionRow:
        """The affinity row for ``affinity``."""
        return self._find(self.affinities, affinity.value, "affinity")

    def stature(self, name: str) -> StatureRow:
        """The stature row for ``name``; aliases such as "Legendary" are accepted."""
        key = _key(name)
        for alias, canonical in self.stature_aliases:
            if _key(alias) == key:
                key = _key(canonical)
        for row in self.statures:
            if _key(row.name) == key:
                return row
        raise RuleViolation(
            "unknown_stature", _("unknown stature %(name)r") % {"name": name}, {"stature": name}
        )

    def stature_index(self, name: str) -> int:
        """0 for the first stature (Recruit), 1 for the next, and so on."""
        return self.statures.index(self.stature(name))

    def stature_for_xp(self, xp: int) -> StatureRow:
        """The highest stature whose XP threshold ``xp`` has reached (§9)."""
        if xp < 0:
            raise RuleViolation(
                "negative_value", _("XP cannot be negative, got %(xp)s") % {"xp": xp}, {"xp": xp}
            )
        return [row for row in self.statures if row.xp <= xp][-1]

    def rarity(self, name: str) -> str:
        """Canonical rarity name: "Un-Common" and "uncommon" both give "Uncommon"."""
        key = _key(name)
        for alias, canonical in self.rarity_aliases:
            if _key(alias) == key:
                key = _key(canonical)
        for band in self.rarities:
            if _key(band.rarity) == key:
                return band.rarity
        raise RuleViolation("unknown_rarity", _("unknown rarity %(name)r") % {"name": name}, {"rarity": name})

    def rarity_for_roll(self, roll: int) -> str:
        """The rarity a d100 roll of ``roll`` (1..100) gives."""
        for band in self.rarities:
            if band.low <= roll <= band.high:
                return band.rarity
        raise RuleViolation(
            "bad_roll", _("a d100 roll must be 1..100, got %(roll)s") % {"roll": roll}, {"roll": roll}
        )

    def set_bonus(self, rarity: str) -> StatBonus:
        """The set bonus for five items of ``rarity`` (no bonus when the table has none)."""
        canonical = self.rarity(rarity)
        for row in self.set_bonuses:
            if row.rarity == canonical:
                return row.bonus
        return StatBonus()

    def alignment_stat(self, affinity: Affinity) -> Stat:
        """The stat an aligned item gives a character of ``affinity`` (App. I)."""
        return dict(self.alignment)[affinity]

    def equipment_hand_bonus(self, category: Category) -> StatBonus:
        """The passive bonus of an equipment hand of ``category`` (App. I)."""
        return dict(self.equipment_hand_bonuses).get(category, StatBonus())

    def quest_challenge(self, roll: int, stature: str) -> str:
        """The challenge for a 4d6 total ``roll`` read in the ``stature`` column (§9.1)."""
        if not QUEST_ROLL_MIN <= roll <= QUEST_ROLL_MAX:
            raise RuleViolation(
                "bad_roll", _("a 4d6 total must be 4..24, got %(roll)s") % {"roll": roll}, {"roll": roll}
            )
        column = self.stature_index(stature)
        return self.quest_challenges[roll - QUEST_ROLL_MIN].challenges[column]

    def threat_manifestation_rank(self, stature: str) -> int:
        """Rank of the threat to defeat for a Threat Manifestation challenge (§9.1)."""
        name = self.stature(stature).name
        return dict(self.threat_manifestation_ranks)[name]
