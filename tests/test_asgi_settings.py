"""The server process's own limits (``companion/asgi.py``) are read as strictly as every setting."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.helpers import ROOT
from tests.servers import server_env

PRINT_LIMITS = "import companion.asgi as a; h = a.http_app; print(h.threads, h.queued_wait_s)"


def load_asgi(**env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import companion.asgi as a; h = a.http_app; print(h.threads, h.queued_wait_s)",
        ],
        cwd=ROOT,
        env=server_env(**env),
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("WEB_QUEUED_WAIT_MS", "2.5"),
        ("WEB_THREADS", "0"),
        ("WEB_MAX_WAIT_MS", "-1"),
        ("WEB_MAX_LAG_MS", "1e3"),
    ],
)
def test_a_malformed_limit_stops_start_up_naming_the_variable(name: str, value: str) -> None:
    done = load_asgi(**{name: value})
    assert done.returncode != 0
    assert f"{name} must be a whole number" in done.stderr


def test_the_limits_given_are_the_limits_used() -> None:
    done = load_asgi(WEB_THREADS="3", WEB_QUEUED_WAIT_MS="0")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["3", "0.0"]
