"""bench_stats' second target: a table's commands while other tables end (their play records and
ratings written by a real Celery worker), against the same tables with no worker and renamed."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psycopg

from bench.bench_tables import one_table
from bench.servers import post_until_taken, production_env, running
from bench.timing import pct, summary


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
    with running(cmd, env=env, stop_s=15):
        yield


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


@dataclass
class Ending:
    """Command → 6 phones latencies (ms) and missing events: quiet, while tables end with the
    worker, with no worker, and the control (the same tables renamed); what the worker wrote."""

    quiet: list[float]
    busy: list[float]
    no_worker: list[float]
    control: list[float]
    missing: dict[str, int]
    ended: list[int]
    owed: int
    renamed: int
    written: int
    rated: int
    ready: bool


def tables_ending(env: dict[str, str], url: str, commands: int, matches: int) -> Ending:
    """Target 2: a table's commands while other tables end, with the worker, without, and renamed."""
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
    no_worker, missing_no_worker, owed = asyncio.run(
        during_ends(url, commands, 2.0, decided[matches : 2 * matches])
    )
    # The control: the same decided tables, the same host command rate, but a rename (no end).
    control, missing_control, renamed = asyncio.run(
        during_ends(url, commands, 2.0, decided[2 * matches :], rename_table)
    )
    missing = {
        "quiet": missing_quiet,
        "busy": missing_busy,
        "no worker": missing_no_worker,
        "control": missing_control,
    }
    return Ending(
        quiet, busy, no_worker, control, missing, ended, len(owed), len(renamed), written, rated, ready
    )


def print_ending(e: Ending) -> None:
    print(summary("command → 6 phones, quiet server", e.quiet))
    print(summary(f"command → 6 phones, {len(e.ended)} tables ending", e.busy))
    print(summary(f"command → 6 phones, {e.owed} tables ending, no worker", e.no_worker))
    print(summary(f"command → 6 phones, {e.renamed} tables renamed (control)", e.control))
    change = pct(e.busy, 99) / pct(e.quiet, 99)
    worker_share = pct(e.busy, 99) / pct(e.no_worker, 99)
    traffic_share = pct(e.no_worker, 99) / pct(e.quiet, 99)
    print(
        f"  p99 while tables end {change:.2f}x the quiet p99: the ending commands "
        f"{traffic_share:.2f}x, writing their records and ratings {worker_share:.2f}x; missing events "
        f"{e.missing['quiet']} quiet, {e.missing['busy']} busy, {e.missing['no worker']} with no worker; "
        f"{e.written}/{len(e.ended)} play records and {e.rated}/{len(e.ended)} ratings written by the worker"
    )
    if not e.ready:
        print("the worker wrote no record for the first match within 60 s")
    print(
        f"  p99 with tables ending {pct(e.busy, 99) / pct(e.control, 99):.2f}x the p99 with the same tables "
        "sending the same host's rename instead (target: unchanged)"
    )
