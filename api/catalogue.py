"""Read-only Grim Hand card catalogue API under ``/api/v1/grimhand/catalogue/``.

Reference data anyone may read (no sign-in): races, classes, affinities (§4),
stature (§9), rarities and set bonuses (§8), quest challenges and their 4d6
table (§9.1), equipment (§8), threats (§7.4), exploration cards (§7.2), quests
(§9.1) and stature abilities (§9). Lists are small and not paginated. Filters
are parsed here; a bad value answers 400 ``bad_filter`` naming the field. The
views only translate: the reads are ``sheets.selectors.catalogue_*``.

The card lists (equipment, threats, exploration, quests, abilities) also take
``?table=<id>``: the base cards plus that campaign's homebrew, which only a
seat of that table may see (``Authorization: Seat <token>``; 401 without it,
403 with another table's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from django.db.models import QuerySet
from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view, inline_serializer
from rest_framework import generics, serializers
from rest_framework.permissions import AllowAny

from api.errors import ApiError
from campaigns.auth import SeatTokenAuthentication
from campaigns.models import Seat
from rules.errors import RuleViolation
from rules.grimhand.tables import DEFAULT_TABLES
from sheets import selectors
from sheets.catalogue_data import EXPLORATION, canonical_affinity
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
    ThreatKind,
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

# Filters -------------------------------------------------------------------------


def _bad(field: str, message: str) -> ApiError:
    return ApiError("bad_filter", message, status_code=400, extra={"field": field})


def _text(params: Any, name: str) -> str | None:
    value = str(params.get(name, "")).strip()
    return value or None


def _affinity(params: Any) -> str | None:
    """Case-insensitive; "Wild" means Nature (spec Decision)."""
    value = _text(params, "affinity")
    if value is None:
        return None
    try:
        return canonical_affinity(value)
    except ValueError:
        raise _bad("affinity", "Affinity must be Blood, Bone, Shadow, Iron or Nature.") from None


def _int(params: Any, name: str, low: int, high: int, message: str) -> int | None:
    value = _text(params, name)
    if value is None:
        return None
    try:
        number = int(value)
    except ValueError:
        raise _bad(name, message) from None
    if not low <= number <= high:
        raise _bad(name, message)
    return number


def _rank(params: Any, low: int = 1) -> int | None:
    return _int(params, "rank", low, 10, f"Rank must be a number from {low} to 10.")


def _stature(params: Any) -> str | None:
    """A stature name, case-insensitive; "Legendary" is accepted for Legend (spec)."""
    value = _text(params, "stature")
    if value is None:
        return None
    try:
        return DEFAULT_TABLES.stature(value).name
    except RuleViolation:
        names = ", ".join(row.name for row in DEFAULT_TABLES.statures)
        raise _bad("stature", f"Stature must be one of {names}.") from None


def _rarity(params: Any) -> str | None:
    value = _text(params, "rarity")
    if value is None:
        return None
    try:
        return DEFAULT_TABLES.rarity(value)
    except RuleViolation:
        names = ", ".join(band.rarity for band in DEFAULT_TABLES.rarities)
        raise _bad("rarity", f"Rarity must be one of {names}.") from None


def _threat_kind(params: Any) -> str | None:
    value = _text(params, "kind")
    if value is None:
        return None
    for kind in ThreatKind.values:
        if kind.lower() == value.lower():
            return kind
    raise _bad("kind", f"Kind must be one of {', '.join(ThreatKind.values)}.")


_EXPLORATION_KINDS: tuple[str, ...] = tuple(
    sorted({part for card in EXPLORATION for part in (card.kind, *card.kind.split("/"))})
)


def _exploration_kind(params: Any) -> str | None:
    """A printed kind ("Hazard/Event") or one part of it ("Hazard")."""
    value = _text(params, "kind")
    if value is None:
        return None
    for kind in _EXPLORATION_KINDS:
        if kind.lower() == value.lower():
            return kind
    simple = sorted({k for k in _EXPLORATION_KINDS if "/" not in k})
    raise _bad("kind", f"Kind must be one of {', '.join(simple)} (or a printed pair such as Hazard/Event).")


def _homebrew_table(request: Any) -> int | None:
    """``?table=``: a campaign whose homebrew to include, for its own seats only."""
    table_id = _int(request.query_params, "table", 1, 2**63 - 1, "Table must be a table's id.")
    if table_id is None:
        return None
    seat = request.auth
    if not isinstance(seat, Seat):
        raise ApiError(
            "not_authenticated", "A table's homebrew needs a seat token of that table.", status_code=401
        )
    if seat.table_id != table_id:
        raise ApiError("not_your_table", "Your seat is at another table.", status_code=403)
    return table_id


_TABLE = OpenApiParameter(
    "table", int, description="Include this table's homebrew cards (needs a seat token of that table)."
)

# Views ---------------------------------------------------------------------------

_AFFINITY = OpenApiParameter(
    "affinity", str, description="Blood, Bone, Shadow, Iron or Nature (any case; Wild = Nature)."
)
_RANK = OpenApiParameter("rank", int, description="Card rank, 1..10.")
_STATURE = OpenApiParameter("stature", str, description="Recruit, Novice, Adept, Veteran, Master or Legend.")


class _CatalogueList(generics.ListAPIView[Any]):
    """Base for the catalogue lists: public, unpaginated, read-only."""

    authentication_classes: ClassVar[list[type]] = []  # type: ignore[misc]
    permission_classes: ClassVar[list[type]] = [AllowAny]  # type: ignore[misc]
    pagination_class = None
    read: ClassVar[Callable[..., QuerySet[Any]]]

    def get_queryset(self) -> QuerySet[Any]:
        return type(self).read(**self.filters(self.request.query_params))

    def filters(self, params: Any) -> dict[str, Any]:
        return {}


class _CardList(_CatalogueList):
    """A card list that may include a table's homebrew (``?table=``)."""

    authentication_classes: ClassVar[list[type]] = [SeatTokenAuthentication]  # type: ignore[misc]

    def get_queryset(self) -> QuerySet[Any]:
        return type(self).read(
            table_id=_homebrew_table(self.request), **self.filters(self.request.query_params)
        )


