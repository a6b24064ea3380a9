"""Admin for the Grim Hand card catalogue (master data loaded by ``load_gamedata``).

The live tables build their rules catalogue from these rows
(``sheets.grimhand.catalogue_source``): every save or delete of a model they read bumps
the catalogue's version after commit, so sheets follow the edit within seconds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin, messages
from django.db.models import Model, QuerySet
from django.forms import ModelForm
from django.http import HttpRequest

from sheets.grimhand.catalogue_source import catalogue_problem, schedule_catalogue_bump
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

# ModelAdmin is generic only in the type stubs.
if TYPE_CHECKING:
    _Admin = admin.ModelAdmin[Any]
else:
    _Admin = admin.ModelAdmin


class RulesCatalogueAdmin(_Admin):
    """A model the table rules read: refresh the rules' catalogue after every change.

    An edit that leaves the rows unable to form valid tables is saved, with a
    warning: some fixes need several rows changed one after another (moving a
    rarity band's edge touches two bands), so refusing every invalid step would
    make them impossible. Meanwhile the tables use the built-in catalogue.
    """

    def save_model(self, request: HttpRequest, obj: Model, form: ModelForm[Any], change: bool) -> None:
        super().save_model(request, obj, form, change)
        self._catalogue_changed(request)

    def delete_model(self, request: HttpRequest, obj: Model) -> None:
        super().delete_model(request, obj)
        self._catalogue_changed(request)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        super().delete_queryset(request, queryset)
        self._catalogue_changed(request)

    def _catalogue_changed(self, request: HttpRequest) -> None:
        schedule_catalogue_bump()
        problem = catalogue_problem()
        if problem is not None:
            self.message_user(
                request,
                f"The catalogue no longer forms valid game tables ({problem}). Until it is fixed, "
                "tables use the built-in catalogue.",
                messages.WARNING,
            )


class FixedNamesAdmin(RulesCatalogueAdmin):
    """Rows that characters refer to by name (race, class, affinity, stature, rarity).

    Their numbers are a group's to house-rule, but renaming, adding or
    deleting one would leave existing characters pointing at a row that no
    longer exists, so names are read-only and the set of rows is fixed (§4).
    """

    def get_readonly_fields(self, request: HttpRequest, obj: Model | None = None) -> Any:
        return ("name", *super().get_readonly_fields(request, obj))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


_CONTRIBUTION = ("name", "life", "strength", "agility", "gold", "ap", "attack", "ability_name")


@admin.register(Race)
class RaceAdmin(FixedNamesAdmin):
    list_display = _CONTRIBUTION
    search_fields = ("name", "ability_name")
    list_filter = ("attack",)


@admin.register(CharacterClass)
class CharacterClassAdmin(FixedNamesAdmin):
    list_display = _CONTRIBUTION
    search_fields = ("name", "ability_name")
    list_filter = ("attack",)


@admin.register(AffinityInfo)
class AffinityInfoAdmin(FixedNamesAdmin):
    list_display = (*_CONTRIBUTION, "alignment_stat")
    search_fields = ("name", "ability_name")
    list_filter = ("alignment_stat",)


@admin.register(StatureLevel)
class StatureLevelAdmin(FixedNamesAdmin):
    list_display = (
        "name", "xp", "life", "attack", "extra_hole_cards", "redeal_flop", "threat_manifestation_rank",
    )  # fmt: skip
    search_fields = ("name",)
    list_filter = ("redeal_flop",)


@admin.register(RarityLevel)
class RarityLevelAdmin(FixedNamesAdmin):
    list_display = (
        "name", "d100_low", "d100_high", "set_life", "set_strength", "set_agility", "set_ap", "set_attack",
    )  # fmt: skip
    search_fields = ("name",)
    list_filter = ("name",)


@admin.register(QuestChallenge)
class QuestChallengeAdmin(RulesCatalogueAdmin):
    list_display = ("name", "position", "text")
    search_fields = ("name", "text")
    list_filter = ("name",)


@admin.register(QuestChallengeRow)
class QuestChallengeRowAdmin(RulesCatalogueAdmin):
    list_display = ("roll", "stature", "challenge")
    list_filter = ("stature", "challenge")
    search_fields = ("challenge__name", "stature__name")
    list_select_related = ("stature", "challenge")


@admin.register(EquipmentCard)
class EquipmentCardAdmin(RulesCatalogueAdmin):
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
class QuestAdmin(RulesCatalogueAdmin):
    list_display = ("name", "affinity", "stature", "qp_needed", "required_item", "required_threat", "table")
    list_filter = ("affinity", "stature", ("table", admin.EmptyFieldListFilter))
    search_fields = ("name", "required_item", "required_threat")
    list_select_related = ("stature",)
    raw_id_fields = ("table",)


@admin.register(StatureAbility)
class StatureAbilityAdmin(RulesCatalogueAdmin):
    list_display = ("name", "stature", "ap_cost", "effect", "table")
    list_filter = ("stature", ("table", admin.EmptyFieldListFilter))
    search_fields = ("name", "effect")
    list_select_related = ("stature",)
    raw_id_fields = ("table",)
