"""Redis down, the table plays on (issue #32, item 8).

The database is the truth; Redis only carries the per-seat limit, the pushes,
the cache and the task queue. A real server process (``python -m
companion.serve``) runs on this test's own ``redis-server``, which the test
kills in the middle of play and starts again on the same port: meanwhile
commands and joins are saved and answered 200/201 (the limiter fails open,
pushes are skipped and the sockets' heartbeats carry the new seq), logins and
the statistics still answer, ``/healthz`` says 503 naming Redis, a new socket
is closed 4503 (the phone polls) instead of a 500; once Redis is back the
server recovers by itself: healthy, commands limited again, pushes delivered,
new sockets served. The shared Redis (6379) is never touched.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import redis
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from campaigns.consumers import CLOSE_LAYER_DOWN
from tests.servers import free_port, server_env, server_process

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PER_WINDOW = 5
PASSWORD = "grim-hand-2026!"


class PrivateRedis:
    """A ``redis-server`` of this test's own, on a free port, that it may stop and start again."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--daemonize", "no"],
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                return
            except redis.ConnectionError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    server = PrivateRedis()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def until(check: Callable[[], bool], what: str, timeout_s: float = 30) -> None:
    deadline = time.monotonic() + timeout_s
    while not check():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.2)


class Phone:
    """One seat's HTTP client."""

    def __init__(self, http: httpx.Client, seat: dict[str, Any], table_id: int) -> None:
        self.http, self.token, self.table_id = http, seat["token"], table_id
        self.sent = 0

    def command(self, type_: str, payload: dict[str, Any]) -> httpx.Response:
        self.sent += 1
        return self.http.post(
            f"/api/v1/tables/{self.table_id}/commands/",
            json={"command_id": f"{uuid.uuid4().hex}", "type": type_, "payload": payload},
            headers={"Authorization": f"Seat {self.token}"},
        )

    def add(self, name: str) -> httpx.Response:
        return self.command("counter.add", {"name": name})

    def flood(self, n: int = 4 * PER_WINDOW) -> list[int]:
        """Commands as fast as answered, past the seat's budget for a window, until one is refused."""
        answers: list[int] = []
        while len(answers) < n and 429 not in answers:
            answers.append(self.add(f"Tap {len(answers)}").status_code)
        return answers

    def events(self) -> list[dict[str, Any]]:
        answer = self.http.get(
            f"/api/v1/tables/{self.table_id}/events/?after=0",
            headers={"Authorization": f"Seat {self.token}"},
        )
        assert answer.status_code == 200, answer.text
        results: list[dict[str, Any]] = answer.json()["results"]
        return results


def socket(base: str, table_id: int, token: str) -> ClientConnection:
    url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}/?token={token}"
    ws: ClientConnection = connect(url, open_timeout=10)
    return ws


def next_of(ws: ClientConnection, kind: str, timeout_s: float = 10) -> dict[str, Any]:
    deadline = time.monotonic() + timeout_s
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == kind:
            return message


def log_in(base: str) -> httpx.Client:
    browser = httpx.Client(base_url=base, timeout=10)
    page = browser.get("/accounts/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
    assert token is not None
    answer = browser.post(
        "/accounts/login/",
        data={"username": "mara", "password": PASSWORD, "csrfmiddlewaretoken": token.group(1)},
    )
    assert answer.status_code == 302, answer.text[:500]
    return browser


def test_without_redis_the_table_plays_on_and_recovers_by_itself(private_redis: PrivateRedis) -> None:
    # Hashed as the server hashes (the test run's own hasher is a fast one the server lacks).
    get_user_model().objects.create(username="mara", password=PBKDF2PasswordHasher().encode(PASSWORD, "salt"))
    env = server_env(
        REDIS_URL=f"redis://127.0.0.1:{private_redis.port}/0",
        REDIS_PREFIX=f"outage-{uuid.uuid4().hex}",
        SEAT_COMMANDS_PER_WINDOW=str(PER_WINDOW),
        TABLE_HEARTBEAT_S="1",
    )
    with server_process(env) as base, httpx.Client(base_url=base, timeout=10) as http:
        made = http.post("/api/v1/tables/", json={"game": "counters", "name": "Night", "seat_name": "Ann"})
        assert made.status_code == 201, made.text
        table_id = made.json()["id"]
        ann = Phone(http, made.json()["seat"], table_id)
        code = made.json()["join_code"]
        joined = http.post("/api/v1/tables/join/", json={"code": code, "name": "Bo"})
        assert joined.status_code == 201, joined.text
        bo = Phone(http, joined.json()["seat"], table_id)
        cy = http.post("/api/v1/tables/join/", json={"code": code, "name": "Cy"})
        flooder = Phone(http, cy.json()["seat"], table_id)
        second = http.post("/api/v1/tables/", json={"game": "counters", "name": "Two", "seat_name": "Ann"})
        other = Phone(http, second.json()["seat"], second.json()["id"])
        with socket(base, table_id, bo.token) as live:
            next_of(live, "snapshot")
            assert ann.add("Life").status_code == 200
            assert next_of(live, "event")["event"]["text"] == "added Life (0)"  # pushed
            assert 429 in flooder.flood()  # the limiter works
            account = log_in(base)

            private_redis.stop()

            saved = [ann.add("Gold"), bo.add("Wood")]
            assert [a.status_code for a in saved] == [200, 200], [a.text for a in saved]
            assert set(flooder.flood()) == {200}  # the limiter fails open
            ended = other.command("table.end", {})
            assert ended.status_code == 200, ended.text  # its play record is owed (the outbox)
            late = http.post("/api/v1/tables/join/", json={"code": code, "name": "Dee"})
            assert late.status_code == 201, late.text
            seq = saved[-1].json()["seq"]
            lines = [e["text"] for e in ann.events()]
            assert {"added Gold (0)", "added Wood (0)", "Dee joined"} <= set(lines), lines
            # No push, but the socket's heartbeat carries the new seq: the phone catches up.
            until(lambda: next_of(live, "heartbeat")["seq"] >= seq + 1, "a heartbeat with the new seq")
            health = http.get("/healthz")
            assert health.status_code == 503
            assert "redis" in health.json()["services_down"], health.json()
            with socket(base, table_id, ann.token) as fresh, pytest.raises(ConnectionClosed) as closed:
                fresh.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_LAYER_DOWN
            assert account.get("/api/v1/me/stats/").status_code == 200
            assert account.get("/me/stats/").status_code == 200

            private_redis.start()

            until(lambda: http.get("/healthz").status_code == 200, "healthz 200 again")
            until(lambda: 429 in flooder.flood(), "the limiter again")
            with socket(base, table_id, ann.token) as fresh:
                next_of(fresh, "snapshot")
                assert bo.add("Stone").status_code == 200
                assert next_of(fresh, "event")["event"]["text"] == "added Stone (0)"  # pushed again
            # The socket that lived through the outage hears pushes again too.
            assert ann.add("Iron").status_code == 200
            until(
                lambda: next_of(live, "event")["event"]["text"] == "added Iron (0)", "the old socket's push"
            )
            assert account.get("/api/v1/me/stats/").status_code == 200
