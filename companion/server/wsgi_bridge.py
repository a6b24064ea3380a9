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
import io
import json
import re
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import sync_to_async
from django.http.cookie import parse_cookie
from django.utils import translation
from django.utils.translation import gettext_lazy

from campaigns.errors import error_body
from companion.server.overload import LoopLag, QueueWatch, Ticket

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

MAX_BODY_BYTES = 10 * 1024 * 1024
"""The largest body of any request; paths may have their own, smaller limit (``body_limits``)."""
BUSY_RETRY_S = 1
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
SIDE_QUEUE_PER_THREAD = 4
UNLIMITED_PATHS = ("/healthz",)
"""Answered even when the process is at its limit (load balancers ask it whether we are up)."""


class WsgiResult:
    """What one WSGI call produced: status line, headers and the whole body."""

    __slots__ = ("body", "headers", "status")

    def __init__(self) -> None:
        self.status = 500
        self.headers: list[tuple[bytes, bytes]] = []
        self.body: list[bytes] = []


class HttpViaWsgi:
    """An ASGI ``http`` application that runs a WSGI app on a thread pool."""

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
        """``max_in_flight`` bounds the requests this process holds at once (0: no bound);
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
            await _busy_at_door(scope, send, "loop_lag" if late else "in_flight")
            return
        if change and self._refused_behind_queue(arrived):
            await _busy_at_door(scope, send, "thread_wait")
            return
        self.in_flight += 1  # one event loop per process: no lock needed
        try:
            limit = self._body_limit(scope["path"])
            body = await self._read_body(receive, limit)
            if body is None:
                await _too_large(scope, send, limit)
                return
            deadline = self._deadline(arrived) if change else None
            ticket = self.queue.enter()
            try:
                result: WsgiResult = await self._run(_environ(scope, body), ticket, deadline)
            finally:
                self.queue.leave(ticket)  # no-op once a thread took it up
        finally:
            self.in_flight -= 1
        await _send_result(send, result)

    async def _serve_side(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A request on the side lane: its own threads, its own bound, no wait rule."""
        if self.side_in_flight >= self.side_max_in_flight:
            await _busy_at_door(scope, send, "in_flight")
            return
        self.side_in_flight += 1
        try:
            limit = self._body_limit(scope["path"])
            body = await self._read_body(receive, limit)
            if body is None:
                await _too_large(scope, send, limit)
                return
            result: WsgiResult = await self._run_side(_environ(scope, body))
        finally:
            self.side_in_flight -= 1
        await _send_result(send, result)

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

    async def _read_body(self, receive: Receive, limit: int) -> bytes | None:
        """The whole body, or None once it is past ``limit`` (the rest is not read)."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)

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
            return _busy(_Asking.of_environ(environ))
        return self._in_thread_context(environ)

    def _in_thread_context(self, environ: dict[str, Any]) -> WsgiResult:
        """The request, run in this worker thread's own lasting context."""
        context: contextvars.Context | None = getattr(self._thread_state, "context", None)
        if context is None:
            context = contextvars.Context()  # as a new thread starts: empty
            self._thread_state.context = context
        return context.run(self._call_wsgi_here, environ)

    def _call_wsgi_here(self, environ: dict[str, Any]) -> WsgiResult:
        result = WsgiResult()

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            result.status = int(status.split(" ", 1)[0])
            result.headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers]
            return result.body.append

        iterable = self.wsgi_app(environ, start_response)
        try:
            for chunk in iterable:
                if chunk:
                    result.body.append(chunk)
        finally:
            close = getattr(iterable, "close", None)
            if close is not None:
                close()  # Django sends request_finished here (closes DB connections)
        return result


def _environ(scope: Scope, body: bytes) -> dict[str, Any]:
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    # PEP 3333: PATH_INFO is the URL-decoded path, its UTF-8 bytes carried as latin-1 text;
    # ASGI's ``path`` is already decoded (``raw_path`` is not, so it is not used).
    root = scope.get("root_path", "")
    path = scope["path"]
    if root and path.startswith(root):
        path = path[len(root) :]
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root.encode("utf-8").decode("latin-1"),
        "PATH_INFO": path.encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1]),
        "REMOTE_ADDR": str(client[0]),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "CONTENT_LENGTH": str(len(body)),
    }
    for raw_name, raw_value in scope.get("headers", []):
        name = raw_name.decode("latin-1").upper().replace("-", "_")
        value = raw_value.decode("latin-1")
        if name == "CONTENT_TYPE":
            environ["CONTENT_TYPE"] = value
            continue
        if name == "CONTENT_LENGTH":
            continue  # the body is already read: its real length wins
        key = f"HTTP_{name}"
        environ[key] = f"{environ[key]},{value}" if key in environ else value
    return environ


