"""The card facts a Grim Hand table needs, as plain data (§4, §8, §9, §9.1).

Rules never read the database, and command payloads come from clients, so the
facts are handed to ``GrimHandRules``: a ``Catalogue`` holds the equipment,
quest and stature-ability cards and the data tables (races, classes,
affinities, stature, rarity, set bonuses, the quest challenge table). The
``sheets`` app builds it from the catalogue in the database and hands the
rules a source that returns the current one, so an edit in the admin reaches
the sheets. A campaign's homebrew equipment lives in the table's own state
(``homebrew.add_equipment``), so it needs no lookup here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.grimhand.charts import DEFAULT_CHARTS, GameCharts
from rules.i18n import gettext as _

MIN_RANK, MAX_RANK = 1, 10


@dataclass(frozen=True, slots=True)
class CardFacts:
    """A base equipment card: the deck card it matches, its name, price and printed rarity (§8)."""

    rank: int
    affinity: str
    name: str
    printed_rarity: str
    gold_value: int = 0
    ap_cost: int = 1
    effect: str = ""


@dataclass(frozen=True, slots=True)
class EffectFacts:
    """One quest outcome: ``stat`` changes by ``amount`` for ``duration``, for ``who`` (§9.1)."""

    stat: str
    amount: int
    duration: str = "now"
    who: str = "self"


@dataclass(frozen=True, slots=True)
class QuestFacts:
    """A quest: open to characters of its affinity from its stature on (§9, §9.1)."""

    name: str
    affinity: str
    stature: str
    qp_needed: int
    required_item: str = ""
    required_threat: str = ""
    success_text: str = ""
    failure_text: str = ""
    success_effects: tuple[EffectFacts, ...] = ()
    failure_effects: tuple[EffectFacts, ...] = ()


@dataclass(frozen=True, slots=True)
class AbilityFacts:
    """A stature ability card, chosen on reaching ``stature`` (§9)."""

    stature: str
    name: str
    effect: str = ""
    ap_cost: int = 1


@dataclass(frozen=True, slots=True)
class ThreatFacts:
    """A threat card (§7.4, §11): rank 1..10 foes with their life; rank-0 encounter cards have none."""

    name: str
    rank: int
    affinity: str
    kind: str = ""
    life: int | None = None
    ability: str = ""


@dataclass(frozen=True, slots=True)
class ExploreFacts:
    """An explore card (§7.2): its rank and affinity drive the event roll and quest points (§9.1)."""

    rank: int
    affinity: str
    name: str
    kind: str = ""
    text: str = ""


def _key(text: str) -> str:
    return " ".join(text.lower().split())


@dataclass(frozen=True)
class Catalogue:
    """Lookups over the equipment, quest and stature-ability facts, and the tables they go with.

    ``tables`` are the data tables every derived number and lookup reads
    (§4, §8, §9, §9.1); a group's house rules or an edited catalogue are a
    different value here, not different code.
    """

    equipment: tuple[CardFacts, ...]
    quests: tuple[QuestFacts, ...] = ()
    abilities: tuple[AbilityFacts, ...] = ()
    tables: GameCharts = DEFAULT_CHARTS
    threats: tuple[ThreatFacts, ...] = ()
    exploration: tuple[ExploreFacts, ...] = ()
    _cards: dict[tuple[int, str], CardFacts] = field(init=False, repr=False, compare=False)
    _quests: dict[str, QuestFacts] = field(init=False, repr=False, compare=False)
    _abilities: dict[str, AbilityFacts] = field(init=False, repr=False, compare=False)
    _threats: dict[str, ThreatFacts] = field(init=False, repr=False, compare=False)
    _explore: dict[str, ExploreFacts] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_threats", {_key(t.name): t for t in self.threats})
        object.__setattr__(self, "_explore", {_key(x.name): x for x in self.exploration})
        object.__setattr__(self, "_cards", {(c.rank, c.affinity): c for c in self.equipment})
        object.__setattr__(self, "_quests", {_key(q.name): q for q in self.quests})
        object.__setattr__(self, "_abilities", {_key(a.name): a for a in self.abilities})

    def card(self, rank: object, affinity: object) -> CardFacts:
        """The base card for a rank and affinity, or ``unknown_card``."""
        if isinstance(rank, bool) or not isinstance(rank, int) or not MIN_RANK <= rank <= MAX_RANK:
            raise RuleViolation(
                "unknown_card",
                _("There is no equipment card of rank %(rank)r: ranks run from 1 to 10.") % {"rank": rank},
                {"rank": rank},
            )
        suit = parse_affinity(affinity, "unknown_card")
        facts = self._cards.get((rank, suit))
        if facts is None:
            raise RuleViolation(
                "unknown_card",
                _("There is no %(rank)s of %(suit)s equipment card.") % {"rank": rank, "suit": suit},
                {"rank": rank, "affinity": suit},
            )
        return facts

    def quest(self, name: object) -> QuestFacts:
        facts = self._quests.get(_key(name)) if isinstance(name, str) else None
        if facts is None:
            raise RuleViolation(
                "unknown_quest", _("There is no quest called %(name)r.") % {"name": name}, {"quest": name}
            )
        return facts

    def ability(self, name: object) -> AbilityFacts:
        facts = self._abilities.get(_key(name)) if isinstance(name, str) else None
        if facts is None:
            raise RuleViolation(
                "unknown_ability",
                _("There is no stature ability called %(name)r.") % {"name": name},
                {"ability": name},
            )
        return facts

    def threat(self, name: object) -> ThreatFacts:
        """A threat card by its printed name, or ``unknown_threat``."""
        facts = self._threats.get(_key(name)) if isinstance(name, str) else None
        if facts is None:
            raise RuleViolation(
                "unknown_threat",
                _("There is no threat card called %(name)r.") % {"name": name},
                {"field": "name"},
            )
        return facts

    def explore_card(self, name: object) -> ExploreFacts | None:
        """An explore card by its printed name (None when the catalogue does not know it)."""
        return self._explore.get(_key(name)) if isinstance(name, str) else None

    def explore_by_card(self, rank: int, affinity: str) -> ExploreFacts | None:
        """The first-deck explore card of this rank and affinity, if the catalogue has it."""
        for card in self.exploration:
            if card.rank == rank and card.affinity == affinity:
                return card
        return None


def parse_affinity(value: object, code: str = "unknown_affinity") -> str:
    """A canonical affinity name ("blood" -> "Blood", "Wild" -> "Nature": spec Decision), read by
    ``Affinity`` like every affinity a command names; the refusal code is the caller's."""
    if isinstance(value, str):
        try:
            return Affinity(value).value
        except ValueError:
            pass
    raise RuleViolation(
        code,
        _("Unknown affinity %(value)r: choose Blood, Bone, Shadow, Iron or Nature (Wild is Nature).")
        % {"value": value},
        {"affinity": value},
    )


def standard_catalogue(
    quests: Iterable[QuestFacts] = (),
    abilities: Iterable[AbilityFacts] = (),
    tables: GameCharts = DEFAULT_CHARTS,
) -> Catalogue:
    """A catalogue of the 50 deck cards with plain names, for tests and tools."""
    cards = tuple(
        CardFacts(rank, a.value, f"{a.value} item {rank}", "Common", rank * 5)
        for a in Affinity
        for rank in range(MIN_RANK, MAX_RANK + 1)
    )
    return Catalogue(cards, tuple(quests), tuple(abilities), tables)
