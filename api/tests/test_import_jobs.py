"""An import is a job, replayed off the request path and polled by its client (issue #32).

``POST /api/v1/tables/import/`` checks what is cheap and answers 202 with the
job's status URL; the replay runs as a task (here the embedded default: the
runner's own thread); the status URL answers pending or running, then the
new table with the importer's host seat, or the refusal. The upload is
bounded in size and length, and each client address in how many it starts.
"""

from __future__ import annotations

import copy
import json
import uuid
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from api.tests.test_export import _counts, export_of, open_table, play_counters
from campaigns import imports, services
from campaigns.codes import hash_token
from campaigns.models import ImportJob, ImportStatus, Seat, Table
from companion.celery import app
from tests.import_jobs import IMPORT, poll
from tests.servers import free_port

pytestmark = pytest.mark.django_db


def address() -> str:
    """A client address of this test's own: rate-limit counts are per address and outlive a test."""
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"


def upload(data: Any, client: Any = None, **extra: Any) -> Any:
    extra.setdefault("REMOTE_ADDR", address())
    return (client or APIClient()).post(IMPORT, data, format="json", **extra)


def a_counters_export() -> dict[str, Any]:
    ann, bo = open_table("counters")
    play_counters(ann, bo)
    return export_of(ann)


@pytest.mark.django_db(transaction=True)
def test_an_upload_is_answered_at_once_and_its_status_url_gives_the_new_table(eager_tasks: Any) -> None:
    data = a_counters_export()
    posted = upload(data)
    assert posted.status_code == 202, posted.content
    body = posted.json()
    assert set(body) == {"id", "status", "status_url"} and body["status"] == "pending"
    assert posted["Location"] == body["status_url"] == f"{IMPORT}{body['id']}/"
    assert len(body["id"]) >= 43  # 32 random bytes
    # Replayed by the embedded runner's thread (tasks eager, as with no REDIS_URL): polled until done.
    done = poll(body["status_url"])
    assert done.status_code == 200, done.content
    table = done.json()
    assert set(table) == {"status", "id", "join_code", "seat"} and table["status"] == "done"
    assert table["seat"]["role"] == "host"
    new = Table.objects.get(pk=table["id"])
    assert (new.seq, new.name, new.join_code) == (data["seq"], data["name"], table["join_code"])
    host = APIClient()
    host.credentials(HTTP_AUTHORIZATION=f"Seat {table['seat']['token']}")
    assert host.get(f"/api/v1/tables/{new.pk}/").json()["seq"] == data["seq"]
    assert Seat.objects.get(pk=table["seat"]["id"]).table_id == new.pk
    # The answer is kept for whoever holds the id: asked again, the same.
    assert APIClient().get(body["status_url"]).json() == table
    # Neither the job's id nor the host's token is stored; the upload is not kept once replayed.
    job = ImportJob.objects.get()
    assert job.key_hash == hash_token(body["id"]) and job.body == ""
    stored = json.dumps(list(ImportJob.objects.values()), default=str)
    assert body["id"] not in stored and table["seat"]["token"] not in stored


def test_a_wrong_id_is_not_found() -> None:
    posted = upload(a_counters_export())
    assert posted.status_code == 202
    guess = APIClient().get(f"{IMPORT}{imports.host_token(posted.json()['id'])}/")
    assert guess.status_code == 404 and guess.json()["code"] == "not_found"


@pytest.mark.django_db(transaction=True)
def test_a_refused_replay_is_answered_at_the_status_url_as_before_and_leaves_nothing(
    eager_tasks: Any,
) -> None:
    data = a_counters_export()
    tampered = copy.deepcopy(data)
    next(c for c in tampered["commands"] if c["type"] == "counter.adjust")["payload"]["by"] = -30
    counts = _counts()
    posted = upload(tampered)
    assert posted.status_code == 202
    refused = poll(posted["Location"])
    assert refused.status_code == 400, refused.content
    assert refused.json()["code"] == "import_mismatch" and refused.json()["extra"]["seq"] > 1
    assert _counts() == counts
    assert ImportJob.objects.get().status == ImportStatus.FAILED


def test_an_upload_over_the_size_limit_is_413_and_nothing_is_stored(settings: Any) -> None:
    data = a_counters_export()
    size = len(json.dumps(data, separators=(",", ":")).encode())
    assert size > 2048
    settings.IMPORT_MAX_BYTES = 2048
    refused = upload(data)
    assert refused.status_code == 413, refused.content
    body = refused.json()
    assert body["code"] == "import_too_large" and "at most 2 KB" in body["message"]
    assert body["extra"]["limit_bytes"] == 2048
    assert not ImportJob.objects.exists()
    settings.IMPORT_MAX_BYTES = size
    assert upload(data).status_code == 202


def test_an_upload_with_more_commands_than_allowed_is_400_and_nothing_is_stored(settings: Any) -> None:
    data = a_counters_export()
    settings.IMPORT_MAX_COMMANDS = len(data["commands"]) - 1
    refused = upload(data)
    assert refused.status_code == 400, refused.content
    body = refused.json()
    assert body["code"] == "import_too_long" and body["extra"]["field"] == "commands"
    assert f"at most {settings.IMPORT_MAX_COMMANDS} commands" in body["message"]
    assert not ImportJob.objects.exists()


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"format": "something else"}, "import_bad_file"),
        ({"events": {}}, "import_bad_file"),
        ({"game": "chess"}, "unknown_game"),
    ],
)
def test_what_is_cheap_to_check_is_refused_at_once(change: dict[str, Any], code: str) -> None:
    refused = upload({**a_counters_export(), **change})
    assert refused.status_code == 400 and refused.json()["code"] == code
    assert not ImportJob.objects.exists()


