"""A real Celery worker on Redis writes the play record of an ended table."""

from __future__ import annotations

import os

import pytest

from campaigns import services
from campaigns.models import Play
from tests.servers import celery_worker

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("REDIS_URL"), reason="needs REDIS_URL: a worker needs a real broker"
    ),
]


def test_worker_writes_the_play_record() -> None:
    table, host = services.table_create(game="counters", name="Worker night", seat_name="Ann")
    services.seat_join(code=table.join_code, name="Bo")
    services.command_execute(
        table_id=table.pk,
        seat=host.seat,
        command_id="c",
        type="counter.add",
        payload={"name": "Life", "value": 7},
    )
    with celery_worker() as wait:
        services.command_execute(
            table_id=table.pk, seat=host.seat, command_id="end", type="table.end", payload={}
        )
        wait(lambda: Play.objects.filter(table=table).exists())
        play = Play.objects.get(table=table)
    assert play.game == "counters" and play.name == "Worker night"
    assert [s["name"] for s in play.seats] == ["Ann", "Bo"]
    assert play.final_state["counters"][0]["value"] == 7
    assert play.summary == {"counters": [{"name": "Life", "value": 7, "seat_id": host.seat.pk}]}
    assert play.duration_s >= 0
