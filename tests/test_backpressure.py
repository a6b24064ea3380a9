"""Backpressure: a process holds a bounded number of requests; a seat a bounded rate of commands."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from django.core.cache import cache

from campaigns.models import Table
from companion.wsgi_bridge import MAX_BODY_BYTES, HttpViaWsgi, QueueWatch
from tests.personas import Person, add_life, host  # noqa: F401


def blocking_wsgi(release: threading.Event) -> Callable[..., Iterable[bytes]]:
    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        release.wait(10)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"done"]

    return app


async def call(
    app: HttpViaWsgi, path: str, body: bytes = b"", method: str = "POST"
) -> tuple[int, dict[str, str], bytes]:
    scope = {"type": "http", "method": method, "path": path, "headers": [], "query_string": b""}
    chunks = [{"type": "http.request", "body": body, "more_body": False}]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return chunks.pop(0) if chunks else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    headers = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    return sent[0]["status"], headers, sent[1]["body"]


def test_past_the_in_flight_limit_a_request_is_told_to_retry_at_once() -> None:
    release = threading.Event()
    app = HttpViaWsgi(blocking_wsgi(release), threads=2, max_in_flight=2)

    async def scenario() -> list[tuple[int, dict[str, str], bytes]]:
        held = [asyncio.create_task(call(app, "/api/v1/tables/1/commands/")) for _ in range(2)]
        await asyncio.sleep(0.2)  # both are now held by the process
        busy = await call(app, "/api/v1/tables/1/commands/")
        health = asyncio.create_task(call(app, "/healthz"))  # never refused: load balancers ask it
        await asyncio.sleep(0.1)
        release.set()
        return [busy, *await asyncio.gather(*held), await health]

    busy, first, second, health = asyncio.run(scenario())
    status, headers, body = busy
    assert status == 503 and headers["retry-after"] == "1"
    assert headers["content-type"] == "application/json"
    error = json.loads(body)
    assert (
        error["code"] == "busy"
        and error["extra"] == {"retry_after_s": 1, "bound": "in_flight"}
        and error["message"]
    )
    assert first[0] == second[0] == health[0] == 200
    assert app.in_flight == 0


def test_a_request_that_waited_past_its_bound_for_a_thread_is_refused_before_any_work() -> None:
    release = threading.Event()
    ran: list[str] = []
    blocking = blocking_wsgi(release)

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        ran.append(environ["PATH_INFO"])
        return blocking(environ, start_response)

    bridge = HttpViaWsgi(app, threads=1, max_in_flight=10, max_wait_s=0.05)

    async def scenario() -> list[tuple[int, dict[str, str], bytes]]:
        first = asyncio.create_task(call(bridge, "/api/v1/tables/1/commands/"))
        await asyncio.sleep(0.1)  # the only thread is busy with it
        waiting = asyncio.create_task(call(bridge, "/api/v1/tables/2/commands/"))
        health = asyncio.create_task(call(bridge, "/healthz"))  # load balancers: never refused
        await asyncio.sleep(0.2)  # both wait past their bound
        release.set()
        return list(await asyncio.gather(first, waiting, health))

    first, waiting, health = asyncio.run(scenario())
    assert first[0] == 200 and health[0] == 200
    status, headers, body = waiting
    assert status == 503 and headers["retry-after"] == "1" and headers["content-type"] == "application/json"
    assert json.loads(body)["code"] == "busy" and json.loads(body)["extra"]["bound"] == "thread_wait"
    assert ran == ["/api/v1/tables/1/commands/", "/healthz"]  # the refused one never reached Django
    assert bridge.in_flight == 0


def test_a_queue_stands_when_requests_have_waited_without_a_break_for_its_interval() -> None:
    watch = QueueWatch(interval_s=0.05, hold_s=0.1)
    assert not watch.standing(time.monotonic())
    first = watch.enter()
    assert not watch.standing(time.monotonic())  # a burst: not yet a standing queue
    time.sleep(0.08)
    assert watch.standing(time.monotonic())
    second = watch.enter()
    watch.leave(first)
    watch.leave(first)  # a ticket counts once (taken up, then its caller's cleanup)
    assert watch.waiting == 1 and watch.standing(time.monotonic())
    watch.leave(second)
    assert watch.waiting == 0 and watch.standing(time.monotonic())  # emptied, but held a while
    time.sleep(0.12)
    assert not watch.standing(time.monotonic())
    watch.enter()
    assert not watch.standing(time.monotonic())  # waiting again, but only since it emptied
    watch.overflowed(time.monotonic())  # one waited past the generous bound
    assert watch.standing(time.monotonic())


def _standing_queue_scenario(queued_wait_s: float) -> list[int]:
    """One thread held 0.45 s; B queues at 0.1 s behind it, C at 0.3 s (the queue has stood 0.2 s)."""
    release = threading.Event()
    bridge = HttpViaWsgi(
        blocking_wsgi(release),
        threads=1,
        max_in_flight=10,
        max_wait_s=0.5,
        queued_wait_s=queued_wait_s,
        queue_interval_s=0.1,
    )

    async def scenario() -> list[int]:
        first = asyncio.create_task(call(bridge, "/api/v1/tables/1/commands/"))
        await asyncio.sleep(0.1)
        second = asyncio.create_task(call(bridge, "/api/v1/tables/2/commands/"))
        await asyncio.sleep(0.2)
        third = asyncio.create_task(call(bridge, "/api/v1/tables/3/commands/"))
        await asyncio.sleep(0.15)
        release.set()
        answers = await asyncio.gather(first, second, third)
        if answers[2][0] == 503:
            assert json.loads(answers[2][2])["extra"]["bound"] == "thread_wait"
        return [a[0] for a in answers]

    statuses = asyncio.run(scenario())
    assert bridge.queue.waiting == 0 and bridge.in_flight == 0
    return statuses


def test_while_a_queue_stands_a_command_gets_the_tighter_wait_bound() -> None:
    """A queue that has not emptied for its interval means more arrives than the threads
    finish: a command arriving then may wait only ``queued_wait_s``, so the commands an
    overloaded process accepts stay quick. B arrived at an empty queue and keeps the
    generous bound; C, which waited 0.15 s, is refused."""
    assert _standing_queue_scenario(queued_wait_s=0.05) == [200, 200, 503]
    assert _standing_queue_scenario(queued_wait_s=0) == [200, 200, 200]  # control: off, C waits


def test_a_command_past_the_generous_bound_makes_the_next_ones_quick_for_a_while() -> None:
    """Waiting past ``max_wait_s`` means more arrives than the threads finish: for ``queue_hold_s``
    a command may wait only ``queued_wait_s``. Refusals by that tighter bound are the bound
    working, not new news: they do not extend the hold, so a burst at the edge of what a
    process holds does not keep it refusing for long after."""
    gates = {path: threading.Event() for path in ("/a/", "/c/", "/e/")}

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        gate = gates.get(environ["PATH_INFO"])
        if gate is not None:
            gate.wait(10)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"done"]

    bridge = HttpViaWsgi(
        app,
        threads=1,
        max_in_flight=10,
        max_wait_s=0.4,
        queued_wait_s=0.05,
        queue_interval_s=10,  # never standing by the interval rule here: only by overflow
        queue_hold_s=1.0,
    )

    async def held(path: str, then: str, hold_s: float) -> list[int]:
        """``path`` holds the only thread; ``then`` arrives behind it and waits ``hold_s``."""
        first = asyncio.create_task(call(bridge, path))
        await asyncio.sleep(0.02)
        second = asyncio.create_task(call(bridge, then))
        await asyncio.sleep(hold_s)
        gates[path].set()
        return [(await first)[0], (await second)[0]]

    async def scenario() -> list[int]:
        statuses = await held("/a/", "/b/", 0.6)  # B waits past 0.4 s: refused, the hold begins
        statuses += await held("/c/", "/d/", 0.3)  # within the hold: D refused past 0.05 s
        # The hold ends 1 s after B's refusal (about 1.6 s in), not 1 s after D's (about 1.9 s).
        await asyncio.sleep(0.84)
        statuses += await held("/e/", "/f/", 0.15)  # F waits 0.15 s: under 0.4, kept
        return statuses

    assert asyncio.run(scenario()) == [200, 503, 200, 503, 200, 200]


def test_a_request_abandoned_while_waiting_for_a_thread_leaves_the_queue() -> None:
    release = threading.Event()
    bridge = HttpViaWsgi(blocking_wsgi(release), threads=1, max_in_flight=10)

    async def scenario() -> None:
        first = asyncio.create_task(call(bridge, "/api/v1/tables/1/commands/"))
        await asyncio.sleep(0.1)
        waiting = asyncio.create_task(call(bridge, "/api/v1/tables/2/commands/"))
        await asyncio.sleep(0.1)
        assert bridge.queue.waiting == 1
        waiting.cancel()  # its caller went away before a thread took it up
        await asyncio.gather(waiting, return_exceptions=True)
        assert bridge.queue.waiting == 0
        release.set()
        await first

    asyncio.run(scenario())
    assert bridge.queue.waiting == 0 and bridge.in_flight == 0


def test_a_command_is_refused_at_the_door_while_the_event_loop_runs_steadily_late() -> None:
    """The loop writes every phone's events: while it is behind, a command would reach the
    phones late whatever happens to it, so it is refused before it reaches Django; reads still
    queue, one late wake refuses nothing, and a caught-up loop accepts commands again."""
    ran: list[str] = []

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        ran.append(environ["PATH_INFO"])
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"done"]

    bridge = HttpViaWsgi(app, threads=1, max_in_flight=10, max_lag_s=0.03)

    async def hog(seconds: float, every_s: float) -> None:
        """Other work on the loop: ``every_s`` apart, a callback that holds it 50 ms."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            time.sleep(0.05)
            await asyncio.sleep(every_s)

    async def scenario() -> list[int]:
        statuses = [(await call(bridge, "/api/v1/tables/1/commands/"))[0]]  # starts the probe
        await asyncio.sleep(0.1)
        time.sleep(0.1)  # one stall: a collection, say
        await asyncio.sleep(0)
        statuses.append((await call(bridge, "/api/v1/tables/2/commands/"))[0])
        busy = asyncio.create_task(hog(0.5, 0.001))
        await asyncio.sleep(0.3)  # the loop has been late on every wake since
        refused = await call(bridge, "/api/v1/tables/3/commands/")
        statuses.append(refused[0])
        bounds.append(json.loads(refused[2])["extra"]["bound"])
        statuses.append((await call(bridge, "/t/3/", method="GET"))[0])
        await busy
        await asyncio.sleep(0.1)  # caught up
        statuses.append((await call(bridge, "/api/v1/tables/4/commands/"))[0])
        return statuses

    bounds: list[str] = []
    assert asyncio.run(scenario()) == [200, 200, 503, 200, 200]
    assert bounds == ["loop_lag"]
    assert "/api/v1/tables/3/commands/" not in ran and "/t/3/" in ran


