"""A real Celery worker on Redis rates a finished play, once, as openskill would (issue #14)."""

from __future__ import annotations

import os

import pytest
from django.contrib.auth import get_user_model
from openskill.models import PlackettLuce

from campaigns.models import Rating, RatingChange
from campaigns.tasks import rate_play
from campaigns.tests.test_stats import a_play
from tests.servers import celery_worker

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("REDIS_URL"), reason="needs REDIS_URL: a worker needs a real broker"
    ),
]


def test_a_worker_rates_a_play_once() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    play = a_play("grimoor", 2, ("Ann", 1, True), (mara, 2, False), ("Bo", 3, False))
    # Queued last: once it is rated, the solo worker has handled every message before it.
    sentinel = a_play("grim", 1, ("Cy", 1, True), ("Dee", 2, False))
    with celery_worker() as wait:
        # The same play queued twice, as a retry or the outbox drain would.
        rate_play.delay(play.table_id)
        rate_play.delay(play.table_id)
        rate_play.delay(sentinel.table_id)
        wait(lambda: RatingChange.objects.filter(play=sentinel).exists())
    assert RatingChange.objects.filter(play=play).count() == 3
    model = PlackettLuce()
    [[ann], [mine], [bo]] = model.rate(
        [[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 3]
    )
    stored = Rating.objects.get(game="grimoor", user=mara)
    assert stored.plays == 1
    assert stored.mu == pytest.approx(mine.mu) and stored.sigma == pytest.approx(mine.sigma)
    assert Rating.objects.get(game="grimoor", guest_name="Ann", user=None).mu == pytest.approx(ann.mu)
    assert Rating.objects.get(game="grimoor", guest_name="Bo", user=None).mu == pytest.approx(bo.mu)
