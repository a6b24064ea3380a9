"""The capacity benchmark's CPU figures (bench/cpu.py): where a step's CPU went."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from bench.cpu import CpuMeter, machine_ticks, process_ticks

reads_proc = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")


def test_machine_ticks_count_idle_and_io_wait_as_not_busy_and_stolen_apart() -> None:
    # user nice system idle iowait irq softirq steal guest guest_nice
    stat = "cpu  300 10 90 500 100 0 20 5 40 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n"
    busy, stolen, total = machine_ticks(stat)
    assert total == 300 + 10 + 90 + 500 + 100 + 0 + 20 + 5  # guest is inside user already
    assert stolen == 5
    assert busy == 300 + 10 + 90 + 0 + 20


def test_process_ticks_add_user_and_system_time_whatever_the_name_holds() -> None:
    # A command name with a space and a ")" must not shift the fields.
    fields = ["S", "1", "1", "1", "0", "-1", "4194304", "0", "0", "0", "0", "37", "5", "0", "0"]
    stat = "4242 (odd) name) " + " ".join(fields) + " 20 0 1 0"
    assert process_ticks(stat) == 42


@reads_proc
def test_a_busy_loop_in_this_process_is_counted_for_the_generator() -> None:
    meter = CpuMeter.start()
    assert meter is not None
    deadline = time.process_time() + 0.3
    while time.process_time() < deadline:
        pass
    used = meter.stop()
    # Clock ticks are 10 ms: 0.3 s of CPU reads as at least 0.2 whatever the rounding.
    assert used.by_role["generator"] >= 0.2
    assert used.busy > 0
    assert "generator" in used.line(accepted=10)


@reads_proc
def test_a_process_of_a_role_that_starts_during_the_step_counts_with_its_cpu() -> None:
    """As a server's database connection renewed mid-step starts a new PostgreSQL backend."""
    meter = CpuMeter.start()
    assert meter is not None
    spin = (
        "import sys, time\n"
        "deadline = time.process_time() + 0.3\n"
        "while time.process_time() < deadline: pass\n"
        "print('spun', flush=True)\n"
        "time.sleep(60)\n"
    )
    # Its command line names the servers' module, so it belongs to the servers' role.
    child = subprocess.Popen(
        [sys.executable, "-c", spin, "companion.serve"], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "spun"
        used = meter.stop()
    finally:
        child.kill()
        child.wait()
    assert used.by_role["servers"] >= 0.2