def test_a_page_or_a_read_queues_for_a_thread_rather_than_being_refused() -> None:
    release = threading.Event()
    bridge = HttpViaWsgi(blocking_wsgi(release), threads=1, max_in_flight=10, max_wait_s=0.05)

    async def get(path: str) -> int:
        scope = {"type": "http", "method": "GET", "path": path, "headers": [], "query_string": b""}
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        await bridge(scope, receive, send)
        status: int = sent[0]["status"]
        return status

    async def scenario() -> list[int]:
        first = asyncio.create_task(get("/t/1/"))
        await asyncio.sleep(0.1)
        waiting = asyncio.create_task(get("/static/css/app.css"))
        await asyncio.sleep(0.2)  # past the bound: a read still waits its turn
        release.set()
        return list(await asyncio.gather(first, waiting))

    assert asyncio.run(scenario()) == [200, 200]


def test_a_body_over_the_server_limit_gets_the_json_error_shape() -> None:
    app = HttpViaWsgi(blocking_wsgi(threading.Event()), threads=1)
    status, headers, body = asyncio.run(call(app, "/api/v1/tables/", b"x" * (MAX_BODY_BYTES + 1)))
    assert status == 413 and headers["content-type"] == "application/json"
    assert json.loads(body)["code"] == "too_large"
    assert app.in_flight == 0


@pytest.mark.django_db
def test_a_seat_flooding_a_table_is_slowed_and_nothing_refused_is_applied(
    host: Person,  # noqa: F811
    settings: Any,
) -> None:
    cache.clear()
    settings.SEAT_COMMANDS_PER_WINDOW = 3
    life = add_life(host)
    start = Table.objects.get(pk=host.table.pk).seq
    answers = [host.command("counter.adjust", {"counter_id": life, "by": 1}) for _ in range(10)]
    accepted = [r for r in answers if r.status_code == 200]
    refused = [r for r in answers if r.status_code == 429]
    assert len(accepted) + len(refused) == 10 and refused  # 10 sent within at most two windows
    assert refused[0].json()["code"] == "too_fast"
    assert int(refused[0]["Retry-After"]) >= 1
    table = Table.objects.get(pk=host.table.pk)
    assert table.seq == start + len(accepted)  # every refused command changed nothing
    counter = next(c for c in table.state["counters"] if c["id"] == life)
    assert counter["value"] == 20 + len(accepted)
    cache.clear()
