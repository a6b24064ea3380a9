"""Where a benchmark step's CPU went: the whole machine, and each kind of process on it.

The capacity benchmark's load generator, PostgreSQL and Redis share the
machine with the servers it measures (two cores here), so a knee can be the
machine running out, not the servers. Read from ``/proc`` (Linux) around a
step: how busy the machine was, and the CPU each role took per accepted
command. Elsewhere nothing is read and nothing printed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
TICK_S = 1.0 / os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 0.01

ROLES: dict[str, Callable[[str, str], bool]] = {
    # (comm, cmdline) → belongs to the role
    "servers": lambda comm, cmd: "companion.serve" in cmd,
    "postgres": lambda comm, cmd: comm == "postgres",
    "redis": lambda comm, cmd: comm.startswith("redis-server"),
}
"""The processes a step's CPU is split into; the generator is this process."""


def machine_ticks(stat: str) -> tuple[int, int, int]:
    """(busy, stolen, total) clock ticks of every core from ``/proc/stat``'s first line.

    Idle and waiting for I/O count as not busy. Stolen: time a virtual
    machine's cores wanted to run and its host ran something else; on a shared
    host it comes and goes with the host's load, and slows every process here
    alike, so a run's figures are read against it.
    """
    fields = [int(x) for x in stat.split("\n", 1)[0].split()[1:]]
    fields += [0] * (8 - len(fields))  # older kernels print fewer columns
    total = sum(fields[:8])  # guest time is already inside user time
    idle, stolen = fields[3] + fields[4], fields[7]
    return total - idle - stolen, stolen, total


def process_ticks(stat: str) -> int:
    """User + system ticks of one process (all its threads) from ``/proc/<pid>/stat``."""
    # The name (field 2) may hold spaces and parentheses: split after its last ")".
    rest = stat.rsplit(")", 1)[1].split()
    return int(rest[11]) + int(rest[12])  # utime, stime: fields 14 and 15


def _read(path: Path) -> str | None:
    try:
        return path.read_text(errors="replace")
    except OSError:  # the process ended meanwhile, or is not ours to read
        return None


def group_members(groups: set[int]) -> dict[int, str]:
    """Live processes (not zombies) of these process groups: each id → its ``/proc/<pid>/stat``."""
    found = {}
    for entry in PROC.iterdir():
        stat = _read(entry / "stat") if entry.name.isdigit() else None
        if stat is None:
            continue
        fields = stat.rsplit(")", 1)[1].split()  # after the name, which may hold spaces
        if fields[0] != "Z" and int(fields[2]) in groups:
            found[int(entry.name)] = stat
    return found


def ticks_of_groups(groups: set[int]) -> int:
    """CPU ticks of every process in these process groups (each server starts its own)."""
    return sum(process_ticks(stat) for stat in group_members(groups).values())


def role_pids() -> dict[str, list[int]]:
    pids: dict[str, list[int]] = {role: [] for role in ROLES}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        comm = _read(entry / "comm")
        cmd = _read(entry / "cmdline")
        if comm is None or cmd is None:
            continue
        comm, cmd = comm.strip(), cmd.replace("\0", " ")
        for role, belongs in ROLES.items():
            if belongs(comm, cmd):
                pids[role].append(int(entry.name))
    pids["generator"] = [os.getpid()]
    return pids


@dataclass
class Snapshot:
    at: float
    machine: tuple[int, int, int]
    ticks: dict[int, int]


@dataclass(frozen=True)
class CpuUse:
    """A step's CPU: the machine's busy share and each role's seconds of CPU."""

    seconds: float
    busy: float  # 0..1 of all cores
    stolen: float  # 0..1 of all cores, taken by the host
    cores: int
    by_role: dict[str, float]  # CPU seconds

    def line(self, accepted: int) -> str:
        per = ", ".join(
            f"{role} {cpu / accepted * 1000:.2f}" for role, cpu in self.by_role.items() if accepted
        )
        return (
            f"machine {self.busy:.0%} busy of {self.cores} cores, {self.stolen:.0%} stolen by its host; "
            f"CPU ms per accepted command: {per}"
        )


class CpuMeter:
    """Started before a step and read after it: ``meter = CpuMeter.start(); ...; meter.stop()``."""

    def __init__(self, pids: dict[str, list[int]], first: Snapshot) -> None:
        self.pids = pids
        self.first = first

    @classmethod
    def start(cls) -> CpuMeter | None:
        """None where there is no ``/proc`` to read."""
        if not (PROC / "stat").exists():
            return None
        pids = role_pids()
        return cls(pids, cls._snapshot(pids))

    @staticmethod
    def _snapshot(pids: dict[str, list[int]]) -> Snapshot:
        ticks: dict[int, int] = {}
        for pid in (p for group in pids.values() for p in group):
            text = _read(PROC / str(pid) / "stat")
            if text is not None:
                ticks[pid] = process_ticks(text)
        machine = machine_ticks(_read(PROC / "stat") or "cpu")
        return Snapshot(time.monotonic(), machine, ticks)

    def stop(self) -> CpuUse:
        """The step's CPU, by role.

        A process of a role that started during the step counts with all its
        CPU: the servers' database connections are renewed every minute
        (``CONN_MAX_AGE``), and a step whose PostgreSQL backends were all new
        read as taking no PostgreSQL CPU at all. One that ended during the
        step counts for nothing: its last figures can no longer be read.
        """
        now = role_pids()
        pids = {role: sorted(set(self.pids[role]) | set(now[role])) for role in now}
        last = self._snapshot(pids)
        busy, stolen, total = (b - a for a, b in zip(self.first.machine, last.machine, strict=True))
        by_role = {
            role: sum(last.ticks[p] - self.first.ticks.get(p, 0) for p in group if p in last.ticks) * TICK_S
            for role, group in pids.items()
        }
        return CpuUse(
            seconds=last.at - self.first.at,
            busy=busy / total if total else 0.0,
            stolen=stolen / total if total else 0.0,
            cores=os.cpu_count() or 1,
            by_role=by_role,
        )
