"""Play history from the log: result rows per seat, claims that move them, /me/plays/ and /me/stats/."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.utils import timezone

from campaigns import services
from campaigns.models import Play, PlayResult, Table
from campaigns.results import result_rows
from campaigns.tasks import write_play_record
from tests.personas import Person, join, person

pytestmark = pytest.mark.django_db


def ended_counters_table(user: Any = None) -> tuple[Table, Person, Person]:
    _table, grant = services.table_create(game="counters", name="Friday", seat_name="Ann", user=user)
    ann = person(grant.seat, grant.token)
    bo = join(ann.table, "Bo")
    join(ann.table, "Screen", "spectator")
    assert ann.command("table.end").status_code == 200
    write_play_record(ann.table.pk)
    return Table.objects.get(pk=ann.table.pk), ann, bo


def test_ending_a_table_writes_one_result_row_per_playing_seat() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    table, _ann, _bo = ended_counters_table(user=mara)
    rows = list(PlayResult.objects.filter(play__table=table).order_by("seat_id"))
    assert [(r.name, r.user_id, r.score, r.won, r.game) for r in rows] == [
        ("Ann", mara.pk, None, False, "counters"),
        ("Bo", None, None, False, "counters"),
    ]
    write_play_record(table.pk)  # a retry writes nothing twice
    assert PlayResult.objects.filter(play__table=table).count() == 2


def test_claiming_a_seat_later_moves_its_results_to_the_account() -> None:
    table, _ann, bo = ended_counters_table()
    bea = get_user_model().objects.create_user("bea", password="x")
    services.seat_claim(seat=bo.seat, user=bea)
    mine = PlayResult.objects.get(play__table=table, seat=bo.seat)
    assert mine.user_id == bea.pk and mine.name == "Bo"
    assert Play.objects.get(table=table).users.filter(pk=bea.pk).exists()


def test_result_rows_follow_the_rules_results_and_skip_watchers() -> None:
    summary = {"results": [{"seat_id": 2, "score": 14, "place": 1, "won": True, "details": {"eoc": 2}}]}
    seats = [
        {"id": 1, "name": "Ann", "role": "host"},
        {"id": 2, "name": "Bo", "role": "player"},
        {"id": 3, "name": "TV", "role": "spectator"},
    ]
    assert result_rows(summary, seats) == [
        {"seat_id": 1, "name": "Ann", "score": None, "place": None, "won": False, "details": {}},
        {"seat_id": 2, "name": "Bo", "score": 14, "place": 1, "won": True, "details": {"eoc": 2}},
    ]


def add_result(user: Any, game: str, *, won: bool, score: int | None, minutes: int, days_ago: int) -> None:
    """A finished play of ``user`` (rows as the play-record task writes them)."""
    table, grant = services.table_create(game=game, name=f"{game} {days_ago}", seat_name="Mara", user=user)
    ended = timezone.now() - timedelta(days=days_ago)
    play = Play.objects.create(
        table=table,
        game=game,
        name=table.name,
        seats=[{"id": grant.seat.pk, "name": "Mara", "role": "host", "left": False}],
        winner="Mara" if won else "",
        started_at=ended - timedelta(minutes=minutes),
        ended_at=ended,
        duration_s=minutes * 60,
    )
    PlayResult.objects.create(
        play=play, seat=grant.seat, name="Mara", user=user, game=game, score=score, won=won, ended_at=ended
    )


def test_my_plays_and_stats_are_aggregates_of_the_result_rows() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    add_result(mara, "grimoor", won=True, score=12, minutes=30, days_ago=3)
    add_result(mara, "grimoor", won=False, score=7, minutes=40, days_ago=2)
    add_result(mara, "grim", won=True, score=None, minutes=20, days_ago=1)
    anonymous = Client()
    assert anonymous.get("/api/v1/me/stats/").status_code == 401
    assert anonymous.get("/api/v1/me/plays/").json()["code"] == "login_required"
    client = Client()
    client.force_login(mara)
    plays = client.get("/api/v1/me/plays/").json()
    assert plays["count"] == 3
    assert [p["game"] for p in plays["results"]] == ["grim", "grimoor", "grimoor"]  # newest first
    assert plays["results"][0]["me"] == {"name": "Mara", "score": None, "place": None, "won": True}
    only = client.get("/api/v1/me/plays/", {"game": "grimoor"}).json()
    assert only["count"] == 2 and {p["game_name"] for p in only["results"]} == {"Grimoor"}
    assert client.get("/api/v1/me/plays/", {"offset": "1e3"}).status_code == 400
    stats = client.get("/api/v1/me/stats/").json()
    assert (stats["plays"], stats["wins"], stats["win_rate"], stats["time_played_s"]) == (3, 2, 0.667, 5400)
    grimoor = next(g for g in stats["games"] if g["game"] == "grimoor")
    assert grimoor == {
        "game": "grimoor",
        "game_name": "Grimoor",
        "cooperative": False,  # two players against each other
        "plays": 2,
        "wins": 1,
        "win_rate": 0.5,
        "avg_score": 9.5,
        "best_score": 12,
        "time_played_s": 4200,
        "longest_win_streak": 1,
        "rating": None,
        "records": [],  # Grimoor keeps no records of its own
    }


@pytest.mark.django_db(transaction=True)
def test_older_plays_are_backfilled_by_the_migration() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([("campaigns", "0006_play_results")])
    apps = executor.loader.project_state([("campaigns", "0006_play_results")]).apps
    Table_ = apps.get_model("campaigns", "Table")
    Play_ = apps.get_model("campaigns", "Play")
    table = Table_.objects.create(game="grimoor", name="Old", join_code="OLDOLD", state={})
    now = timezone.now()
    Play_.objects.create(
        table=table,
        game="grimoor",
        name="Old",
        seats=[{"id": 901, "name": "Ann", "role": "host"}, {"id": 902, "name": "Bo", "role": "player"}],
        summary={"results": [{"seat_id": 902, "score": 5, "place": 1, "won": True}]},
        started_at=now,
        ended_at=now,
        duration_s=60,
    )
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    rows = PlayResult.objects.filter(play__name="Old").order_by("name")
    assert [(r.name, r.score, r.won, r.seat_id) for r in rows] == [
        ("Ann", None, False, None),
        ("Bo", 5, True, None),
    ]
