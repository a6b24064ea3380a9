"""Project-wide pytest fixtures and settings for the suite."""

from __future__ import annotations

import os
import uuid
from typing import Any

import pytest

pytest_plugins = ["tests.personas"]

# Playwright's sync API runs an event loop in the test thread; Django then
# refuses ORM calls from that thread. Browser tests only set up data before
# driving the page, so this is safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def _own_redis_namespace() -> None:
    """This run's cache keys and channel groups are its own.

    Test databases start their ids at 1 on every run (and on every xdist
    worker), so a cached seq or a ``table-1`` group left by another run on the
    shared Redis would otherwise be read as this run's. Server processes the
    tests start inherit the prefix through the environment.
    """
    from django.conf import settings

    prefix = f"test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    os.environ["REDIS_PREFIX"] = prefix
    if settings.REDIS_URL:
        settings.CACHES["default"]["KEY_PREFIX"] = prefix
        layers: dict[str, dict[str, Any]] = settings.CHANNEL_LAYERS
        layers["default"]["CONFIG"]["prefix"] = prefix
    # Celery's queue follows the prefix too, as the workers the tests start read it.
    from companion.celery import app

    settings.CELERY_TASK_DEFAULT_QUEUE = f"{prefix}.tasks"
    app.conf.task_default_queue = f"{prefix}.tasks"


_own_redis_namespace()


@pytest.fixture(autouse=True)
def log_tells_the_truth(monkeypatch: Any) -> None:
    """Every command a test sends through the table service names each number it changes in its
    log line as before → after (tests/lognumbers.py)."""
    from campaigns import services
    from tests.lognumbers import checking

    monkeypatch.setattr(services, "command_execute", checking(services.command_execute))


@pytest.fixture(autouse=True)
def _no_outage_left_over() -> Any:
    """A test that made Redis fail (a private one stopped) leaves the process skipping Redis for a
    second (``campaigns.outage``); the next test starts with Redis answering."""
    from campaigns.outage import redis_outage

    redis_outage.reset()
    yield
    redis_outage.reset()


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _scripted_seats_may_send_fast(settings: Any) -> None:
    """Tests drive seats far faster than people tap; the per-seat limit has its own
    tests (tests/test_backpressure.py), which set it low again."""
    settings.SEAT_COMMANDS_PER_WINDOW = 10**6


@pytest.fixture(autouse=True)
def _scripted_imports_unlimited(settings: Any) -> None:
    """Tests import far more often than people; the per-address limit on imports has its own
    tests (api/tests/test_import_jobs.py), which set it low again."""
    settings.IMPORTS_PER_WINDOW = 10**6


@pytest.fixture(scope="session", autouse=True)
def _short_lived_db_connections(django_db_setup: Any, django_db_blocker: Any) -> Any:
    """Every connection closes when its request ends during tests.

    Server threads, websocket consumers and asgiref's executor threads each
    hold their own connection. Persistent connections are off for the run,
    and on PostgreSQL any session such a thread still holds at the end is
    ended before the test database is dropped (the product is not involved:
    only the test process's own idle threads).
    """
    from django.db import connection, connections

    connections.settings["default"]["CONN_MAX_AGE"] = 0
    yield
    if connection.vendor == "postgresql":
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
