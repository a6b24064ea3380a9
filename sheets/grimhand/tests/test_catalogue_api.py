"""The read-only Grim Hand catalogue API: lists, filters, errors and query counts."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from campaigns.models import Table
from sheets.grimhand.catalogue_loader import load_grimhand_catalogue
from sheets.grimhand.models import EquipmentCard, Quest, StatureAbility, StatureLevel

pytestmark = pytest.mark.django_db

BASE = "/api/v1/grimhand/catalogue/"

COUNTS = {
    "races/": 5,
    "classes/": 5,
    "affinities/": 5,
    "stature/": 6,
    "rarities/": 6,
    "challenges/": 6,
    "challenge-table/": 126,
    "equipment/": 50,
    "threats/": 75,
    "exploration/": 75,
    "quests/": 25,
    "abilities/": 25,
}


@pytest.fixture(autouse=True)
def _catalogue() -> None:
    load_grimhand_catalogue()


def _get(client: Client, url: str, status: int = 200) -> Any:
    response = client.get(BASE + url)
    assert response.status_code == status, response.content
    return response.json()


@pytest.mark.parametrize(("url", "count"), COUNTS.items())
def test_every_list_answers_anonymously(client: Client, url: str, count: int) -> None:
    body = _get(client, url)
    assert isinstance(body, list) and len(body) == count


@pytest.mark.parametrize("url", COUNTS)
def test_lists_are_read_only(client: Client, url: str) -> None:
    response = client.post(BASE + url, {}, content_type="application/json")
    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"


@pytest.mark.parametrize("url", COUNTS)
def test_list_query_count_is_constant(client: Client, url: str, django_assert_num_queries: Any) -> None:
    with django_assert_num_queries(1):
        client.get(BASE + url)


def test_equipment_shape_and_facts(client: Client) -> None:
    body = _get(client, "equipment/?affinity=blood&rank=1")
    assert body == [
        {
            "id": body[0]["id"],
            "name": "Ritual Dagger",
            "rank": 1,
            "affinity": "Blood",
            "ap_cost": 1,
            "effect": body[0]["effect"],
            "gold_value": 5,
            "printed_rarity": "Common",
            "table": None,
        }
    ]


@pytest.mark.parametrize("value", ["Nature", "nature", "NATURE", "Wild", "wild", "NA"])
def test_affinity_filter_is_case_insensitive_and_wild_means_nature(client: Client, value: str) -> None:
    for url, count in (("equipment/", 10), ("threats/", 16), ("exploration/", 15), ("quests/", 5)):
        body = _get(client, f"{url}?affinity={value}")
        assert len(body) == count and {row["affinity"] for row in body} == {"Nature"}


def test_no_wild_in_any_answer(client: Client) -> None:
    for url in ("equipment/", "threats/", "exploration/", "quests/"):
        assert all(row["affinity"] != "Wild" for row in _get(client, url))


def test_rank_filters(client: Client) -> None:
    assert {r["rank"] for r in _get(client, "equipment/?rank=10")} == {10}
    assert len(_get(client, "equipment/?rank=10")) == 5
    assert len(_get(client, "threats/?rank=0")) == 25
    assert len(_get(client, "exploration/?rank=7")) == 10  # both decks
    assert len(_get(client, "exploration/?rank=7&deck=1")) == 5


def test_kind_filters(client: Client) -> None:
    bosses = _get(client, "threats/?kind=boss")
    assert len(bosses) == 5 and {b["kind"] for b in bosses} == {"Boss"}
    assert {b["creature_type"] for b in bosses} >= {"Undead", "Abomination"}
    assert len(_get(client, "threats/?kind=NPC")) == 6
    minor = _get(client, "exploration/?kind=minor threat&deck=1")
    assert len(minor) == 9 and {c["kind"] for c in minor} == {"Minor Threat"}
    hazards = _get(client, "exploration/?kind=hazard")
    assert hazards and all("Hazard" in c["kind"].split("/") for c in hazards)


def test_rarity_filter(client: Client) -> None:
    assert len(_get(client, "equipment/?rarity=legendary")) == 5
    assert len(_get(client, "equipment/?rarity=Un-Common")) == 10


def test_stature_filters(client: Client) -> None:
    legend = _get(client, "quests/?stature=Legendary")
    assert len(legend) == 5 and {q["stature"] for q in legend} == {"Legend"}
    assert {q["qp_needed"] for q in legend} == {25}
    iron_novice = _get(client, "quests/?affinity=iron&stature=novice")
    assert [q["name"] for q in iron_novice] == ["Steel Against Shadow"]
    abilities = _get(client, "abilities/?stature=veteran")
    assert len(abilities) == 5 and {a["ap_cost"] for a in abilities} == {1}
    column = _get(client, "challenge-table/?stature=Master")
    assert [row["roll"] for row in column] == list(range(4, 25))
    assert _get(client, "challenge-table/?stature=Recruit&roll=4") == [
        {"roll": 4, "stature": "Recruit", "challenge": "Fate Roll"}
    ]


def test_quest_shape(client: Client) -> None:
    quest = next(q for q in _get(client, "quests/") if q["name"] == "The Ossuary's Silence")
    assert quest["required_item"] == "Necrotic Charm"
    assert quest["required_threat"] == "Wight"
    assert quest["success_effects"] == [
        {"stat": "agility", "amount": 1, "duration": "permanent", "who": "self"}
    ]


@pytest.mark.parametrize(
    ("url", "field"),
    [
        ("equipment/?rank=0", "rank"),
        ("equipment/?rank=11", "rank"),
        ("equipment/?rank=three", "rank"),
        ("equipment/?affinity=fire", "affinity"),
        ("equipment/?rarity=shiny", "rarity"),
        ("threats/?rank=-1", "rank"),
        ("threats/?kind=dragon", "kind"),
        ("exploration/?kind=teapot", "kind"),
        ("exploration/?deck=3", "deck"),
        ("quests/?stature=emperor", "stature"),
        ("abilities/?stature=99", "stature"),
        ("challenge-table/?roll=25", "roll"),
    ],
)
def test_bad_filters_answer_400_in_the_error_shape(client: Client, url: str, field: str) -> None:
    body = _get(client, url, status=400)
    assert set(body) == {"code", "message", "extra"}
    assert body["code"] == "bad_filter"
    assert body["extra"] == {"field": field}
    assert body["message"]


def test_rank_message(client: Client) -> None:
    assert _get(client, "equipment/?rank=11", status=400)["message"] == "Rank must be a number from 1 to 10."


def test_blank_filters_are_ignored(client: Client) -> None:
    assert len(_get(client, "equipment/?affinity=&rank=")) == 50


def test_homebrew_is_not_listed(client: Client) -> None:
    table = Table.objects.create(game="grimhand", name="Home", join_code="HB0100")
    novice = StatureLevel.objects.get(name="Novice")
    EquipmentCard.objects.create(
        name="Home Blade", rank=1, affinity="Blood", gold_value=1, printed_rarity="Common", effect="x",
        table=table,
    )  # fmt: skip
    Quest.objects.create(
        name="Home Quest", affinity="Bone", stature=novice, qp_needed=5, required_item="Dust of Ages",
        required_threat="Wight", success_text="x", failure_text="y", table=table,
    )  # fmt: skip
    StatureAbility.objects.create(stature=novice, name="Home Trick", effect="x", table=table)
    assert len(_get(client, "equipment/")) == 50
    _get(client, f"equipment/?table={table.pk}", 401)  # a table's homebrew needs its seat token
    assert "Home Quest" not in {q["name"] for q in _get(client, "quests/")}
    assert len(_get(client, "abilities/")) == 25


def test_schema_documents_the_catalogue(client: Client) -> None:
    response = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    for url in COUNTS:
        assert f"{BASE}{url}" in paths
    params = {p["name"] for p in paths[f"{BASE}equipment/"]["get"]["parameters"]}
    assert params == {"affinity", "rank", "rarity", "table"}
