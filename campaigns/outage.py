"""Redis is a helper, never the truth: what each use of it does while it does not answer (issue #32).

The database holds every table, seat and command. Redis carries the per-seat
and join-code limits, the cache (sessions, statistics), the pushes to phones
and the task queue, so a Redis that is down must cost those and nothing else:

- a limit or a cache **fails open** (``fail_open``): the call answers its
  default (no count, nothing kept) and the request goes on with the
  database; pushes are skipped (phones fill the gap from their heartbeats
  and by polling);
- what truly cannot be done without Redis is refused with a retry, never a
  500: ``unavailable`` (503 with ``Retry-After``) for an HTTP request
  (``api.errors`` and ``RedisDownMiddleware``), close code 4503 for a new
  table socket (``campaigns.consumers``).

After a failure the process leaves Redis alone for ``RETRY_S`` (so a Redis
that hangs rather than refuses costs one timeout per interval, not one per
request), then tries again by itself: nothing needs restarting when Redis
comes back. The log says when Redis stops and starts answering.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from campaigns.errors import error_body

logger = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

REDIS_DOWN: tuple[type[Exception], ...] = (RedisConnectionError, RedisTimeoutError)
"""What a Redis that is down, unreachable or too slow raises (any other error is a bug, and raises)."""
RETRY_S = 1.0
"""After a failure, how long calls answer their default without trying Redis."""
RETRY_AFTER_S = 5
"""What a refused request is told to wait (``Retry-After``)."""
UNAVAILABLE = "unavailable"
UNAVAILABLE_MESSAGE = gettext_noop(
    "Live updates are down for a moment. Try again in a few seconds; nothing was lost."
)


class Outage:
    """Whether Redis answered lately, shared by every use of it in this process."""

    def __init__(self) -> None:
        self._until = 0.0
        self._down = False
        self._lock = threading.Lock()

    def skipping(self) -> bool:
        """True for ``RETRY_S`` after a failure: the caller answers its default without trying."""
        return time.monotonic() < self._until

    def failed(self, what: str, exc: BaseException) -> None:
        with self._lock:
            self._until = time.monotonic() + RETRY_S
            first, self._down = not self._down, True
        if first:
            logger.warning("Redis does not answer (%s: %s); the database carries on.", what, exc)

    def reset(self) -> None:
        """Forget past failures (tests)."""
        with self._lock:
            self._until, self._down = 0.0, False

    def answered(self) -> None:
        if self._down:
            with self._lock:
                back, self._down = self._down, False
            if back:
                logger.warning("Redis answers again.")


redis_outage = Outage()


def fail_open(default: T, what: str) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """The decorated call answers ``default`` while Redis is down, instead of raising."""

    def wrap(call: Callable[P, T]) -> Callable[P, T]:
        @functools.wraps(call)
        def guarded(*args: P.args, **kwargs: P.kwargs) -> T:
            if redis_outage.skipping():
                return default
            try:
                result = call(*args, **kwargs)
            except REDIS_DOWN as exc:
                redis_outage.failed(what, exc)
                return default
            redis_outage.answered()
            return result

        return guarded

    return wrap


def unavailable_body() -> dict[str, Any]:
    """The API's error shape for a request that needs Redis while it is down."""
    return error_body(UNAVAILABLE, _(UNAVAILABLE_MESSAGE), {"retry_after_s": RETRY_AFTER_S})


class RedisDownMiddleware:
    """A page that needs Redis while it is down answers 503 with ``Retry-After``, not 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, REDIS_DOWN):
            return None
        redis_outage.failed(request.path, exception)
        response: HttpResponse
        if request.path.startswith("/api/"):
            response = JsonResponse(unavailable_body(), status=503)
        else:
            response = HttpResponse(
                _(UNAVAILABLE_MESSAGE), status=503, content_type="text/plain; charset=utf-8"
            )
        response["Retry-After"] = str(RETRY_AFTER_S)
        return response
