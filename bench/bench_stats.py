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

import asyncio
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import psycopg

from bench.bench_tables import one_table
from bench.pg import bench_env
from bench.servers import ROOT, gunicorn_baseline, our_server, post_until_taken, production_env, wrk
from bench.timing import pct, summary

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
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
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
    guests = ("Cy", "Dee", "Eli")
    rows = []
    for i, play in enumerate(made):
        order: list[Any] = [user, guests[i % 3], guests[(i + 1) % 3], guests[(i + 2) % 3]]
        order = order[i % 4 :] + order[: i % 4]  # the account finishes 1st, 4th, 3rd, 2nd in turn
        for place, who in enumerate(order, start=1):
            account = who if not isinstance(who, str) else None
            details = (
                {"xp": 100 + i % 90, "threats": i % 5, "level": 1 + i % 3} if play.game == GAMES[5] else {}
            )
            rows.append(
                PlayResult(
                    play=play,
                    name=who if isinstance(who, str) else "Bench",
                    user=account,
                    game=play.game,
                    score=10 - place,
                    place=place,
                    won=place == 1,
                    details=details,
                    ended_at=play.ended_at,
                )
            )
    PlayResult.objects.bulk_create(rows, batch_size=1000)
    engine = import_module(settings.SESSION_ENGINE)
    session = engine.SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return {"cookie": f"{settings.SESSION_COOKIE_NAME}={session.session_key}"}


@contextmanager
def celery_worker(env: dict[str, str]) -> Iterator[None]:
    """A Celery worker as ``make worker`` starts it (with beat: the outbox drain)."""
    cmd = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "companion",
        "worker",
        "--beat",
        "--loglevel=warning",
        "--concurrency=2",
        # beat's schedule file goes to a scratch folder, not the work tree (as deploy/serve.sh does)
        "--schedule",
        str(Path(tempfile.gettempdir()) / f"grim-bench-stats-beat-{os.getpid()}"),
    ]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True)
    try:
        yield
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


async def end_one_match(http: httpx.AsyncClient) -> int:
    """Open a Coven GRIM match, decide it and end the table; its id."""
    tid, ann = await play_one_match(http)
    await end_table(http, tid, ann)
    return tid


async def end_table(http: httpx.AsyncClient, tid: int, auth: dict[str, str]) -> None:
    """The host ends a table: its play record and rating are owed from this command on."""
    body = {"command_id": "end", "type": "table.end", "payload": {}}
    resp = await post_until_taken(http, f"/api/v1/tables/{tid}/commands/", json=body, headers=auth)
    resp.raise_for_status()


async def rename_table(http: httpx.AsyncClient, tid: int, auth: dict[str, str]) -> None:
    """The control for ``end_table``: the same host's command on the same table, owing nothing."""
    body = {"command_id": "rename", "type": "table.rename", "payload": {"name": "Ends, renamed"}}
    resp = await post_until_taken(http, f"/api/v1/tables/{tid}/commands/", json=body, headers=auth)
    resp.raise_for_status()


async def play_one_match(http: httpx.AsyncClient) -> tuple[int, dict[str, str]]:
    """Open a Coven GRIM match and decide it, without ending it; its id and the host's header.

    Both players place a Grim, Bo draws his two Banished by hand and Moss
    Maw is knocked out with none left, so Ann wins (a rated, competitive
    play).
    """
    r = await post_until_taken(
        http,
        "/api/v1/tables/",
        json={"game": "grim", "name": "Ends", "seat_name": "Ann", "options": {"format": "coven"}},
    )
    r.raise_for_status()
    table = r.json()
    tid = int(table["id"])
    ann = {"Authorization": f"Seat {table['seat']['token']}"}
    j = await post_until_taken(http, "/api/v1/tables/join/", json={"code": table["join_code"], "name": "Bo"})
    j.raise_for_status()
    bo = {"Authorization": f"Seat {j.json()['seat']['token']}"}
    sent = 0

    async def command(auth: dict[str, str], type_: str, payload: dict[str, Any]) -> Any:
        nonlocal sent
        sent += 1
        body = {"command_id": f"e{sent}", "type": type_, "payload": payload}
        resp = await post_until_taken(http, f"/api/v1/tables/{tid}/commands/", json=body, headers=auth)
        resp.raise_for_status()
        return resp.json()

    await command(ann, "grim.favor", {"seat_id": table["seat"]["id"]})
    grim = {"element": "Fire", "health": 14, "speed": 9}
    await command(ann, "grim.enter", {"name": "Noble Roar", **grim})
    entered = await command(bo, "grim.enter", {"name": "Moss Maw", **grim, "element": "Plant"})
    moss = entered["events"][0]["payload"]["grim"]["id"]
    await command(bo, "player.adjust", {"field": "banished", "by": -2, "note": "bench"})
    await command(bo, "grim.adjust", {"grim_id": moss, "field": "health", "by": -14, "note": "bench"})
    return tid, ann


async def end_grim_match(base: str) -> int:
    """One GRIM match decided and ended; its table id."""
    async with httpx.AsyncClient(base_url=base, timeout=20) as http:
        return await end_one_match(http)


async def play_matches(base: str, count: int) -> list[tuple[int, dict[str, str]]]:
    """``count`` GRIM matches decided, not yet ended (played before the measured run)."""
    async with httpx.AsyncClient(base_url=base, timeout=20) as http:
        return [await play_one_match(http) for _ in range(count)]


