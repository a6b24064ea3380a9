"""Rate limits shared by the API and the pages: wrong join codes, and commands per seat.

A code has 31^6 possibilities; limiting wrong guesses per client keeps a
stranger from walking into a table by trying codes, without locking the right
code out of a shared address (``join_guard``). A seat sends at most
``SEAT_COMMANDS_PER_WINDOW`` commands per ``SEAT_WINDOW_S`` (issue #15: a stuck button or
a script cannot flood a table); a person tapping fast stays far below it
(ten taps for "-10 Health" is one burst of ten).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any, cast

import redis
from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from django.utils.translation import gettext as _

from campaigns.errors import TableError
from campaigns.outage import fail_open

JOIN_FAILS_ALLOWED = 10
"""Wrong codes one client may send per window and be told so (404); past it, 429."""
JOIN_FAILS_CHECKED = 20
"""Wrong codes after which a client's codes are not even looked up (429 for every code)."""
JOIN_PASSES_PER_CODE = 10
"""Joins with one open table's code by clients past their wrong-code limit, per window."""
JOIN_FAIL_WINDOW_S = 600


def _join_fail_key(client: str) -> str:
    return f"join-fail:{client}"


def _throttled() -> TableError:
    return TableError(
        "throttled",
        _("Too many wrong codes. Wait a few minutes, then check the code with the host."),
        status=429,
        extra={"retry_after_s": JOIN_FAIL_WINDOW_S},
    )


@fail_open(None, "join limit")  # Redis down: no count, the code itself still has to be right
def join_guard(client: str, code: str, code_is_open: Callable[[], bool]) -> None:
    """Refuse (429) a code from a client past its wrong-code limit, unless the code opens a table.

    A café's shared address past the limit (other people's typos) must still let the right
    code in, without the lookup becoming a way to go on guessing: past the limit every wrong
    code is answered 429 like a locked one (not 404) and still counted, and past
    ``JOIN_FAILS_CHECKED`` nothing is looked up at all, so a client has that many guesses per
    window, whatever it sends. A right code passes at most ``JOIN_PASSES_PER_CODE`` times per
    window this way, so one leaked code cannot be hammered from locked addresses.
    ``code_is_open`` (the normalised ``code`` opens a table that has not ended) is called only
    for a client past the limit.
    """
    fails = int(cache.get(_join_fail_key(client), 0))
    if fails < JOIN_FAILS_ALLOWED:
        return
    if fails >= JOIN_FAILS_CHECKED:
        raise _throttled()
    if not code_is_open():
        join_failed(client)  # a guess all the same: it counts toward the checked ones
        raise _throttled()
    if _join_count(f"join-pass:{code}") > JOIN_PASSES_PER_CODE:
        raise _throttled()


@fail_open(None, "join limit")
def join_failed(client: str) -> None:
    _join_count(_join_fail_key(client))


def _join_count(key: str) -> int:
    return count(key, JOIN_FAIL_WINDOW_S)


SEAT_WINDOW_S = 5


@functools.cache
def _counter_client(location: str) -> redis.Redis:
    """The counter's client, one per process, with the cache's timeouts: Django's Redis cache
    makes a client for every call, which took 0.18 ms here, more than the round trip."""
    options = cast(dict[str, Any], settings.CACHES["default"].get("OPTIONS", {}))
    return redis.Redis.from_url(location, **options)


def count(key: str, ttl_s: int) -> int:
    """Add one to ``key`` (created with ``ttl_s``) and return the new count: the one window
    counter of the seat, join, import and login limits.

    On Redis (the cache's, under the cache's key): ``INCR`` and ``EXPIRE NX`` in one pipelined
    round trip, so a count never lives without its expiry; Django's ``cache.add`` then
    ``cache.incr`` (django-ratelimit's way) took three round trips and could leave a key that
    never expires when it expired between them (docs/decisions/throttle.md). Elsewhere (the
    embedded default): the cache's own.
    """
    backend = caches["default"]
    if isinstance(backend, RedisCache):
        pipe = _counter_client(str(settings.CACHES["default"]["LOCATION"])).pipeline(transaction=False)
        full = backend.make_and_validate_key(key)
        pipe.incr(full)
        pipe.expire(full, ttl_s, nx=True)
        return int(pipe.execute()[0])
    if cache.add(key, 1, ttl_s):
        return 1
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add and incr
        cache.add(key, 1, ttl_s)
        return 1


_seat_count = fail_open(0, "seat limit")(count)  # Redis down: the command is not counted, and runs


def command_guard(seat_id: int) -> None:
    """Count a command of this seat; refuse (429) past the seat's budget for the window."""
    window = int(time.time() // SEAT_WINDOW_S)
    sent = _seat_count(f"seat-cmds:{seat_id}:{window}", SEAT_WINDOW_S * 2)
    if sent > int(settings.SEAT_COMMANDS_PER_WINDOW):
        wait = max(1, SEAT_WINDOW_S - int(time.time()) % SEAT_WINDOW_S)
        raise TableError(
            "too_fast",
            _("Too many changes at once from this seat. Wait a moment; your phone sends it again."),
            status=429,
            extra={"retry_after_s": wait},
        )
