"""The simulated tables of ``bench_capacity``: each with its 6 listening phones, stepped up together."""

from __future__ import annotations

import asyncio
import gc
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import httpx
import websockets

from bench.capacity_report import (
    StepResult,
)
from bench.cpu import CpuMeter
from bench.phones import ORIGIN, PLAYERS, Arrivals, listen, make_table
from bench.relay import relay_body, relay_n

SOCKETS = PLAYERS


@dataclass
class Table:
    key: int  # table id, or the relay's group number
    http: aiohttp.ClientSession
    token: str = ""
    counter_id: int = 0
    acked: dict[int, str] = field(default_factory=dict)  # seq → command_id


@dataclass
class Answer:
    status: int
    body: dict[str, Any]
    retry_after_s: float = 1.0


SEND_ERRORS = (aiohttp.ClientError, asyncio.TimeoutError)
"""A command that got no answer: a dropped connection or a timeout."""


async def post(http: aiohttp.ClientSession, path: str, body: str | dict[str, Any]) -> Answer:
    """One POST of ``body`` (as it is, or a dict as JSON); an answer without JSON has ``{}``."""
    kwargs: dict[str, Any] = {"data": body.encode()} if isinstance(body, str) else {"json": body}
    async with http.post(path, **kwargs) as r:
        raw = await r.read()
        parsed = json.loads(raw) if raw and r.content_type == "application/json" else {}
        return Answer(r.status, parsed, float(r.headers.get("retry-after", "1")))


async def tap(table: Table, command_id: str) -> Answer:
    """One +1 on the table's counter by its first seat, under ``command_id``."""
    body = {
        "command_id": command_id,
        "type": "counter.adjust",
        "payload": {"counter_id": table.counter_id, "by": 1},
    }
    return await post(table.http, f"/api/v1/tables/{table.key}/commands/", body)


