"""Serve Django's HTTP side through its WSGI handler inside the ASGI server.

Why: under Django's ASGI handler a sync view (every DRF view) pays several
thread hops per request (request signals, the view, the response close); we
measured DRF "hello" under uvicorn at about 0.2x of the same view under
gunicorn. This bridge reads the request body on the event loop, then runs the
whole WSGI request (middleware, view, signals) in ONE hop on a worker thread,
exactly as a gunicorn thread worker would. Websockets stay on Channels in the
same process, so ``make run`` still serves both on one port.

The hop uses asgiref's ``sync_to_async(thread_sensitive=False)`` so code in a
view that calls ``async_to_sync`` (a channel-layer broadcast after commit)
runs on the server's own event loop, where the channel layer lives.

Each worker thread keeps one ``contextvars.Context`` for all its requests, as
a gunicorn thread keeps its thread-locals. Django keeps per-thread objects in
asgiref ``Local``s, which live in the context: in a fresh copy per request
they were thrown away after every request, so each request built a new cache
client with a new Redis connection pool and connected again (every command's
rate-limit count paid a TCP connect and the client's handshake).
"""

from __future__ import annotations

import contextvars
import re
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import sync_to_async

from companion.server.door import Asking, busy, busy_at_door, too_large
from companion.server.overload import LoopLag, QueueWatch, Ticket
from companion.server.wsgi_translate import (
    MAX_BODY_BYTES,
    Receive,
    Scope,
    Send,
    WsgiApp,
    WsgiResult,
    call_wsgi,
    environ_of,
    read_body,
    send_result,
)

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
SIDE_QUEUE_PER_THREAD = 4
UNLIMITED_PATHS = ("/healthz",)
"""Answered even when the process is at its limit (load balancers ask it whether we are up)."""


