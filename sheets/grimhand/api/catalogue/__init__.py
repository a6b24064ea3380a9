"""Read-only Grim Hand card catalogue API under ``/api/v1/grimhand/catalogue/``.

Reference data anyone may read (no sign-in): races, classes, affinities (§4),
stature (§9), rarities and set bonuses (§8), quest challenges and their 4d6
table (§9.1), equipment (§8), threats (§7.4), exploration cards (§7.2), quests
(§9.1) and stature abilities (§9). Lists are small and not paginated. Filters
are parsed here; a bad value answers 400 ``bad_filter`` naming the field. The
views only translate: the reads are ``sheets.grimhand.selectors.catalogue_*``.

The card lists (equipment, threats, exploration, quests, abilities) also take
``?table=<id>``: the base cards plus that campaign's homebrew, which only a
seat of that table may see (``Authorization: Seat <token>``; 401 without it,
403 with another table's).
"""

from __future__ import annotations

from django.urls import path

from sheets.grimhand.api.catalogue.views import (
    AbilityList,
    AffinityList,
    ChallengeList,
    ChallengeTableList,
    ClassList,
    EquipmentList,
    ExplorationList,
    QuestList,
    RaceList,
    RarityList,
    StatureList,
    ThreatList,
)

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
