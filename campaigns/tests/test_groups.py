"""A gaming group's statistics (issue #14): the people at one host's tables, figures counted by hand."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from campaigns.models import Rating
from campaigns.tasks import rate_play
from campaigns.tests.test_stats import a_play, many_plays, stats_queries
from tests.test_schema_responses import check, schema  # noqa: F401

pytestmark = pytest.mark.django_db

A, B = "grimoor", "grim"


@pytest.fixture
def group() -> dict[str, Any]:
    """Hana hosts five plays, oldest first; Olaf hosts one more (not hers). Cy is a guest.

    ====  ====  ====================================  =====
    play  game  seats (place, W = won)                host
    ====  ====  ====================================  =====
    X     A     mara 1 W, bea 2                       olaf
    G1    A     mara 1 W, bea 2, Cy 3                 hana
    G4    A     mara 1 W, Cy 2                        hana
    G2    A     Cy 1 W, mara 2, bea 3                 hana
    G3    B     bea W, mara                           hana
    G5    B     mara, Cy (lost together)              hana
    ====  ====  ====================================  =====
    """
    users = get_user_model().objects
    hana, olaf = users.create_user("hana", password="x"), users.create_user("olaf", password="x")
    mara, bea = users.create_user("mara", password="x"), users.create_user("bea", password="x")
    stranger = users.create_user("stranger", password="x")
    plays = [
        a_play(A, 11, (mara, 1, True), (bea, 2, False), host=olaf),
        a_play(A, 10, (mara, 1, True), (bea, 2, False), ("Cy", 3, False), host=hana),
        a_play(A, 9, (mara, 1, True), ("Cy", 2, False), host=hana),
        a_play(A, 8, ("Cy", 1, True), (mara, 2, False), (bea, 3, False), host=hana),
        a_play(B, 7, (bea, None, True), (mara, None, False), host=hana),
        a_play(B, 6, (mara, None, False), ("Cy", None, False), host=hana),
    ]
    for play in plays:
        rate_play(play.table_id)
    return {"hana": hana, "olaf": olaf, "mara": mara, "bea": bea, "stranger": stranger}


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_group_figures_match_the_hand_count(group: dict[str, Any]) -> None:
    stats = client_of(group["mara"]).get(f"/api/v1/groups/{group['hana'].pk}/stats/").json()
    assert (stats["host"], stats["plays"], stats["time_played_s"]) == ("hana", 5, 5 * 1800)
    a, b = stats["games"]
    assert (a["game"], a["plays"], a["time_played_s"], b["game"], b["plays"]) == (A, 3, 5400, B, 2)
    board_a = {e["name"]: e for e in a["leaderboard"]}
    # Olaf's play X does not count: in A mara won G1 and G4 (a run of 2) and lost G2.
    assert [
        (board_a[n]["plays"], board_a[n]["wins"], board_a[n]["win_rate"]) for n in ("mara", "Cy", "bea")
    ] == [
        (3, 2, 0.667),
        (3, 1, 0.333),
        (2, 0, 0.0),
    ]
    assert [board_a[n]["longest_win_streak"] for n in ("mara", "Cy", "bea")] == [2, 1, 0]
    # The leaderboard is in skill order; the ratings are each one's own, X included.
    ordinals = [e["rating"]["ordinal"] for e in a["leaderboard"]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert board_a["mara"]["rating"]["plays"] == 4 == Rating.objects.get(game=A, user=group["mara"]).plays
    board_b = {e["name"]: e for e in b["leaderboard"]}
    assert (board_b["bea"]["win_rate"], board_b["mara"]["win_rate"], board_b["Cy"]["plays"]) == (1.0, 0.0, 1)
    assert board_b["Cy"]["rating"] is None  # G5 was co-op: Cy has no rated play in B

    members = {m["name"]: m for m in stats["members"]}
    assert [m["name"] for m in stats["members"]] == ["mara", "Cy", "bea"]  # most plays first
    mara, cy, bea = members["mara"], members["Cy"], members["bea"]
    # mara: W W L L L (G1 G4 G2 G3 G5).
    assert (mara["plays"], mara["wins"], mara["win_rate"], mara["longest_win_streak"]) == (5, 2, 0.4, 2)
    assert mara["time_played_s"] == 9000
    # mara with Cy at G1 G4 G2 G5 (ahead at G2); with bea at G1 G2 G3 (ahead at G3):
    # Cy is the most frequent, bea the nemesis (1 each, in fewer plays together).
    assert mara["most_frequent_opponent"] == {
        "name": "Cy",
        "account": False,
        "plays_together": 4,
        "finished_ahead": 1,
    }
    assert mara["nemesis"] == {"name": "bea", "account": True, "plays_together": 3, "finished_ahead": 1}
    # bea: L L W; mara was ahead at G1 and G2, Cy at G2 only.
    assert (bea["plays"], bea["wins"], bea["longest_win_streak"]) == (3, 1, 1)
    assert (bea["nemesis"]["name"], bea["nemesis"]["finished_ahead"]) == ("mara", 2)
    # Cy: L L W L; mara was ahead at G1 and G4, bea at G1.
    assert (cy["plays"], cy["wins"], cy["account"], cy["longest_win_streak"]) == (4, 1, False, 1)
    assert (cy["nemesis"]["name"], cy["nemesis"]["finished_ahead"], cy["nemesis"]["plays_together"]) == (
        "mara",
        2,
        4,
    )


def test_only_the_host_and_its_players_may_read_a_group(group: dict[str, Any]) -> None:
    url = f"/api/v1/groups/{group['hana'].pk}/stats/"
    assert client_of(group["hana"]).get(url).status_code == 200
    assert client_of(group["bea"]).get(url).status_code == 200
    for outsider in (group["olaf"], group["stranger"]):
        refused = client_of(outsider).get(url)
        assert (refused.status_code, refused.json()["code"]) == (404, "group_not_found")
    assert client_of(group["mara"]).get("/api/v1/groups/999999/stats/").status_code == 404
    assert Client().get(url).json()["code"] == "login_required"


def test_my_groups_are_the_hosts_i_played_with(group: dict[str, Any]) -> None:
    mine = client_of(group["mara"]).get("/api/v1/me/groups/").json()["results"]
    assert [(g["host"], g["plays"]) for g in mine] == [("hana", 5), ("olaf", 1)]
    hosted = client_of(group["hana"]).get("/api/v1/me/groups/").json()["results"]
    assert [(g["host"], g["plays"]) for g in hosted] == [("hana", 5)]
    assert client_of(group["stranger"]).get("/api/v1/me/groups/").json()["results"] == []


def test_group_answers_what_the_schema_says(group: dict[str, Any], schema: dict[str, Any]) -> None:  # noqa: F811
    client = client_of(group["mara"])
    check(
        schema,
        "get",
        "/api/v1/groups/{host_id}/stats/",
        client.get(f"/api/v1/groups/{group['hana'].pk}/stats/"),
    )
    check(schema, "get", "/api/v1/groups/{host_id}/stats/", client.get("/api/v1/groups/999999/stats/"))
    check(schema, "get", "/api/v1/me/groups/", client.get("/api/v1/me/groups/"))


def group_queries(reader: Any, host: Any) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = client_of(reader)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/api/v1/groups/{host.pk}/stats/").status_code == 200
    return len(queries)


def test_group_stats_cost_the_same_queries_for_ten_and_a_thousand_plays() -> None:
    users = get_user_model().objects
    small, big = users.create_user("small", password="x"), users.create_user("big", password="x")
    many_plays(small, 10, host=small)
    many_plays(big, 1000, host=big)
    assert group_queries(big, big) == group_queries(small, small)
    assert stats_queries(big) == stats_queries(small)
