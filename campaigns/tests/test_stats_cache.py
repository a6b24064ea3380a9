"""Cached statistics are never stale (issue #14, "Speed"; ``campaigns.stats_cache``).

Each writer of what the statistics read (the play record, a seat claim, the
ratings of a play) runs for real, between two reads of the API or the page,
and the second read must show its change; a cached read must cost one query
(the key) beyond logging in, and answer exactly what computing it answers.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from campaigns import history, services, stats_cache
from campaigns.models import PlayResult, Table
from campaigns.tasks import rate_play, write_play_record
from campaigns.tests.test_history import ended_counters_table
from campaigns.tests.test_stats import a_play
from tests.personas import person

pytestmark = pytest.mark.django_db

GAME = "grimoor"


def account(name: str) -> Any:
    return get_user_model().objects.create_user(name, password="x")


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def my_stats(user: Any) -> dict[str, Any]:
    response = client_of(user).get("/api/v1/me/stats/")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def group_stats(reader: Any, host: Any) -> dict[str, Any]:
    response = client_of(reader).get(f"/api/v1/groups/{host.pk}/stats/")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def leader(stats: dict[str, Any], game: str, name: str) -> dict[str, Any]:
    game_stats = next(g for g in stats["games"] if g["game"] == game)
    entry: dict[str, Any] = next(e for e in game_stats["leaderboard"] if e["name"] == name)
    return entry


def test_a_cached_read_costs_the_key_query_and_answers_what_computing_does(
    django_assert_max_num_queries: Any,
) -> None:
    mara = account("mara")
    ended_counters_table(user=mara)
    first = my_stats(mara)
    assert first["plays"] == 1
    with django_assert_max_num_queries(1):  # the API keeps the bytes it sent (api.cached)
        cached = stats_cache.cached(stats_cache.account_key(mara, "api") + ":json:None", bytes)
    assert json.loads(cached) == history.stats_of(mara) == first
    client = client_of(mara)
    with CaptureQueriesContext(connection) as queries:
        again = client.get("/api/v1/me/stats/").json()
    assert again == first
    # Besides the session and the account (any logged-in request reads those), only the key.
    ours = [q["sql"] for q in queries if "campaigns_" in q["sql"]]
    assert len(ours) == 1 and "campaigns_statsversion" in ours[0], ours


def test_the_answer_really_comes_from_the_cache() -> None:
    """A row written behind the writers' back (no bump) is not seen: the read did not recompute."""
    mara = account("mara")
    table, _ann, _bo = ended_counters_table(user=mara)
    assert my_stats(mara)["plays"] == 1
    row = PlayResult.objects.get(play__table=table, user=mara)
    row.pk, row.seat = None, None
    row.save()
    assert history.stats_of(mara)["plays"] == 2
    assert my_stats(mara)["plays"] == 1


def test_a_play_record_makes_the_next_read_fresh() -> None:
    mara = account("mara")
    ended_counters_table(user=mara)
    assert my_stats(mara)["plays"] == 1
    assert group_stats(mara, mara)["plays"] == 1
    page = client_of(mara).get("/me/stats/").content.decode()
    assert "<dt>Plays</dt><dd>1</dd>" in page
    ended_counters_table(user=mara)  # the play record task runs inside
    assert my_stats(mara)["plays"] == 2
    assert group_stats(mara, mara)["plays"] == 2
    page = client_of(mara).get("/me/stats/").content.decode()
    assert "<dt>Plays</dt><dd>2</dd>" in page
    assert client_of(mara).get(f"/groups/{mara.pk}/").content.decode().count("Counters") >= 1


def test_a_claim_makes_the_next_read_fresh_for_the_claimer_their_opponents_and_the_group() -> None:
    mara, bea = account("mara"), account("bea")
    _table, _ann, bo = ended_counters_table(user=mara)
    assert my_stats(mara)["most_frequent_opponent"]["name"] == "Bo"
    assert my_stats(bea)["plays"] == 0
    members = {(m["name"], m["account"]) for m in group_stats(mara, mara)["members"]}
    assert members == {("mara", True), ("Bo", False)}

    services.seat_claim(seat=bo.seat, user=bea)

    assert my_stats(bea)["plays"] == 1
    opponent = my_stats(mara)["most_frequent_opponent"]
    assert (opponent["name"], opponent["account"]) == ("bea", True)
    members = {(m["name"], m["account"]) for m in group_stats(mara, mara)["members"]}
    assert members == {("mara", True), ("bea", True)}


