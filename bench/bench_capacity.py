"""Capacity: how many live tables one server process holds, and two (issue #15).

Each simulated table has 6 phones listening on websockets and sends one
command per second; latency is command sent → the event on all 6 sockets.
The number of tables is stepped up until the knee: the first step whose p99
is over 100 ms and over 3x the idle p99 (one table, one command at a time),
or that answered more than 1% of its commands 503 busy or not at all: a
process refusing commands is not holding that load, however quick the
commands it does accept.
Measured for our path on one process, for the bare Channels relay (plain
view → group_send → consumer, one group per simulated table, same payload
size; ``companion/benchroutes.py``) on the same process, and for our path on
two processes sharing PostgreSQL and the Redis layer (each table's commands
and sockets on one process, as ``deploy/nginx.conf`` routes them by the
table's id). Then 2x the knee's load: the p99 of the commands that were
accepted (200), what was refused (503 busy) or timed out, and that every
acknowledged command is in its table's log.

Each step first runs unmeasured (``WARM_UP_S``; a third of a step in --quick), once its new
tables are open. Each step also prints how busy the machine was, the share of its cores the
host took, and the CPU per accepted command of each kind of process (``bench/cpu.py``); a
step past the knee that the host disturbed is run once more (``ramp``).
The phones run on uvloop (``run``). The run ends with the CPU per command of each
role and the two target ratios (``bench/capacity_report.py``).
Figures only, no timed pass/fail: the load generator shares the machine.
The run fails only when an acknowledged command is lost.
``--quick`` (CI): a few small steps, a few seconds each. ``--steps=100,150``: only those
loads, no 2x-load check (the costs per command in ``docs/scaling.md``).
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import sys
import time
import uuid
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

import aiohttp
import httpx
import uvloop
import websockets

from bench.bench_tables import (
    ORIGIN,
    PLAYERS,
    Arrivals,
    event_size,
    listen,
    make_table,
    one_table,
    pct,
    relay_baseline,
    relay_body,
    relay_n,
)
from bench.capacity_report import (
    StepResult,
    capacity,
    costs,
    cpu_ratio,
    describe_knee,
    knee,
    relay_ratio,
)
from bench.cpu import CpuMeter
from bench.pg import bench_env
from bench.servers import our_server

SOCKETS = PLAYERS
T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run the phones' side of a measurement on uvloop, as the servers run theirs.

    The phones share the machine's cores with the servers they measure, and on
    uvloop they take less of them per command than on asyncio's own loop (the
    figures are in the README, Measured): CPU the servers of a step then have.
    """
    return uvloop.run(coro)


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


WARM_UP_S = 3.0
STOLEN_AGAIN = 0.05
"""The share of the cores the host may take in a step past the knee before the step is run again."""


async def warm_up(fleet: Fleet, tables: int, seconds: float = WARM_UP_S) -> None:
    """The step's load for ``seconds``, not measured (its commands are still checked for loss).

    The tables a step adds open their sockets just before it: their group
    joins, first snapshots and the collections that so many new objects bring
    fell into the measured seconds (a 2x-load step of 300 tables, all new,
    gave p99 from 69 to 177 ms across runs). Capacity is the load held once
    the tables are open.
    """
    await fleet.step(tables, seconds, drain_s=0.5)


async def ramp(
    fleet: Fleet, label: str, plan: list[int], seconds: float, idle_p99: float
) -> list[StepResult]:
    """Step up until the knee (or the end of the plan), printing each step.

    A step past the knee while the host took ``STOLEN_AGAIN`` or more of the
    machine's cores is run once more, and the second run counts (both are
    printed). On a shared host such a burst comes and goes: one stopped a ramp
    at its first step, on a process that held many times that load in the runs
    before and after.
    """
    steps: list[StepResult] = []
    for tables in plan:
        await warm_up(fleet, tables, min(WARM_UP_S, seconds / 3))
        s = await fleet.step(tables, seconds)
        print(s.line(label), flush=True)
        if knee(idle_p99, [s]) and s.cpu is not None and s.cpu.stolen >= STOLEN_AGAIN:
            print(f"{'':10} the host took {s.cpu.stolen:.0%} of the cores: this step again", flush=True)
            await warm_up(fleet, tables, min(WARM_UP_S, seconds / 3))
            s = await fleet.step(tables, seconds)
            print(s.line(label), flush=True)
        steps.append(s)
        if knee(idle_p99, [s]):
            break
    return steps


@contextmanager
def servers(count: int, env: dict[str, str]) -> Iterator[list[str]]:
    with our_server(**env) as a:
        if count == 1:
            yield [a]
            return
        with our_server(**env) as b:
            yield [a, b]


