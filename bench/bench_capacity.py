"""Capacity: how many live tables one server process holds, and two (issue #15).

Each simulated table has 6 phones listening on websockets and sends one
command per second; latency is command sent → the event on all 6 sockets.
The number of tables is stepped up until the knee: the first step whose p99
is over 100 ms and over 3x the idle p99 (one table, one command at a time),
or that answered more than 1% of its commands 503 busy or not at all: a
process refusing commands is not holding that load, however quick the
commands it does accept.
Measured for our path on one process against the bare Channels relay (plain
view → group_send → consumer, one group per simulated table, same payload
size; ``companion/benchroutes.py``) on a server process of its own on the same
core, each to its knee; then for our path on two processes sharing PostgreSQL
and the Redis layer (each table's commands and sockets on one process, as
``deploy/nginx.conf`` routes them by the table's id) against a fresh
one-process server, to the first knee: the server CPU a command of two
processes against one. The set-ups compared stay up together and their steps
take turns at each load (``side_by_side``), so both meet the machine alike.
Then 2x the knee's load: the p99 of the commands that were accepted (200),
what was refused (503 busy) or timed out, and that every acknowledged command
is in its table's log. Each server process keeps to its own core, as
``make serve`` starts them (``SERVE_CPU``; the relay shares the first's).

Each step first runs unmeasured (``WARM_UP_S``; a third of a step in --quick), once its new
tables are open. Each step also prints how busy the machine was, the share of its cores the
host took, and the CPU per accepted command of each kind of process (``bench/cpu.py``; the
servers' figure is the stepped set-up's own processes'); a step past the knee that the host
disturbed is run once more (``measure``).
The phones run on uvloop (``run``). The run ends with the CPU per command of each
role and the two target ratios (``bench/capacity_report.py``).
Figures only, no timed pass/fail: the load generator shares the machine.
The run fails only when an acknowledged command is lost.
``--quick`` (CI): a few small steps, a few seconds each. ``--steps=100,150``: only those
loads, no 2x-load check (the costs per command in ``docs/scaling.md``).
"""

from __future__ import annotations

import sys
import uuid
from collections.abc import Coroutine, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any, TypeVar

import uvloop

from bench.bench_tables import one_table
from bench.capacity_fleet import Fleet
from bench.capacity_report import (
    StepResult,
    capacity,
    costs,
    cpu_ratio,
    describe_knee,
    knee,
    relay_ratio,
)
from bench.cpu import TICK_S, CpuMeter, ticks_of_groups
from bench.pg import bench_env
from bench.phones import PLAYERS
from bench.relay import event_size, relay_baseline
from bench.servers import our_server_process
from bench.timing import pct

SOCKETS = PLAYERS
T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run the phones' side of a measurement on uvloop, as the servers run theirs.

    The phones share the machine's cores with the servers they measure, and on
    uvloop they take less of them per command than on asyncio's own loop (the
    figures are in the README, Measured): CPU the servers of a step then have.
    """
    return uvloop.run(coro)


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


async def measure(
    fleet: Fleet, tables: int, seconds: float, label: str, idle_p99: float, group: set[int] | None
) -> StepResult:
    """One step after its warm-up, printed; its server CPU that of the processes of ``group``.

    A step past the knee while the host took ``STOLEN_AGAIN`` or more of the
    machine's cores is run once more, and the second run counts (both are
    printed). On a shared host such a burst comes and goes: one stopped a ramp
    at its first step, on a process that held many times that load in the runs
    before and after.
    """
    s = await _step(fleet, tables, seconds, label, group)
    if knee(idle_p99, [s]) and s.cpu is not None and s.cpu.stolen >= STOLEN_AGAIN:
        print(f"{'':10} the host took {s.cpu.stolen:.0%} of the cores: this step again", flush=True)
        s = await _step(fleet, tables, seconds, label, group)
    return s


async def _step(fleet: Fleet, tables: int, seconds: float, label: str, group: set[int] | None) -> StepResult:
    await warm_up(fleet, tables, min(WARM_UP_S, seconds / 3))
    before = ticks_of_groups(group) if group is not None else 0
    s = await fleet.step(tables, seconds)
    if s.cpu is not None and group is not None:
        s.cpu.by_role["servers"] = (ticks_of_groups(group) - before) * TICK_S
    print(s.line(label), flush=True)
    return s


@contextmanager
def servers(count: int, env: dict[str, str]) -> Iterator[list[str]]:
    """``count`` server processes, each on its own core as ``make serve`` starts them (``SERVE_CPU``)."""
    with server_set(count, env) as (bases, _pids):
        yield bases


@contextmanager
def server_set(count: int, env: dict[str, str]) -> Iterator[tuple[list[str], set[int]]]:
    """``servers``, and their process ids (each leads its own process group)."""
    with ExitStack() as stack:
        started = [stack.enter_context(our_server_process(**env, SERVE_CPU=str(k))) for k in range(count)]
        yield [base for base, _pid in started], {pid for _base, pid in started}


async def side_by_side(
    fleets: list[Fleet],
    groups: list[set[int] | None],
    labels: list[str],
    plan: list[int],
    seconds: float,
    idles: list[float],
    *,
    each_to_its_knee: bool = False,
) -> list[list[StepResult]]:
    """Set-ups up all along, stepped up together: at each load their steps take turns (the one
    that leads alternates), until one passes its knee, or with ``each_to_its_knee`` until every
    one has (each stops at its own). This machine's speed moves by 2x within minutes, so a ramp
    of each after the other compared a quick hour with a slow one. A step's server CPU is that
    of its own set-up's processes (``groups``; the others idle meanwhile)."""
    results: list[list[StepResult]] = [[] for _ in fleets]
    going = [True] * len(fleets)
    for n, tables in enumerate(plan):
        turn = list(range(len(fleets)))
        for k in turn if n % 2 == 0 else turn[::-1]:
            if going[k]:
                results[k].append(await measure(fleets[k], tables, seconds, labels[k], idles[k], groups[k]))
                going[k] = knee(idles[k], results[k][-1:]) is None
        if not any(going) or (not all(going) and not each_to_its_knee):
            break
    return results