class HttpViaWsgi:
    """An ASGI ``http`` application that runs a WSGI app on a thread pool.

    ``max_in_flight`` bounds the requests this process holds at once (0: no bound);
    ``max_wait_s`` how long a change (a POST, PUT, PATCH or DELETE: a command)
    may wait for a worker thread (0: no bound). Pages, reads and static
    files queue instead: a page half loaded helps nobody, a command refused
    is sent again by the phone.

    Past either a request is answered 503 with ``Retry-After`` instead of
    queueing (issue #15: backpressure): the phones retry a command with the
    same ``command_id``, so nothing is lost or doubled. The wait bound is
    what keeps the commands a saturated process does accept quick: with
    only the count bound, 60 held requests wait behind each other for
    hundreds of milliseconds; one that has already waited its bound out is
    refused before any of its work is done, so it changed nothing.

    ``queued_wait_s`` (0: none) is the tighter wait bound used while a queue
    stands (``QueueWatch``: every request taken up over ``queue_interval_s``
    had waited longer than ``queued_wait_s``; then for ``queue_hold_s``;
    ``queue_interval_s`` 0 turns it off). A burst, or a stall of the whole
    process, is absorbed within ``max_wait_s``; a standing queue means the
    process is past what it holds, and there every command it accepts
    should be quick, not up to ``max_wait_s`` late (under twice the load
    one process holds, accepted commands waited the whole generous bound).
    Two rules were tried before and dropped: "a request waited past
    ``max_wait_s``" fired on single stalls, and each then refused a second
    of commands at loads the process holds; "the queue has not emptied for
    the interval" fired under a login flood answered 503 at once (a stream
    of quick requests keeps a queue non-empty with nobody waiting long).

    Once a queue has stood for longer than ``queue_hold_s`` without a break (the
    hold renewed: sustained overload, not one stall or burst), two more rules apply
    (``solo_while_standing``; on whenever ``queued_wait_s`` is):

    - Changes run one at a time: past what a process holds, its threads only take
      the interpreter from each other and the event loop. Under twice the load one
      process holds, a command ran for 9.5 ms (p50) with two at once against 4.8 ms
      alone; one at a time the process accepted 12% fewer commands and answered
      them in half the time. Reads and pages keep both threads: they are never
      refused, so throughput is what counts for them (one at a time, the stats API
      under a steady queue of reads served 16% fewer requests, ``bench_stats``).
    - A change arriving behind as many waiting requests as there are threads is
      refused at the door (``thread_wait``): it would wait past the tighter bound
      anyway, and a refusal by a thread costs two thread hops.

    Not at the first hold: at the edge of what a process holds, one hold comes and
    goes, and running one at a time then cost throughput the two threads would have
    caught up with (one process's 200-table step refused 25 and 21 commands in two
    runs against 16 before; the bare relay's 400-table step 51 against 30).

    ``max_lag_s`` bounds how far behind the event loop may be when a change
    arrives (0: no bound). The loop reads every request and writes every
    phone's events: when it runs late, a command accepted now would reach
    the phones late whatever the threads do, and the work it adds makes
    every later one later still (under twice the load one process holds,
    accepted commands took seconds). So past the bound a change is refused
    at the door, before its body is read, until the loop has caught up.

    ``side_paths`` (path prefixes) run on their own ``side_threads``, beside
    the queue above: pages that check a password (PBKDF2 holds a thread for
    a quarter of a second by design). A login flood then queues for its own
    threads, never in front of table commands, and its waits do not count
    toward the standing-queue rule (with them counted, four clients posting
    wrong passwords made the rule refuse table commands: ``bench_logins``).
    The side lane holds at most ``SIDE_QUEUE_PER_THREAD`` requests per
    thread; past that, 503 ``busy`` at once.

    ``body_limits`` are ``(path pattern, bytes)``: a request whose path matches
    a pattern (``re.match``, first match wins) may send at most that many
    bytes, any other ``MAX_BODY_BYTES``. Past its limit it is answered 413
    stating that limit, the one that applies (a command's 64 KB, not the
    process's 10 MB), before the rest of its body is read.

    ``clock`` tells the time for the wait bounds and the queue rule (tests drive a fake one).
    """

    def __init__(
        self,
        wsgi_app: WsgiApp,
        *,
        threads: int = 8,
        max_in_flight: int = 0,
        max_wait_s: float = 0,
        queued_wait_s: float = 0,
        queue_interval_s: float = 0.1,
        queue_hold_s: float = 1.0,
        max_lag_s: float = 0,
        side_paths: tuple[str, ...] = (),
        side_threads: int = 2,
        solo_while_standing: bool = True,
        body_limits: Sequence[tuple[str, int]] = (),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """The bounds and lanes are described on the class."""
        self.wsgi_app = wsgi_app
        self.clock = clock
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="http")
        self.threads = threads
        self.solo_while_standing = solo_while_standing and queued_wait_s > 0
        self._solo = threading.Lock()
        self._run = sync_to_async(self._call_wsgi, thread_sensitive=False, executor=self.executor)
        self.max_in_flight = max_in_flight
        self.max_wait_s = max_wait_s
        self.queued_wait_s = queued_wait_s
        self.queue = QueueWatch(queue_interval_s, queued_wait_s, queue_hold_s, clock=clock)
        self.in_flight = 0
        self.max_lag_s = max_lag_s
        self.lag = LoopLag()
        self._thread_state = threading.local()
        self.side_paths = side_paths
        self.body_limits = [(re.compile(pattern), limit) for pattern, limit in body_limits]
        self.side_max_in_flight = side_threads * SIDE_QUEUE_PER_THREAD
        self.side_in_flight = 0
        side_pool = ThreadPoolExecutor(max_workers=side_threads, thread_name_prefix="http-side")
        self._run_side = sync_to_async(self._in_thread_context, thread_sensitive=False, executor=side_pool)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            raise ValueError(f"HttpViaWsgi cannot handle {scope['type']!r}")
        arrived = self.clock()
        if self.side_paths and scope["path"].startswith(self.side_paths):
            await self._serve_side(scope, receive, send)
            return
        exempt = scope["path"].startswith(UNLIMITED_PATHS)
        change = not exempt and scope["method"] in UNSAFE_METHODS
        late = change and self.max_lag_s > 0 and self.lag.seconds() > self.max_lag_s
        full = self.max_in_flight > 0 and not exempt and self.in_flight >= self.max_in_flight
        if late or full:
            await busy_at_door(scope, send, "loop_lag" if late else "in_flight")
            return
        if change and self._refused_behind_queue(arrived):
            await busy_at_door(scope, send, "thread_wait")
            return
        self.in_flight += 1  # one event loop per process: no lock needed
        try:
            limit = self._body_limit(scope["path"])
            body = await read_body(receive, limit)
            if body is None:
                await too_large(scope, send, limit)
                return
            deadline = self._deadline(arrived) if change else None
            ticket = self.queue.enter()
            try:
                result: WsgiResult = await self._run(environ_of(scope, body), ticket, deadline)
            finally:
                self.queue.leave(ticket)  # no-op once a thread took it up
        finally:
            self.in_flight -= 1
        await send_result(send, result)

    async def _serve_side(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A request on the side lane: its own threads, its own bound, no wait rule."""
        if self.side_in_flight >= self.side_max_in_flight:
            await busy_at_door(scope, send, "in_flight")
            return
        self.side_in_flight += 1
        try:
            limit = self._body_limit(scope["path"])
            body = await read_body(receive, limit)
            if body is None:
                await too_large(scope, send, limit)
                return
            result: WsgiResult = await self._run_side(environ_of(scope, body))
        finally:
            self.side_in_flight -= 1
        await send_result(send, result)

    def _refused_behind_queue(self, arrived: float) -> bool:
        """Under sustained overload, whether a change arriving behind as many waiting requests
        as there are threads (it would wait past the tighter bound) is refused at the door:
        before its body is read, without a refusal's two thread hops; counted as late for the rule."""
        if self.queued_wait_s <= 0 or self.max_wait_s <= 0 or self.queue.waiting < self.threads:
            return False
        if not self.queue.sustained(arrived):
            return False
        self.queue.refused()
        return True

    def _deadline(self, arrived: float) -> float | None:
        """The latest a change arriving at ``arrived`` may start on a thread (None: any time)."""
        if self.max_wait_s <= 0:
            return None
        if self.queued_wait_s > 0 and self.queue.standing(self.clock()):
            return arrived + min(self.queued_wait_s, self.max_wait_s)
        return arrived + self.max_wait_s

    def _body_limit(self, path: str) -> int:
        """The most bytes a request to ``path`` may send."""
        for pattern, limit in self.body_limits:
            if pattern.match(path):
                return limit
        return MAX_BODY_BYTES

    def _call_wsgi(
        self, environ: dict[str, Any], ticket: Ticket, deadline: float | None = None
    ) -> WsgiResult:
        """One request on this worker thread, in the thread's own lasting context; a 503 ``busy``
        without running it when it waited for the thread past its ``deadline``."""
        now = self.clock()
        if deadline is not None and self.solo_while_standing and self.queue.sustained(now):
            with self._solo:  # one change at a time while the process is past what it holds
                return self._start(environ, ticket, deadline, self.clock())
        return self._start(environ, ticket, deadline, now)

    def _start(
        self, environ: dict[str, Any], ticket: Ticket, deadline: float | None, now: float
    ) -> WsgiResult:
        """The request taken up at ``now`` (its wait noted for the rule), or 503 ``busy`` if too late."""
        self.queue.start(ticket, now)
        if deadline is not None and now > deadline:
            return busy(Asking.of_environ(environ))
        return self._in_thread_context(environ)

    def _in_thread_context(self, environ: dict[str, Any]) -> WsgiResult:
        """The request, run in this worker thread's own lasting context."""
        context: contextvars.Context | None = getattr(self._thread_state, "context", None)
        if context is None:
            context = contextvars.Context()  # as a new thread starts: empty
            self._thread_state.context = context
        return context.run(call_wsgi, self.wsgi_app, environ)
