"""An imported ended table is one game, recorded once (issue #14, "Exports and restore").

Importing an ended table's export replays ``table.end``, which owes a play
record. Beside the exported table (the same server) that would be the same
game counted twice; restored where the table is gone it must be recorded
once, dated as it was played. Every step runs for real: the scripted game
through the API, the export and the import over HTTP, the play-record and
rating tasks as the outbox runs them.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from api.tests.test_export import export_of
from campaigns import services
from campaigns.models import OutboxTask, Play, PlayResult, Rating, RatingChange, Table, TableStatus
from campaigns.tasks import drain_outbox, rate_play, write_play_record
from tests.import_jobs import import_table
from tests.personas import Person, join, person
from tests.sample_play import play_with

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def a_rated_game(host: Any) -> tuple[Person, Table]:
    """A Grim match hosted by ``host`` (Ann's seat) against the guest Bo, ended, recorded and rated."""
    table, grant = services.table_create(
        game="grim", name="Friday", seat_name="Ann", user=host, options={"format": "coven"}
    )
    ann = person(grant.seat, grant.token)
    play_with("grim", ann, join(table, "Bo"))
    write_play_record(table.pk)
    assert rate_play(table.pk) == 2
    return ann, Table.objects.get(pk=table.pk)


def figures(user: Any) -> dict[str, Any]:
    """Everything a play moves: the account's and its group's statistics, plays, results, ratings."""
    client = logged_in(user)
    me = client.get("/api/v1/me/stats/")
    group = client.get(f"/api/v1/groups/{user.pk}/stats/")
    plays = client.get("/api/v1/me/plays/")
    assert me.status_code == group.status_code == plays.status_code == 200
    return {
        "me": me.json(),
        "group": group.json(),
        "my_plays": plays.json()["count"],
        "plays": Play.objects.count(),
        "results": PlayResult.objects.count(),
        "ratings": sorted(Rating.objects.values_list("guest_name", "mu", "sigma", "plays", "user_id")),
        "changes": RatingChange.objects.count(),
    }


def import_as(user: Any, data: dict[str, Any]) -> tuple[Table, Person]:
    """Import over HTTP, the importer keeps the host seat in their history (a claim), then what the
    commit owes runs, as the worker and the outbox's drain run it; the new table and its host."""
    response = import_table(data, logged_in(user))
    assert response.status_code == 200, response.content
    body = response.json()
    table = Table.objects.get(pk=body["id"])
    services.seat_claim(seat=table.seats.get(pk=body["seat"]["id"]), user=user)
    write_play_record(table.pk)
    rate_play(table.pk)
    drain_outbox(grace_s=0)
    return table, person(table.seats.get(pk=body["seat"]["id"]), body["seat"]["token"])


def test_an_ended_table_imported_beside_it_is_not_a_second_play() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    _ann, first = a_rated_game(mara)
    before = figures(mara)
    assert before["me"]["plays"] == 1 and before["group"]["plays"] == 1 and before["changes"] == 2
    data = export_of(_ann)
    assert data["origin"] == {
        "table_id": first.pk,
        "created_at": first.created_at.isoformat(),
        "ended_at": first.ended_at.isoformat() if first.ended_at else None,
    }
    copy, copy_host = import_as(mara, data)
    assert copy.status == TableStatus.ENDED
    assert (copy.origin_table_id, copy.origin_created_at) == (first.pk, first.created_at)
    assert not Play.objects.filter(table=copy).exists()
    assert figures(mara) == before
    # Nothing is left owed: the copy's record was decided, not forgotten.
    assert not OutboxTask.objects.filter(table=copy, done_at=None).exists()
    # A copy of the copy is still the same game.
    again = export_of(copy_host)
    assert again["origin"]["table_id"] == first.pk
    import_as(mara, again)
    assert figures(mara) == before


def test_an_export_from_before_origins_imported_beside_its_table_is_not_a_second_play() -> None:
    """Exports written before they named their origin are recognised by their first event (the
    exported table's host seat id and the moment it joined) where that table still is."""
    mara = get_user_model().objects.create_user("mara", password="x")
    ann, first = a_rated_game(mara)
    before = figures(mara)
    data = export_of(ann)
    del data["origin"]
    twin, twin_host = import_as(mara, data)
    assert (twin.origin_table_id, twin.origin_created_at) == (first.pk, first.created_at)
    assert not Play.objects.filter(table=twin).exists()
    assert figures(mara) == before
    # Its copy's export, from before origins too, is still that one game.
    again = export_of(twin_host)
    del again["origin"]
    import_as(mara, again)
    assert figures(mara) == before


def test_an_export_from_before_origins_restored_elsewhere_is_one_play() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    ann, first = a_rated_game(mara)
    data = export_of(ann)
    del data["origin"]
    Table.objects.filter(pk=first.pk).delete()
    restored, _host = import_as(mara, data)
    assert restored.origin_table_id is None  # nothing here names its game: recorded as it always was
    assert Play.objects.filter(table=restored).count() == 1 and figures(mara)["plays"] == 1


def test_restored_where_the_table_is_gone_the_game_is_one_play_dated_as_played() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    ann, first = a_rated_game(mara)
    original = Play.objects.get(table=first)
    rated = {(r.user_id, r.guest_name): (r.mu, r.sigma) for r in Rating.objects.all()}
    data = export_of(ann)
    # A fresh server: neither the table, its play, nor anyone's rating.
    Table.objects.filter(pk=first.pk).delete()
    Rating.objects.all().delete()
    assert figures(mara)["plays"] == 0
    restored, _host = import_as(mara, data)
    after = figures(mara)
    assert (after["plays"], after["my_plays"], after["me"]["plays"]) == (1, 1, 1)
    play = Play.objects.get(table=restored)
    assert (play.started_at, play.ended_at, play.duration_s, play.winner) == (
        original.started_at,
        original.ended_at,
        original.duration_s,
        original.winner,
    )
    assert after["me"]["time_played_s"] == original.duration_s
    # Rated once, from the same start: the very ratings the game gave the first time.
    assert {(r.user_id, r.guest_name): (r.mu, r.sigma) for r in Rating.objects.all()} == rated
    assert all(r.plays == 1 for r in Rating.objects.all()) and after["changes"] == 2
    # The same file restored a second time is still that one game.
    import_as(mara, data)
    assert figures(mara) == after


def test_an_open_table_imported_goes_on_as_its_own_game() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    table, grant = services.table_create(game="counters", name="Friday", seat_name="Ann", user=mara)
    ann = person(grant.seat, grant.token)
    join(table, "Bo")
    data = export_of(ann)
    assert data["origin"]["ended_at"] is None
    response = import_table(data, logged_in(mara))
    assert response.status_code == 200, response.content
    fork = Table.objects.get(pk=response.json()["id"])
    assert fork.origin_table_id is None  # it is played on from here: a game of its own
    fork_host = person(fork.seats.get(pk=response.json()["seat"]["id"]), response.json()["seat"]["token"])
    assert fork_host.command("table.end").status_code == 200
    write_play_record(fork.pk)
    assert Play.objects.filter(table=fork).count() == 1 and Play.objects.count() == 1


@pytest.mark.parametrize(
    ("origin", "why"),
    [
        ({"table_id": 1, "created_at": "yesterday", "ended_at": None}, "not a time"),
        ({"table_id": 1, "created_at": "2025-01-01T10:00:00", "ended_at": None}, "no time zone"),
        ({"table_id": True, "created_at": "2025-01-01T10:00:00+00:00", "ended_at": None}, "whole number"),
        (
            {
                "table_id": 1,
                "created_at": "2025-01-02T10:00:00+00:00",
                "ended_at": "2025-01-01T10:00:00+00:00",
            },
            "ends before it starts",
        ),
        ({"table_id": 1}, "must name"),
    ],
)
def test_a_malformed_origin_is_refused_and_creates_nothing(origin: dict[str, Any], why: str) -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    ann, _first = a_rated_game(mara)
    data = {**export_of(ann), "origin": origin}
    tables = Table.objects.count()
    response = import_table(data, logged_in(mara))
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "import_bad_file" and why in body["message"]
    assert body["extra"]["field"] == "origin" and Table.objects.count() == tables


def test_an_end_from_a_clock_ahead_is_dated_no_later_than_now() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    ann, first = a_rated_game(mara)
    data = export_of(ann)
    Table.objects.filter(pk=first.pk).delete()
    ahead = timezone.now() + timedelta(hours=2)
    data["origin"]["ended_at"] = ahead.isoformat()
    restored, _host = import_as(mara, data)
    play = Play.objects.get(table=restored)
    assert play.ended_at < ahead and play.ended_at <= timezone.now()


@pytest.mark.django_db(transaction=True)
def test_two_restores_of_one_game_recorded_at_once_are_one_play() -> None:
    """Two workers record two restored copies of the same game at the same moment: the first
    holds its record uncommitted while the second looks for one. The second must wait for it
    and then find it, not write a second play (on PostgreSQL; SQLite runs writers one at a time)."""
    import threading

    from django.db import connection, transaction

    mara = get_user_model().objects.create_user("mara", password="x")
    first, grant = services.table_create(
        game="grim", name="Friday", seat_name="Ann", user=mara, options={"format": "coven"}
    )
    ann = person(grant.seat, grant.token)
    play_with("grim", ann, join(first, "Bo"))  # ended: its record written now or by the worker, as configured
    data = export_of(ann)
    Table.objects.filter(pk=first.pk).delete()  # a fresh server holds neither table nor play
    copies = []
    for _ in range(2):
        response = import_table(data, logged_in(mara))
        assert response.status_code == 200, response.content
        copies.append(response.json()["id"])
    Play.objects.all().delete()  # whatever ran at import (eager tasks): both records owed again
    recorded, waiting = threading.Event(), threading.Event()
    answers: dict[str, int | None] = {}

    def first_worker() -> None:
        try:
            with transaction.atomic():
                answers["first"] = write_play_record(copies[0])
                recorded.set()
                waiting.wait(5)  # the second worker is looking meanwhile
        finally:
            connection.close()

    def second_worker() -> None:
        try:
            recorded.wait(5)
            timer = threading.Timer(1.0, waiting.set)  # if it does not block, release the first anyway
            timer.start()
            answers["second"] = write_play_record(copies[1])
            timer.cancel()
            waiting.set()
        finally:
            connection.close()

    threads = [threading.Thread(target=first_worker), threading.Thread(target=second_worker)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert answers["first"] is not None and answers["second"] is None
    assert Play.objects.count() == 1
    assert Play.objects.get().table_id == copies[0]


def test_the_table_holding_a_game_deleted_beside_its_copy_hands_the_play_to_the_copy() -> None:
    """Deleting the table that holds a game's play, while a copy of that game is here, must not
    take the game out of anyone's history: the play moves to the copy (which wrote none of its
    own, the game being recorded already), with its results, ratings and statistics unchanged."""
    mara = get_user_model().objects.create_user("mara", password="x")
    ann, first = a_rated_game(mara)
    play = Play.objects.get(table=first)
    copy, _copy_host = import_as(mara, export_of(ann))
    before = figures(mara)
    assert before["plays"] == 1 and not Play.objects.filter(table=copy).exists()
    Table.objects.get(pk=first.pk).delete()
    assert Play.objects.get(pk=play.pk).table_id == copy.pk
    assert figures(mara) == before
    # Deleting the copy too: now no table holds the game, and its play goes with the last one.
    Table.objects.filter(pk=copy.pk).delete()
    assert not Play.objects.exists() and not PlayResult.objects.exists()


def test_deleted_together_with_one_copy_the_play_goes_to_a_copy_that_stays() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    ann, first = a_rated_game(mara)
    data = export_of(ann)
    one, _ = import_as(mara, data)
    two, _ = import_as(mara, data)
    before = figures(mara)
    Table.objects.filter(pk__in=[first.pk, one.pk]).delete()
    assert Play.objects.get().table_id == two.pk
    assert figures(mara) == before


def test_deleting_a_copy_leaves_the_play_where_it_is() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    ann, first = a_rated_game(mara)
    copy, _ = import_as(mara, export_of(ann))
    before = figures(mara)
    Table.objects.filter(pk=copy.pk).delete()
    assert Play.objects.get().table_id == first.pk
    assert figures(mara) == before