async def end_tables(
    base: str, decided: list[tuple[int, dict[str, str]]], stop: asyncio.Event, per_s: float, end: Any
) -> list[int]:
    """``end`` (``end_table``, or the control) sent to the decided tables by their host at ``per_s``
    a second until ``stop``; the tables it was sent to."""
    ended: list[int] = []
    async with httpx.AsyncClient(base_url=base, timeout=20) as http:
        for tid, auth in decided:
            if stop.is_set():
                break
            started = time.perf_counter()
            await end(http, tid, auth)
            ended.append(tid)
            await asyncio.sleep(max(0.0, 1 / per_s - (time.perf_counter() - started)))
    return ended


async def during_ends(
    base: str, commands: int, per_s: float, decided: list[tuple[int, dict[str, str]]], end: Any = end_table
) -> tuple[list[float], int, list[int]]:
    """The measured table's commands while the decided tables end, each owing its play record and
    rating (the worker's work). The matches were played before: what is measured is tables
    ending, as the issue says, not the load of other tables being played."""
    stop = asyncio.Event()
    ender = asyncio.create_task(end_tables(base, decided, stop, per_s, end))
    await asyncio.sleep(1.0)  # tables are already ending when the measured commands start
    latencies, missing = await one_table(base, commands)
    stop.set()
    ended = await ender
    if len(ended) == len(decided):
        print(f"all {len(decided)} decided tables ended before the measured commands did: play more")
    return latencies, missing, ended


def records_written(database_url: str, tables: list[int], wait_s: float) -> tuple[int, int]:
    """How many of ``tables`` have their play record and their rating, waiting up to ``wait_s``."""
    deadline = time.monotonic() + wait_s
    url = database_url.replace("postgres://", "postgresql://", 1)
    while True:
        with psycopg.connect(url) as conn:
            plays = conn.execute(
                "SELECT count(*) FROM campaigns_play WHERE table_id = ANY(%s)", (tables,)
            ).fetchone()
            rated = conn.execute(
                "SELECT count(DISTINCT c.play_id) FROM campaigns_ratingchange c "
                "JOIN campaigns_play p ON p.id = c.play_id WHERE p.table_id = ANY(%s)",
                (tables,),
            ).fetchone()
        done = (int(plays[0]) if plays else 0, int(rated[0]) if rated else 0)
        if done == (len(tables), len(tables)) or time.monotonic() > deadline:
            return done
        time.sleep(0.5)


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
            return 1
        wrk(f"{url}/api/v1/hello/", seconds=1)
        hello = wrk(f"{url}/api/v1/hello/", seconds=seconds)
        wrk(f"{url}/api/v1/me/stats/", seconds=1, headers=cookie)
        stats = wrk(f"{url}/api/v1/me/stats/", seconds=seconds, headers=cookie)
        page = wrk(f"{url}/me/stats/", seconds=seconds, headers=cookie)

        with celery_worker(production_env(**env)):
            # The worker is up once it has written a record: its start-up is not measured.
            first = asyncio.run(end_grim_match(url))
            ready = records_written(env["DATABASE_URL"], [first], wait_s=60) == (1, 1)
            decided = asyncio.run(play_matches(url, 3 * matches))
            asyncio.run(one_table(url, 20))  # warm-up
            quiet, missing_quiet = asyncio.run(one_table(url, commands))
            busy, missing_busy, ended = asyncio.run(during_ends(url, commands, 2.0, decided[:matches]))
            written, rated = records_written(env["DATABASE_URL"], ended, wait_s=30)
        # The same tables ending with no worker: their records stay owed (this database is dropped).
        no_worker, missing_no_worker, _owed = asyncio.run(
            during_ends(url, commands, 2.0, decided[matches : 2 * matches])
        )
        # The control: the same decided tables, the same host command rate, but a rename (no end).
        control, missing_control, _renamed = asyncio.run(
            during_ends(url, commands, 2.0, decided[2 * matches :], rename_table)
        )

    print(
        f"account with {plays} plays over {len(GAMES)} games; "
        "server: make run's process on PostgreSQL + Redis"
    )
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
    print(summary("command → 6 phones, quiet server", quiet))
    print(summary(f"command → 6 phones, {len(ended)} tables ending", busy))
    print(summary(f"command → 6 phones, {len(_owed)} tables ending, no worker", no_worker))
    print(summary(f"command → 6 phones, {len(_renamed)} tables renamed (control)", control))
    change = pct(busy, 99) / pct(quiet, 99)
    worker_share = pct(busy, 99) / pct(no_worker, 99)
    traffic_share = pct(no_worker, 99) / pct(quiet, 99)
    print(
        f"  p99 while tables end {change:.2f}x the quiet p99: the ending commands "
        f"{traffic_share:.2f}x, writing their records and ratings {worker_share:.2f}x; missing events "
        f"{missing_quiet} quiet, {missing_busy} busy, {missing_no_worker} with no worker; "
        f"{written}/{len(ended)} play records and {rated}/{len(ended)} ratings written by the worker"
    )
    if not ready:
        print("the worker wrote no record for the first match within 60 s")
    errors = stats.errors + page.errors + hello.errors + baseline.errors
    if errors:
        print(f"errors seen: {errors}")
    complete = written == len(ended) and rated == len(ended)
    missing = missing_quiet + missing_busy + missing_no_worker + missing_control
    print(
        f"  p99 with tables ending {pct(busy, 99) / pct(control, 99):.2f}x the p99 with the same tables "
        "sending the same host's rename instead (target: unchanged)"
    )
    return 0 if not errors and complete and ready and missing == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
