"""Two or more server set-ups measured against each other in one run, their steps alternating.

``python -m bench.ab SPEC SPEC [...] [--tables=150] [--rounds=4] [--seconds=10]``

A SPEC is a code tree and its settings: ``PATH[@VAR=value,...]``. ``PROCS=2`` starts two
server processes (the tables split between them, as nginx splits them), ``SERVE_CPU=auto``
gives server k the core k as ``make serve`` does; any other ``VAR`` goes to the servers'
environment. To weigh a change, check the old revision out beside it
(``git worktree add /tmp/base HEAD~1``) and pass both trees.

Why: this machine's speed moves by more than most single changes do (one process at 125
tables measured 4.55 and 3.65 ms a command minutes apart), so figures from two runs cannot
judge a change. Here every set-up has its tables and sockets open all along, and their
steps take turns (the first set-up leads in odd rounds, the next in even ones). Printed per
step: server CPU per accepted command (``/proc``, the set-up's own processes only), what
was accepted, refused and failed, and the p50 and p99 of command → six phones; at the end
each set-up's medians and its per-round ratio to the first. Figures only: nothing passes
or fails.
"""

from __future__ import annotations

import statistics
import sys
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bench.bench_capacity import run
from bench.capacity_fleet import Fleet
from bench.cpu import TICK_S, ticks_of_groups
from bench.pg import bench_env
from bench.servers import free_port, prepare, production_env, running
from bench.timing import pct


@dataclass
class Setup:
    """One SPEC: where the code is, how many processes, and their settings."""

    tree: Path
    processes: int = 1
    env: dict[str, str] = field(default_factory=dict)
    label: str = ""

    @classmethod
    def parse(cls, spec: str) -> Setup:
        tree, _, extra = spec.partition("@")
        env: dict[str, str] = {}
        for item in filter(None, extra.split(",")):
            name, sep, value = item.partition("=")
            if not sep or not name:
                raise ValueError(f"{item!r} in {spec!r} is not VAR=value")
            env[name] = value
        processes = int(env.pop("PROCS", "1"))
        return cls(Path(tree).resolve(), processes, env, spec)

    def process_env(self, k: int) -> dict[str, str]:
        """Server ``k``'s settings: ``SERVE_CPU=auto`` becomes ``k``, as ``make serve`` numbers them."""
        env = dict(self.env)
        if env.get("SERVE_CPU") == "auto":
            env["SERVE_CPU"] = str(k)
        return env


@dataclass
class Figures:
    cpu_ms: list[float] = field(default_factory=list)
    accepted: list[float] = field(default_factory=list)


@contextmanager
def started(setup: Setup, database: str) -> Iterator[tuple[list[str], list[int]]]:
    """The set-up's servers on a fresh database of their own: their addresses and process ids."""
    shared = {**bench_env(database), "REDIS_PREFIX": f"bench-ab-{uuid.uuid4().hex[:8]}", **setup.env}
    prepare(production_env(**shared), setup.tree)
    with ExitStack() as stack:
        bases, pids = [], []
        for k in range(setup.processes):
            port = free_port()
            env = production_env(**{**shared, **setup.process_env(k), "PORT": str(port)})
            base = f"http://127.0.0.1:{port}"
            proc = stack.enter_context(
                running(
                    [sys.executable, "-m", "companion.serve"],
                    env=env,
                    ready_url=f"{base}/api/v1/hello/",
                    cwd=setup.tree,
                )
            )
            bases.append(base)
            pids.append(proc.pid)
        yield bases, pids


async def alternate(
    setups: list[Setup], servers: list[tuple[list[str], list[int]]], tables: int, rounds: int, seconds: float
) -> list[Figures]:
    fleets = [Fleet(bases) for bases, _pids in servers]
    figures = [Figures() for _ in setups]
    try:
        for fleet in fleets:
            await fleet.grow(tables)
            await fleet.step(tables, 3.0, drain_s=0.5)  # not measured: first snapshots, caches
        for r in range(rounds):
            order = list(range(len(setups)))
            for i in order[r % len(order) :] + order[: r % len(order)]:
                groups = set(servers[i][1])
                before = ticks_of_groups(groups)
                s = await fleets[i].step(tables, seconds)
                cpu_ms = (ticks_of_groups(groups) - before) * TICK_S * 1000 / max(1, s.accepted)
                figures[i].cpu_ms.append(cpu_ms)
                figures[i].accepted.append(s.accepted / max(1, s.sent))
                p50 = pct(s.latencies, 50) if s.latencies else float("nan")
                print(
                    f"round {r} {setups[i].label}: server CPU {cpu_ms:.2f} ms/command, accepted "
                    f"{s.accepted}/{s.sent}, refused {s.refused}, failed {s.failed}, "
                    f"p50 {p50:.1f} p99 {s.p99:.1f} ms",
                    flush=True,
                )
    finally:
        for fleet in fleets:
            await fleet.__aexit__(None, None, None)
    return figures


def report(setups: list[Setup], figures: list[Figures]) -> None:
    first = figures[0]
    for setup, f in zip(setups, figures, strict=True):
        ratios = [b / a for a, b in zip(first.cpu_ms, f.cpu_ms, strict=True)]
        rounds = ", ".join(f"{x:.2f}" for x in ratios)
        print(
            f"{setup.label}: server CPU median {statistics.median(f.cpu_ms):.2f} ms/command "
            f"({statistics.median(ratios):.2f}x the first, per round {rounds}); "
            f"accepted median {statistics.median(f.accepted):.1%}"
        )


def main(argv: list[str]) -> int:
    options = dict(a[2:].partition("=")[::2] for a in argv if a.startswith("--"))
    setups = [Setup.parse(a) for a in argv if not a.startswith("--")]
    if len(setups) < 2:
        print(__doc__)
        return 2
    tables, rounds = int(options.get("tables", 150)), int(options.get("rounds", 4))
    seconds = float(options.get("seconds", 10))
    with ExitStack() as stack:
        servers = [stack.enter_context(started(s, f"grim_bench_ab_{i}")) for i, s in enumerate(setups)]
        figures = run(alternate(setups, servers, tables, rounds, seconds))
    print(f"{tables} tables x 1/s, {rounds} rounds of {seconds:g} s; 6 sockets a table; PostgreSQL + Redis")
    report(setups, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
