"""Project-wide pytest fixtures and settings for the suite."""

from __future__ import annotations

import os
from typing import Any

import pytest

pytest_plugins = ["tests.personas"]

# Playwright's sync API runs an event loop in the test thread; Django then
# refuses ORM calls from that thread. Browser tests only set up data before
# driving the page, so this is safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
