"""Admin for the Grim Hand card catalogue (master data loaded by ``load_gamedata``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin

from sheets.models import (
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

# ModelAdmin is generic only in the type stubs.
if TYPE_CHECKING:
    _Admin = admin.ModelAdmin[Any]
else:
    _Admin = admin.ModelAdmin

_CONTRIBUTION = ("name", "life", "strength", "agility", "gold", "ap", "attack", "ability_name")


@admin.register(Race)
class RaceAdmin(_Admin):
    list_display = _CONTRIBUTION
    search_fields = ("name", "ability_name")
    list_filter = ("attack",)


@admin.register(CharacterClass)
class CharacterClassAdmin(_Admin):
    list_display = _CONTRIBUTION
    search_fields = ("name", "ability_name")
    list_filter = ("attack",)


@admin.register(AffinityInfo)
class AffinityInfoAdmin(_Admin):
    list_display = (*_CONTRIBUTION, "alignment_stat")
    search_fields = ("name", "ability_name")
    list_filter = ("alignment_stat",)


@admin.register(StatureLevel)
class StatureLevelAdmin(_Admin):
    list_display = (
        "name", "xp", "life", "attack", "extra_hole_cards", "redeal_flop", "threat_manifestation_rank",
    )  # fmt: skip
    search_fields = ("name",)
    list_filter = ("redeal_flop",)


@admin.register(RarityLevel)
class RarityLevelAdmin(_Admin):
    list_display = (
        "name", "d100_low", "d100_high", "set_life", "set_strength", "set_agility", "set_ap", "set_attack",
    )  # fmt: skip
    search_fields = ("name",)
    list_filter = ("name",)


@admin.register(QuestChallenge)
class QuestChallengeAdmin(_Admin):
    list_display = ("name", "position", "text")
    search_fields = ("name", "text")
    list_filter = ("name",)


@admin.register(QuestChallengeRow)
class QuestChallengeRowAdmin(_Admin):
    list_display = ("roll", "stature", "challenge")
    list_filter = ("stature", "challenge")
    search_fields = ("challenge__name", "stature__name")
    list_select_related = ("stature", "challenge")


@admin.register(EquipmentCard)
class EquipmentCardAdmin(_Admin):
    list_display = ("name", "rank", "affinity", "ap_cost", "gold_value", "printed_rarity", "table")
    list_filter = ("affinity", "rank", "printed_rarity", ("table", admin.EmptyFieldListFilter))
    search_fields = ("name", "effect")
    raw_id_fields = ("table",)


@admin.register(Threat)
class ThreatAdmin(_Admin):
    list_display = ("name", "rank", "affinity", "kind", "creature_type", "life", "ability_name", "table")
    list_filter = ("kind", "affinity", "rank", "creature_type", ("table", admin.EmptyFieldListFilter))
    search_fields = ("name", "ability_name", "ability_text")
    raw_id_fields = ("table",)


@admin.register(ExplorationCard)
class ExplorationCardAdmin(_Admin):
    list_display = ("name", "deck", "rank", "affinity", "kind", "table")
    list_filter = ("deck", "affinity", "rank", "kind", ("table", admin.EmptyFieldListFilter))
    search_fields = ("name", "kind", "resolve_text")
    raw_id_fields = ("table",)


@admin.register(Quest)
class QuestAdmin(_Admin):
    list_display = ("name", "affinity", "stature", "qp_needed", "required_item", "required_threat", "table")
    list_filter = ("affinity", "stature", ("table", admin.EmptyFieldListFilter))
    search_fields = ("name", "required_item", "required_threat")
    list_select_related = ("stature",)
    raw_id_fields = ("table",)


@admin.register(StatureAbility)
class StatureAbilityAdmin(_Admin):
    list_display = ("name", "stature", "ap_cost", "effect", "table")
    list_filter = ("stature", ("table", admin.EmptyFieldListFilter))
    search_fields = ("name", "effect")
    list_select_related = ("stature",)
    raw_id_fields = ("table",)
