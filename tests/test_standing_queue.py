"""A standing queue for the threads (CoDel's rule, ``QueueWatch``) and what the bridge does while
one stands: the tighter wait, one change at a time, a change behind a full queue refused.

Driven by a fake clock, as in tests/test_backpressure.py.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from companion.server.overload import QueueWatch
from companion.server.wsgi_bridge import HttpViaWsgi
from tests.bridge_calls import blocking_wsgi, call, until
from tests.helpers import FakeClock


def _served_by(watch: QueueWatch, clock: FakeClock) -> Callable[[float, float], float]:
    """``served(entered, started)``: a request enters ``watch`` and a thread takes it up, at those
    times of ``clock``; returns how long it waited."""

    def served(entered: float, started: float) -> float:
        clock.now = entered
        ticket = watch.enter()
        clock.now = started
        waited = watch.start(ticket, started)
        watch.leave(ticket)  # its caller's cleanup: a ticket counts once
        assert watch.waiting == 0
        return waited

    return served


def test_a_queue_stands_when_every_request_over_an_interval_waited_past_the_target() -> None:
    """CoDel's rule on the waits for a thread: a stall makes some requests wait, but those after
    it start at once, so no queue stands; load the threads never catch up with keeps every one
    waiting, and then the queue counts as standing for ``hold_s``."""
    clock = FakeClock()
    t0 = clock()
    watch = QueueWatch(interval_s=0.1, target_s=0.005, hold_s=1.0, clock=clock)
    served = _served_by(watch, clock)

    assert served(t0, t0 + 0.05) == pytest.approx(0.05)  # waited 50 ms behind a stall ...
    served(t0 + 0.05, t0 + 0.051)  # ... the next ones start at once
    served(t0 + 0.11, t0 + 0.111)  # the interval is over: its shortest wait was 1 ms
    assert not watch.standing(t0 + 0.12)
    for i in range(12):  # every request for over an interval waits 20 ms
        served(t0 + 0.12 + i * 0.01, t0 + 0.14 + i * 0.01)
    assert watch.standing(t0 + 0.26)
    assert watch.standing(t0 + 1.2)  # held for a second after it was seen
    assert not watch.standing(t0 + 1.4)


def test_the_hold_is_renewed_while_the_tighter_bound_still_refuses_a_share_of_requests() -> None:
    """Under the tighter bound the requests accepted start quickly, so no interval is all late;
    but while a quarter of them still wait past the target (refused), the load is still there
    and the hold is renewed. Once few do, it lapses."""
    clock = FakeClock()
    t0 = clock()
    watch = QueueWatch(interval_s=0.1, target_s=0.005, hold_s=0.5, clock=clock)
    served = _served_by(watch, clock)

    for i in range(12):  # every request waits 20 ms: a standing queue, held until about 0.6 s
        served(t0 + i * 0.01, t0 + i * 0.01 + 0.02)
    assert watch.standing(t0 + 0.3)
    for i in range(40):  # 0.15 to 0.55 s: one in three still waits past the target
        entered = t0 + 0.15 + i * 0.01
        served(entered, entered + (0.02 if i % 3 == 0 else 0.001))
    assert watch.standing(t0 + 0.9)  # renewed
    for i in range(40):  # 0.6 to 1 s: one in ten does
        entered = t0 + 0.6 + i * 0.01
        served(entered, entered + (0.02 if i % 10 == 0 else 0.001))
    assert not watch.standing(t0 + 1.3)  # lapsed half a second after the last renewal (about 0.6 s)


def test_a_queue_stands_when_requests_wait_and_no_thread_took_one_up_for_an_interval() -> None:
    clock = FakeClock()
    watch = QueueWatch(interval_s=0.05, target_s=0.005, hold_s=0.1, clock=clock)
    first = watch.enter()
    assert not watch.standing(clock())  # it only just arrived
    clock.advance(0.04)
    assert not watch.standing(clock())  # not yet an interval
    clock.advance(0.04)
    assert watch.standing(clock())  # the threads are all held: it has waited 80 ms
    watch.leave(first)  # abandoned by its caller
    assert watch.waiting == 0
    clock.advance(0.12)
    assert not watch.standing(clock())  # the hold lapsed and nothing waits
    assert not QueueWatch(interval_s=0, target_s=0.005, clock=clock).standing(clock())  # the rule off


def _standing_queue_scenario(queued_wait_s: float) -> list[int]:
    """One thread held 0.45 s; B queues at 0.1 s behind it, C at 0.3 s (the queue has stood 0.2 s)."""
    release = threading.Event()
    ran: list[str] = []
    clock = FakeClock()
    bridge = HttpViaWsgi(
        blocking_wsgi(release, ran),
        threads=1,
        max_in_flight=10,
        max_wait_s=0.5,
        queued_wait_s=queued_wait_s,
        queue_interval_s=0.1,
        clock=clock,
    )

    async def scenario() -> list[int]:
        first = asyncio.create_task(call(bridge, "/api/v1/tables/1/commands/"))
        await until(lambda: len(ran) == 1)
        clock.advance(0.1)
        second = asyncio.create_task(call(bridge, "/api/v1/tables/2/commands/"))
        await until(lambda: bridge.queue.waiting == 1)
        clock.advance(0.2)
        third = asyncio.create_task(call(bridge, "/api/v1/tables/3/commands/"))
        await until(lambda: bridge.queue.waiting == 2)
        clock.advance(0.15)
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


def test_one_stall_refuses_what_waited_past_the_bound_and_nothing_after_it() -> None:
    """A stall of the whole process (a collection, the cores lent to PostgreSQL) is not
    overload: a command that waited past ``max_wait_s`` behind it is refused, but the next
    ones keep the generous bound, because the requests after the stall start at once (an
    earlier rule held the tighter bound for a second after such a refusal, and at loads a
    process holds each stall then refused a second of commands)."""
    gates = {path: threading.Event() for path in ("/a/", "/c/")}
    ran: list[str] = []
    clock = FakeClock()

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        ran.append(environ["PATH_INFO"])
        gate = gates.get(environ["PATH_INFO"])
        if gate is not None:
            gate.wait(10)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"done"]

    bridge = HttpViaWsgi(
        app,
        threads=1,
        max_in_flight=10,
        max_wait_s=0.3,
        queued_wait_s=0.02,
        queue_interval_s=0.5,
        clock=clock,
    )

    async def held(path: str, then: str, hold_s: float) -> list[int]:
        """``path`` holds the only thread; ``then`` arrives behind it and waits ``hold_s``."""
        first = asyncio.create_task(call(bridge, path))
        await until(lambda: path in ran)
        clock.advance(0.02)
        second = asyncio.create_task(call(bridge, then))
        await until(lambda: bridge.queue.waiting == 1)
        clock.advance(hold_s)
        gates[path].set()
        return [(await first)[0], (await second)[0]]

    async def scenario() -> list[int]:
        statuses = await held("/a/", "/b/", 0.4)  # the stall: B waits past 0.3 s, refused
        for path in ("/x/", "/y/", "/z/"):  # after it, requests start at once
            statuses.append((await call(bridge, path))[0])
        statuses += await held("/c/", "/d/", 0.1)  # D waits 0.1 s: past the tighter bound, kept
        return statuses

    assert asyncio.run(scenario()) == [200, 503, 200, 200, 200, 200, 200]
    assert "/b/" not in ran and "/d/" in ran


class TriedLock:
    """A lock that counts the threads that came to take it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.tries = 0

    def __enter__(self) -> None:
        self.tries += 1
        self.lock.acquire()

    def __exit__(self, *exc: object) -> None:
        self.lock.release()


