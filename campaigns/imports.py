"""Table imports as jobs, replayed off the request path (issue #32: "an import stalls a process").

Replaying an export runs every command through the rules again: seconds for
a long log, which held a request thread (two uploads took both of a
process's threads, and other tables' commands waited, then were refused).
So an upload only has what is cheap checked (its size, its outline, its
game: ``campaigns.readexport.outline``), is stored as an ``ImportJob`` and
answered 202 with the job's id; the replay (``campaigns.replay``) runs as
the Celery task ``run_import``: on a worker with ``REDIS_URL``, and on the
embedded default (tasks eager, in-process) on one background thread of its
own, never a request thread. A client polls the job: pending, running, then
the new table and its host seat, or the refusal the import used to answer.

The job's id is a secret (it yields the host seat of the table): 32 random
bytes, stored only as a hash, like a seat token. The host seat's token is
derived from it, so the database holds no usable secret either. A finished
job is kept ``IMPORT_JOB_KEEP_S`` (an hour by default), then forgotten (404).

As with the outbox, the job row is what is owed: if its message is lost (the
broker down) or its worker dies midway, ``drain_imports`` (Celery beat; on
the embedded default a poll of the job) runs it again, after deleting what a
run that stopped left. Each run counts its claim, and a run whose count is
no longer the job's stops at its next step.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import queue
import secrets
import threading
import time
from datetime import timedelta
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import connections, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone, translation
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from campaigns import readexport, replay
from campaigns.broadcast import after_commit
from campaigns.codes import hash_token
from campaigns.errors import TableError, error_body
from campaigns.models import ImportJob, ImportStatus, Role, Seat, Table
from campaigns.throttle import count
from rules.errors import RuleViolation

logger = logging.getLogger(__name__)

RUN_IMPORT = "campaigns.run_import"
DRAIN_IMPORTS = "campaigns.drain_imports"
GRACE = timedelta(seconds=30)
"""How long a queued job has before it is queued again."""
STALE = timedelta(minutes=2)
"""A running job silent this long has lost its run (each step of a replay marks it alive)."""
MAX_RUNS = 3
"""Runs of one job that may stop midway before it is given up."""


class GivenUp(Exception):
    """This run's job was taken from it (run again elsewhere, or forgotten)."""


