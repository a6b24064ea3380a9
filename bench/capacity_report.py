"""A capacity step's result, the knee, and the ratios ``bench_capacity`` reports (issue #32, Scale).

The targets are ratios within one run: one process holds at least
``RELAY_TARGET`` of the bare Channels relay's tables, and two processes spend
at most ``TWO_PROCESSES_CPU_TARGET`` times one process's server CPU per
command at the same load (two processes' knee cannot be reached on 2 cores).
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field

from bench.cpu import CpuUse
from bench.timing import pct

KNEE_MS = 100.0
KNEE_FACTOR = 3.0
KNEE_REFUSED = 0.01
"""The share of a step's commands refused (503/429) or failed past which the step is past the knee."""
RELAY_TARGET = 0.6
TWO_PROCESSES_CPU_TARGET = 1.1


@dataclass
class StepResult:
    tables: int
    rate: float  # commands per second per table
    latencies: list[float]
    sent: int
    accepted: int
    refused: int  # 503 busy / 429
    failed: int  # timeouts, connection errors, other statuses
    missing_events: int  # socket deliveries not seen after the drain (at-most-once)
    lost: int = 0  # acknowledged but absent from the log (checked under overload)
    bounds: Counter[str] = field(default_factory=Counter)  # refusals by the bound named (503 extra.bound)
    cpu: CpuUse | None = None  # while the commands were sent (Linux only)

    @property
    def p99(self) -> float:
        return pct(self.latencies, 99) if self.latencies else float("inf")

    def line(self, label: str) -> str:
        p50 = pct(self.latencies, 50) if self.latencies else float("nan")
        return (
            f"{label:10} {self.tables:4d} tables x {self.rate:g}/s: p50 {p50:7.1f}  p99 {self.p99:7.1f} ms  "
            f"accepted {self.accepted}/{self.sent}  refused {self.refused}  failed {self.failed}  "
            f"socket misses {self.missing_events}{self.refusals()}"
            + (f"\n{'':10} {self.cpu.line(self.accepted)}" if self.cpu else "")
        )

    def refusals(self) -> str:
        """The refusals by reason (which server bound, or 429), when there were any."""
        if not self.bounds:
            return ""
        return " (" + ", ".join(f"{n} {bound}" for bound, n in sorted(self.bounds.items())) + ")"

    def cpu_ms(self, role: str) -> float | None:
        """CPU milliseconds of ``role`` per accepted command, when measured."""
        if self.cpu is None or not self.accepted:
            return None
        return self.cpu.by_role.get(role, 0.0) / self.accepted * 1000


def knee(idle_p99: float, steps: list[StepResult]) -> StepResult | None:
    for s in steps:
        if s.p99 > KNEE_MS and s.p99 > KNEE_FACTOR * idle_p99:
            return s
        if s.refused + s.failed > KNEE_REFUSED * s.sent:
            return s
    return None


def capacity(idle_p99: float, steps: list[StepResult]) -> int:
    """Tables held: the last step before the knee, or the largest tried when there is none."""
    k = knee(idle_p99, steps)
    if k is None:
        return steps[-1].tables
    before = [s.tables for s in steps if s.tables < k.tables]
    return before[-1] if before else 0


def describe_knee(label: str, idle_p99: float, steps: list[StepResult]) -> None:
    k = knee(idle_p99, steps)
    if k is None:
        print(f"{label}: no knee up to {steps[-1].tables} tables (idle p99 {idle_p99:.1f} ms)")
        return
    held = capacity(idle_p99, steps)
    if k.refused + k.failed > KNEE_REFUSED * k.sent:
        why = f"{k.refused + k.failed} of {k.sent} commands refused or failed, over {KNEE_REFUSED:.0%}"
    else:
        why = f"p99 {k.p99:.1f} ms > {KNEE_MS:g} ms and > {KNEE_FACTOR:g}x idle {idle_p99:.1f} ms"
    print(f"{label}: knee at {k.tables} tables ({why}); holds {held} tables")


def relay_ratio(idle_ours: float, ours: list[StepResult], idle_relay: float, relay: list[StepResult]) -> str:
    """One process's knee against the bare relay's, in the same run."""
    cap_ours, cap_relay = capacity(idle_ours, ours), capacity(idle_relay, relay)
    if knee(idle_ours, ours) is None:
        return "ours, 1 process / bare relay: n/a, one process reached no knee in this plan"
    if not cap_relay:
        return "ours, 1 process / bare relay: n/a, the relay was past its knee at the first step"
    bound = "" if knee(idle_relay, relay) is not None else "≤ "  # the relay held every step
    return (
        f"ours, 1 process / bare relay at the knee: {bound}{cap_ours / cap_relay:.2f}x "
        f"({cap_ours} / {cap_relay} tables; target ≥ {RELAY_TARGET:g}x)"
    )


def cpu_ratio(idle_one: float, one: list[StepResult], idle_two: float, two: list[StepResult]) -> str:
    """Server CPU per command, two processes against one, over the steps both held.

    Steps past either knee are left out: a process refusing commands spends
    CPU on refusals, not on the commands it counts.
    """
    held = {s.tables: s for s in one if knee(idle_one, [s]) is None}
    pairs = [
        (held[s.tables].cpu_ms("servers"), s.cpu_ms("servers"))
        for s in two
        if s.tables in held and knee(idle_two, [s]) is None
    ]
    ratios = [b / a for a, b in pairs if a and b]
    if not ratios:
        return "2 processes / 1 process, server CPU per command: n/a (no step both held, with CPU read)"
    return (
        "2 processes / 1 process, server CPU per command at the same load: "
        f"median {statistics.median(ratios):.2f}x, {min(ratios):.2f}-{max(ratios):.2f}x "
        f"over {len(ratios)} steps "
        f"(target ≤ {TWO_PROCESSES_CPU_TARGET:g}x)"
    )


def costs(label: str, steps: list[StepResult]) -> str:
    """CPU ms per accepted command by role, the median over the steps measured."""
    roles = ("servers", "postgres", "redis", "generator")
    parts = []
    for role in roles:
        values = [v for s in steps if (v := s.cpu_ms(role)) is not None]
        if values:
            parts.append(f"{role} {statistics.median(values):.2f}")
    return f"{label}: CPU ms per command (median of {len(steps)} steps): " + (", ".join(parts) or "n/a")
