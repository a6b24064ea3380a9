"""``make serve`` (``deploy/serve.sh``): servers and a Celery worker live and die together (issue #15).

The script is run for real: two ``companion.serve`` processes on consecutive
ports and a Celery worker with beat. When one server process dies, the
script stops everything else it started and exits; nothing of its process
group is left behind.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from bench import cpu
from tests.helpers import ROOT
from tests.servers import free_port, server_env, wait_http

SCRIPT = ROOT / "deploy" / "serve.sh"
CELERY = Path(os.environ.get("VIRTUAL_ENV", ROOT / ".venv")) / "bin" / "celery"


def consecutive_ports() -> int:
    """A port whose next one is free too."""
    for _ in range(50):
        port = free_port()
        if port < 65535:
            try:
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port + 1))
                return port
            except OSError:
                continue
    raise RuntimeError("no two consecutive free ports")


def group_members(pgid: int) -> list[int]:
    """Live processes (not zombies) in the process group ``pgid``."""
    return list(cpu.group_members({pgid}))


def own_broker(url: str) -> str:
    """The same Redis, database 15: Celery's queue is not namespaced by REDIS_PREFIX, and this
    worker must not take tasks other test runs sent to theirs."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/15"))


def test_serve_refuses_a_pinning_that_is_neither_on_nor_off() -> None:
    done = subprocess.run(
        ["bash", str(SCRIPT)],
        env={**os.environ, "SERVE_PIN": "yes"},
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    assert "SERVE_PIN must be 1 (each server process on its own core) or 0, got 'yes'" in done.stderr


def core_and_port(pid: int) -> tuple[str, int]:
    """The cores a process may run on (``Cpus_allowed_list``) and the ``PORT`` it was started with."""
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    cores = next(line.split(":", 1)[1].strip() for line in status if line.startswith("Cpus_allowed_list:"))
    environ = dict(
        item.split(b"=", 1) for item in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0") if b"=" in item
    )
    return cores, int(environ[b"PORT"])


def test_serve_refuses_to_start_without_redis() -> None:
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    done = subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert "REDIS_URL is needed" in done.stderr


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="needs REDIS_URL: make serve refuses to run without it"
)
def test_one_process_exiting_stops_them_all(tmp_path: Path) -> None:
    port = consecutive_ports()
    env = server_env(
        PORT=str(port),
        SERVE_PROCESSES="2",
        PY=sys.executable,
        REDIS_URL=own_broker(os.environ["REDIS_URL"]),
        CELERY=str(CELERY),
        CELERY_BEAT_SCHEDULE=str(tmp_path / "beat-schedule"),
    )
    script = subprocess.Popen(
        ["bash", str(SCRIPT)], cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.PIPE, text=True
    )
    try:
        for p in (port, port + 1):
            wait_http(f"http://127.0.0.1:{p}/api/v1/hello/", timeout_s=60)
        members = group_members(script.pid)
        commands = {pid: (Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")) for pid in members}
        servers = [pid for pid, cmd in commands.items() if b"companion.serve" in cmd]
        workers = [pid for pid, cmd in commands.items() if b"celery" in cmd and b"--beat" in cmd]
        assert len(servers) == 2, commands
        assert workers, commands
        # Each server on its own core, in port order (docs/decisions/cpu-pinning.md).
        cores = sorted(os.sched_getaffinity(0))
        pinned = dict(core_and_port(pid)[::-1] for pid in servers)
        assert pinned == {port + i: str(cores[i % len(cores)]) for i in range(2)}, pinned

        os.kill(servers[0], signal.SIGTERM)
        status = script.wait(60)  # a guard against a hang, not a timing target
        assert status != 0  # the script reports that a process went away
        # Its EXIT trap stopped every process it had started. Celery's own children (the
        # embedded beat, the pool) may outlive the worker's main process by a moment.
        deadline = time.monotonic() + 30
        left = group_members(script.pid)
        while left and time.monotonic() < deadline:
            time.sleep(0.2)
            left = group_members(script.pid)
        assert left == [], {pid: Path(f"/proc/{pid}/cmdline").read_bytes() for pid in left}
    finally:
        if script.poll() is None:
            os.killpg(script.pid, signal.SIGTERM)
            script.wait(30)
        else:
            # Anything still in the group (only if the assertion above failed).
            for pid in group_members(script.pid):
                os.kill(pid, signal.SIGKILL)
        assert script.stdout is not None
        script.stdout.close()
