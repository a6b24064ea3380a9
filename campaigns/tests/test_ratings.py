"""Skill ratings (issue #14): openskill's own numbers, the right direction, competitive plays only, once."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from openskill.models import PlackettLuce

from campaigns import services
from campaigns.models import OutboxTask, Rating, RatingChange
from campaigns.ratings import competitive_ranks
from campaigns.tasks import RATE_PLAY, drain_outbox, rate_play
from campaigns.tests.test_stats import a_play
from tests.personas import eager_tasks, join, person  # noqa: F401

pytestmark = pytest.mark.django_db

GAME = "grimoor"


def rating_of(game: str, user: Any = None, guest: str = "") -> Rating:
    if user is not None:
        return Rating.objects.get(game=game, user=user)
    return Rating.objects.get(game=game, user=None, guest_name=guest)


def test_only_plays_that_tell_seats_apart_are_competitive() -> None:
    assert competitive_ranks([(1, True), (2, False), (3, False)]) == [1, 2, 3]
    assert competitive_ranks([(2, False), (None, False), (1, True)]) == [2, 3, 1]  # unplaced rank last
    assert competitive_ranks([(1, True), (1, True), (2, False)]) == [1, 1, 2]  # a shared first place
    assert competitive_ranks([(None, True), (None, False)]) == [1, 2]  # by who won
    assert competitive_ranks([(None, True), (None, True)]) is None  # co-op: won together
    assert competitive_ranks([(None, False), (None, False)]) is None  # co-op: lost together
    assert competitive_ranks([(1, True), (1, True)]) is None
    assert competitive_ranks([(1, True)]) is None  # alone


def test_ratings_match_openskill_called_directly_on_the_same_plays() -> None:
    users = get_user_model().objects
    mara, bea = users.create_user("mara", password="x"), users.create_user("bea", password="x")
    plays = [
        a_play(GAME, 3, (mara, 1, True), (bea, 2, False), ("Cy", 3, False)),
        a_play(GAME, 2, (bea, 1, True), ("Cy", 2, False)),
        a_play(GAME, 1, ("Cy", None, True), (mara, None, False), (bea, None, False)),
    ]
    for play in plays:
        rate_play(play.table_id)

    model = PlackettLuce()
    m, b, c = model.rating(), model.rating(), model.rating()
    [[m], [b], [c]] = model.rate([[m], [b], [c]], ranks=[1, 2, 3])
    [[b], [c]] = model.rate([[b], [c]], ranks=[1, 2])
    [[c], [m], [b]] = model.rate([[c], [m], [b]], ranks=[1, 2, 2])

    for stored, expected, plays_rated in (
        (rating_of(GAME, mara), m, 2),
        (rating_of(GAME, bea), b, 3),
        (rating_of(GAME, guest="Cy"), c, 3),
    ):
        assert stored.mu == pytest.approx(expected.mu, abs=1e-9)
        assert stored.sigma == pytest.approx(expected.sigma, abs=1e-9)
        assert stored.ordinal == pytest.approx(expected.ordinal(), abs=1e-9)
        assert stored.plays == plays_rated
    # Three steps for bea, oldest first, ending at her rating now.
    steps = list(RatingChange.objects.filter(rating__user=bea).values_list("play_id", "mu"))
    assert [p for p, _ in steps] == [p.pk for p in plays] and steps[-1][1] == pytest.approx(b.mu)


def test_winners_go_up_and_losers_go_down_with_less_uncertainty() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    play = a_play(GAME, 1, ("Ann", 1, True), (mara, 2, False), ("Bo", 3, False))
    assert rate_play(play.table_id) == 3
    start = PlackettLuce().rating()
    ann, mine, bo = rating_of(GAME, guest="Ann"), rating_of(GAME, mara), rating_of(GAME, guest="Bo")
    assert ann.mu > start.mu and bo.mu < start.mu and ann.mu > mine.mu > bo.mu
    assert all(r.sigma < start.sigma for r in (ann, mine, bo))


def test_co_op_plays_and_plays_alone_are_not_rated() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    together = a_play(GAME, 2, (mara, None, True), ("Ann", None, True))
    lost = a_play(GAME, 1, (mara, None, False), ("Ann", None, False))
    alone = a_play(GAME, 3, (mara, 1, True))
    assert [rate_play(p.table_id) for p in (together, lost, alone)] == [0, 0, 0]
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_cooperative_games_plays_are_not_rated_whatever_their_places() -> None:
    """Grim Hand's party plays on one side: its places (trophies) rank who fared better, not who
    beat whom, so they move no rating."""
    mara = get_user_model().objects.create_user("mara", password="x")
    campaign = a_play("grimhand", 2, (mara, 1, True), ("Ann", 2, True))
    assert rate_play(campaign.table_id) == 0
    assert not Rating.objects.exists()


def test_a_retry_never_rates_a_play_twice() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    play = a_play(GAME, 1, (mara, 1, True), ("Ann", 2, False))
    OutboxTask.objects.create(task=RATE_PLAY, table=play.table)
    assert rate_play(play.table_id) == 2
    once = rating_of(GAME, mara)
    assert rate_play(play.table_id) == 0  # the task again
    assert drain_outbox.run(grace_s=0) == 0  # the owed row was marked done by the first run
    OutboxTask.objects.create(task=RATE_PLAY, table=play.table)
    assert drain_outbox.run(grace_s=0) == 1  # the drain runs it: nothing moves
    again = rating_of(GAME, mara)
    assert (again.mu, again.sigma, again.plays) == (once.mu, once.sigma, 1)
    assert RatingChange.objects.filter(play=play).count() == 2


def test_my_stats_show_the_rating_per_game() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    rate_play(a_play(GAME, 1, (mara, 1, True), ("Ann", 2, False)).table_id)
    client = Client()
    client.force_login(mara)
    game = next(g for g in client.get("/api/v1/me/stats/").json()["games"] if g["game"] == GAME)
    mine = rating_of(GAME, mara)
    assert game["rating"] == {
        "ordinal": round(mine.mu - 3 * mine.sigma, 2),
        "mu": round(mine.mu, 2),
        "sigma": round(mine.sigma, 2),
        "plays": 1,
    }


@pytest.mark.django_db(transaction=True)
def test_ending_a_table_owes_and_runs_the_rating_after_the_play_record(
    eager_tasks: Any,  # noqa: F811
) -> None:
    _table, grant = services.table_create(game="counters", name="Fri", seat_name="Ann")
    ann = person(grant.seat, grant.token)
    join(ann.table, "Bo")
    assert ann.command("table.end").status_code == 200
    # Tasks run in-process here: the record, then the rating it queued after
    # its commit (a Counters play has no places or winners: nothing to rate).
    owed = OutboxTask.objects.get(task=RATE_PLAY, table=ann.table)
    assert owed.done_at is not None
    assert not Rating.objects.exists()


def test_older_plays_are_rated_oldest_first_by_the_command() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    newer = a_play(GAME, 1, ("Ann", 1, True), (mara, 2, False))
    older = a_play(GAME, 2, (mara, 1, True), ("Ann", 2, False))
    a_play(GAME, 3, (mara, None, True), ("Ann", None, True))  # co-op: stays unrated
    out = StringIO()
    call_command("rate_plays", stdout=out)
    assert "2 of 3" in out.getvalue()
    model = PlackettLuce()
    [[m], [a]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])  # the older play first
    [[a], [m]] = model.rate([[a], [m]], ranks=[1, 2])
    assert rating_of(GAME, mara).mu == pytest.approx(m.mu) and rating_of(
        GAME, guest="Ann"
    ).mu == pytest.approx(a.mu)
    assert list(RatingChange.objects.filter(rating__user=mara).values_list("play_id", flat=True)) == [
        older.pk,
        newer.pk,
    ]
    call_command("rate_plays", stdout=StringIO())  # again: nothing moves
    assert rating_of(GAME, mara).plays == 2
