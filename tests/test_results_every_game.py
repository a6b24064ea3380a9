"""Results for every game from its sample play (issue #14, Tests: "Results for every game from
scripted plays"; issue #35: the sample play is the game's own, ``GameSpec.sample_play``).

Each registered game plays its sample through the API to its end, the table
ends, the play-record task (``campaigns.tasks.write_play_record``, what the
outbox owes after the commit) runs, and the ``PlayResult`` rows must hold the
score, place and win the sample worked out by hand (``SamplePlay.results``).
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from campaigns import registry
from campaigns.models import Play, PlayResult, TableStatus
from campaigns.sample_play import Row
from campaigns.tasks import write_play_record
from tests.personas import ok
from tests.sample_play import ApiSitting, played, sample_of

pytestmark = pytest.mark.django_db


def test_every_registered_game_has_a_sample_play() -> None:
    assert all(registry.get(slug).sample_play is not None for slug in registry.slugs())


def rows_of(play: Play) -> list[Row]:
    return [
        (r.name, r.score, r.place, r.won)
        for r in PlayResult.objects.filter(play=play).order_by("seat__position", "seat_id")
    ]


@pytest.mark.parametrize("game", registry.slugs())
def test_a_sample_play_leaves_the_results_worked_out_by_hand(game: str) -> None:
    expected = list(sample_of(game).results)
    table = played(game).table
    assert table.status == TableStatus.ENDED
    play_id = write_play_record(table.pk)
    play = Play.objects.get(table=table)
    assert play_id == play.pk
    assert rows_of(play) == expected
    # Every result row matches the rules' own results for the final state.
    assert [(r["score"], r["place"], r["won"]) for r in play.summary.get("results", [])] == sorted(
        ((s, p, w) for _n, s, p, w in expected if p is not None), key=lambda t: t[1]
    )
    winners = " & ".join(name for name, _s, _p, won in expected if won)
    assert play.winner == winners
    # The task is owed once but may run twice (a retry, the drain): still one row per seat.
    assert write_play_record(table.pk) == play.pk
    assert rows_of(play) == expected


def test_a_campaign_record_reaches_the_players_statistics() -> None:
    """Grim Hand's records side by side from a real campaign: Ann's account holds her seat."""
    sitting = ApiSitting("grimhand")
    ann = sitting.people[0]
    user = get_user_model().objects.create_user("ann", password="x")
    ann.client.force_login(user)
    assert ann.client.post(f"/api/v1/tables/{ann.table.pk}/claim/").status_code in (200, 201)
    sample_of("grimhand").play(sitting)
    write_play_record(ann.table.pk)
    play = Play.objects.get(table_id=ann.table.pk)
    mine = PlayResult.objects.get(play=play, user=user)
    assert (mine.details["xp"], mine.details["threats"], mine.details["level"]) == (300, 0, 1)
    stats = ok(ann.client.get("/api/v1/me/stats/"))
    (grimhand,) = stats["games"]
    assert [(r["label"], r["value"], r["play_id"]) for r in grimhand["records"]] == [
        ("Best XP", 300, play.pk),
        ("Most threats killed", 0, play.pk),
        ("Deepest level reached", 1, play.pk),
        ("Fastest campaign", play.duration_s, play.pk),
    ]
