"""Output serializers of the catalogue API (one per card kind)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import inline_serializer
from rest_framework import serializers

from sheets.grimhand.models import (
    AffinityInfo,
    CharacterClass,
    EquipmentCard,
    ExplorationCard,
    Quest,
    QuestChallenge,
    QuestChallengeRow,
    Race,
    RarityLevel,
    StatureAbility,
    StatureLevel,
    Threat,
)

# Output serializers ---------------------------------------------------------------

_CONTRIBUTION_FIELDS = [
    "name", "life", "strength", "agility", "gold", "ap", "attack", "ability_name", "ability_text",
]  # fmt: skip


class RaceOut(serializers.ModelSerializer[Race]):
    class Meta:
        model = Race
        fields = _CONTRIBUTION_FIELDS
        read_only_fields = fields


class ClassOut(serializers.ModelSerializer[CharacterClass]):
    class Meta:
        model = CharacterClass
        fields = _CONTRIBUTION_FIELDS
        read_only_fields = fields


class AffinityOut(serializers.ModelSerializer[AffinityInfo]):
    class Meta:
        model = AffinityInfo
        fields = [*_CONTRIBUTION_FIELDS, "alignment_stat"]
        read_only_fields = fields


class StatureOut(serializers.ModelSerializer[StatureLevel]):
    class Meta:
        model = StatureLevel
        fields = [
            "name", "xp", "life", "attack", "extra_hole_cards", "redeal_flop", "threat_manifestation_rank",
        ]  # fmt: skip
        read_only_fields = fields


class RarityOut(serializers.ModelSerializer[RarityLevel]):
    class Meta:
        model = RarityLevel
        fields = [
            "name", "d100_low", "d100_high",
            "set_life", "set_strength", "set_agility", "set_ap", "set_attack",
        ]  # fmt: skip
        read_only_fields = fields


class ChallengeOut(serializers.ModelSerializer[QuestChallenge]):
    class Meta:
        model = QuestChallenge
        fields = ["name", "text"]
        read_only_fields = fields


class ChallengeRowOut(serializers.ModelSerializer[QuestChallengeRow]):
    stature = serializers.CharField(source="stature.name", read_only=True)
    challenge = serializers.CharField(source="challenge.name", read_only=True)

    class Meta:
        model = QuestChallengeRow
        fields = ["roll", "stature", "challenge"]
        read_only_fields = fields


class EquipmentOut(serializers.ModelSerializer[EquipmentCard]):
    table = serializers.IntegerField(source="table_id", read_only=True, allow_null=True)

    class Meta:
        model = EquipmentCard
        fields = [
            "id", "name", "rank", "affinity", "ap_cost", "effect", "gold_value", "printed_rarity", "table",
        ]  # fmt: skip
        read_only_fields = fields


class ThreatOut(serializers.ModelSerializer[Threat]):
    table = serializers.IntegerField(source="table_id", read_only=True, allow_null=True)

    class Meta:
        model = Threat
        fields = [
            "id", "name", "rank", "affinity", "kind", "creature_type", "life",
            "hand_1", "hand_2", "ability_name", "ability_text", "table",
        ]  # fmt: skip
        read_only_fields = fields


class ExplorationOut(serializers.ModelSerializer[ExplorationCard]):
    table = serializers.IntegerField(source="table_id", read_only=True, allow_null=True)

    class Meta:
        model = ExplorationCard
        fields = ["id", "deck", "rank", "name", "kind", "affinity", "resolve_text", "table"]
        read_only_fields = fields


class EffectOut(serializers.Serializer[dict[str, Any]]):
    """One structured quest outcome."""

    stat = serializers.CharField()
    amount = serializers.IntegerField()
    duration = serializers.CharField()
    who = serializers.CharField()


class QuestOut(serializers.ModelSerializer[Quest]):
    stature = serializers.CharField(source="stature.name", read_only=True)
    success_effects = EffectOut(many=True, read_only=True)
    failure_effects = EffectOut(many=True, read_only=True)
    table = serializers.IntegerField(source="table_id", read_only=True, allow_null=True)

    class Meta:
        model = Quest
        fields = [
            "id", "name", "affinity", "stature", "qp_needed", "required_item", "required_threat",
            "success_text", "failure_text", "success_effects", "failure_effects", "table",
        ]  # fmt: skip
        read_only_fields = fields


class AbilityOut(serializers.ModelSerializer[StatureAbility]):
    stature = serializers.CharField(source="stature.name", read_only=True)
    table = serializers.IntegerField(source="table_id", read_only=True, allow_null=True)

    class Meta:
        model = StatureAbility
        fields = ["id", "stature", "name", "effect", "ap_cost", "table"]
        read_only_fields = fields


ErrorOut = inline_serializer(
    "CatalogueFilterError",
    {
        "code": serializers.CharField(),
        "message": serializers.CharField(),
        "extra": serializers.DictField(),
    },
)
