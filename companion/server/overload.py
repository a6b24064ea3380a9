"""Signs that a process takes more than it finishes: a standing queue for its threads, a late loop.

``companion.server.wsgi_bridge`` reads them to refuse commands at the door (503
``busy``) before their work is done, rather than let every accepted one wait
(issue #15: backpressure). Pure bookkeeping over ``time.monotonic``: no
Django, no I/O.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from collections.abc import Callable

HOLD_LATE_SHARE = 0.25
"""While the tighter bound holds, the share of requests waiting past it that shows the load is still there."""


class Ticket:
    """One request's place in the queue for the worker threads: when it entered, whether it left."""

    __slots__ = ("entered", "left")

    def __init__(self, entered: float) -> None:
        self.entered = entered
        self.left = False


class QueueWatch:
    """Whether a queue for the worker threads stands: a process taking more than it finishes.

    CoDel's rule (Nichols and Jacobson 2012; for server queues Facebook's
    "Fail at Scale", Maurer 2015), on the time each request waited for a
    thread: a queue stands when every request a thread took up over the last
    ``interval_s`` had waited longer than ``target_s``, or when requests wait
    and no thread took one up for that long. A burst, or one stall of the
    whole process (a collection, the OS lending the cores to PostgreSQL),
    makes some requests wait, but those that come after it start at once: no
    standing queue, nothing more refused. Only load the threads never catch up
    with keeps every request waiting.

    Once seen standing, the queue counts as standing for ``hold_s`` more: the
    tighter bound refuses the oldest waiters, which lets the next requests
    start quickly without the load having gone (measured under twice the load
    one process holds: without the hold most accepted commands arrived in such
    a moment and waited the whole generous bound). For the same reason the
    hold is renewed while, in an interval, at least ``HOLD_LATE_SHARE`` of the
    requests still waited past the target (the tighter bound refused them):
    with the hold alone, under twice that load the queue was let loose once a
    second and accepted commands waited up to the generous bound (p99 49 ms
    for a thread, against 5 ms with the renewal). After a single stall few
    requests wait past the target, so the hold lapses.
    """

    def __init__(
        self,
        interval_s: float,
        target_s: float,
        hold_s: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.clock = clock
        self.interval_s = interval_s
        self.target_s = target_s
        self.hold_s = hold_s
        self.waiting = 0
        self.held_until = 0.0
        self.stood_since = 0.0  # when the current stretch of standing began
        now = clock()
        self.last_start = now  # when a thread last took a request up
        self._window_start = now
        self._window_min = float("inf")  # the shortest wait of the requests taken up in this window
        self._window_started = 0  # requests taken up in this window
        self._window_late = 0  # ... of which waited past the target
        self._lock = threading.Lock()  # entered on the loop, left on the worker threads

    def enter(self) -> Ticket:
        """A request handed to the pool: its ticket, to ``leave`` with (or ``start`` on a thread)."""
        now = self.clock()
        with self._lock:
            if self.waiting == 0:
                self.last_start = max(self.last_start, now)  # an empty queue had nobody to start
            self.waiting += 1
        return Ticket(now)

    def leave(self, ticket: Ticket) -> None:
        """The request is no longer waiting without having started: its caller cancelled
        before a thread took it up (a no-op once it started). Only the first call counts."""
        with self._lock:
            if ticket.left:
                return
            ticket.left = True
            self.waiting -= 1

    def start(self, ticket: Ticket, now: float) -> float:
        """A thread took the request up at ``now``: how long it waited, noted for the rule."""
        waited = now - ticket.entered
        with self._lock:
            if not ticket.left:
                ticket.left = True
                self.waiting -= 1
            self.last_start = now
            self._window_min = min(self._window_min, waited)
            self._window_started += 1
            self._window_late += waited > self.target_s
            if now - self._window_start >= self.interval_s:
                held = now < self.held_until
                if self._window_min > self.target_s or (
                    held and self._window_late >= HOLD_LATE_SHARE * self._window_started
                ):
                    self._hold(now)
                self._window_start = now
                self._window_min = float("inf")
                self._window_started = self._window_late = 0
        return waited

    def refused(self) -> None:
        """A request refused at the door under sustained overload: counted as one that waited
        past the target, so the hold is renewed as if a thread had refused it."""
        with self._lock:
            self._window_started += 1
            self._window_late += 1

    def standing(self, now: float) -> bool:
        """A queue stood within the last ``hold_s``, or requests wait and none started for ``interval_s``."""
        if self.interval_s <= 0:
            return False
        if self.waiting > 0 and now - self.last_start > self.interval_s:
            self._hold(now)
        return now < self.held_until

    def sustained(self, now: float) -> bool:
        """The queue has stood without a break for at least ``hold_s``: the hold was renewed,
        so this is load the process does not catch up with, not one passing stall or burst."""
        return self.standing(now) and now - self.stood_since >= self.hold_s

    def _hold(self, now: float) -> None:
        if now >= self.held_until:  # not held until now: a new stretch of standing begins
            self.stood_since = now
        self.held_until = max(self.held_until, now + self.hold_s)


class LoopLag:
    """How late the event loop runs the work handed to it, lately and steadily.

    Each ``seconds`` call (a change at the door, on the loop) queues a note on
    the loop that records how long it waited for its turn. The lag is the
    smallest of the last ``runs`` notes, all taken within ``fresh_s``: one
    late turn (a collection, a long request holding the interpreter) says
    nothing about load and refuses nothing; a loop late on every turn is
    behind its work. No timer of its own, so an idle or lightly loaded
    process is not woken to measure itself (docs/decisions/backpressure.md).
    ``clock`` (None: the loop's own) tells the time; tests drive a fake one.
    """

    def __init__(self, runs: int = 3, fresh_s: float = 1.0, clock: Callable[[], float] | None = None) -> None:
        self.clock = clock
        self.fresh_s = fresh_s
        self.notes: deque[tuple[float, float]] = deque(maxlen=runs)  # (when taken, how late)

    def seconds(self) -> float:
        """The loop's steady lag (call on the loop); 0 until ``runs`` fresh notes are taken."""
        loop = asyncio.get_running_loop()
        now = (self.clock or loop.time)()
        loop.call_soon(self._note, now)
        fresh = [late for taken, late in self.notes if now - taken <= self.fresh_s]
        return min(fresh) if len(fresh) == self.notes.maxlen else 0.0

    def _note(self, queued: float) -> None:
        now = (self.clock or asyncio.get_running_loop().time)()
        self.notes.append((now, max(0.0, now - queued)))
