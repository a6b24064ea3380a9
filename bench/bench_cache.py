"""Our former Redis cache client (one client per pool) against Django's, same run.

Ours kept one ``redis.Redis`` client per connection pool (copied here as it
was measured: ``OneClientPerPool``); Django's builds a client on every call.
A logged-in request reads its session from this cache, so the path is a
request: printed, the mean microseconds of a session-sized
``get`` with each backend (alternating which goes first, median over rounds),
the ratio (Django's/ours), and the same difference put against one logged-in
request measured in this run.

Needs Redis: ``REDIS_URL``, else the machine's own on 127.0.0.1:6379 (its keys go under a
prefix of their own and are deleted after).
"""

from __future__ import annotations

import functools
import os
import statistics
import sys
import tempfile
from collections.abc import Callable, Sequence
from typing import Any

from bench.pg import redis_url
from bench.timing import per_call_us

QUICK, FULL = (3, 500), (5, 2000)


def _one_client_per_pool(url: str, params: dict[str, Any]) -> Any:
    """Django's Redis cache with the client kept per pool, as ``companion.cache`` had it."""
    import redis
    from django.core.cache.backends.redis import RedisCache, RedisCacheClient

    class OneClientPerPool(RedisCacheClient):
        def __init__(self, servers: Any, **options: Any) -> None:
            super().__init__(servers, **options)
            self._clients: dict[int, Any] = {}

        def get_client(self, key: Any = None, *, write: bool = False) -> Any:
            pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
            client = self._clients.get(id(pool))
            if client is None or client.connection_pool is not pool:
                client = self._clients[id(pool)] = redis.Redis(connection_pool=pool)
            return client

    cache = RedisCache(url, params)
    cache._class = OneClientPerPool  # type: ignore[attr-defined]
    return cache


def _timed(run: Callable[[], object], repeat: int) -> float:
    return per_call_us(run, repeat)


def _request_us(repeat: int) -> float:
    """One logged-in request (its session read from the cache, Django's backend now), for scale."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client(HTTP_HOST="localhost")
    client.force_login(get_user_model().objects.create_user("cache-bench", password="x" * 12))
    status = client.get("/me/stats/").status_code
    if status != 200:
        raise RuntimeError(f"/me/stats/ answered {status}")
    return _timed(lambda: client.get("/me/stats/"), repeat // 10)


def main(argv: Sequence[str]) -> int:
    rounds, repeat = QUICK if "--quick" in argv else FULL
    url = redis_url()
    from bench.scenes import setup_django

    os.environ["REDIS_PREFIX"] = prefix = f"bench-cache-{os.getpid()}"
    with tempfile.TemporaryDirectory(prefix="grim-bench-cache-") as folder:
        setup_django(folder, keep_redis=True)
        from django.core.cache.backends.redis import RedisCache

        params: dict[str, Any] = {"KEY_PREFIX": prefix, "OPTIONS": {"socket_timeout": 2.0}}
        ours, django = _one_client_per_pool(url, dict(params)), RedisCache(url, dict(params))
        session = {"_auth_user_id": "1", "_auth_user_backend": "x" * 40, "_auth_user_hash": "h" * 64}
        ours.set("session", session, 60)
        mine: list[float] = []
        theirs: list[float] = []
        for r in range(rounds):
            pair = [(mine, ours), (theirs, django)]
            for out, backend in pair if r % 2 == 0 else pair[::-1]:
                out.append(_timed(functools.partial(backend.get, "session"), repeat))
        ours_us, django_us = statistics.median(mine), statistics.median(theirs)
        request_us = _request_us(repeat)
        ours.delete("session")
        print("A session-sized get from Redis (us), ours (one client per pool) against Django's:")
        print(f"  ours {ours_us:.1f} us  django {django_us:.1f} us  django/ours {django_us / ours_us:.2f}x")
        with_ours = request_us - django_us + ours_us
        print(
            f"  on the path (one logged-in request, {request_us:.0f} us with Django's): "
            f"django/ours {request_us / with_ours:.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