def guard(client: str) -> None:
    """Count an import from this client address; refuse (429) past ``IMPORTS_PER_WINDOW``."""
    limit, window = int(settings.IMPORTS_PER_WINDOW), int(settings.IMPORT_WINDOW_S)
    now = time.time()
    key = f"imports:{client}:{int(now // window)}"
    try:
        started = count(key, window * 2)
    except Exception:  # the cache is down: the replay is off the request path, so let it through
        logger.warning("Import rate limit not counted: the cache failed", exc_info=True)
        return
    if started > limit:
        minutes = max(1, window // 60)
        raise TableError(
            "too_many_imports",
            _(
                "Too many imports from here: at most %(n)s every %(minutes)s minutes. "
                "Wait a little, then try again."
            )
            % {"n": limit, "minutes": minutes},
            status=429,
            extra={"retry_after_s": max(1, window - int(now) % window), "limit": limit, "window_s": window},
        )


def check_size(size: int) -> None:
    """Refuse (413) an upload over ``IMPORT_MAX_BYTES``, before it is read."""
    limit = int(settings.IMPORT_MAX_BYTES)
    if size > limit:
        mb = number_format(limit / 2**20, decimal_pos=1)  # "1.0" in English, "1,0" in German
        words = f"{mb} MB" if limit >= 2**20 else f"{limit // 1024} KB"
        raise TableError(
            "import_too_large",
            _("This file is too large to import: at most %(size)s.") % {"size": words},
            status=413,
            extra={"limit_bytes": limit},
        )


def accept(*, data: Any, user: Any) -> str:
    """Check the upload's outline, store it as a job owed its replay; the job's secret id."""
    readexport.outline(data)
    key = secrets.token_urlsafe(32)
    account = user if user is not None and user.is_authenticated else None
    with transaction.atomic():
        job = ImportJob.objects.create(
            key_hash=hash_token(key),
            host_token_hash=hash_token(host_token(key)),
            user=account,
            body=json.dumps(data),
            queued_at=timezone.now(),
            # Until it fails, a job's error keeps only the uploader's language: its refusal is worded
            # in it, off the request path (issue #34).
            error={"language": translation.get_language()},
        )
        job_id = job.pk
        after_commit(lambda: enqueue(job_id))
    _forget_finished()
    return key


def host_token(key: str) -> str:
    """The host seat's token of the table a job makes, known only to whoever holds the job's id."""
    digest = hmac.new(key.encode(), b"table import: host seat", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def answer(key: str) -> dict[str, Any]:
    """Where the job is: ``{id, status}`` while pending or running, then the new table
    ``{status: done, id, join_code, seat}``; a refused import raises its refusal."""
    job = ImportJob.objects.filter(key_hash=hash_token(key)).first()
    if job is None or _expired(job):
        raise TableError(
            "not_found",
            _("No import has this id: it is wrong, or the import finished more than %(n)s minutes ago.")
            % {"n": int(settings.IMPORT_JOB_KEEP_S) // 60},
            status=404,
        )
    if job.status == ImportStatus.FAILED:
        error = job.error or {}
        raise TableError(
            str(error.get("code", "server_error")),
            str(error.get("message", _("The import failed."))),
            status=int(error.get("status", 500)),
            extra=dict(error.get("extra") or {}),
        )
    if job.status == ImportStatus.DONE:
        tables = Table.objects.filter(pk=job.table_id) if job.table_id is not None else Table.objects.none()
        code = tables.values_list("join_code", flat=True).first()
        if code is None:
            raise TableError("not_found", _("The imported table has been deleted since."), status=404)
        seat = {"id": job.seat_id, "token": host_token(key), "role": Role.HOST}
        return {"status": ImportStatus.DONE.value, "id": job.table_id, "join_code": code, "seat": seat}
    if _eager():
        _nudge(job)
    return {"id": key, "status": job.status}


def _expired(job: ImportJob) -> bool:
    keep = timedelta(seconds=int(settings.IMPORT_JOB_KEEP_S))
    return job.finished_at is not None and job.finished_at < timezone.now() - keep


def _forget_finished() -> int:
    """Delete the jobs finished longer ago than ``IMPORT_JOB_KEEP_S``; how many."""
    cutoff = timezone.now() - timedelta(seconds=int(settings.IMPORT_JOB_KEEP_S))
    deleted, _ = ImportJob.objects.filter(finished_at__lt=cutoff).delete()
    return deleted


class _Run:
    """One run of a job: the replay's hooks, each step checking the job is still this run's."""

    def __init__(self, job: ImportJob) -> None:
        self.job = job

    def _mine(self) -> QuerySet[ImportJob]:
        return ImportJob.objects.filter(
            pk=self.job.pk, status=ImportStatus.RUNNING, attempts=self.job.attempts
        )

    def opened(self, table: Table) -> None:
        if not self._mine().update(table=table, beat_at=timezone.now()):
            raise GivenUp()

    def step(self) -> None:
        if not self._mine().update(beat_at=timezone.now()):
            raise GivenUp()

    def finished(self, table: Table, host: Seat) -> None:
        user_id = self.job.user_id
        if user_id is not None:
            Table.objects.filter(pk=table.pk).update(host_user_id=user_id)
        Seat.objects.filter(pk=host.pk).update(token_hash=self.job.host_token_hash, user_id=user_id)
        done = self._mine().update(
            status=ImportStatus.DONE, table=table, seat_id=host.pk, body="", finished_at=timezone.now()
        )
        if not done:
            raise GivenUp()

    def failed(self, code: str, message: str, status: int, extra: dict[str, Any]) -> None:
        error = {**error_body(code, message, extra), "status": status}
        self._mine().update(
            status=ImportStatus.FAILED, error=error, table=None, body="", finished_at=timezone.now()
        )


def run(job_id: int) -> str:
    """Replay a pending job's export into a new table; what became of it (``done``, a refusal's
    code, or why nothing ran). Nothing but a whole table, or nothing at all, is left."""
    job = ImportJob.objects.filter(pk=job_id, status=ImportStatus.PENDING).first()
    if job is None:
        return "not pending"
    claimed = ImportJob.objects.filter(pk=job_id, status=ImportStatus.PENDING, attempts=job.attempts).update(
        status=ImportStatus.RUNNING, attempts=job.attempts + 1, beat_at=timezone.now()
    )
    if not claimed:
        return "not pending"
    job.attempts += 1
    with translation.override(_language(job)):
        return _run(job)


def _language(job: ImportJob) -> str:
    """The language the job's uploader read in (a job made before languages: the default)."""
    kept = (job.error or {}).get("language") if job.status != ImportStatus.FAILED else None
    return kept if isinstance(kept, str) and kept else str(settings.LANGUAGE_CODE)


def _run(job: ImportJob) -> str:
    job_id = job.pk
    this = _Run(job)
    try:
        replay.rebuild(readexport.read(json.loads(job.body)), this)
    except GivenUp:
        return "given up"
    except RuleViolation as exc:  # every refusal, the rules' and the table's
        this.failed(exc.code, exc.message, exc.status, exc.extra)
        return exc.code
    except Exception:
        logger.exception("Import job %s stopped on an error", job_id)
        this.failed(
            "server_error", _("Something went wrong on our side; nothing was imported. Try again."), 500, {}
        )
        return "server_error"
    return "done"


@shared_task(name=RUN_IMPORT, ignore_result=True)
def run_import(job_id: int) -> str:
    return run(job_id)


def _rescue(job: ImportJob) -> bool:
    """A running job whose run fell silent: what it left is deleted and the job is owed again
    (given up after ``MAX_RUNS``). Whether it was taken from that run."""
    now = timezone.now()
    with transaction.atomic():
        silent = ImportJob.objects.select_for_update().filter(
            pk=job.pk, status=ImportStatus.RUNNING, attempts=job.attempts, beat_at__lt=now - STALE
        )
        row = silent.values("table_id").first()
        if row is None:
            return False
        left = row["table_id"]
        if job.attempts >= MAX_RUNS:
            with translation.override(_language(job)):
                message = _("The import could not be finished on our side; nothing was imported. Try again.")
            error = {**error_body("server_error", message), "status": 500}
            silent.update(status=ImportStatus.FAILED, table=None, error=error, body="", finished_at=now)
        else:
            silent.update(status=ImportStatus.PENDING, table=None, queued_at=now)
        if left is not None:
            Table.objects.filter(pk=left).delete()
    return True


@shared_task(name=DRAIN_IMPORTS)
def drain_imports(grace_s: float = GRACE.total_seconds()) -> int:
    """Run the jobs owed for longer than ``grace_s`` (their message lost, their run stopped),
    and forget the finished ones past keeping; how many were run."""
    _forget_finished()
    cutoff = timezone.now() - STALE
    for job in ImportJob.objects.filter(status=ImportStatus.RUNNING, beat_at__lt=cutoff)[:100]:
        _rescue(job)
    owed = Q(status=ImportStatus.PENDING, queued_at__lte=timezone.now() - timedelta(seconds=grace_s))
    ran = 0
    for job_id in ImportJob.objects.filter(owed).order_by("queued_at").values_list("pk", flat=True)[:10]:
        ran += run(job_id) != "not pending"
    return ran


def enqueue(job_id: int) -> None:
    """The job's replay, as a task: to the workers, or on the embedded default to our own thread."""
    if _eager():
        _embedded.submit(job_id)
    else:
        run_import.delay(job_id)


def _eager() -> bool:
    return bool(run_import.app.conf.task_always_eager)


def _nudge(job: ImportJob) -> None:
    """On the embedded default, a job polled that nothing here is running (the process that took
    it stopped) is run again: no beat drains the jobs there."""
    if job.pk in _embedded.owed():
        return
    stale = (
        job.status == ImportStatus.RUNNING
        and job.beat_at is not None
        and job.beat_at < timezone.now() - STALE
    )
    owed = job.status == ImportStatus.PENDING and job.queued_at < timezone.now() - GRACE
    if (stale and _rescue(job)) or owed:
        _embedded.submit(job.pk)


class _EmbeddedRunner:
    """One background thread that runs import tasks where tasks are eager: a replay never takes
    one of the server's request threads, and one replay runs at a time."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queue: queue.SimpleQueue[int] = queue.SimpleQueue()
        self._owed: set[int] = set()
        self._thread: threading.Thread | None = None

    def owed(self) -> set[int]:
        with self._lock:
            return set(self._owed)

    def submit(self, job_id: int) -> None:
        with self._lock:
            if job_id in self._owed:
                return
            self._owed.add(job_id)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._work, name="table-import", daemon=True)
                self._thread.start()
        self._queue.put(job_id)

    def _work(self) -> None:
        while True:
            job_id = self._queue.get()
            try:
                run_import.apply(args=(job_id,), throw=True)  # the task itself, here
            except Exception:
                logger.exception("Import job %s failed on the embedded runner", job_id)
            finally:
                with self._lock:
                    self._owed.discard(job_id)
                connections.close_all()  # this thread's own connection


_embedded = _EmbeddedRunner()
