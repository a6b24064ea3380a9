"""A login flood against command latency on one server process (issue #15, item 5).

Before the fix, four concurrent wrong-password posts (3.3/s) raised command p50
on that process from 13 ms to over a second: password hashing took the same
threads as table commands. Now failures are throttled per name and address
before any hash, and password checks run on threads of their own, rationed in
two lanes of one check each (``companion/logins.py``): this flood is all
"suspect" (unknown names), so one of its checks runs at a time and another
login of it meanwhile answers 503 at once. This measures a table's command
→ answer latency quiet, then while four clients post wrong passwords as fast
as they are answered, each from a new address and name (through the trusted
proxy header), so every post that is let through costs a real hash: the worst
case the throttle allows. Figures only; the baseline is the same table, quiet,
in the same run.
"""

from __future__ import annotations

import asyncio
import re
import statistics
import sys
import time
from collections import Counter

import httpx

from bench.pg import bench_env
from bench.servers import our_server, post_until_taken

FLOODERS = 4
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


async def commands(
    http: httpx.AsyncClient, table: int, token: str, counter: int, n: int, tag: str
) -> list[float]:
    """``n`` counter taps one after another; each one's answer time in ms."""
    out: list[float] = []
    for i in range(n):
        sent = time.perf_counter()
        r = await post_until_taken(
            http,
            f"/api/v1/tables/{table}/commands/",
            json={
                "command_id": f"{tag}-{i}",
                "type": "counter.adjust",
                "payload": {"counter_id": counter, "by": 1},
            },
            headers={"Authorization": f"Seat {token}"},
        )
        r.raise_for_status()
        out.append((time.perf_counter() - sent) * 1000)
    return out


async def flood(base: str, n: int, stop: asyncio.Event, answers: Counter[int]) -> None:
    """Wrong passwords as fast as they are answered, each from a new address and name."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        page = await http.get("/accounts/login/")
        csrf = TOKEN.search(page.text)
        # Production marks the CSRF cookie Secure; this plain-HTTP client sends it back by hand.
        cookie = next(
            (c.split(";")[0] for c in page.headers.get_list("set-cookie") if c.startswith("csrftoken=")), ""
        )
        if csrf is None or not cookie:
            raise RuntimeError("no CSRF token on the login page")
        i = 0
        while not stop.is_set():
            i += 1
            r = await http.post(
                "/accounts/login/",
                data={
                    "username": f"mallory{n}x{i}",
                    "password": "wrong",
                    "csrfmiddlewaretoken": csrf.group(1),
                },
                headers={
                    "X-Forwarded-For": f"10.{n}.{i // 250 % 250}.{i % 250 + 1}",
                    "Referer": base + "/",
                    "Cookie": cookie,
                },
            )
            answers[r.status_code] += 1


async def run(base: str, n: int) -> tuple[list[float], list[float], Counter[int], float]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        made = (
            await http.post("/api/v1/tables/", json={"game": "counters", "name": "B", "seat_name": "A"})
        ).json()
        table, token = made["id"], made["seat"]["token"]
        add = await http.post(
            f"/api/v1/tables/{table}/commands/",
            json={"command_id": "setup", "type": "counter.add", "payload": {"name": "Life", "value": 20}},
            headers={"Authorization": f"Seat {token}"},
        )
        counter = add.json()["state"]["counters"][0]["id"]
        await commands(http, table, token, counter, 20, "warm")
        quiet = await commands(http, table, token, counter, n, "quiet")
        stop = asyncio.Event()
        answers: Counter[int] = Counter()
        started = time.perf_counter()
        flooders = [asyncio.create_task(flood(base, k, stop, answers)) for k in range(FLOODERS)]
        await asyncio.sleep(1.0)  # the flood is under way
        loaded = await commands(http, table, token, counter, n, "flood")
        stop.set()
        await asyncio.gather(*flooders)
        return quiet, loaded, answers, time.perf_counter() - started


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    n = 60 if quick else 300
    try:
        env = bench_env("grim_bench_logins")
    except Exception as exc:
        print(f"needs PostgreSQL on 127.0.0.1:5432 and Redis: {exc}")
        return 1
    with our_server(**env) as base:
        quiet, loaded, answers, seconds = asyncio.run(run(base, n))
    print("one server process as make run starts it, PostgreSQL + Redis; counter taps one after another")
    print(
        f"  quiet:   p50 {statistics.median(quiet):.1f} ms, p99 {pct(quiet, 99):.1f} ms "
        f"({len(quiet)} commands)"
    )
    print(
        f"  flooded: p50 {statistics.median(loaded):.1f} ms, p99 {pct(loaded, 99):.1f} ms "
        f"while {FLOODERS} clients posted wrong passwords from new addresses"
    )
    total = sum(answers.values())
    said = ", ".join(f"{code}: {count}" for code, count in sorted(answers.items()))
    print(f"  login posts: {total} in {seconds:.1f} s ({total / seconds:.1f}/s); answers {said}")
    print(
        f"  command p50 flooded/quiet {statistics.median(loaded) / statistics.median(quiet):.2f}x, "
        f"p99 {pct(loaded, 99) / pct(quiet, 99):.2f}x (before the fix: 13 ms -> 1,065 ms p50, 82x)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
