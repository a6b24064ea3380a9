"""Statistics speed (issue #14, "Speed"): an account with 1,000 plays over 6 games.

Measured on PostgreSQL + Redis with our server started as ``make run`` starts
it and a Celery worker as ``make worker`` starts it. Issue targets, printed
as figures (nothing here is a timed assertion):
1. ``GET /api/v1/me/stats/`` and the ``/me/stats/`` page for that account:
   requests per second ≥ 0.3x the bare DRF hello baseline (gunicorn, as in
   ``bench_http``) measured in this run on this machine; our own
   ``/api/v1/hello/`` is printed beside them.
2. Writing a play's results and ratings stays off the command path: command
   → 6 phones p99 on a quiet server, then again while other tables end
   (GRIM matches decided before the run, ended by their host twice a
   second during it), whose play records and ratings the worker writes;
   every ended table must have its play record and its rating. The ending
   commands themselves load the same server, so the same run is measured
   once more with no worker (the records stay owed): the worker's share is
   the p99 with it over the p99 without it, the ending commands' share the
   p99 without it over the quiet p99.

``--seed N`` (internal) fills the database with N plays for the account
``bench`` and prints its session cookie as JSON.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from typing import Any

import httpx

from bench.pg import bench_env
from bench.servers import (
    ROOT,
    WrkResult,
    gunicorn_baseline,
    our_server,
    production_env,
    wrk,
)
from bench.tables_ending import print_ending, tables_ending

TARGET_RATIO = 0.3
BENCH_DB = "grim_bench_stats"
GAMES = ("counters", "grim", "grimoor", "grimterra", "grimwood", "grimhand")


def seed(plays: int) -> dict[str, str]:
    """``plays`` finished plays for the account ``bench`` over the six games, in bulk, and a session.

    Each play has the account and three rotating guests; places rotate so
    wins, streaks, opponents and the nemesis all have something to count;
    Grim Hand plays carry campaign details so its records are computed.
    """
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    import django

    django.setup()
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from campaigns.models import Play, PlayResult, Table

    user = get_user_model().objects.create_user("bench", password=secrets.token_urlsafe(16))
    now = timezone.now()
    tables = Table.objects.bulk_create(
        Table(
            game=GAMES[i % len(GAMES)],
            name=f"bench {i}",
            join_code=f"B{i:05d}",
            host_user=user,
            state={},
            status="ended",
            ended_at=now - timedelta(hours=i),
        )
        for i in range(plays)
    )
    made = Play.objects.bulk_create(
        Play(
            table=t,
            game=t.game,
            name=t.name,
            started_at=now - timedelta(hours=i, minutes=40),
            ended_at=now - timedelta(hours=i),
            duration_s=2400 + 60 * (i % 7),
        )
        for i, t in enumerate(tables)
    )
    PlayResult.objects.bulk_create(_results(made, user, PlayResult), batch_size=1000)
    return {"cookie": _session_cookie(user)}


def _results(plays: list[Any], user: Any, result: type[Any]) -> list[Any]:
    """Four places a play: the account and three rotating guests, the account 1st, 4th, 3rd, 2nd
    in turn; Grim Hand plays carry campaign details."""
    guests = ("Cy", "Dee", "Eli")
    rows = []
    for i, play in enumerate(plays):
        order: list[Any] = [user, guests[i % 3], guests[(i + 1) % 3], guests[(i + 2) % 3]]
        order = order[i % 4 :] + order[: i % 4]
        for place, who in enumerate(order, start=1):
            details = (
                {"xp": 100 + i % 90, "threats": i % 5, "level": 1 + i % 3} if play.game == GAMES[5] else {}
            )
            rows.append(
                result(
                    play=play,
                    name=who if isinstance(who, str) else "Bench",
                    user=who if not isinstance(who, str) else None,
                    game=play.game,
                    score=10 - place,
                    place=place,
                    won=place == 1,
                    details=details,
                    ended_at=play.ended_at,
                )
            )
    return rows


def _session_cookie(user: Any) -> str:
    """A logged-in session for ``user``, as its cookie."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def seeded_cookie(env: dict[str, str], url: str, plays: int) -> tuple[str] | None:
    """``plays`` plays for the account ``bench``; its session cookie as a wrk header, checked."""
    seeded = subprocess.run(
        [sys.executable, "-m", "bench.bench_stats", "--seed", str(plays)],
        cwd=ROOT,
        env=production_env(**env),
        check=True,
        capture_output=True,
        text=True,
    )
    cookie = ("Cookie: " + json.loads(seeded.stdout.strip().splitlines()[-1])["cookie"],)
    check = httpx.get(f"{url}/api/v1/me/stats/", headers=dict([cookie[0].split(": ", 1)]), timeout=30)
    body = check.json()
    if check.status_code != 200 or body.get("plays") != plays:
        print(f"the stats API did not answer for the seeded account: {check.status_code} {body}")
        return None
    return cookie