def _doc(summary: str, out: type[serializers.BaseSerializer[Any]], *params: OpenApiParameter) -> Any:
    return extend_schema_view(
        get=extend_schema(
            summary=summary,
            parameters=list(params),
            responses={200: out(many=True), 400: ErrorOut} if params else {200: out(many=True)},
            tags=["grimhand catalogue"],
        )
    )


@_doc("Grim Hand races (§4)", RaceOut)
class RaceList(_CatalogueList):
    serializer_class = RaceOut
    read = staticmethod(selectors.catalogue_races)


@_doc("Grim Hand classes (§4)", ClassOut)
class ClassList(_CatalogueList):
    serializer_class = ClassOut
    read = staticmethod(selectors.catalogue_classes)


@_doc("Grim Hand affinities and their alignment stat (§4, Appendix I)", AffinityOut)
class AffinityList(_CatalogueList):
    serializer_class = AffinityOut
    read = staticmethod(selectors.catalogue_affinities)


@_doc("Stature levels by XP (§9)", StatureOut)
class StatureList(_CatalogueList):
    serializer_class = StatureOut
    read = staticmethod(selectors.catalogue_statures)


@_doc("Rarities: d100 bands and set bonuses (§8)", RarityOut)
class RarityList(_CatalogueList):
    serializer_class = RarityOut
    read = staticmethod(selectors.catalogue_rarities)


@_doc("The six quest challenges (§9.1)", ChallengeOut)
class ChallengeList(_CatalogueList):
    serializer_class = ChallengeOut
    read = staticmethod(selectors.catalogue_challenges)


