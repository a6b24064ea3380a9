"""A seat kept after its table ended carries its rating to the account (issue #33, item 12).

A Grimwood play had a winner and was rated with its guests' seat names; Ann
then tapped "keep this seat" on the ended table. Her account must show that
play rated, as if she had been logged in when it ended.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from campaigns.models import PlayResult, Rating, RatingChange
from tests.personas import eager_tasks  # noqa: F401
from tests.sample_play import played

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_grimwood_play_kept_after_it_ended_is_rated_for_the_account(eager_tasks: Any) -> None:  # noqa: F811
    sitting = played("grimwood")
    ann_seat = sitting.people[0].seat
    guest = Rating.objects.get(game="grimwood", user=None, guest_name=ann_seat.name)
    assert RatingChange.objects.filter(rating=guest).count() == 1  # rated once, as a guest

    ann = get_user_model().objects.create_user("ann-account", password="x")
    client = Client()
    client.force_login(ann)
    token = sitting.people[0].token
    claimed = client.post(f"/api/v1/tables/{sitting.table.pk}/claim/", HTTP_AUTHORIZATION=f"Seat {token}")
    assert claimed.status_code == 200, claimed.content

    mine = Rating.objects.get(game="grimwood", user=ann)
    assert (mine.mu, mine.sigma, mine.plays) == (guest.mu, guest.sigma, 1)
    assert RatingChange.objects.filter(rating=mine).count() == 1
    # The guest's rating gave its only play to the account: nothing is counted twice.
    assert not Rating.objects.filter(game="grimwood", user=None, guest_name=ann_seat.name).exists()
    stats = client.get("/api/v1/me/stats/").json()
    game = next(g for g in stats["games"] if g["game"] == "grimwood")
    assert game["rating"] is not None and game["rating"]["plays"] == 1


def test_an_account_already_rated_is_rated_for_the_kept_play_and_the_guest_keeps_its_own(
    eager_tasks: Any,  # noqa: F811
) -> None:
    sitting = played("grimwood")
    ann_seat = sitting.people[0].seat
    guest = Rating.objects.get(game="grimwood", user=None, guest_name=ann_seat.name)
    ann = get_user_model().objects.create_user("ann-account", password="x")
    before = Rating.objects.create(game="grimwood", user=ann, mu=25.0, sigma=5.0, plays=3)
    won = PlayResult.objects.get(seat=ann_seat).won

    client = Client()
    client.force_login(ann)
    token = sitting.people[0].token
    assert (
        client.post(
            f"/api/v1/tables/{sitting.table.pk}/claim/", HTTP_AUTHORIZATION=f"Seat {token}"
        ).status_code
        == 200
    )

    mine = Rating.objects.get(pk=before.pk)
    assert mine.plays == 4 and mine.sigma < 5.0
    assert (mine.mu > 25.0) == won  # the play's outcome moved it the right way
    assert RatingChange.objects.filter(rating=mine, play__table=sitting.table).count() == 1
    assert Rating.objects.get(pk=guest.pk).plays == 1  # the guest name keeps what it had
    # Keeping the seat again moves nothing twice.
    assert (
        client.post(
            f"/api/v1/tables/{sitting.table.pk}/claim/", HTTP_AUTHORIZATION=f"Seat {token}"
        ).status_code
        == 200
    )
    assert Rating.objects.get(pk=before.pk).plays == 4