async def one_and_two(
    sets: list[tuple[list[str], set[int]]], plan: list[int], seconds: float, idles: list[float]
) -> list[list[StepResult]]:
    """Two processes against one, up to the first knee: CPU a command is compared where both held."""
    labels = ["1 process", "2 processes"]
    async with Fleet(sets[0][0]) as one, Fleet(sets[1][0]) as two:
        return await side_by_side([one, two], [sets[0][1], sets[1][1]], labels, plan, seconds, idles)


async def ours_and_relay(
    sets: list[tuple[list[str], set[int]]], payload: int, plan: list[int], seconds: float, idles: list[float]
) -> list[list[StepResult]]:
    """One process against the bare relay (a server of its own, on the same core), each to its knee."""
    labels = ["1 process", "relay"]
    async with Fleet(sets[0][0]) as ours, Fleet(sets[1][0], relay_payload=payload) as relay:
        groups: list[set[int] | None] = [sets[0][1], sets[1][1]]
        return await side_by_side([ours, relay], groups, labels, plan, seconds, idles, each_to_its_knee=True)


def idle(bases: list[str], commands: int) -> float:
    run(one_table(bases[0], 10))  # warm-up
    lat, _missing = run(one_table(bases[0], commands))
    return pct(lat, 99)


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

    # The relay on a server of its own on the same core: each set-up's CPU is its own process's.
    relay_env = {**env, "BENCH_ROUTES": "1"}
    with server_set(1, relay_env) as ours_set, server_set(1, relay_env) as relay_set:
        size = run(event_size(ours_set[0][0]))
        idle_ours = idle(ours_set[0], idle_commands)
        idle_relay = pct(run(_relay_idle(relay_set[0][0], idle_commands, size)), 99)
        sets = [ours_set, relay_set]
        ours, relay = run(ours_and_relay(sets, size, plan, seconds, [idle_ours, idle_relay]))
    with server_set(1, env) as one_set, server_set(2, env) as two_set:
        idles = [idle(one_set[0], idle_commands), idle(two_set[0], idle_commands)]
        one, two = run(one_and_two([one_set, two_set], plan, seconds, idles))
    idle_two = idles[1]
    print(f"payload {size} bytes per event message; PostgreSQL + Redis; 6 sockets, 1 command/s a table")
    if whole_run:  # figures from runs whose host took a different share are not alike
        used = whole_run.stop()
        print(f"over the whole run the host took {used.stolen:.0%} of this machine's {used.cores} cores")
    describe_knee("bare relay baseline", idle_relay, relay)
    describe_knee("ours, 1 process", idle_ours, ours)
    describe_knee("ours, 2 processes", idle_two, two)
    runs = [
        ("relay", idle_relay, relay),
        ("1 process", idle_ours, ours),
        ("2 processes", idle_two, two),
        ("1 process beside 2", idles[0], one),
    ]
    for label, idle_p99, steps in runs:
        print(costs(label, [s for s in steps if knee(idle_p99, [s]) is None]))
    print(relay_ratio(idle_ours, ours, idle_relay, relay))
    print(cpu_ratio(idles[0], one, idle_two, two))
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
