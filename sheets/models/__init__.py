"""Models of the sheets app: the Grim Hand card catalogue (and, soon, characters)."""

from sheets.models.catalogue import (
    Affinity,
    AffinityInfo,
    CharacterClass,
    EquipmentCard,
    ExplorationCard,
    ExplorationDeck,
    Quest,
    QuestChallenge,
    QuestChallengeRow,
    Race,
    Rarity,
    RarityLevel,
    StatureAbility,
    StatureLevel,
    Threat,
    ThreatKind,
)

__all__ = [
    "Affinity",
    "AffinityInfo",
    "CharacterClass",
    "EquipmentCard",
    "ExplorationCard",
    "ExplorationDeck",
    "Quest",
    "QuestChallenge",
    "QuestChallengeRow",
    "Race",
    "Rarity",
    "RarityLevel",
    "StatureAbility",
    "StatureLevel",
    "Threat",
    "ThreatKind",
]