BUSY_MESSAGE = gettext_lazy("The server is busy right now. Your phone tries again in a moment.")
TOO_LARGE = gettext_lazy("The request is too large (at most %(size)s).")


class _Asking:
    """What Django reads a request's language from (its cookie, ``Accept-Language``), for an
    answer made before Django is reached: the phone reads it in its own language (issue #34)."""

    def __init__(self, cookie: str, accept_language: str, path: str) -> None:
        self.COOKIES = parse_cookie(cookie)
        self.META = {"HTTP_ACCEPT_LANGUAGE": accept_language}
        self.path_info = path

    @classmethod
    def of_scope(cls, scope: Scope) -> _Asking:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        return cls(headers.get("cookie", ""), headers.get("accept-language", ""), scope.get("path", "/"))

    @classmethod
    def of_environ(cls, environ: dict[str, Any]) -> _Asking:
        cookie, accept_language = environ.get("HTTP_COOKIE", ""), environ.get("HTTP_ACCEPT_LANGUAGE", "")
        return cls(cookie, accept_language, environ.get("PATH_INFO", "/"))

    def words(self, message: Any, **values: Any) -> str:
        """``message`` (lazy) in the asking phone's language, with ``values`` put in."""
        with translation.override(translation.get_language_from_request(self)):  # type: ignore[arg-type]
            text = str(message)
        return text % values if values else text


BOUNDS = ("in_flight", "loop_lag", "thread_wait")
"""Which bound refused a request, in a 503 ``busy`` answer's ``extra.bound`` (for operators and
``bench_capacity``: which one a process reaches first under load)."""


def _busy(asking: _Asking) -> WsgiResult:
    """The 503 ``busy`` answer (error shape, ``Retry-After``) as a worker thread gives it."""
    result = WsgiResult()
    result.status = 503
    result.headers = [(b"content-type", b"application/json"), (b"retry-after", str(BUSY_RETRY_S).encode())]
    extra = {"retry_after_s": BUSY_RETRY_S, "bound": "thread_wait"}
    result.body = [json.dumps(error_body("busy", asking.words(BUSY_MESSAGE), extra)).encode()]
    return result


async def _send_result(send: Send, result: WsgiResult) -> None:
    await send({"type": "http.response.start", "status": result.status, "headers": result.headers})
    await send({"type": "http.response.body", "body": b"".join(result.body)})


async def _busy_at_door(scope: Scope, send: Send, bound: str) -> None:
    """The 503 ``busy`` answer given before a request is read (``bound``: which limit refused it)."""
    extra = {"retry_after_s": BUSY_RETRY_S, "bound": bound}
    message = _Asking.of_scope(scope).words(BUSY_MESSAGE)
    await _send_error(send, 503, "busy", message, extra, retry_after_s=BUSY_RETRY_S)


async def _too_large(scope: Scope, send: Send, limit: int) -> None:
    """413 in the error shape, stating the limit that applies (``extra.limit_bytes``)."""
    size = f"{limit // 1024} KB" if limit >= 1024 else f"{limit} bytes"
    message = _Asking.of_scope(scope).words(TOO_LARGE, size=size)
    await _send_error(send, 413, "too_large", message, {"limit_bytes": limit})


async def _send_error(
    send: Send,
    status: int,
    code: str,
    message: str,
    extra: dict[str, Any],
    *,
    retry_after_s: int | None = None,
) -> None:
    """An answer in the API's error shape ``{code, message, extra}``, made before Django is reached."""
    headers = [(b"content-type", b"application/json")]
    if retry_after_s is not None:
        headers.append((b"retry-after", str(retry_after_s).encode()))
    body = json.dumps(error_body(code, message, extra)).encode()
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
