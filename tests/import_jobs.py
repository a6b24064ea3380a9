"""Imports in tests (issue #32): the upload answers 202, its replay is a job, the client polls.

A test whose data lives in its own transaction cannot have the job run by
the embedded runner's thread (that thread would not see the data): the job
is run here instead, by the very function the task runs, and the answer is
what polling the status URL then gives.
"""

from __future__ import annotations

import time
from typing import Any

from rest_framework.test import APIClient

from campaigns import imports
from campaigns.models import ImportJob, ImportStatus

IMPORT = "/api/v1/tables/import/"


def run_owed_imports() -> list[str]:
    """Run every pending job here, as the worker would; what became of each."""
    owed = ImportJob.objects.filter(status=ImportStatus.PENDING).order_by("pk").values_list("pk", flat=True)
    return [imports.run(pk) for pk in list(owed)]


def poll(url: str, client: Any = None, timeout_s: float = 60.0) -> Any:
    """GET the status URL until the job has its answer (done, or refused); that answer."""
    client = client or APIClient()
    deadline = time.monotonic() + timeout_s
    while True:
        response = client.get(url)
        pending = response.status_code == 200 and response.json()["status"] in ("pending", "running")
        if not pending or time.monotonic() > deadline:
            return response
        time.sleep(0.1)


def finished(posted: Any, client: Any = None) -> Any:
    """The import's final answer: the upload's refusal as it is, or, once its job has run, what
    its status URL answers (200 with the new table, or the replay's refusal)."""
    if posted.status_code != 202:
        return posted
    assert posted["Location"] == posted.json()["status_url"]
    run_owed_imports()
    return poll(posted["Location"], client)


def import_table(data: Any, client: Any = None, **extra: Any) -> Any:
    """POST ``data`` as an export (an ``APIClient`` by default) and answer its final answer."""
    client = client or APIClient()
    if isinstance(client, APIClient):
        posted = client.post(IMPORT, data, format="json", **extra)
    else:
        posted = client.post(IMPORT, data, content_type="application/json", **extra)
    return finished(posted, client)
