"""An import never holds a request thread (issue #32: "an import stalls a process").

A real server process (``python -m companion.serve``, the embedded default:
no REDIS_URL, tasks eager) with ONE request thread is sent two long
exports, then another table's command. The uploads are answered 202 at
once and the command is answered while the replays are still pending or
running: they run on the import runner's own thread, and on SQLite they
commit in steps so the command's write is not kept waiting for them either.
Before, each upload held the thread for the whole replay and the command
waited behind them.

The per-address limit on imports counts the address the server determines
(X-Forwarded-For only from a trusted proxy, FORWARDED_ALLOW_IPS).
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
import uuid
from typing import Any

import pytest
from django.db import transaction

from campaigns import export, services
from campaigns.models import Table
from tests.servers import server_env, server_process

pytestmark = pytest.mark.django_db(transaction=True)


def call(
    base: str, path: str, body: Any = None, token: str = "", forwarded_for: str = ""
) -> tuple[int, Any, Any]:
    """One HTTP request: status, headers (any case) and JSON body (refusals included)."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Seat {token}"
    if forwarded_for:
        headers["X-Forwarded-For"] = forwarded_for
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{base}{path}", data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return int(response.status), response.headers, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return int(exc.code), exc.headers, json.loads(exc.read())


def call_until_taken(base: str, path: str, body: Any = None, token: str = "") -> tuple[int, Any, Any]:
    """``call``, sent again after ``Retry-After`` while the server answers 503 ``busy``, as a phone
    does: on a loaded machine one request thread may be taken for longer than the wait bound."""
    for _ in range(20):
        status, headers, answer = call(base, path, body, token)
        if status != 503 or answer.get("code") != "busy":
            break
        time.sleep(float(headers.get("Retry-After", "1")))
    return status, headers, answer


def long_export(commands: int) -> dict[str, Any]:
    """An export of a counters table with ``commands`` adjustments (built in one transaction)."""
    with transaction.atomic():
        table, grant = services.table_create(game="counters", name="Long night", seat_name="Ann")
        services.seat_join(code=table.join_code, name="Bo")
        added = services.command_execute(
            table_id=table.pk,
            seat=grant.seat,
            command_id="life",
            type="counter.add",
            payload={"name": "Life", "value": 20},
        )
        life = added.body["events"][0]["payload"]["counter"]["id"]
        for i in range(commands):
            services.command_execute(
                table_id=table.pk,
                seat=grant.seat,
                command_id=f"c{i}",
                type="counter.adjust",
                payload={"counter_id": life, "by": 1 if i % 2 else -1},
            )
    return export.table_export(table=Table.objects.get(pk=table.pk))


def embedded_env(**extra: str) -> dict[str, str]:
    env = server_env(**extra)
    env.pop("REDIS_URL", None)  # the embedded default: tasks eager, the replay on the runner's thread
    return env


def test_long_imports_leave_the_one_request_thread_to_another_tables_command() -> None:
    other, grant = services.table_create(game="counters", name="Next door", seat_name="Cy")
    data = long_export(1500)
    with server_process(embedded_env(WEB_THREADS="1", IMPORTS_PER_WINDOW="100")) as base:
        jobs = []
        for _ in range(2):  # two at once took both of a process's threads
            status, headers, body = call_until_taken(base, "/api/v1/tables/import/", data)
            assert status == 202, body
            assert headers["Location"] == body["status_url"]
            jobs.append(body["status_url"])
        # Once a replay is writing its table, another table's command.
        replayed = Table.objects.filter(name="Long night").exclude(pk=data["origin"]["table_id"])
        for _ in range(600):
            if replayed.exists():
                break
            time.sleep(0.05)
        # Sent again if busy: were a replay holding the thread, the replays would be done by the
        # time it got through, which the assertions below refuse.
        status, _, answer = call_until_taken(
            base,
            f"/api/v1/tables/{other.pk}/commands/",
            {"command_id": "next", "type": "counter.add", "payload": {"name": "Life", "value": 9}},
            token=grant.token,
        )
        assert status == 200, answer
        # The command is done while both replays still are not: they hold no request thread. Nor
        # did it wait for the replay's writes (one transaction would hold SQLite's write lock
        # until all but the last change were in): the replay has not committed its log yet.
        assert [seq < data["seq"] - 1 for seq in replayed.values_list("seq", flat=True)] == [True]
        states = [call(base, url)[2]["status"] for url in jobs]
        assert all(s in ("pending", "running") for s in states), states
        finished = [poll(base, url) for url in jobs]
    assert [status for status, _ in finished] == [200, 200], finished
    for _, table in finished:
        rebuilt = Table.objects.get(pk=table["id"])
        values = [c["value"] for c in rebuilt.state["counters"]]
        assert rebuilt.seq == data["seq"] and values == [c["value"] for c in data["state"]["counters"]]


def poll(base: str, url: str) -> tuple[int, Any]:
    for _ in range(1200):
        status, _, body = call(base, url)
        if status != 200 or body["status"] == "done":
            return status, body
        time.sleep(0.1)
    raise AssertionError(f"{url} still {body}")


def bad_upload(base: str, forwarded_for: str) -> int:
    return call(base, "/api/v1/tables/import/", {"format": "?"}, forwarded_for=forwarded_for)[0]


def test_the_import_limit_counts_each_client_behind_a_trusted_proxy() -> None:
    env = embedded_env(IMPORTS_PER_WINDOW="2", FORWARDED_ALLOW_IPS="127.0.0.1")
    env["REDIS_PREFIX"] = f"imp-{uuid.uuid4().hex}"
    with server_process(env) as base:
        assert [bad_upload(base, "203.0.113.7") for _ in range(2)] == [400, 400]
        status, headers, body = call(base, "/api/v1/tables/import/", {}, forwarded_for="203.0.113.7")
        assert status == 429 and body["code"] == "too_many_imports" and int(headers["Retry-After"]) >= 1
        assert bad_upload(base, "203.0.113.8") == 400  # another phone behind the proxy


def test_an_untrusted_peer_cannot_escape_the_import_limit() -> None:
    env = embedded_env(IMPORTS_PER_WINDOW="2", FORWARDED_ALLOW_IPS="192.0.2.1")
    with server_process(env) as base:
        assert [bad_upload(base, "203.0.113.9") for _ in range(2)] == [400, 400]
        assert bad_upload(base, "198.51.100.1") == 429  # the header is ignored: the same client
