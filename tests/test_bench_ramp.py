"""The capacity benchmark's ramp (bench/bench_capacity.py): where it stops, and when a step is run again."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from bench.bench_capacity import Fleet, StepResult, Table, capacity, cores_for, fits_line, ramp
from bench.cpu import CpuUse


def result(tables: int, *, refused: int = 0, stolen: float = 0.0) -> StepResult:
    sent = tables * 10
    cpu = CpuUse(seconds=10, busy=0.5, stolen=stolen, cores=2, by_role={"servers": 1.0})
    return StepResult(tables, 1.0, [5.0] * (sent - refused), sent, sent - refused, refused, 0, 0, cpu=cpu)


class ScriptedFleet:
    """Answers each step from a script: the ramp's decisions, without servers."""

    def __init__(self, script: dict[int, list[StepResult]]) -> None:
        self.script = script
        self.asked: list[int] = []

    async def step(self, tables: int, seconds: float, **_: Any) -> StepResult:
        self.asked.append(tables)
        return self.script[tables].pop(0)


def run(fleet: ScriptedFleet, plan: list[int]) -> list[StepResult]:
    return asyncio.run(ramp(fleet, "test", plan, 3.0, idle_p99=5.0))  # type: ignore[arg-type]


def measured(fleet: ScriptedFleet) -> list[int]:
    """The steps asked for, without the unmeasured warm-up before each (asked for the same tables)."""
    return fleet.asked[1::2]


def test_a_knee_while_the_host_took_the_cores_is_run_again_and_the_second_run_counts() -> None:
    fleet = ScriptedFleet(
        {
            10: [result(10), result(10)],
            20: [result(20), result(20, refused=50, stolen=0.23), result(20), result(20)],
            30: [result(30), result(30, refused=40)],
        }
    )
    steps = run(fleet, [10, 20, 30])
    assert [s.tables for s in steps] == [10, 20, 30]
    assert steps[1].refused == 0  # the second run of 20
    assert capacity(5.0, steps) == 20


def test_a_knee_while_the_host_took_little_ends_the_ramp_at_once() -> None:
    fleet = ScriptedFleet(
        {10: [result(10), result(10)], 20: [result(20), result(20, refused=50, stolen=0.01)]}
    )
    steps = run(fleet, [10, 20, 30])
    assert [s.tables for s in steps] == [10, 20]
    assert measured(fleet) == [10, 20]  # 20 once: not run again
    assert capacity(5.0, steps) == 10


def test_a_step_is_run_again_only_once() -> None:
    knee_again = [
        result(20),
        result(20, refused=50, stolen=0.3),
        result(20),
        result(20, refused=60, stolen=0.3),
    ]
    fleet = ScriptedFleet({10: [result(10), result(10)], 20: knee_again})
    steps = run(fleet, [10, 20, 30])
    assert measured(fleet) == [10, 20, 20]
    assert steps[-1].refused == 60
    assert capacity(5.0, steps) == 10


def step_using(tables: int, by_role: dict[str, float], accepted: int) -> StepResult:
    cpu = CpuUse(seconds=10, busy=0.8, stolen=0.0, cores=2, by_role=by_role)
    return StepResult(tables, 1.0, [5.0] * accepted, accepted, accepted, 0, 0, 0, cpu=cpu)


def test_the_cores_a_target_takes_come_from_the_cpu_per_accepted_command_of_every_role() -> None:
    # 3,000 commands took 12 s of servers, 1.5 of PostgreSQL, 0.3 of Redis and 2.7 of phones:
    # 5.5 ms per command, 4.6 of them not the phones'.
    step = step_using(300, {"servers": 12.0, "postgres": 1.5, "redis": 0.3, "generator": 2.7}, 3000)
    everyone, without_phones = cores_for(400, step) or (0.0, 0.0)
    assert round(everyone, 6) == 2.2
    assert round(without_phones, 6) == 1.84
    line = fits_line(400, step)
    assert "400 tables" in line and "300-table step" in line
    assert "2.20 of this machine's 2 cores, 1.84 without the load generator" in line


def test_a_step_without_a_cpu_reading_or_an_accepted_command_takes_no_guess() -> None:
    assert cores_for(400, step_using(300, {"servers": 1.0}, 0)) is None
    bare = StepResult(300, 1.0, [5.0], 1, 1, 0, 0, 0)
    assert cores_for(400, bare) is None
    assert "no CPU reading" in fits_line(400, bare)


class QuietFleet(Fleet):
    """A fleet whose tables are already open and whose phones' commands are answered at once."""

    def __init__(self, tables: int) -> None:
        super().__init__(["http://unused"])
        self.tables = [Table(key=i, http=None) for i in range(tables)]  # type: ignore[arg-type]
        self.sends: list[tuple[int, bool]] = []  # (table, collections on while sending)

    async def grow(self, total: int) -> None:
        return None

    async def _send(self, table: Table) -> tuple[str, tuple[int, int] | None]:
        self.sends.append((table.key, gc.isenabled()))
        return "refused too_fast", None


def test_a_step_sends_each_tables_commands_at_its_rate_with_collections_held_until_it_ends() -> None:
    fleet = QuietFleet(4)
    assert gc.isenabled()
    result = asyncio.run(fleet.step(4, seconds=0.5, rate=4.0, drain_s=0.0))
    # 4 tables x 4 commands/s x 0.5 s: each table's two, every one sent while collections waited.
    assert sorted(key for key, _ in fleet.sends) == [0, 0, 1, 1, 2, 2, 3, 3]
    assert not any(collecting for _, collecting in fleet.sends)
    assert result.sent == 8 and result.refused == 8
    assert gc.isenabled()  # back on once the step is over
