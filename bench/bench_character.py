"""Reading a Grim Hand character: GET /api/v1/grimhand/characters/{id}/ for a party of 5.

Issue target: at 16 concurrent connections, at least 0.5x the requests/second
of the foundation's DRF hello (``/api/v1/hello/``) on the same server,
measured in the same run; p99 printed for both. The server is started as
``make run`` starts it (on PostgreSQL + Redis when they answer, else on a
throw-away SQLite file), and the party is set up through its real API: a
table, 4 more seats, 5 characters, equipment and modifiers.

Run: ``python -m bench.bench_character [--quick]``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from dataclasses import dataclass
from itertools import count
from typing import Any

from bench.pg import redis_url
from bench.servers import our_server

TARGET_RATIO = 0.5
BENCH_DB = "grim_bench_character"
PARTY = [
    ("Ann", "Orc", "Warrior", "Iron"),
    ("Bo", "Elf", "Mage", "Shadow"),
    ("Cy", "Dwarf", "Cleric", "Bone"),
    ("Dee", "Human", "Ranger", "Nature"),
    ("Eve", "Goblin", "Rogue", "Blood"),
]
_ids = count(1)


def database_env() -> dict[str, str]:
    """PostgreSQL + Redis (a fresh database of our own) if they answer, else SQLite."""
    try:
        import psycopg
        import redis

        url = redis_url()
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
        with psycopg.connect(
            "postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True, connect_timeout=3
        ) as c:
            c.execute(f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)")
            c.execute(f"CREATE DATABASE {BENCH_DB}")
        return {"DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{BENCH_DB}", "REDIS_URL": url}
    except Exception as exc:  # any failure means: no PostgreSQL/Redis here
        path = os.path.join(tempfile.mkdtemp(prefix="grim-bench-"), "bench.sqlite3")
        print(f"PostgreSQL/Redis not available ({type(exc).__name__}); using SQLite {path}")
        return {"DATABASE_URL": f"sqlite:///{path}"}


def call(base: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Seat {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        base + path, data=data, headers=headers, method="POST" if body else "GET"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def command(base: str, table_id: int, token: str, type_: str, payload: dict[str, Any]) -> Any:
    body = {"command_id": f"bench-{next(_ids)}", "type": type_, "payload": payload}
    return call(base, f"/api/v1/tables/{table_id}/commands/", body, token)


def set_up_party(base: str) -> tuple[int, str]:
    """A table with 5 characters, each with equipment and modifiers; (a character id, a token)."""
    created = call(base, "/api/v1/tables/", {"game": "grimhand", "name": "Bench", "seat_name": PARTY[0][0]})
    table_id, code = created["id"], created["join_code"]
    tokens = [created["seat"]["token"]]
    for name, *_ in PARTY[1:]:
        tokens.append(call(base, "/api/v1/tables/join/", {"code": code, "name": name})["seat"]["token"])
    ids = []
    for (name, race, klass, affinity), token in zip(PARTY, tokens, strict=True):
        body = {"name": name, "race": race, "class": klass, "affinity": affinity}
        answer = command(base, table_id, token, "character.create", body)
        cid = answer["events"][0]["payload"]["character_id"]
        ids.append(cid)
        for rank in (2, 4, 6, 8, 10) if affinity != "Blood" else (1, 3, 5):
            command(
                base,
                table_id,
                token,
                "character.equip",
                {"character_id": cid, "rank": rank, "affinity": affinity},
            )
        for n in range(3):
            mod = {"character_id": cid, "stat": "attack", "amount": 1, "source": f"Blessing {n}"}
            command(base, table_id, token, "modifier.add", mod)
    character = call(base, f"/api/v1/grimhand/characters/{ids[0]}/", token=tokens[1])
    assert character["stats"]["attack"] > 0 and len(character["equipment"]) == 5
    return ids[0], tokens[1]


@dataclass(frozen=True)
class Result:
    rps: float
    p50_ms: float
    p99_ms: float
    errors: int


_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def _latency(text: str, pct: str) -> float:
    m = re.search(rf"^\s*{pct}%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    if not m:
        raise RuntimeError(f"wrk printed no {pct}% latency:\n{text}")
    return float(m.group(1)) * _UNITS[m.group(2)]


def wrk(url: str, *, seconds: int, token: str | None = None, connections: int = 16) -> Result:
    cmd = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    if token:
        cmd += ["-H", f"Authorization: Seat {token}"]
    out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True).stdout
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if not rps:
        raise RuntimeError(f"wrk printed no rate:\n{out}")
    non_2xx = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", out)
    timeouts = re.search(r"Socket errors:.*?timeout (\d+)", out)
    errors = sum(int(m.group(1)) for m in (non_2xx, timeouts) if m)
    return Result(float(rps.group(1)), _latency(out, "50"), _latency(out, "99"), errors)


def main(argv: list[str]) -> int:
    if shutil.which("wrk") is None:
        print("wrk is not installed (apt-get install wrk)")
        return 1
    seconds = 2 if "--quick" in argv else 10
    with our_server(**database_env()) as base:
        character_id, token = set_up_party(base)
        hello_url, character_url = (
            f"{base}/api/v1/hello/",
            f"{base}/api/v1/grimhand/characters/{character_id}/",
        )
        wrk(hello_url, seconds=1)  # warm-up
        wrk(character_url, seconds=1, token=token)
        hello = wrk(hello_url, seconds=seconds)
        character = wrk(character_url, seconds=seconds, token=token)
    print(f"{'endpoint (16 connections)':46} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'ratio':>6}")
    for name, r in (
        ("baseline: GET /api/v1/hello/ (DRF)", hello),
        ("GET a character (party of 5)", character),
    ):
        print(f"{name:46} {r.rps:9.0f} {r.p50_ms:8.2f} {r.p99_ms:8.2f} {r.rps / hello.rps:6.2f}x")
    ratio = character.rps / hello.rps
    verdict = "meets" if ratio >= TARGET_RATIO else "MISSES"
    print(f"character read {ratio:.2f}x of the DRF hello baseline: {verdict} the {TARGET_RATIO}x target")
    if hello.errors or character.errors:
        print(f"errors seen: hello {hello.errors}, character {character.errors}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
