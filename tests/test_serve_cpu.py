"""``SERVE_CPU``: a server process, and every thread it starts, keeps to one core.

Its threads hand the interpreter to each other at every request and database
answer; on one core that is a switch, across two a wake-up of the other core
(docs/decisions/cpu-pinning.md). Checked on a real ``companion.serve`` process
from what Linux says each of its threads may run on.
"""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.helpers import ROOT
from tests.servers import server_env, server_process


def cores_of_threads(pid: int) -> dict[str, str]:
    """Each thread of ``pid`` → the cores it may run on (``Cpus_allowed_list``: "1", "0-1")."""
    found = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        for line in (task / "status").read_text().splitlines():
            if line.startswith("Cpus_allowed_list:"):
                found[task.name] = line.split(":", 1)[1].strip()
    return found


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("past_the_last", [False, True])
def test_a_process_given_a_core_runs_every_thread_on_it(past_the_last: bool) -> None:
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        pytest.skip("one core: every process runs on it, pinned or not")
    # The last core by its place; one place past the last wraps round to the first.
    asked, expected = (len(cores), cores[0]) if past_the_last else (len(cores) - 1, cores[-1])
    started: list[subprocess.Popen[bytes]] = []
    with server_process(server_env(SERVE_CPU=str(asked)), started) as base:
        for _ in range(4):  # the HTTP threads start with the first requests
            with urllib.request.urlopen(f"{base}/api/v1/hello/", timeout=10) as answer:
                assert answer.status == 200
        threads = cores_of_threads(started[0].pid)
    assert len(threads) > 2, threads  # the event loop's and the HTTP threads at least
    assert set(threads.values()) == {str(expected)}, threads


def test_a_core_that_is_not_a_number_stops_start_up() -> None:
    env = {**os.environ, "SERVE_CPU": "first", "PORT": "8765"}
    done = subprocess.run(
        [sys.executable, "-m", "companion.serve"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "SERVE_CPU must be a whole number (0 is the first core), got 'first'" in done.stderr