def test_each_address_may_start_only_so_many_imports(settings: Any) -> None:
    settings.IMPORTS_PER_WINDOW = 2
    data = a_counters_export()
    here = address()
    assert [upload(data, REMOTE_ADDR=here).status_code for _ in range(2)] == [202, 202]
    # Refusals count too: a flood of bad files costs the same reading.
    assert upload({"format": "no"}, REMOTE_ADDR=address()).status_code == 400
    refused = upload(data, REMOTE_ADDR=here)
    assert refused.status_code == 429, refused.content
    body = refused.json()
    assert body["code"] == "too_many_imports" and "at most 2 every 10 minutes" in body["message"]
    wait = int(refused["Retry-After"])
    assert 1 <= wait <= settings.IMPORT_WINDOW_S and body["extra"]["retry_after_s"] == wait
    assert ImportJob.objects.count() == 2
    assert upload(data, REMOTE_ADDR=address()).status_code == 202  # another client


def test_a_finished_job_is_forgotten_after_it_was_kept() -> None:
    posted = upload(a_counters_export())
    imports.run(ImportJob.objects.get().pk)
    assert APIClient().get(posted["Location"]).status_code == 200
    ImportJob.objects.update(finished_at=timezone.now() - timedelta(hours=1, seconds=1))
    gone = APIClient().get(posted["Location"])
    assert gone.status_code == 404 and gone.json()["code"] == "not_found"
    imports.drain_imports.run()
    assert not ImportJob.objects.exists()
    assert Table.objects.count() == 2  # the table stays; only the answer handing out its seat is gone


def _forget_producer_pool() -> None:
    app.__dict__.pop("_pool", None)  # as tests/test_outbox.py: the next publish uses the URL now set


@pytest.fixture
def broker_down() -> Iterator[None]:
    """Celery publishes to a port where no broker listens (tasks are not eager)."""
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


@pytest.mark.django_db(transaction=True)
def test_a_job_whose_message_was_lost_is_replayed_by_the_drain(broker_down: Any) -> None:
    posted = upload(a_counters_export())
    assert posted.status_code == 202  # the queueing failed after commit: logged, the job is owed
    assert APIClient().get(posted["Location"]).json()["status"] == "pending"
    assert imports.drain_imports.run() == 0  # young: still the queue's
    assert imports.drain_imports.run(grace_s=0) == 1
    done = APIClient().get(posted["Location"])
    assert done.status_code == 200 and done.json()["status"] == "done"
    assert imports.drain_imports.run(grace_s=0) == 0


def test_a_run_that_stopped_midway_is_cleared_and_the_job_run_again(monkeypatch: Any) -> None:
    """The parts a stopped run committed are deleted before the job runs again; a run that was
    taken over stops at its next step without touching the job. (A worker killed for real:
    tests/test_celery_worker.py.)"""
    posted = upload(a_counters_export())
    job = ImportJob.objects.get()
    left, _grant = services.table_create(game="counters", name="half", seat_name="Ann")
    ImportJob.objects.filter(pk=job.pk).update(
        status=ImportStatus.RUNNING, attempts=1, table=left, beat_at=timezone.now() - imports.STALE * 2
    )
    stopped = imports._Run(ImportJob.objects.get(pk=job.pk))
    assert imports.drain_imports.run(grace_s=0) == 1
    assert not Table.objects.filter(pk=left.pk).exists()
    with pytest.raises(imports.GivenUp):
        stopped.step()
    done = APIClient().get(posted["Location"])
    assert done.status_code == 200 and ImportJob.objects.get().attempts == 2


def test_a_run_may_not_take_a_job_twice() -> None:
    upload(a_counters_export())
    pk = ImportJob.objects.get().pk
    assert imports.run(pk) == "done" and imports.run(pk) == "not pending"
    assert Table.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_a_job_left_pending_by_a_stopped_process_is_run_when_polled(
    monkeypatch: Any, eager_tasks: Any
) -> None:
    """On the embedded default no beat drains jobs: a poll of one that nothing here runs (the
    process that took it stopped before its runner did) has it run."""
    with monkeypatch.context() as stopped:
        stopped.setattr(imports, "enqueue", lambda job_id: None)  # the process went before its runner
        posted = upload(a_counters_export())
    assert posted.status_code == 202
    assert APIClient().get(posted["Location"]).json()["status"] == "pending"  # young: left to the queue
    ImportJob.objects.update(queued_at=timezone.now() - imports.GRACE * 2)
    done = poll(posted["Location"])
    assert done.status_code == 200 and done.json()["status"] == "done"


@pytest.mark.django_db(transaction=True)
def test_nobody_is_told_of_a_table_while_it_is_being_imported(monkeypatch: Any) -> None:
    """Each replayed step commits, but its events are broadcast to nobody (no seat of the table
    has a token anyone holds yet): no message is made, no board rendered."""
    from campaigns import broadcast

    monkeypatch.setattr(imports, "enqueue", lambda job_id: None)  # run here, below
    upload(a_counters_export())
    made: list[Any] = []
    real = broadcast.messages_for

    def recorded(*args: Any, **kwargs: Any) -> Any:
        made.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(broadcast, "messages_for", recorded)
    # Somebody listens in English at every table (no socket here): only "unheard" can stop a push.
    from campaigns import listeners

    monkeypatch.setattr(listeners, "listening", lambda layer, publisher, group: ["en-gb"])
    monkeypatch.setattr(listeners, "remembered", lambda group: None)
    assert imports.run(ImportJob.objects.get().pk) == "done"
    assert made == []
    ann, _bo = open_table("counters")  # a table in play is still told of its changes
    made.clear()
    ann.command("counter.add", {"name": "Life", "value": 20})
    assert len(made) == 1
