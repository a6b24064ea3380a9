"""Start and stop the servers a benchmark measures, and drive wrk against them."""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def production_env(**extra: str) -> dict[str, str]:
    """Environment for our server as deployed: DEBUG off, real secrets."""
    env = dict(os.environ)
    env.update(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(60),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SECURE_SSL_REDIRECT="0",
        # The benchmarks measure the command path, not the per-seat limiter:
        # one scripted seat sends far more than a person taps.
        SEAT_COMMANDS_PER_WINDOW="1000000",
    )
    env.update(extra)
    return env


def wait_http(url: str, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status < 500:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server at {url} did not come up in {timeout_s}s")


@contextmanager
def running(
    cmd: list[str],
    *,
    env: dict[str, str],
    ready_url: str | None = None,
    stop_s: float = 10,
    cwd: Path = ROOT,
) -> Iterator[subprocess.Popen[bytes]]:
    """``cmd`` in its own process group (run in ``cwd``), up once ``ready_url`` answers (when
    given); stopped with SIGTERM, then SIGKILL after ``stop_s``."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, start_new_session=True)
    try:
        if ready_url:
            wait_http(ready_url)
        yield proc
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(stop_s)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def prepare(env: dict[str, str], cwd: Path = ROOT) -> None:
    """What ``make run`` does before serving: static files collected, the database migrated."""
    for step in (["collectstatic", "--noinput", "-v0"], ["migrate", "--noinput", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *step], cwd=cwd, env=env, check=True)


@contextmanager
def our_server(**extra_env: str) -> Iterator[str]:
    """Our service, started exactly as ``make run`` starts it."""
    with our_server_process(**extra_env) as (base, _pid):
        yield base


@contextmanager
def our_server_process(**extra_env: str) -> Iterator[tuple[str, int]]:
    """``our_server``, and its process id (a benchmark reading its CPU)."""
    port = free_port()
    env = production_env(PORT=str(port), **extra_env)
    prepare(env)
    base = f"http://127.0.0.1:{port}"
    with running(
        [sys.executable, "-m", "companion.serve"], env=env, ready_url=f"{base}/api/v1/hello/"
    ) as proc:
        yield base, proc.pid


@contextmanager
def gunicorn_baseline() -> Iterator[str]:
    """The bare DRF hello app under gunicorn: sync worker, 1 process."""
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "gunicorn",
        "-w",
        "1",
        "-k",
        "sync",
        "-b",
        f"127.0.0.1:{port}",
        "--log-level",
        "warning",
        "bench.baseline_app:application",
    ]
    base = f"http://127.0.0.1:{port}"
    with running(cmd, env=dict(os.environ), ready_url=f"{base}/hello/"):
        yield base


@dataclass(frozen=True)
class WrkResult:
    rps: float
    p50_ms: float
    p99_ms: float
    errors: int


_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def _latency(text: str, pct: str) -> float:
    m = re.search(rf"^\s*{pct}%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    if not m:
        raise RuntimeError(f"wrk printed no {pct}% latency:\n{text}")
    return float(m.group(1)) * _UNITS[m.group(2)]


def wrk(
    url: str, *, connections: int = 16, seconds: int = 10, threads: int = 2, headers: tuple[str, ...] = ()
) -> WrkResult:
    """``headers``: extra request headers (``"Cookie: ..."``), e.g. a logged-in session."""
    extra = [arg for header in headers for arg in ("-H", header)]
    out = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", *extra, url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if not rps:
        raise RuntimeError(f"wrk printed no rate:\n{out}")
    non_2xx = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", out)
    socket_errors = re.search(r"Socket errors:.*?timeout (\d+)", out)
    errors = sum(int(m.group(1)) for m in (non_2xx, socket_errors) if m)
    return WrkResult(float(rps.group(1)), _latency(out, "50"), _latency(out, "99"), errors)


BUSY = (429, 503)
"""Answers that say "not now" (backpressure): a phone waits Retry-After and sends the same again."""


async def post_until_taken(http: httpx.AsyncClient, url: str, **kwargs: Any) -> httpx.Response:
    """POST as a phone does: on 429/503 wait the answer's Retry-After (at most 2 s) and send the same
    request again, up to 30 times; the last answer, whatever it is. A loaded machine refuses some
    requests by design (``companion/server/overload.py``); a benchmark counts its figures, it does
    not crash."""
    for _ in range(30):
        r = await http.post(url, **kwargs)
        if r.status_code not in BUSY:
            return r
        await asyncio.sleep(min(2.0, float(r.headers.get("retry-after", "1"))))
    return r
