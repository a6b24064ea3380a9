"""The bare Channels relay the table benchmarks measure against (plain view → group_send → bare
consumer, on our server and layer: in ``bench_tables`` the same process, in ``bench_capacity`` a
process of its own on the same core) with a message as large as a real event's."""

from __future__ import annotations

import asyncio
import json
import re
import time

import httpx
import websockets

from bench.phones import ORIGIN, PLAYERS, make_table, six_at
from bench.servers import BUSY, post_until_taken

SETTLE_S = 0.005
"""The pause before each measured send when the relay and our commands take turns."""


_RELAY_HEAD = re.compile(r'\{"n": (\d+),')


def relay_n(raw: str | bytes) -> int:
    """The number of a relay message (``relay_body``), read from its head as ``event_seq`` reads
    an event's: both sides of the comparison cost the phones the same."""
    text = raw if isinstance(raw, str) else raw.decode()
    head = _RELAY_HEAD.match(text)
    return int(head.group(1)) if head is not None else int(json.loads(text)["n"])


def relay_body(n: int, payload_size: int) -> str:
    """The relay baseline's message ``n``, padded to ``payload_size`` bytes (a real event's size)."""
    body = json.dumps({"n": n, "pad": ""})
    return json.dumps({"n": n, "pad": "x" * max(0, payload_size - len(body))})


async def relay_sockets(ws_base: str, received: dict[int, list[float]]) -> list[asyncio.Task[None]]:
    """Six bare relay sockets, each arrival filed under its message's number; returned once all six
    are open and have joined the group."""
    ready = asyncio.Event()
    opened = [0]

    async def listener() -> None:
        async with websockets.connect(f"{ws_base}/ws/bench/", origin=websockets.Origin(ORIGIN)) as ws:
            opened[0] += 1
            if opened[0] == 6:
                ready.set()
            async for raw in ws:
                received.setdefault(relay_n(raw), []).append(time.perf_counter())

    tasks = [asyncio.create_task(listener()) for _ in range(6)]
    await asyncio.wait_for(ready.wait(), 10)
    await asyncio.sleep(0.2)  # group_add is done before accept, but be generous
    return tasks


async def relay_once(
    http: httpx.AsyncClient, n: int, payload_size: int, received: dict[int, list[float]]
) -> float | None:
    """Relay message ``n`` sent after a short pause: ms until all six sockets had it (None: one missed)."""
    body = relay_body(n, payload_size)
    await asyncio.sleep(SETTLE_S)
    sent = time.perf_counter()
    r = await http.post("/bench/broadcast/", content=body)
    if r.status_code in BUSY:  # refused under load: the message is sent again, timed from then
        sent = time.perf_counter()
        r = await post_until_taken(http, "/bench/broadcast/", content=body)
    assert r.status_code == 204, r.status_code
    done = await six_at(received, n)
    return None if done is None else (done - sent) * 1000


async def relay_baseline(base: str, commands: int, payload_size: int) -> list[float]:
    """Plain view → group_send → bare consumer, same server and layer."""
    received: dict[int, list[float]] = {}
    tasks = await relay_sockets(base.replace("http://", "ws://"), received)
    latencies: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        for n in range(commands):
            took = await relay_once(http, n, payload_size, received)
            if took is not None:
                latencies.append(took)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return latencies


async def event_size(base: str) -> int:
    """Bytes of one real counter.adjusted websocket message, for the baseline's messages."""
    return len(await event_message(base))


async def event_message(base: str) -> str:
    """One real counter.adjusted websocket message (with its rendered board) at a table like the
    benchmarks' (``PLAYERS`` seats): the board holds every seat's card, so a one-seat table's
    message, which the bare relay carried before, was smaller than our tables' (README, "Measured")."""
    ws_base = base.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        seats = await make_table(http, PLAYERS)
        url = f"{ws_base}/ws/tables/{seats.table_id}/?token={seats.tokens[0]}"
        async with websockets.connect(url, origin=websockets.Origin(ORIGIN), max_queue=None) as ws:
            await ws.recv()  # the snapshot
            await http.post(
                f"/api/v1/tables/{seats.table_id}/commands/",
                json={
                    "command_id": "size",
                    "type": "counter.adjust",
                    "payload": {"counter_id": seats.counter_id, "by": 1},
                },
                headers={"Authorization": f"Seat {seats.tokens[0]}"},
            )
            while True:
                raw = await asyncio.wait_for(ws.recv(), 10)
                if json.loads(raw).get("type") == "event":
                    return str(raw)
