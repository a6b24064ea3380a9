"""The capacity benchmark's ramps (bench/bench_capacity.py): where they stop, in what order set-ups
step, and when a step is run again."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from bench.bench_capacity import side_by_side
from bench.capacity_fleet import Fleet, Table
from bench.capacity_report import StepResult, capacity, costs, cpu_ratio, relay_ratio
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
    """One set-up stepped up to its knee."""
    fleets: list[Any] = [fleet]
    return asyncio.run(side_by_side(fleets, [None], ["test"], plan, 3.0, [5.0]))[0]


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


def test_two_processes_cpu_is_compared_with_one_at_the_same_load_over_the_steps_both_held() -> None:
    # 100 tables: 3.0 ms against 3.3 (1.1x); 200: 3.0 against 3.06 (1.02x); 300: one process past
    # its knee (refused), so that pair says nothing about CPU per command and is left out.
    one = [step_using(100, {"servers": 3.0}, 1000), step_using(200, {"servers": 6.0}, 2000)]
    one.append(result(300, refused=100))
    two = [step_using(100, {"servers": 3.3}, 1000), step_using(200, {"servers": 6.12}, 2000)]
    two.append(step_using(300, {"servers": 90.0}, 3000))
    line = cpu_ratio(5.0, one, 5.0, two)
    assert "median 1.06x, 1.02-1.10x over 2 steps (target ≤ 1.1x)" in line


def test_no_pair_of_steps_gives_no_cpu_ratio_and_costs_name_each_role() -> None:
    assert "n/a" in cpu_ratio(5.0, [result(100, refused=50)], 5.0, [result(100)])
    step = step_using(300, {"servers": 12.0, "postgres": 1.5, "redis": 0.3, "generator": 2.7}, 3000)
    assert costs("1 process", [step]) == (
        "1 process: CPU ms per command (median of 1 steps): "
        "servers 4.00, postgres 0.50, redis 0.10, generator 0.90"
    )


def test_one_process_is_read_against_the_relays_knee() -> None:
    ours = [result(100), result(150, refused=100)]
    relay = [result(100), result(200), result(250, refused=100)]
    assert "0.50x (100 / 200 tables; target ≥ 0.6x)" in relay_ratio(5.0, ours, 5.0, relay)
    assert "≤ 0.50x" in relay_ratio(5.0, ours, 5.0, relay[:2])


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


def test_set_ups_take_turns_and_stop_together_at_either_knee_or_each_at_its_own(monkeypatch: Any) -> None:
    """``side_by_side``: at each load both sets step, the one leading alternating, and the run
    stops once either passes its knee; a step's server CPU is its own set's processes'."""
    order: list[str] = []
    ticks = {frozenset({1}): 0, frozenset({2, 3}): 0}

    class Timed(ScriptedFleet):
        def __init__(self, name: str, group: set[int], script: dict[int, list[StepResult]]) -> None:
            super().__init__(script)
            self.name, self.group = name, frozenset(group)

        async def step(self, tables: int, seconds: float, **kw: Any) -> StepResult:
            if kw.get("drain_s") != 0.5:  # measured, not the warm-up
                order.append(f"{self.name}{tables}")
                ticks[self.group] += tables  # CPU of this set's processes alone
            return await super().step(tables, seconds, **kw)

    def own_ticks(groups: set[int]) -> int:
        return ticks[frozenset(groups)]

    monkeypatch.setattr("bench.bench_capacity.ticks_of_groups", own_ticks)
    monkeypatch.setattr("bench.bench_capacity.TICK_S", 1.0)
    one = Timed("one", {1}, {t: [result(t), result(t)] for t in (10, 20)} | {30: [result(30)] * 2})
    two = Timed("two", {2, 3}, {10: [result(10)] * 2, 20: [result(20)] * 2, 30: [result(30, refused=99)] * 2})
    fleets: list[Any] = [one, two]
    labels = ["one", "two"]
    got = asyncio.run(side_by_side(fleets, [{1}, {2, 3}], labels, [10, 20, 30, 40], 3.0, [5.0, 5.0]))
    assert order == ["one10", "two10", "two20", "one20", "one30", "two30"]
    assert [[s.tables for s in steps] for steps in got] == [[10, 20, 30], [10, 20, 30]]
    assert [s.cpu.by_role["servers"] for s in got[1] if s.cpu] == [10, 20, 30]
    # Each to its own knee (ours against the relay): the one still holding goes on alone.
    order.clear()
    ours = Timed("one", {1}, {t: [result(t)] * 2 for t in (10, 20, 30)} | {40: [result(40, refused=99)] * 2})
    relay = Timed(
        "two", {2, 3}, {10: [result(10)] * 2, 20: [result(20)] * 2, 30: [result(30, refused=99)] * 2}
    )
    fleets = [ours, relay]
    plan = [10, 20, 30, 40, 50]
    got = asyncio.run(
        side_by_side(fleets, [{1}, {2, 3}], labels, plan, 3.0, [5.0, 5.0], each_to_its_knee=True)
    )
    assert order == ["one10", "two10", "two20", "one20", "one30", "two30", "one40"]
    assert capacity(5.0, got[0]) == 30 and capacity(5.0, got[1]) == 20