def _most_at_once(solo: bool, method: str = "POST") -> tuple[int, list[int]]:
    """Two requests at once to a two-thread process whose queue stands: how many ran together.

    Each holds its thread (as a database round trip does, without the interpreter) until both
    run, or one runs while the other waits for its turn at the one-at-a-time lock."""
    running = [0, 0]  # now, most
    lock = threading.Lock()
    release = threading.Event()

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        with lock:
            running[0] += 1
            running[1] = max(running[1], running[0])
        release.wait(10)
        with lock:
            running[0] -= 1
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"done"]

    clock = FakeClock()
    bridge = HttpViaWsgi(
        app,
        threads=2,
        max_wait_s=5,
        queued_wait_s=2,
        queue_interval_s=0.1,
        solo_while_standing=solo,
        clock=clock,
    )
    bridge.queue.held_until = clock() + 60  # a queue has stood for a minute
    bridge.queue.stood_since = clock() - 60
    turns = bridge._solo = TriedLock()  # type: ignore[assignment]

    async def scenario() -> list[int]:
        answers = [asyncio.create_task(call(bridge, f"/p{i}/", method=method)) for i in range(2)]
        await until(lambda: running[0] == 2 or (running[0] == 1 and turns.tries == 2))
        release.set()
        return [(await a)[0] for a in answers]

    statuses = asyncio.run(scenario())
    return running[1], statuses