def idle(bases: list[str], commands: int) -> float:
    run(one_table(bases[0], 10))  # warm-up
    lat, _missing = run(one_table(bases[0], commands))
    return pct(lat, 99)


async def run_ramp(
    bases: list[str], label: str, plan: list[int], seconds: float, idle_p99: float, payload: int = 0
) -> list[StepResult]:
    async with Fleet(bases, relay_payload=payload) as fleet:
        return await ramp(fleet, label, plan, seconds, idle_p99)


async def overload(bases: list[str], tables: int, seconds: float) -> StepResult:
    """2x the knee's load: twice the tables it held, 1 command per second each."""
    async with Fleet(bases) as fleet:
        await warm_up(fleet, tables, min(WARM_UP_S, seconds / 3))
        s = await fleet.step(tables, seconds, drain_s=3.0)
        s.lost = await fleet.lost_acknowledged()
        return s


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    try:
        env = bench_env("grim_bench_capacity")
    except Exception as exc:
        print(f"needs PostgreSQL on 127.0.0.1:5432 and Redis: {exc}")
        return 1
    # Its own channel and cache names: another run on the same Redis is not heard.
    env["REDIS_PREFIX"] = f"bench-capacity-{uuid.uuid4().hex[:8]}"
    whole_run = CpuMeter.start()
    # Steps of 25 tables to 300, then 50: with steps of 100 past 300, a knee anywhere from
    # 301 to 400 tables read as 300 held, up to a quarter less than was held.
    plan = [2, 6] if quick else [10, *range(25, 301, 25), 350, 400, 450, 500, 600]
    # --steps 100,150: only these loads, for the costs per command (docs/scaling.md), no overload.
    fixed = [int(n) for a in argv if a.startswith("--steps=") for n in a.split("=", 1)[1].split(",")]
    plan = fixed or plan
    seconds = 3.0 if quick else 10.0
    idle_commands = 30 if quick else 300

    with servers(1, {**env, "BENCH_ROUTES": "1"}) as bases:
        size = run(event_size(bases[0]))
        idle_ours = idle(bases, idle_commands)
        ours = run(run_ramp(bases, "1 process", plan, seconds, idle_ours))
        idle_relay = pct(run(_relay_idle(bases[0], idle_commands, size)), 99)
        relay = run(run_ramp(bases, "relay", plan, seconds, idle_relay, payload=size))
    with servers(2, env) as bases:
        idle_two = idle(bases, idle_commands)
        two = run(run_ramp(bases, "2 processes", plan, seconds, idle_two))
    print(f"payload {size} bytes per event message; PostgreSQL + Redis; 6 sockets, 1 command/s a table")
    if whole_run:  # figures from runs whose host took a different share are not alike
        used = whole_run.stop()
        print(f"over the whole run the host took {used.stolen:.0%} of this machine's {used.cores} cores")
    describe_knee("bare relay baseline", idle_relay, relay)
    describe_knee("ours, 1 process", idle_ours, ours)
    describe_knee("ours, 2 processes", idle_two, two)
    runs = (("relay", idle_relay, relay), ("1 process", idle_ours, ours), ("2 processes", idle_two, two))
    for label, idle_p99, steps in runs:
        print(costs(label, [s for s in steps if knee(idle_p99, [s]) is None]))
    print(relay_ratio(idle_ours, ours, idle_relay, relay))
    print(cpu_ratio(idle_ours, ours, idle_two, two))
    if fixed:
        return 0
    return overload_check(env, idle_ours, max(1, capacity(idle_ours, ours)), seconds, idle_commands)


def overload_check(
    env: dict[str, str], idle_ours: float, held: int, seconds: float, idle_commands: int
) -> int:
    """2x the one-process knee's load: the p99 of accepted commands, and nothing acknowledged lost."""
    over_tables = 2 * held
    with servers(1, env) as bases:
        # Idle measured again on this process, just before: a host that took this machine's
        # cores for a while during one idle run made that run's p99 ten times the usual.
        idle_before = idle(bases, idle_commands)
        idle_over = min(idle_ours, idle_before)
        over = run(overload(bases, over_tables, seconds))
    print(over.line("2x load"))
    print(
        f"  under 2x load (1 process, {over_tables} tables): p99 of accepted commands {over.p99:.1f} ms, "
        f"{over.p99 / idle_over:.1f}x idle {idle_over:.1f} ms (the lower of the idle p99 at the start, "
        f"{idle_ours:.1f}, and just before, {idle_before:.1f}; target ≤ 5x); "
        f"acknowledged but lost: {over.lost}"
    )
    return 1 if over.lost else 0


async def _relay_idle(base: str, commands: int, size: int) -> list[float]:
    await relay_baseline(base, 10, size)  # warm-up
    return await relay_baseline(base, commands, size)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
