"""A logged-in request with ``companion.accounts`` against Django's own auth middleware and backend.

Issue #35, part 2: ours (session and account read in one query, a decoded-session
map) against Django's ``AuthenticationMiddleware`` and ``ModelBackend`` (session
read, then ``objects.get`` of the account), each on a logged-in
``GET /api/v1/me/stats/`` (an account with no plays: the cached answer, so the
login work is most of it) through Django's test client, rounds interleaved.
Figures are microseconds of this thread's CPU per request (steadier than the wall
clock on a shared machine; client, view and SQLite all run on it); the ratio is
Django's over ours (above 1: ours is cheaper). Embedded default (SQLite): on
PostgreSQL each saved query is a round trip as well, which this does not count.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

from bench.timing import per_call_us

DJANGOS = {
    "AUTHENTICATION_BACKENDS": ["django.contrib.auth.backends.ModelBackend"],
}


def _timed(run: Callable[[], object], repeat: int) -> float:
    return per_call_us(run, repeat, time.thread_time)


def contenders() -> dict[str, tuple[Any, Callable[[], object]]]:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client, override_settings

    user = get_user_model().objects.create_user("bench-ada", password="not-used-here-9")
    middleware = [
        "django.contrib.auth.middleware.AuthenticationMiddleware"
        if m == "companion.accounts.AuthenticationMiddleware"
        else m
        for m in settings.MIDDLEWARE
    ]
    theirs = override_settings(MIDDLEWARE=middleware, **DJANGOS)

    def logged_in() -> Callable[[], object]:
        client = Client(HTTP_HOST="localhost")
        client.force_login(user)

        def run() -> None:
            r = client.get("/api/v1/me/stats/")
            if r.status_code != 200:
                raise RuntimeError(f"answered {r.status_code}")

        run()  # the middleware chain is built on the first request
        return run

    ours = logged_in()
    with theirs:
        django_run = logged_in()

    return {
        "ours: companion.accounts": (nullcontext(), ours),
        "Django's middleware + ModelBackend": (theirs, django_run),
    }


def main(argv: list[str]) -> int:
    from bench.scenes import setup_django

    rounds, repeat = (2, 30) if "--quick" in argv else (4, 150)
    with tempfile.TemporaryDirectory(prefix="grim-bench-accounts-") as folder:
        setup_django(folder)
        runs = contenders()
        times: dict[str, list[float]] = {name: [] for name in runs}
        for r in range(rounds):
            items = list(runs.items())
            for name, (settings_for, run) in items if r % 2 == 0 else items[::-1]:
                with settings_for:  # entered outside the timing: switching settings is not measured
                    times[name].append(_timed(run, repeat))
    medians = {name: statistics.median(v) for name, v in times.items()}
    ours = medians["ours: companion.accounts"]
    print(f"{'logged-in GET /api/v1/me/stats/':36} {'CPU us':>8} {'vs ours':>8}")
    for name, med in medians.items():
        print(f"{name:36} {med:8.0f} {med / ours:7.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
