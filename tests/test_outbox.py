"""A play record is never lost to the broker (issue #15, failure 4).

``table.end`` writes what it owes (an outbox row) in its own transaction. With
the broker unreachable the queueing after commit fails (logged; the command
still answers 200), and the periodic drain writes the record, once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from campaigns.models import OutboxTask, Play
from campaigns.tasks import PLAY_RECORD, RATE_PLAY, drain_outbox
from companion.celery import app
from tests.personas import Person, add_life
from tests.servers import free_port

pytestmark = pytest.mark.django_db(transaction=True)


def _forget_producer_pool() -> None:
    # Celery builds its producer pool once from broker_url: drop the instance's
    # pool so the next publish connects to the URL now configured.
    app.__dict__.pop("_pool", None)


@pytest.fixture
def broker_down() -> Iterator[None]:
    """Celery publishes to a port where no broker listens."""
    conf = app.conf
    before = (conf.broker_url, conf.task_always_eager, conf.broker_transport_options)
    conf.update(
        broker_url=f"redis://127.0.0.1:{free_port()}/0",
        task_always_eager=False,
        broker_transport_options={"max_retries": 1},
    )
    _forget_producer_pool()
    yield
    conf.update(broker_url=before[0], task_always_eager=before[1], broker_transport_options=before[2])
    _forget_producer_pool()


def test_the_play_record_is_written_once_after_the_broker_was_down(
    host: Person, player: Person, broker_down: Any
) -> None:
    add_life(player, 12)
    ended = host.command("table.end")
    assert ended.status_code == 200, ended.json()
    assert not Play.objects.filter(table_id=host.table.pk).exists()
    owed = OutboxTask.objects.get(table_id=host.table.pk)
    assert owed.done_at is None
    assert drain_outbox.run(grace_s=0) == 1
    play = Play.objects.get(table_id=host.table.pk)
    assert play.final_state["counters"][0]["value"] == 12
    owed.refresh_from_db()
    assert owed.done_at is not None
    assert drain_outbox.run(grace_s=0) == 0
    assert Play.objects.filter(table_id=host.table.pk).count() == 1


def test_the_drain_leaves_young_tasks_to_the_queue(host: Person, broker_down: Any) -> None:
    assert host.command("table.end").status_code == 200
    assert drain_outbox.run() == 0
    assert OutboxTask.objects.filter(done_at=None).count() == 1


def test_a_queued_record_marks_its_outbox_row_done(host: Person, eager_tasks: Any) -> None:
    assert host.command("table.end").status_code == 200
    assert Play.objects.filter(table_id=host.table.pk).count() == 1
    assert OutboxTask.objects.get(table_id=host.table.pk, task=PLAY_RECORD).done_at is not None
    # The record chains the rating update (issue #14), owed and done the same way.
    assert OutboxTask.objects.get(table_id=host.table.pk, task=RATE_PLAY).done_at is not None
    assert drain_outbox.run(grace_s=0) == 0