@_doc(
    "Quest challenge table: 4d6 total x stature (§9.1)",
    ChallengeRowOut,
    _STATURE,
    OpenApiParameter("roll", int, description="4d6 total, 4..24."),
)
class ChallengeTableList(_CatalogueList):
    serializer_class = ChallengeRowOut
    read = staticmethod(selectors.catalogue_challenge_table)

    def filters(self, params: Any) -> dict[str, Any]:
        return {
            "stature": _stature(params),
            "roll": _int(params, "roll", 4, 24, "Roll must be a 4d6 total from 4 to 24."),
        }


@_doc(
    "Equipment cards (§8)",
    EquipmentOut,
    _AFFINITY,
    _RANK,
    OpenApiParameter("rarity", str, description="Printed rarity: Common .. Mythic."),
    _TABLE,
)
class EquipmentList(_CardList):
    serializer_class = EquipmentOut
    read = staticmethod(selectors.catalogue_equipment)

    def filters(self, params: Any) -> dict[str, Any]:
        return {"affinity": _affinity(params), "rank": _rank(params), "rarity": _rarity(params)}


@_doc(
    "Threat-deck cards (§7.4): foes of rank 1..10 and rank-0 encounters",
    ThreatOut,
    _AFFINITY,
    OpenApiParameter("rank", int, description="Card rank, 0..10 (0: events, locations, NPCs)."),
    OpenApiParameter("kind", str, description="Minor, Elite, Boss, Event, Location or NPC."),
    _TABLE,
)
class ThreatList(_CardList):
    serializer_class = ThreatOut
    read = staticmethod(selectors.catalogue_threats)

    def filters(self, params: Any) -> dict[str, Any]:
        return {"affinity": _affinity(params), "rank": _rank(params, low=0), "kind": _threat_kind(params)}


@_doc(
    "Exploration cards (§7.2)",
    ExplorationOut,
    _AFFINITY,
    _RANK,
    OpenApiParameter("kind", str, description="Printed kind or one part of it: Discovery, Hazard, ..."),
    OpenApiParameter("deck", int, description="Printed deck, 1 or 2."),
    _TABLE,
)
class ExplorationList(_CardList):
    serializer_class = ExplorationOut
    read = staticmethod(selectors.catalogue_exploration)

    def filters(self, params: Any) -> dict[str, Any]:
        return {
            "affinity": _affinity(params),
            "rank": _rank(params),
            "kind": _exploration_kind(params),
            "deck": _int(params, "deck", 1, 2, "Deck must be 1 or 2."),
        }


@_doc("Quests (§9.1)", QuestOut, _AFFINITY, _STATURE, _TABLE)
class QuestList(_CardList):
    serializer_class = QuestOut
    read = staticmethod(selectors.catalogue_quests)

    def filters(self, params: Any) -> dict[str, Any]:
        return {"affinity": _affinity(params), "stature": _stature(params)}


@_doc("Stature ability cards (§9)", AbilityOut, _STATURE, _TABLE)
class AbilityList(_CardList):
    serializer_class = AbilityOut
    read = staticmethod(selectors.catalogue_stature_abilities)

    def filters(self, params: Any) -> dict[str, Any]:
        return {"stature": _stature(params)}


urlpatterns = [
    path("races/", RaceList.as_view(), name="catalogue-races"),
    path("classes/", ClassList.as_view(), name="catalogue-classes"),
    path("affinities/", AffinityList.as_view(), name="catalogue-affinities"),
    path("stature/", StatureList.as_view(), name="catalogue-stature"),
    path("rarities/", RarityList.as_view(), name="catalogue-rarities"),
    path("challenges/", ChallengeList.as_view(), name="catalogue-challenges"),
    path("challenge-table/", ChallengeTableList.as_view(), name="catalogue-challenge-table"),
    path("equipment/", EquipmentList.as_view(), name="catalogue-equipment"),
    path("threats/", ThreatList.as_view(), name="catalogue-threats"),
    path("exploration/", ExplorationList.as_view(), name="catalogue-exploration"),
    path("quests/", QuestList.as_view(), name="catalogue-quests"),
    path("abilities/", AbilityList.as_view(), name="catalogue-abilities"),
]