def test_while_a_queue_stands_commands_run_one_at_a_time() -> None:
    """Past what a process holds, its threads only take the interpreter from each other: under
    twice that load a command ran for 9.5 ms (p50) with two at once against 4.8 ms alone, and
    the process accepted 12% fewer commands one at a time but answered them in half the time
    (p99 38 against 18 ms, bench_capacity). So while the queue stands, one runs at a time.
    Reads are never refused and want throughput: they keep both threads."""
    assert _most_at_once(solo=True) == (1, [200, 200])
    assert _most_at_once(solo=False) == (2, [200, 200])  # control: both threads at once
    assert _most_at_once(solo=True, method="GET") == (2, [200, 200])


def _door_scenario(standing: bool) -> tuple[list[int], list[str], str | None]:
    release = threading.Event()
    ran: list[str] = []
    app = blocking_wsgi(release, ran)
    clock = FakeClock()

    # The clock moves 0.1 s a step, less than an interval: the queue stands only where it is made to.
    bridge = HttpViaWsgi(
        app, threads=1, max_in_flight=10, max_wait_s=5, queued_wait_s=2, queue_interval_s=1, clock=clock
    )
    if standing:
        bridge.queue.held_until = clock() + 60  # a queue has stood for a minute
        bridge.queue.stood_since = clock() - 60

    async def scenario() -> tuple[list[int], str | None]:
        first = asyncio.create_task(call(bridge, "/a/"))  # takes the only thread
        await until(lambda: len(ran) == 1)
        clock.advance(0.1)
        second = asyncio.create_task(call(bridge, "/b/"))  # waits for it
        await until(lambda: bridge.queue.waiting == 1)
        clock.advance(0.1)
        third = asyncio.create_task(call(bridge, "/c/"))  # behind as many waiters as threads
        await until(lambda: third.done() or bridge.queue.waiting == 2)  # refused, or queued
        clock.advance(0.1)
        release.set()
        answers = await asyncio.gather(first, second, third)
        bound = json.loads(answers[2][2])["extra"]["bound"] if answers[2][0] == 503 else None
        return [a[0] for a in answers], bound

    statuses, bound = asyncio.run(scenario())
    assert bridge.queue.waiting == 0 and bridge.in_flight == 0
    return statuses, ran, bound


def test_while_a_queue_stands_a_command_behind_a_full_queue_is_refused_at_the_door() -> None:
    """It would wait past the tighter bound anyway: refused before its body is read, without
    the two thread hops a refusal by a thread costs an overloaded process."""
    assert _door_scenario(standing=True) == ([200, 200, 503], ["/a/", "/b/"], "thread_wait")
    assert _door_scenario(standing=False) == ([200, 200, 200], ["/a/", "/b/", "/c/"], None)  # control


def test_a_queue_is_sustained_only_once_its_hold_was_renewed() -> None:
    """One process stall or burst brings a single hold; running one change at a time then would
    only cost throughput. Only a queue that keeps standing past its hold is sustained."""
    clock = FakeClock()
    watch = QueueWatch(interval_s=0.1, target_s=0.005, hold_s=1.0, clock=clock)
    ticket = watch.enter()  # a request waits and no thread takes it up
    t0 = ticket.entered
    assert watch.standing(t0 + 0.2) and not watch.sustained(t0 + 0.2)  # held from t0 + 0.2
    assert watch.standing(t0 + 0.9)  # still nothing started: the hold is renewed
    assert watch.sustained(t0 + 1.25)  # standing without a break for over a second
    watch.start(ticket, t0 + 1.3)
    assert not watch.standing(t0 + 2.5)  # lapsed: nothing waits any more
    clock.now = t0 + 2.5
    watch.enter()  # a new wait begins, and no thread takes it up
    assert watch.standing(t0 + 2.7) and not watch.sustained(t0 + 2.7)  # a new stretch begins
