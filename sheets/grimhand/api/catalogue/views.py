"""The catalogue list views: thin, the reads are ``sheets.grimhand.selectors.catalogue_*``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import generics, serializers
from rest_framework.permissions import AllowAny

from campaigns.auth import SeatTokenAuthentication
from sheets.grimhand import selectors
from sheets.grimhand.api.catalogue.filters import (
    TABLE_PARAM,
    affinity_param,
    exploration_kind_param,
    homebrew_table_param,
    int_param,
    rank_param,
    rarity_param,
    stature_param,
    threat_kind_param,
)
from sheets.grimhand.api.catalogue.serializers import (
    AbilityOut,
    AffinityOut,
    ChallengeOut,
    ChallengeRowOut,
    ClassOut,
    EquipmentOut,
    ErrorOut,
    ExplorationOut,
    QuestOut,
    RaceOut,
    RarityOut,
    StatureOut,
    ThreatOut,
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
            table_id=homebrew_table_param(self.request), **self.filters(self.request.query_params)
        )


def _doc(summary: str, out: type[serializers.BaseSerializer[Any]], *params: OpenApiParameter) -> Any:
    return extend_schema_view(
        get=extend_schema(
            summary=summary,
            parameters=list(params),
            # 403: ?table= names a table the caller holds no seat at (not_your_table).
            responses={200: out(many=True), 400: ErrorOut, 403: ErrorOut}
            if params
            else {200: out(many=True)},
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
            "stature": stature_param(params),
            "roll": int_param(params, "roll", 4, 24, "Roll must be a 4d6 total from 4 to 24."),
        }


@_doc(
    "Equipment cards (§8)",
    EquipmentOut,
    _AFFINITY,
    _RANK,
    OpenApiParameter("rarity", str, description="Printed rarity: Common .. Mythic."),
    TABLE_PARAM,
)
class EquipmentList(_CardList):
    serializer_class = EquipmentOut
    read = staticmethod(selectors.catalogue_equipment)

    def filters(self, params: Any) -> dict[str, Any]:
        return {
            "affinity": affinity_param(params),
            "rank": rank_param(params),
            "rarity": rarity_param(params),
        }


@_doc(
    "Threat-deck cards (§7.4): foes of rank 1..10 and rank-0 encounters",
    ThreatOut,
    _AFFINITY,
    OpenApiParameter("rank", int, description="Card rank, 0..10 (0: events, locations, NPCs)."),
    OpenApiParameter("kind", str, description="Minor, Elite, Boss, Event, Location or NPC."),
    TABLE_PARAM,
)
class ThreatList(_CardList):
    serializer_class = ThreatOut
    read = staticmethod(selectors.catalogue_threats)

    def filters(self, params: Any) -> dict[str, Any]:
        return {
            "affinity": affinity_param(params),
            "rank": rank_param(params, low=0),
            "kind": threat_kind_param(params),
        }


@_doc(
    "Exploration cards (§7.2)",
    ExplorationOut,
    _AFFINITY,
    _RANK,
    OpenApiParameter("kind", str, description="Printed kind or one part of it: Discovery, Hazard, ..."),
    OpenApiParameter("deck", int, description="Printed deck, 1 or 2."),
    TABLE_PARAM,
)
class ExplorationList(_CardList):
    serializer_class = ExplorationOut
    read = staticmethod(selectors.catalogue_exploration)

    def filters(self, params: Any) -> dict[str, Any]:
        return {
            "affinity": affinity_param(params),
            "rank": rank_param(params),
            "kind": exploration_kind_param(params),
            "deck": int_param(params, "deck", 1, 2, "Deck must be 1 or 2."),
        }


@_doc("Quests (§9.1)", QuestOut, _AFFINITY, _STATURE, TABLE_PARAM)
class QuestList(_CardList):
    serializer_class = QuestOut
    read = staticmethod(selectors.catalogue_quests)

    def filters(self, params: Any) -> dict[str, Any]:
        return {"affinity": affinity_param(params), "stature": stature_param(params)}


@_doc("Stature ability cards (§9)", AbilityOut, _STATURE, TABLE_PARAM)
class AbilityList(_CardList):
    serializer_class = AbilityOut
    read = staticmethod(selectors.catalogue_stature_abilities)

    def filters(self, params: Any) -> dict[str, Any]:
        return {"stature": stature_param(params)}
