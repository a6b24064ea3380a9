"""Plain records for the Grim Hand card catalogue's own data (§8, §9, §9.1, Appendix I).

The numbers and names are the game's facts; every text is this project's own
one-line summary. The loader (``sheets.grimhand.catalogue_loader``) turns these records
into database rows; nothing here touches Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class EquipmentData:
    """An equipment card: rank and affinity like a deck card, a cost and a price (§8)."""

    name: str
    rank: int
    affinity: str
    ap_cost: int
    gold_value: int
    printed_rarity: str
    effect: str


@dataclass(frozen=True, slots=True)
class ThreatData:
    """A threat card (§7.4) or one of the rank-0 event, location and NPC cards.

    ``hand`` holds the two printed hole-card ranks ("Wild" = any rank); ``life``
    is ``None`` on cards that are not fought.
    """

    name: str
    rank: int
    affinity: str
    kind: str
    creature_type: str
    life: int | None
    hand: tuple[str, str]
    ability_name: str
    ability_text: str


@dataclass(frozen=True, slots=True)
class ExplorationData:
    """An explore card (§7.2): its rank is also the quest points it gives (§9.1)."""

    rank: int
    name: str
    kind: str
    affinity: str
    resolve_text: str
    deck: int = 1


@dataclass(frozen=True, slots=True)
class Effect:
    """One structured quest outcome, e.g. ``Effect("agility", 1, "permanent")``.

    ``stat`` is one of: le, max_le, ap, max_ap, strength, agility, attack,
    defense, gold, xp, doubt, corruption, hand_size, hand_rank, threat_attack.
    ``duration``: now, permanent, next_combat, next_2_combats, next_exploration,
    next_2_explorations. ``who``: self (the questing player) or party.
    """

    stat: str
    amount: int
    duration: str = "now"
    who: str = "self"

    def as_dict(self) -> dict[str, Any]:
        """JSON form stored on the quest row."""
        return {"stat": self.stat, "amount": self.amount, "duration": self.duration, "who": self.who}


@dataclass(frozen=True, slots=True)
class QuestData:
    """A quest (§9, §9.1): reach ``qp_needed`` at ``stature``, then face a challenge."""

    name: str
    affinity: str
    stature: str
    qp_needed: int
    required_item: str
    required_threat: str
    success_text: str
    failure_text: str
    success_effects: tuple[Effect, ...] = field(default=())
    failure_effects: tuple[Effect, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class QuestChallengeData:
    """One of the six quest challenges a 4d6 roll can call for (§9.1)."""

    name: str
    text: str


@dataclass(frozen=True, slots=True)
class StatureAbilityData:
    """A stature ability card, chosen on reaching ``stature``; costs 1 AP to use (§9)."""

    stature: str
    name: str
    effect: str
    ap_cost: int = 1
