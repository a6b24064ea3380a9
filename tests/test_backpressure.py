"""Backpressure at the door: a process holds a bounded number of requests; a seat a bounded rate
of commands; a late event loop refuses changes.

The bridge's tests drive a fake clock (``clock=``): a request waits as long as the test moves
the clock while it waits, and each step waits for the state it needs (a thread took a request
up, a request queues) instead of sleeping and hoping, so a busy machine changes no outcome.
The rule for a standing queue is in tests/test_standing_queue.py.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from django.core.cache import cache

from campaigns.models import Table
from companion.server.overload import LoopLag
from companion.server.wsgi_bridge import HttpViaWsgi
from companion.server.wsgi_translate import MAX_BODY_BYTES
from tests.bridge_calls import blocking_wsgi, call, until
from tests.helpers import FakeClock
from tests.personas import Person, add_life, host  # noqa: F401


def test_past_the_in_flight_limit_a_request_is_told_to_retry_at_once() -> None:
    release = threading.Event()
    app = HttpViaWsgi(blocking_wsgi(release), threads=2, max_in_flight=2, clock=FakeClock())

    async def scenario() -> list[tuple[int, dict[str, str], bytes]]:
        held = [asyncio.create_task(call(app, "/api/v1/tables/1/commands/")) for _ in range(2)]
        await until(lambda: app.in_flight == 2)  # both are now held by the process
        busy = await call(app, "/api/v1/tables/1/commands/")
        health = asyncio.create_task(call(app, "/healthz"))  # never refused: load balancers ask it
        await until(lambda: app.queue.waiting == 1)  # it waits for a thread, past the limit
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
    clock = FakeClock()
    bridge = HttpViaWsgi(
        blocking_wsgi(release, ran), threads=1, max_in_flight=10, max_wait_s=0.05, clock=clock
    )

    async def scenario() -> list[tuple[int, dict[str, str], bytes]]:
        first = asyncio.create_task(call(bridge, "/api/v1/tables/1/commands/"))
        await until(lambda: len(ran) == 1)  # the only thread is busy with it
        waiting = asyncio.create_task(call(bridge, "/api/v1/tables/2/commands/"))
        health = asyncio.create_task(call(bridge, "/healthz"))  # load balancers: never refused
        await until(lambda: bridge.queue.waiting == 2)
        clock.advance(0.2)  # both wait past their bound
        release.set()
        return list(await asyncio.gather(first, waiting, health))

    first, waiting, health = asyncio.run(scenario())
    assert first[0] == 200 and health[0] == 200
    status, headers, body = waiting
    assert status == 503 and headers["retry-after"] == "1" and headers["content-type"] == "application/json"
    assert json.loads(body)["code"] == "busy" and json.loads(body)["extra"]["bound"] == "thread_wait"
    assert ran == ["/api/v1/tables/1/commands/", "/healthz"]  # the refused one never reached Django
    assert bridge.in_flight == 0


def test_password_pages_run_on_their_own_threads_beside_the_commands() -> None:
    """A password check holds a thread for a quarter of a second by design: on the side lane a
    login flood neither takes the commands' threads nor makes their queue look standing, and it
    holds a bounded number of requests of its own."""
    release = threading.Event()
    checking: list[str] = []
    clock = FakeClock()

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ["PATH_INFO"].startswith("/accounts/"):
            checking.append(environ["PATH_INFO"])
            release.wait(10)  # a password being checked
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [threading.current_thread().name.encode()]

    bridge = HttpViaWsgi(
        app,
        threads=1,
        max_in_flight=10,
        max_wait_s=0.3,
        queued_wait_s=0.005,
        queue_interval_s=0.05,
        side_paths=("/accounts/",),
        side_threads=1,
        clock=clock,
    )

    async def scenario() -> list[tuple[int, bytes]]:
        logins = [asyncio.create_task(call(bridge, "/accounts/login/")) for _ in range(4)]
        await until(lambda: bridge.side_in_flight == 4 and len(checking) == 1)
        clock.advance(0.5)  # three logins have waited ten intervals for the side thread
        over = await call(bridge, "/accounts/login/")  # a fifth: past 4 per side thread
        assert over[0] == 503 and json.loads(over[2])["extra"]["bound"] == "in_flight"
        commands = [await call(bridge, f"/api/v1/tables/{n}/commands/") for n in range(3)]
        assert not bridge.queue.standing(clock())
        release.set()
        return [(a[0], a[2]) for a in commands + await asyncio.gather(*logins)]

    answers = asyncio.run(scenario())
    assert [status for status, _ in answers] == [200] * 7
    assert {thread.split(b"_")[0] for _, thread in answers} == {b"http", b"http-side"}
    assert all(thread.startswith(b"http-side") for _, thread in answers[3:])
    assert bridge.side_in_flight == 0 and bridge.in_flight == 0


def test_a_request_abandoned_while_waiting_for_a_thread_leaves_the_queue() -> None:
    release = threading.Event()
    ran: list[str] = []
    bridge = HttpViaWsgi(blocking_wsgi(release, ran), threads=1, max_in_flight=10, clock=FakeClock())

    async def scenario() -> None:
        first = asyncio.create_task(call(bridge, "/api/v1/tables/1/commands/"))
        await until(lambda: len(ran) == 1)
        waiting = asyncio.create_task(call(bridge, "/api/v1/tables/2/commands/"))
        await until(lambda: bridge.queue.waiting == 1)
        waiting.cancel()  # its caller went away before a thread took it up
        await asyncio.gather(waiting, return_exceptions=True)
        assert bridge.queue.waiting == 0
        release.set()
        await first

    asyncio.run(scenario())
    assert bridge.queue.waiting == 0 and bridge.in_flight == 0
    assert ran == ["/api/v1/tables/1/commands/"]


def test_a_command_is_refused_at_the_door_while_the_event_loop_runs_steadily_late() -> None:
    """The loop writes every phone's events: while it is behind, a command would reach the
    phones late whatever happens to it, so it is refused before it reaches Django; reads still
    queue, one late turn refuses nothing, and a caught-up loop accepts commands again.

    Each change at the door notes how long the loop took to come to it; the fake clock moves
    only where the test holds the loop, so a note is late by what ran before it."""
    ran: list[str] = []
    clock = FakeClock()

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        ran.append(environ["PATH_INFO"])
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"done"]

    bridge = HttpViaWsgi(app, threads=1, max_in_flight=10, max_lag_s=0.03, clock=clock)
    lag = bridge.lag = LoopLag(clock=clock)
    hogging = [True]

    async def hog() -> None:
        """Other work on the loop: at each of its turns, a callback that holds it 50 ms."""
        while hogging[0]:
            clock.advance(0.05)
            await asyncio.sleep(0)

    async def changes_arrive(count: int, stall_s: float = 0.0) -> None:
        """``count`` changes reach the door, each a turn of the loop apart (their notes taken)."""
        for _ in range(count):
            lag.seconds()
            clock.advance(stall_s)
            await asyncio.sleep(0)
            await asyncio.sleep(0)

    async def scenario() -> list[int]:
        statuses = [(await call(bridge, "/api/v1/tables/1/commands/"))[0]]
        await changes_arrive(3)
        assert [late for _taken, late in lag.notes] == [0, 0, 0]
        await changes_arrive(1, stall_s=0.1)  # one stall: a collection, say
        assert max(late for _taken, late in lag.notes) > bridge.max_lag_s
        assert lag.seconds() == 0
        statuses.append((await call(bridge, "/api/v1/tables/2/commands/"))[0])
        busy = asyncio.create_task(hog())
        await changes_arrive(3)
        assert min(late for _taken, late in lag.notes) > bridge.max_lag_s  # late on every turn since
        refused = await call(bridge, "/api/v1/tables/3/commands/")
        statuses.append(refused[0])
        bounds.append(json.loads(refused[2])["extra"]["bound"])
        statuses.append((await call(bridge, "/t/3/", method="GET"))[0])
        hogging[0] = False
        await busy
        await changes_arrive(3)  # caught up
        statuses.append((await call(bridge, "/api/v1/tables/4/commands/"))[0])
        return statuses

    bounds: list[str] = []
    assert asyncio.run(scenario()) == [200, 200, 503, 200, 200]
    assert bounds == ["loop_lag"]
    assert "/api/v1/tables/3/commands/" not in ran and "/t/3/" in ran


def test_late_notes_from_a_busy_moment_long_past_refuse_nothing() -> None:
    """A process that was behind and then heard no change for a while is not judged on it: only
    notes taken within ``fresh_s`` count."""
    clock = FakeClock()
    lag = LoopLag(fresh_s=1.0, clock=clock)

    async def scenario() -> tuple[float, float]:
        for _ in range(3):
            lag.seconds()
            clock.advance(0.05)  # the loop held 50 ms before it came to the note
            await asyncio.sleep(0)
        behind = lag.seconds()
        clock.advance(2.0)
        return behind, lag.seconds()

    behind, later = asyncio.run(scenario())
    assert behind > 0.04
    assert later == 0


def test_a_page_or_a_read_queues_for_a_thread_rather_than_being_refused() -> None:
    release = threading.Event()
    ran: list[str] = []
    clock = FakeClock()
    bridge = HttpViaWsgi(
        blocking_wsgi(release, ran), threads=1, max_in_flight=10, max_wait_s=0.05, clock=clock
    )

    async def scenario() -> list[int]:
        first = asyncio.create_task(call(bridge, "/t/1/", method="GET"))
        await until(lambda: len(ran) == 1)
        waiting = asyncio.create_task(call(bridge, "/static/css/app.css", method="GET"))
        await until(lambda: bridge.queue.waiting == 1)
        clock.advance(0.2)  # past the bound: a read still waits its turn
        release.set()
        return [answer[0] for answer in await asyncio.gather(first, waiting)]

    assert asyncio.run(scenario()) == [200, 200]
    assert ran == ["/t/1/", "/static/css/app.css"]


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
