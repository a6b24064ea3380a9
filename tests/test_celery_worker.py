"""A real Celery worker on Redis writes the play record of an ended table, and replays imports."""

from __future__ import annotations

import os
import signal
from datetime import timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from campaigns import export, imports, services
from campaigns.models import ImportJob, ImportStatus, Play, Table
from tests.import_jobs import IMPORT
from tests.servers import celery_worker
from tests.test_import_server import long_export

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


def test_a_worker_replays_an_import() -> None:
    table, _host = services.table_create(game="counters", name="Restored", seat_name="Ann")
    services.seat_join(code=table.join_code, name="Bo")
    data = export.table_export(table=Table.objects.get(pk=table.pk))
    posted = APIClient().post(IMPORT, data, format="json")
    assert posted.status_code == 202, posted.content
    assert APIClient().get(posted["Location"]).json()["status"] == "pending"  # queued on the broker
    with celery_worker() as wait:
        wait(lambda: ImportJob.objects.filter(status=ImportStatus.DONE).exists())
    done = APIClient().get(posted["Location"]).json()
    assert done["status"] == "done"
    seat = APIClient()
    seat.credentials(HTTP_AUTHORIZATION=f"Seat {done['seat']['token']}")
    assert seat.get(f"/api/v1/tables/{done['id']}/").json()["seq"] == data["seq"]


def test_an_import_whose_worker_was_killed_midway_is_cleared_and_replayed(monkeypatch: Any) -> None:
    """The worker is killed while it replays: what its steps committed is deleted by the drain,
    which replays the job again, once."""
    data = long_export(1500)
    posted = APIClient().post(IMPORT, data, format="json")
    assert posted.status_code == 202, posted.content
    copies = Table.objects.filter(name="Long night").exclude(pk=data["origin"]["table_id"])
    workers: list[Any] = []
    with celery_worker(workers) as wait:
        wait(lambda: copies.filter(seq__gt=10).exists())  # some steps are in
        workers[0].send_signal(signal.SIGKILL)
        workers[0].wait(20)
    job = ImportJob.objects.get()
    assert job.status == ImportStatus.RUNNING and copies.get().seq < data["seq"]
    monkeypatch.setattr(imports, "STALE", timedelta(0))  # it would be found silent after 2 minutes
    assert imports.drain_imports.run(grace_s=0) == 1
    done = APIClient().get(posted["Location"])
    assert done.status_code == 200, done.content
    assert list(copies.values_list("pk", "seq")) == [(done.json()["id"], data["seq"])]
    assert ImportJob.objects.get().attempts == 2