class Fleet:
    """Tables with their 6 listening sockets, kept open while the steps grow."""

    def __init__(self, bases: list[str], *, relay_payload: int = 0) -> None:
        self.bases = bases
        self.relay_payload = relay_payload  # > 0: the bare relay baseline instead of our tables
        self.tables: list[Table] = []
        self.listeners: list[asyncio.Task[None]] = []
        self.arrivals = Arrivals()
        self.clients: list[aiohttp.ClientSession] = []
        self.sent_count = 0

    async def __aenter__(self) -> Fleet:
        return self

    def _client(self, base: str, token: str = "") -> aiohttp.ClientSession:
        """The tapping phone's own HTTP client, as each table's phone has.

        One client shared by every table queued the commands of hundreds of
        tables in a single connection pool, and under load that pool, not the
        server, held commands for seconds before sending them (measured with
        httpx's trace: 8 s from the call to the first byte sent, 30 ms from
        there to the answer, at 300 tables).

        aiohttp, not httpx: the generator shares the machine with the servers,
        and httpx cost it about 2 ms of CPU per command (1 ms with aiohttp),
        CPU the two-process step then lacked.
        """
        headers = {"Authorization": f"Seat {token}"} if token else {}
        client = aiohttp.ClientSession(
            base_url=base,
            headers=headers,
            connector=aiohttp.TCPConnector(limit=4),
            timeout=aiohttp.ClientTimeout(total=10),
        )
        self.clients.append(client)
        return client

    async def __aexit__(self, *exc: object) -> None:
        for t in self.listeners:
            t.cancel()
        await asyncio.gather(*self.listeners, return_exceptions=True)
        for c in self.clients:
            await c.close()

    async def grow(self, total: int) -> None:
        """Open tables (and their sockets) until there are ``total``."""
        ready = asyncio.Event()
        new = total - len(self.tables)
        if new <= 0:
            return
        counter = [0, new * SOCKETS]
        for _ in range(new):
            i = len(self.tables)
            base = self.bases[i % len(self.bases)]
            if self.relay_payload:
                table = Table(key=i, http=self._client(base))
                tokens = [""] * SOCKETS
            else:
                async with httpx.AsyncClient(base_url=base, timeout=10, verify=False) as setup:
                    seats = await make_table(setup, SOCKETS)
                http = self._client(base, seats.tokens[0])
                table = Table(
                    key=seats.table_id, http=http, token=seats.tokens[0], counter_id=seats.counter_id
                )
                tokens = seats.tokens
            self.tables.append(table)
            # The table's sockets on the process its commands go to, as nginx routes a table
            # (deploy/nginx.conf). Its events still go through Redis, even on one process.
            ws_base = base.replace("http://", "ws://")
            for token in tokens:
                url = (
                    f"{ws_base}/ws/bench/?group={table.key}"
                    if self.relay_payload
                    else f"{ws_base}/ws/tables/{table.key}/?token={token}"
                )
                self.listeners.append(asyncio.create_task(self._listen(url, table.key, ready, counter)))
        await asyncio.wait_for(ready.wait(), 120)

    async def _listen(self, url: str, key: int, ready: asyncio.Event, counter: list[int]) -> None:
        if not self.relay_payload:
            await listen(url, key, self.arrivals, ready, counter)
            return
        async with websockets.connect(url, origin=websockets.Origin(ORIGIN), max_queue=None) as ws:
            counter[0] += 1
            if counter[0] == counter[1]:
                await asyncio.sleep(0.2)  # group_add is done before accept; be generous
                ready.set()
            async for raw in ws:
                self.arrivals.record((key, relay_n(raw)))

    async def _send(self, table: Table) -> tuple[str, tuple[int, int] | None]:
        """One command (or relay broadcast): its outcome and the key its arrivals are filed under."""
        self.sent_count += 1
        n = self.sent_count
        try:
            if self.relay_payload:
                body = relay_body(n, self.relay_payload)
                r = await post(table.http, f"/bench/broadcast/?group={table.key}", body)
                return ("accepted", (table.key, n)) if r.status == 204 else ("failed", None)
            command_id = f"k{n}"
            r = await tap(table, command_id)
        except SEND_ERRORS:
            return "failed", None
        if r.status == 200:
            seq = int(r.body["seq"])
            table.acked[seq] = command_id
            return "accepted", (table.key, seq)
        if r.status == 429:
            return "refused too_fast", None
        if r.status == 503:
            return f"refused {r.body.get('extra', {}).get('bound', 'busy')}", None
        return "failed", None

    async def step(self, tables: int, seconds: float, rate: float = 1.0, drain_s: float = 2.0) -> StepResult:
        """Every table sends ``rate`` commands per second for ``seconds``."""
        await self.grow(tables)
        active = self.tables[:tables]
        result = StepResult(tables, rate, [], 0, 0, 0, 0, 0)
        sent_at: dict[tuple[int, int], float] = {}
        interval = 1.0 / rate
        start = time.perf_counter()
        meter = CpuMeter.start()

        async def one(table: Table) -> None:
            started = time.perf_counter()
            outcome, key = await self._send(table)
            result.sent += 1
            if outcome == "accepted":
                result.accepted += 1
                assert key is not None
                sent_at[key] = started
            elif outcome.startswith("refused"):
                result.refused += 1
                result.bounds[outcome.removeprefix("refused ")] += 1
            else:
                result.failed += 1

        async def phone(table: Table, offset: float) -> None:
            """The table's taps. Open loop: each leaves at its time whether or not the last was
            answered, as phones at many tables would (the tables spread across each interval)."""
            sending: list[asyncio.Task[None]] = []
            t = offset
            while t < seconds:
                await asyncio.sleep(max(0.0, start + t - time.perf_counter()))
                sending.append(asyncio.create_task(one(table)))
                t += interval
            await asyncio.gather(*sending)

        # One task per table, making each command's task at its moment. A task per command made
        # up front held the loop at the step's start, and so did the generator's own full
        # collections during a step: the commands due meanwhile left together, a burst no
        # tables of phones send, and the servers refused its tail as a queue. Collections wait
        # for the step's end (they find little: requests and answers are freed as they go).
        collecting = gc.isenabled()
        gc.disable()
        try:
            await asyncio.gather(
                *(phone(table, (i / max(1, len(active))) * interval) for i, table in enumerate(active))
            )
        finally:
            if collecting:
                gc.enable()
        result.cpu = meter.stop() if meter else None
        await asyncio.sleep(drain_s)
        for key, started in sent_at.items():
            got = self.arrivals.times.get(key, [])
            result.missing_events += SOCKETS - len(got)
            if len(got) == SOCKETS:
                result.latencies.append((max(got) - started) * 1000)
        return result

    async def lost_acknowledged(self) -> int:
        """Acknowledged commands the server no longer has.

        Each one is sent again with its command_id: a command that was stored
        answers with its first answer (same seq; the answer is written in the
        same transaction as the event), one that was lost would be applied
        anew under a new seq.
        """

        async def check(table: Table) -> int:
            lost = 0
            for seq, command_id in table.acked.items():
                answer = None
                for _attempt in range(60):
                    try:
                        r = await tap(table, command_id)
                    except SEND_ERRORS:  # a dropped connection says nothing either: again
                        await asyncio.sleep(random.uniform(0.5, 1.5))
                        continue
                    # Busy or too fast says nothing either way: asked again after Retry-After,
                    # as a phone does (this check sends every table's commands at once). With
                    # jitter, as a phone's: retried in step, every table's next try arrived in
                    # the same moment, and the same tables were refused 30 times running.
                    if r.status not in (429, 503):
                        answer = r
                        break
                    await asyncio.sleep(r.retry_after_s * random.uniform(0.5, 1.5))
                if answer is None or answer.status != 200 or int(answer.body["seq"]) != seq:
                    lost += 1
            return lost

        return sum(await asyncio.gather(*(check(t) for t in self.tables)))
