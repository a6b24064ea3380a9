"""HTTP through ``companion.server.wsgi_bridge`` against a2wsgi's ``WSGIMiddleware``, on a command POST.

Issue #35, part 2: the same Django handler (``companion.server.wsgi_handler.Handler``)
behind our bridge (two threads, its time bounds off) and behind
a2wsgi (two workers), driven in this process as the server drives them: ASGI
calls on one event loop, ``CONCURRENT`` counter taps in flight at a time,
rounds interleaved. Figures: commands per second of wall clock and
microseconds of process CPU per command; the ratio is ours over a2wsgi's
(above 1: ours does more, or costs less).
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from itertools import count
from typing import Any

CONCURRENT = 4


def apps() -> dict[str, Any]:
    from a2wsgi import WSGIMiddleware

    from companion.server.wsgi_bridge import HttpViaWsgi
    from companion.server.wsgi_handler import Handler

    # As companion/asgi.py builds it, but with its time bounds off (a2wsgi has none): the bench
    # keeps 4 commands waiting for 2 threads, which the bounds would answer 503 busy.
    http_app = HttpViaWsgi(Handler(), threads=2, max_in_flight=64, max_wait_s=0, queued_wait_s=0, max_lag_s=0)
    return {"ours: wsgi_bridge": http_app, "a2wsgi 1.10.10": WSGIMiddleware(Handler(), workers=2)}  # type: ignore[arg-type]


def command_scope() -> tuple[Callable[[], tuple[dict[str, Any], bytes]], int]:
    from django.conf import settings

    from campaigns import services

    settings.SEAT_COMMANDS_PER_WINDOW = 10**9  # the seat limit is not what is measured
    table, grant = services.table_create(game="counters", name="Bench bridge", seat_name="A")
    services.command_execute(
        table_id=table.pk,
        seat=grant.seat,
        command_id="add",
        type="counter.add",
        payload={"name": "L", "value": 1},
    )
    counter = table.__class__.objects.get(pk=table.pk).state["counters"][0]["id"]
    ids = count()

    def one() -> tuple[dict[str, Any], bytes]:
        body = json.dumps(
            {
                "command_id": f"b{next(ids)}",
                "type": "counter.adjust",
                "payload": {"counter_id": counter, "by": 1},
            }
        ).encode()
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": f"/api/v1/tables/{table.pk}/commands/",
            "raw_path": f"/api/v1/tables/{table.pk}/commands/".encode(),
            "root_path": "",
            "query_string": b"",
            "headers": [
                (b"host", b"localhost"),
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"authorization", f"Seat {grant.token}".encode()),
            ],
            "server": ("127.0.0.1", 8000),
            "client": ("127.0.0.1", 50000),
        }
        return scope, body

    return one, table.pk


async def _call(app: Any, scope: dict[str, Any], body: bytes) -> int:
    chunks = [{"type": "http.request", "body": body, "more_body": False}]
    status: list[int] = []

    async def receive() -> dict[str, Any]:
        if chunks:
            return chunks.pop(0)
        await asyncio.sleep(3600)  # the client stays connected
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            status.append(message["status"])

    await app(scope, receive, send)
    return status[0]


async def _burst(app: Any, next_call: Callable[[], tuple[dict[str, Any], bytes]], n: int) -> None:
    async def worker(share: int) -> None:
        for _ in range(share):
            status = await _call(app, *next_call())
            if status != 200:
                raise RuntimeError(f"{app!r} answered {status}")

    await asyncio.gather(*(worker(n // CONCURRENT) for _ in range(CONCURRENT)))


def main(argv: list[str]) -> int:
    from bench.scenes import setup_django

    rounds, n = (2, 40) if "--quick" in argv else (4, 200)
    with tempfile.TemporaryDirectory(prefix="grim-bench-bridge-") as folder:
        setup_django(folder)
        next_call, _ = command_scope()
        contenders = apps()
        rps: dict[str, list[float]] = {name: [] for name in contenders}
        cpu: dict[str, list[float]] = {name: [] for name in contenders}

        async def run() -> None:
            for app in contenders.values():
                await _burst(app, next_call, 20)  # warm-up
            for r in range(rounds):
                items = list(contenders.items())
                for name, app in items if r % 2 == 0 else items[::-1]:
                    wall, used = time.perf_counter(), time.process_time()
                    await _burst(app, next_call, n)
                    rps[name].append(n / (time.perf_counter() - wall))
                    cpu[name].append((time.process_time() - used) / n * 1e6)

        asyncio.run(run())
    ours, theirs = "ours: wsgi_bridge", "a2wsgi 1.10.10"
    print(f"command POST, {CONCURRENT} in flight, embedded default (SQLite)")
    print(f"{'bridge':22} {'cmd/s':>8} {'CPU us/cmd':>11}")
    for name in contenders:
        print(f"{name:22} {statistics.median(rps[name]):8.0f} {statistics.median(cpu[name]):11.0f}")
    rps_ratio = statistics.median(rps[ours]) / statistics.median(rps[theirs])
    cpu_ratio = statistics.median(cpu[theirs]) / statistics.median(cpu[ours])
    print(f"ours/a2wsgi: {rps_ratio:.2f}x commands per second, {cpu_ratio:.2f}x less CPU per command")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    sys.exit(main(sys.argv[1:]))
