"""A wrong-password login's limit bookkeeping: ``companion.logins`` against django-axes.

Issue #35, part 2: per failed login, ours counts the name, the address and the
pair and reads whether the name or the address is locked
(``Attempt.failed`` + ``locked``); django-axes 8.0.0's cache handler records
the failure and reads the lockout (``user_login_failed`` + ``is_locked``,
locking by name and by address). Then the path that matters: one wrong
password checked (``authenticate``, PBKDF2), which each counted login costs.
Figures are microseconds of this thread's CPU, embedded default (local-memory
cache); the ratio is axes' over ours (above 1: ours is cheaper).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from itertools import count

from bench.timing import per_call_us


def _timed(run: Callable[[], object], repeat: int) -> float:
    return per_call_us(run, repeat, time.thread_time)


def main(argv: list[str]) -> int:
    rounds, repeat = (2, 100) if "--quick" in argv else (4, 1000)
    with tempfile.TemporaryDirectory(prefix="grim-bench-axes-") as folder:
        from bench.servers import production_env

        os.environ.update(production_env(DATABASE_URL=f"sqlite:///{folder}/axes.sqlite3"))
        os.environ.pop("REDIS_URL", None)
        os.environ["DJANGO_SETTINGS_MODULE"] = "bench.axes_settings"
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        from axes.handlers.cache import AxesCacheHandler
        from axes.handlers.proxy import AxesProxyHandler
        from django.contrib.auth import authenticate, get_user_model
        from django.test import RequestFactory

        from companion.logins import Attempt

        get_user_model().objects.create_user("bench-ada", password="right-horse-battery-9")
        handler = AxesCacheHandler()
        ids = count()

        def ours() -> None:
            attempt = Attempt(f"name-{next(ids) % 500}", f"10.0.{next(ids) % 200}.1", "", False)
            attempt.failed()
            attempt.locked()

        def by_axes() -> None:
            n = next(ids)
            request = RequestFactory().post("/accounts/login/", REMOTE_ADDR=f"10.0.{n % 200}.1")
            AxesProxyHandler.update_request(request)
            credentials = {"username": f"name-{n % 500}"}
            handler.user_login_failed(sender=None, credentials=credentials, request=request)
            handler.is_locked(request, credentials)

        def wrong_password() -> None:
            request = RequestFactory().post("/accounts/login/", REMOTE_ADDR="10.9.9.9")
            AxesProxyHandler.update_request(request)  # axes hears the failure too: it needs these
            authenticate(request, username="bench-ada", password="wrong-horse")

        mine: list[float] = []
        theirs: list[float] = []
        for r in range(rounds):
            pair = [(mine, ours), (theirs, by_axes)]
            for out, run in pair if r % 2 == 0 else pair[::-1]:
                out.append(_timed(run, repeat))
        hash_us = _timed(wrong_password, 5)
    ours_us, axes_us = statistics.median(mine), statistics.median(theirs)
    print(f"{'per failed login':28} {'CPU us':>9} {'vs ours':>8}")
    print(f"{'ours: companion.logins':28} {ours_us:9.1f} {1:7.2f}x")
    print(f"{'django-axes 8.0.0 (cache)':28} {axes_us:9.1f} {axes_us / ours_us:7.2f}x")
    path = (hash_us + axes_us) / (hash_us + ours_us)
    print(f"on the path (a wrong password checked, {hash_us:.0f} us): axes/ours {path:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
