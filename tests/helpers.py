"""Helpers shared by the cross-app tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


class FakeClock:
    """A monotonic clock that moves only when a test moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def run_django(code: str, env: dict[str, str], *, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh Python with Django set up under ``env``.

    Settings are read once at import, so configurations are tested in a new
    process with exactly the environment a server would have.
    """
    script = "import django, os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE','companion.settings')\n"
    script += "django.setup()\n" + code
    return subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


def clean_env(**extra: str) -> dict[str, str]:
    """The current environment without any of our settings variables."""
    ours = {
        "DATABASE_URL",
        "REDIS_URL",
        "DJANGO_SECRET_KEY",
        "DJANGO_DEBUG",
        "DJANGO_ALLOWED_HOSTS",
        "DJANGO_CSRF_TRUSTED_ORIGINS",
        "DJANGO_SETTINGS_MODULE",
        "DJANGO_SECURE_SSL_REDIRECT",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
    }
    env = {k: v for k, v in os.environ.items() if k not in ours}
    env.update(extra)
    return env


def last_json(stdout: str) -> Any:
    return json.loads(stdout.strip().splitlines()[-1])