def print_answers(baseline: WrkResult, hello: WrkResult, stats: WrkResult, page: WrkResult) -> None:
    print(f"{'endpoint':44} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'ratio':>6} {'errors':>6}")
    for name, r in (
        ("baseline: bare DRF hello, gunicorn sync x1", baseline),
        ("ours: GET /api/v1/hello/", hello),
        ("ours: GET /api/v1/me/stats/", stats),
        ("ours: GET /me/stats/ (page, charts)", page),
    ):
        ratio = r.rps / baseline.rps
        # errors: non-2xx answers and wrk's timeouts (a request slower than 2 s)
        print(f"{name:44} {r.rps:9.0f} {r.p50_ms:8.2f} {r.p99_ms:8.2f} {ratio:6.2f}x {r.errors:6d}")
    for name, r in (("stats API", stats), ("stats page", page)):
        ratio = r.rps / baseline.rps
        verdict = "meets" if ratio >= TARGET_RATIO else "MISSES"
        print(f"{name} {ratio:.2f}x of the DRF hello baseline: {verdict} the {TARGET_RATIO}x target")


def main(argv: list[str]) -> int:
    if "--seed" in argv:
        print(json.dumps(seed(int(argv[argv.index("--seed") + 1]))))
        return 0
    quick = "--quick" in argv
    try:
        env = bench_env(BENCH_DB)
    except Exception as exc:
        print(f"needs PostgreSQL on 127.0.0.1:5432 and Redis: {exc}")
        return 1
    plays = 1000 if not quick else 200
    seconds = 10 if not quick else 2
    commands = 500 if not quick else 60
    matches = 40 if not quick else 8  # more than end at 2 a second while the commands run
    # One secret for the server and the seed: the session's auth hash depends on it.
    env["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(60)
    with gunicorn_baseline() as base_url:
        wrk(f"{base_url}/hello/", seconds=1)  # warm-up
        baseline = wrk(f"{base_url}/hello/", seconds=seconds)
    with our_server(**env) as url:
        cookie = seeded_cookie(env, url, plays)
        if cookie is None:
            return 1
        wrk(f"{url}/api/v1/hello/", seconds=1)
        hello = wrk(f"{url}/api/v1/hello/", seconds=seconds)
        wrk(f"{url}/api/v1/me/stats/", seconds=1, headers=cookie)
        stats = wrk(f"{url}/api/v1/me/stats/", seconds=seconds, headers=cookie)
        page = wrk(f"{url}/me/stats/", seconds=seconds, headers=cookie)
        ending = tables_ending(env, url, commands, matches)

    print(
        f"account with {plays} plays over {len(GAMES)} games; "
        "server: make run's process on PostgreSQL + Redis"
    )
    print_answers(baseline, hello, stats, page)
    print_ending(ending)
    errors = stats.errors + page.errors + hello.errors + baseline.errors
    if errors:
        print(f"errors seen: {errors}")
    complete = ending.written == len(ending.ended) and ending.rated == len(ending.ended)
    return 0 if not errors and complete and ending.ready and sum(ending.missing.values()) == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