def test_a_rating_makes_the_next_read_fresh_for_the_players_and_every_group_they_played_in() -> None:
    hana, olaf, mara = account("hana"), account("olaf"), account("mara")
    # Cy, a guest, also played at Olaf's tables: his rating shows on Olaf's leaderboard too.
    a_play(GAME, 5, ("Cy", 1, True), ("Dee", 2, False), host=olaf)
    play = a_play(GAME, 1, (mara, 1, True), ("Cy", 2, False), host=hana)
    mine = next(g for g in my_stats(mara)["games"] if g["game"] == GAME)
    assert mine["rating"] is None
    assert leader(group_stats(mara, hana), GAME, "mara")["rating"] is None
    assert leader(group_stats(olaf, olaf), GAME, "Cy")["rating"] is None

    assert rate_play(play.table_id) == 2  # the Celery task, run in-process

    mine = next(g for g in my_stats(mara)["games"] if g["game"] == GAME)
    assert mine["rating"] is not None and mine["rating"]["plays"] == 1
    assert leader(group_stats(mara, hana), GAME, "mara")["rating"]["plays"] == 1
    assert leader(group_stats(olaf, olaf), GAME, "Cy")["rating"]["plays"] == 1
    page = client_of(mara).get("/me/stats/").content.decode()
    assert 'id="chart-rating"' in page


def test_a_play_hosted_without_a_seat_makes_the_hosts_page_fresh() -> None:
    """The page lists the groups with the plays one played in or hosted: hosting alone counts."""
    hana = account("hana")
    table, grant = services.table_create(game="counters", name="Saturday", seat_name="Ann")
    Table.objects.filter(pk=table.pk).update(host_user=hana)  # hosted from her account, no seat
    assert "Your groups" not in client_of(hana).get("/me/stats/").content.decode()
    ann = person(grant.seat, grant.token)
    assert ann.command("table.end").status_code == 200
    write_play_record(table.pk)
    page = client_of(hana).get("/me/stats/").content.decode()
    assert 'hana\u2019s tables</a> <span class="muted">· 1 play</span>' in page


def test_the_counter_comes_with_the_logged_in_account_and_is_used_once() -> None:
    """Read in the account's own query (companion.accounts), the counter costs no query of its own;
    used once, so a request that writes and then reads again sees its write."""
    from companion.accounts import load_account

    mara = account("mara")
    ended_counters_table(user=mara)
    client = client_of(mara)
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/api/v1/me/stats/").status_code == 200
    versions = [q["sql"] for q in queries if "campaigns_statsversion" in q["sql"]]
    assert len(versions) == 1 and "auth_user" in versions[0], versions
    user = load_account(mara.pk)
    before = stats_cache.account_key(user, "api")
    stats_cache.bump_accounts([mara.pk])
    after = stats_cache.account_key(user, "api")
    assert before != after and after == stats_cache.account_key(mara, "api")


def test_a_rating_bumps_only_the_groups_where_that_game_was_played() -> None:
    """A group shows ratings on its games' leaderboards only: Cy's rating in Grim moves Hana's
    group (Cy played Grim there), not Olaf's (Cy played only Grimoor there)."""
    from campaigns.models import StatsVersion

    hana, olaf = account("hana"), account("olaf")
    a_play(GAME, 5, ("Cy", 1, True), ("Dee", 2, False), host=olaf)
    play = a_play("grim", 1, ("Cy", 1, True), ("Eve", 2, False), host=hana)
    assert leader(group_stats(olaf, olaf), GAME, "Cy")["rating"] is None
    assert rate_play(play.table_id) == 2
    hosted = dict(StatsVersion.objects.values_list("user_id", "hosted"))
    assert hosted.get(hana.pk) == 1 and hosted.get(olaf.pk, 0) == 0
    assert leader(group_stats(hana, hana), "grim", "Cy")["rating"]["plays"] == 1
    assert leader(group_stats(olaf, olaf), GAME, "Cy")["rating"] is None
