"""A seat's command count (the window counter every command pays) against the libraries, on Redis.

Issue #35, part 2: ``campaigns.throttle.count`` (``INCR`` and ``EXPIRE NX``
pipelined: one round trip) against django-ratelimit's ``get_usage``
(``cache.add`` then ``cache.incr``: three round trips, Django's ``incr``
asks ``EXISTS`` first) and DRF's ``SimpleRateThrottle`` (``cache.get`` of the
timestamps, then ``cache.set`` of the list), each counting commands of 500
seats in turn, in this one process on the same Redis, rounds interleaved.
Figures are microseconds per counted command; the ratio is the library's time
over ours (above 1: ours is faster); then that ratio on a command (the
service's time for one counter change plus the count).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from typing import Any

from bench.pg import redis_url

SEATS = 500
OURS = "throttle.count (INCR+EXPIRE NX)"


def contenders(run: str) -> dict[str, Callable[[int], Any]]:
    from django.test import RequestFactory
    from django_ratelimit.core import get_usage
    from rest_framework.throttling import SimpleRateThrottle
    from rest_framework.views import APIView

    from campaigns import throttle

    class SeatThrottle(SimpleRateThrottle):
        rate = "1000000/m"  # never refuses: the cost of counting is measured, not of refusing

        def get_cache_key(self, request: Any, view: Any) -> str:
            return f"bench-drf:{run}:{request.seat}"

    request: Any = RequestFactory().post("/api/v1/tables/1/commands/")
    drf = SeatThrottle()

    def by_drf(seat: int) -> bool:
        request.seat = seat
        return drf.allow_request(request, APIView())

    def by_ratelimit(seat: int) -> Any:
        return get_usage(
            request, group=f"bench-rl:{run}", key=lambda g, r: str(seat), rate="1000000/m", increment=True
        )

    def ours(seat: int) -> int:
        return throttle.count(f"bench-ours:{run}:{seat}", 10)

    return {
        OURS: ours,
        "django-ratelimit 4.1.0": by_ratelimit,
        "DRF SimpleRateThrottle": by_drf,
    }


def per_call_us(fn: Callable[[int], Any], calls: int) -> float:
    started = time.perf_counter()
    for i in range(calls):
        fn(i % SEATS)
    return (time.perf_counter() - started) / calls * 1e6


def main(argv: list[str]) -> int:
    from bench.bench_lru import _command_us, _on_the_path
    from bench.scenes import setup_django

    os.environ["REDIS_URL"] = redis_url()
    os.environ["REDIS_PREFIX"] = f"bench-throttle-{os.getpid()}"
    calls, rounds = (300, 2) if "--quick" in argv else (1500, 3)
    with tempfile.TemporaryDirectory(prefix="grim-bench-throttle-") as folder:
        setup_django(folder, keep_redis=True)  # Django's cache on Redis, as deployed
        from django.core.cache import caches

        fns = contenders(uuid.uuid4().hex[:8])
        for fn in fns.values():  # warm-up: connections made, script loaded
            per_call_us(fn, 50)
        times: dict[str, list[float]] = {name: [] for name in fns}
        for r in range(rounds):
            for name, fn in fns.items() if r % 2 == 0 else reversed(fns.items()):
                times[name].append(per_call_us(fn, calls))
        print(f"cache: {type(caches['default']).__name__}")
        medians = {name: statistics.median(values) for name, values in times.items()}
        ours = medians[OURS]
        print(f"{'window counter, one command':34} {'us/call':>9} {'vs ours':>8}")
        for name, med in medians.items():
            print(f"{name:34} {med:9.1f} {med / ours:7.2f}x")
        command_us = _command_us()  # the command's service time; the view's HTTP work is left out
        for name, med in medians.items():
            if name != OURS:
                print(name)
                _on_the_path("one command", command_us + ours, ours, med, "ours")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
