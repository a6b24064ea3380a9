"""The benchmarks' phones: tables set up as a group would, commands sent as a phone sends them
(again after ``Retry-After`` while refused) and each phone's socket listening for events, timed
as they arrive. Shared by ``bench_tables``, ``bench_capacity`` and ``table_languages``."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

ORIGIN = "http://127.0.0.1"
PLAYERS = 6
"""Seats at every benchmark table, each with its phone listening (bench_capacity's as well)."""


@dataclass
class Seats:
    table_id: int
    tokens: list[str]
    counter_id: int = 0


async def post_when_not_busy(http: httpx.AsyncClient, url: str, **kwargs: Any) -> httpx.Response:
    """A POST sent again after ``Retry-After`` while the server answers 503 ``busy``, as a phone does.

    Safe for any request: ``busy`` is answered before any of the request's work is done.
    """
    for _attempt in range(30):
        r = await http.post(url, **kwargs)
        if r.status_code != 503 or r.json().get("code") != "busy":
            break
        await asyncio.sleep(float(r.headers.get("retry-after", "1")))
    r.raise_for_status()
    return r


REFUSED = (429, 503)
"""A command answered ``busy`` (503, before any of its work) or ``too_fast`` (429): refused, not failed."""


def command_seq(r: httpx.Response) -> int | None:
    """The seq of an accepted command's answer, or None when the server refused it (``REFUSED``):
    a loaded server's refusal is counted and the run carries on. Any other failure stops it."""
    if r.status_code in REFUSED:
        return None
    r.raise_for_status()
    return int(r.json()["seq"])


async def make_table(http: httpx.AsyncClient, players: int) -> Seats:
    """A counters table with ``players`` seats and a Life counter (set up as a group would, so
    sent again while a loaded server says it is busy)."""
    body = (
        await post_when_not_busy(
            http, "/api/v1/tables/", json={"game": "counters", "name": "Bench", "seat_name": "Host"}
        )
    ).json()
    seats = Seats(body["id"], [body["seat"]["token"]])
    for i in range(players - 1):
        j = await post_when_not_busy(
            http, "/api/v1/tables/join/", json={"code": body["join_code"], "name": f"P{i}"}
        )
        seats.tokens.append(j.json()["seat"]["token"])
    add = await post_when_not_busy(
        http,
        f"/api/v1/tables/{seats.table_id}/commands/",
        json={"command_id": "setup", "type": "counter.add", "payload": {"name": "Life", "value": 20}},
        headers={"Authorization": f"Seat {seats.tokens[0]}"},
    )
    seats.counter_id = add.json()["state"]["counters"][0]["id"]
    return seats


@dataclass
class Arrivals:
    """When each (table, seq) reached each socket."""

    times: dict[tuple[int, int], list[float]] = field(default_factory=dict)

    def record(self, key: tuple[int, int]) -> None:
        self.times.setdefault(key, []).append(time.perf_counter())


async def listen(
    url: str, table_id: int, arrivals: Arrivals, ready: asyncio.Event, counter: list[int]
) -> None:
    async with websockets.connect(url, origin=websockets.Origin(ORIGIN), max_queue=None) as ws:
        first = json.loads(await ws.recv())
        assert first["type"] == "snapshot", first
        counter[0] += 1
        if counter[0] == counter[1]:
            ready.set()
        async for raw in ws:
            seq = event_seq(raw)
            if seq is not None:
                arrivals.record((table_id, seq))


_EVENT_HEAD = re.compile(r'\{"type":"event","seq":(\d+),')


def event_seq(raw: str | bytes) -> int | None:
    """The seq of an event message, or None for any other message.

    Read from the message's head when it has the server's usual one: one
    process of phones stands in for thousands, and parsing every 5 KB message
    in full (the board is most of it) took that process's time from the
    server it measures and delayed the arrivals it timestamps. Any other
    head is parsed in full, as before.
    """
    text = raw if isinstance(raw, str) else raw.decode()
    head = _EVENT_HEAD.match(text)
    if head is not None:
        return int(head.group(1))
    msg = json.loads(text)
    return int(msg["seq"]) if msg.get("type") == "event" else None


async def counter_tap(
    http: httpx.AsyncClient, seats: Seats, command_id: str, auth: dict[str, str]
) -> httpx.Response:
    """The timed command: +1 on the bench table's counter, under ``command_id``."""
    return await http.post(
        f"/api/v1/tables/{seats.table_id}/commands/",
        json={
            "command_id": command_id,
            "type": "counter.adjust",
            "payload": {"counter_id": seats.counter_id, "by": 1},
        },
        headers=auth,
    )


async def listening_table(
    http: httpx.AsyncClient, ws_base: str
) -> tuple[Seats, Arrivals, asyncio.Event, list[asyncio.Task[None]]]:
    """A new table with its 6 phones' sockets connecting; ``ready`` is set once all are in."""
    seats = await make_table(http, PLAYERS)
    arrivals = Arrivals()
    ready = asyncio.Event()
    counter = [0, PLAYERS]
    tasks = [
        asyncio.create_task(
            listen(
                f"{ws_base}/ws/tables/{seats.table_id}/?token={t}", seats.table_id, arrivals, ready, counter
            )
        )
        for t in seats.tokens
    ]
    return seats, arrivals, ready, tasks


async def tap_until_taken(
    http: httpx.AsyncClient, seats: Seats, command_id: str, auth: dict[str, str]
) -> int:
    """``counter_tap`` sent again with the same ``command_id`` after ``Retry-After`` while the
    server refuses it, as a phone does (applied once); its seq."""
    for _attempt in range(30):
        r = await counter_tap(http, seats, command_id, auth)
        seq = command_seq(r)
        if seq is not None:
            return seq
        await asyncio.sleep(float(r.headers.get("retry-after", "1")))
    raise RuntimeError(f"command {command_id} refused 30 times running")


async def six_at(times: Mapping[Any, list[float]], key: Any) -> float | None:
    """When the sixth socket had message ``key`` (waiting up to 2 s), or None."""
    deadline = time.perf_counter() + 2
    while len(times.get(key, [])) < 6 and time.perf_counter() < deadline:
        await asyncio.sleep(0.0002)
    got = times.get(key, [])
    return max(got) if len(got) == 6 else None
