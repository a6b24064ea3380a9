"""Real servers for tests: our ASGI app in a thread, or in separate processes.

Both serve the test database, so data a test commits (``transactional_db``)
is what the server sees.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

import pytest
import uvicorn
from django.db import connection

from tests.helpers import ROOT


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def redis_server() -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """A private ``redis-server`` on a free port (killed after), and its port: a test may stop it."""
    import redis

    port = free_port()
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    client = redis.Redis(port=port)
    for _ in range(100):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    try:
        yield process, port
    finally:
        process.kill()
        process.wait()


def wait_http(url: str, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer within {timeout_s}s")


T = TypeVar("T")


def off_the_test_loop(work: Callable[[], T]) -> T:
    """``work()`` on a thread of its own, for commands a browser test sends itself.

    Playwright's sync API runs an event loop in the test's thread, and there ``async_to_sync``
    refuses to run: on the in-memory layer a command sent from the test's thread was applied
    but its broadcast failed, and the live pages learnt of it only at their next heartbeat.
    """
    from django.db import connections

    def run() -> T:
        try:
            return work()
        finally:
            connections.close_all()  # this thread's own connection to the test database

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(run).result()


@pytest.fixture
def live_asgi(transactional_db: Any) -> Iterator[str]:
    """uvicorn serving ``companion.asgi`` (HTTP + websockets) in a thread."""
    from django.db import connections

    from companion.asgi import application, http_app
    from companion.websocket_protocol import WideWindowProtocol

    # Server threads close their connection after each request, so none is
    # left open on the test database when it is dropped.
    db_settings = connections.settings["default"]
    max_age = db_settings.get("CONN_MAX_AGE", 0)
    db_settings["CONN_MAX_AGE"] = 0
    # This server shares the test process (and its GIL) with the browser's driver and the test
    # itself, so a command's wait for a thread here says nothing about the server: the wait
    # bound (tested on its own in test_backpressure) would refuse commands the test must see.
    wait_bound, http_app.max_wait_s = http_app.max_wait_s, 0
    lag_bound, http_app.max_lag_s = http_app.max_lag_s, 0
    port = free_port()
    config = uvicorn.Config(
        application, host="127.0.0.1", port=port, lifespan="off", log_level="warning", ws=WideWindowProtocol
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    wait_http(f"{base}/api/v1/hello/")
    yield base
    server.should_exit = True
    thread.join(10)
    db_settings["CONN_MAX_AGE"] = max_age
    http_app.max_wait_s = wait_bound
    http_app.max_lag_s = lag_bound


def test_database_url() -> str:
    """A DATABASE_URL that opens the database this test run is using."""
    s = connection.settings_dict
    if connection.vendor == "postgresql":
        user = s.get("USER") or "postgres"
        host = s.get("HOST") or "127.0.0.1"
        port = s.get("PORT") or 5432
        return f"postgres://{user}@{host}:{port}/{s['NAME']}"
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    raise RuntimeError(f"no URL for {connection.vendor}")


test_database_url.__test__ = False  # type: ignore[attr-defined]


def server_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(DATABASE_URL=test_database_url(), DJANGO_DEBUG="1")
    env.setdefault("SEAT_COMMANDS_PER_WINDOW", "1000000")  # scripted seats; see conftest
    # A test's server shares a busy machine with Chromium and the suite: a loop late, or a command
    # waiting for a thread, because the machine is busy says nothing about the server, and the
    # scripted clients here do not retry a 503 (one nginx test's command got 503 thread_wait in a
    # full run). The bounds are tested on their own (test_backpressure, test_standing_queue) and
    # measured in bench_capacity.
    env.setdefault("WEB_MAX_LAG_MS", "0")
    env.setdefault("WEB_MAX_WAIT_MS", "0")
    env.setdefault("WEB_QUEUED_WAIT_MS", "0")
    env.update(extra)
    return env


@contextmanager
def server_process(
    env: dict[str, str], started: list[subprocess.Popen[bytes]] | None = None
) -> Iterator[str]:
    """``python -m companion.serve`` (exactly what ``make run`` starts) on a free port.

    Its process is added to ``started``, for a test that stops it early."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.serve"],
        cwd=ROOT,
        env={**env, "PORT": str(port)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    if started is not None:
        started.append(proc)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(f"{base}/api/v1/hello/")
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextmanager
def celery_worker(started: list[subprocess.Popen[bytes]] | None = None) -> Iterator[Any]:
    """A real Celery worker (solo pool) on the test run's broker, queue and database; stopped after.

    Yields ``wait(done)``: poll ``done()`` until it is true (60 s at most), failing at once with the
    worker's own words if it dies meanwhile. Its process is added to ``started``, for a test that
    stops it.
    """
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "companion", "worker", "--pool=solo", "--loglevel=warning",
         "--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=ROOT,
        env=server_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    if started is not None:
        started.append(worker)

    def wait(done: Any) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not done():
            assert worker.poll() is None, worker.stderr.read().decode() if worker.stderr else "worker died"
            time.sleep(0.2)

    try:
        yield wait
    finally:
        worker.terminate()
        worker.wait(20)
