"""A group's plays and results as JSON and CSV (issue #14, "Exports": "plays and results as CSV
and JSON for an account or a group"): ``GET /api/v1/groups/{host_id}/plays/``."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from campaigns.tests.test_records import a_play
from tests.test_schema_responses import check, schema  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def group() -> dict[str, Any]:
    """Hana hosts plays 1 and 2; play 3 is at Mara's own table (not the group's).

    play 1 (3 days ago, 50 min, game "delve"): Mara 1st (won), "=Cy" 2nd (a guest whose name a
    spreadsheet would read as a formula); play 2 (1 day ago, 30 min, "plain"): Bea 1st, Mara 2nd.
    """
    users = get_user_model().objects
    hana, mara, bea, out = (users.create_user(n, password="x") for n in ("hana", "mara", "bea", "out"))
    one = a_play("delve", 3, 50, hana, (mara, {}), ("=Cy", {}))
    two = a_play("plain", 1, 30, hana, (bea, {}), (mara, {}))
    a_play("delve", 2, 10, mara, (mara, {}))
    return {"hana": hana, "mara": mara, "out": out, "one": one, "two": two}


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_group_lists_every_result_at_its_tables_newest_first(group: dict[str, Any]) -> None:
    body = client_of(group["mara"]).get(f"/api/v1/groups/{group['hana'].pk}/plays/").json()
    one, two = group["one"], group["two"]
    assert body["count"] == 4
    assert [
        (r["play_id"], r["seat_name"], r["place"], r["won"], r["duration_s"]) for r in body["results"]
    ] == [
        (two.pk, "Bea", 1, True, 1800),
        (two.pk, "Mara", 2, False, 1800),
        (one.pk, "Mara", 1, True, 3000),
        (one.pk, "=Cy", 2, False, 3000),
    ]
    only = client_of(group["hana"]).get(f"/api/v1/groups/{group['hana'].pk}/plays/?game=delve").json()
    assert [r["seat_name"] for r in only["results"]] == ["Mara", "=Cy"]


def test_a_group_as_csv_has_the_columns_of_my_plays(group: dict[str, Any]) -> None:
    response = client_of(group["mara"]).get(f"/api/v1/groups/{group['hana'].pk}/plays/?format=csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "play_id",
        "game",
        "table_name",
        "ended_at",
        "seat_name",
        "score",
        "place",
        "won",
        "duration_s",
    ]
    assert [(r[1], r[4], r[6], r[7]) for r in rows[1:]] == [
        ("plain", "Bea", "1", "true"),
        ("plain", "Mara", "2", "false"),
        ("delve", "Mara", "1", "true"),
        ("delve", "'=Cy", "2", "false"),  # kept as text, never a formula
    ]


def test_only_the_host_and_its_players_read_a_groups_plays(
    group: dict[str, Any],
    schema: dict[str, Any],  # noqa: F811
) -> None:
    url = f"/api/v1/groups/{group['hana'].pk}/plays/"
    refused = client_of(group["out"]).get(url)
    assert refused.status_code == 404 and refused.json()["code"] == "group_not_found"
    assert client_of(group["out"]).get(url + "?format=csv").status_code == 404
    anonymous = Client().get(url)
    assert anonymous.status_code == 401
    template = "/api/v1/groups/{host_id}/plays/"
    check(schema, "get", template, client_of(group["mara"]).get(url))
    check(schema, "get", template, refused)
    check(schema, "get", template, anonymous)
