"""Models of the sheets app: the Grim Hand card catalogue and the character index."""

from sheets.grimhand.models.catalogue import (
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
from sheets.grimhand.models.character import Character

__all__ = [
    "Affinity",
    "AffinityInfo",
    "Character",
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
