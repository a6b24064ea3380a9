"""Settings come from the environment; bad production values stop start-up."""

from __future__ import annotations

import secrets

from tests.helpers import ROOT, clean_env, last_json, run_django

DESCRIBE = """
import json
from django.conf import settings
from companion.celery import app
print(json.dumps({
    "db": settings.DATABASES["default"]["ENGINE"],
    "db_name": str(settings.DATABASES["default"]["NAME"]),
    "layer": settings.CHANNEL_LAYERS["default"]["BACKEND"],
    "cache": settings.CACHES["default"]["BACKEND"],
    "eager": app.conf.task_always_eager,
    "broker": app.conf.broker_url,
    "queue": app.conf.task_default_queue,
    "debug": settings.DEBUG,
}))
"""

PROD_KEY = secrets.token_urlsafe(60)


def test_embedded_default_is_sqlite_in_memory_layer_and_eager_tasks() -> None:
    result = run_django(DESCRIBE, clean_env())
    assert result.returncode == 0, result.stderr
    info = last_json(result.stdout)
    assert info["db"] == "django.db.backends.sqlite3"
    assert info["db_name"].endswith("db.sqlite3")
    assert info["layer"] == "channels.layers.InMemoryChannelLayer"
    assert info["cache"].endswith("LocMemCache")
    assert info["eager"] is True
    assert info["debug"] is True


def test_redis_url_switches_layer_cache_and_broker_to_redis() -> None:
    env = clean_env(
        REDIS_URL="redis://127.0.0.1:6379/3", DATABASE_URL="postgres://postgres@127.0.0.1:5432/grim_x"
    )
    info = last_json(run_django(DESCRIBE, env).stdout)
    assert info["db"] == "django.db.backends.postgresql"
    assert info["layer"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert info["cache"] == "companion.cache.RedisCache"  # Django's Redis cache, one client per pool
    assert info["eager"] is False
    assert info["broker"] == "redis://127.0.0.1:6379/3"


def test_deployments_sharing_a_redis_keep_their_own_task_queue() -> None:
    """Two deployments on one Redis (REDIS_PREFIX) never take each other's tasks (issue #15)."""
    queues = []
    for prefix in ("club-a", "club-b"):
        env = clean_env(REDIS_URL="redis://127.0.0.1:6379/3", REDIS_PREFIX=prefix)
        queues.append(last_json(run_django(DESCRIBE, env).stdout)["queue"])
    assert queues == ["club-a.tasks", "club-b.tasks"]


def test_debug_off_without_secret_key_names_the_variable() -> None:
    result = run_django(DESCRIBE, clean_env(DJANGO_DEBUG="0", DJANGO_ALLOWED_HOSTS="x.example"))
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_debug_off_without_allowed_hosts_names_the_variable() -> None:
    result = run_django(DESCRIBE, clean_env(DJANGO_DEBUG="0", DJANGO_SECRET_KEY=PROD_KEY))
    assert result.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS" in result.stderr


def test_malformed_values_name_their_variable() -> None:
    cases = {
        "REDIS_URL": "localhost:6379",
        "DATABASE_URL": "nosuchdb://x",
        "DJANGO_DEBUG": "maybe",
        "DJANGO_CSRF_TRUSTED_ORIGINS": "example.com",
    }
    for name, value in cases.items():
        result = run_django(DESCRIBE, clean_env(**{name: value}))
        assert result.returncode != 0, name
        assert name in result.stderr, (name, result.stderr[-500:])


def test_check_deploy_passes_with_production_settings() -> None:
    env = clean_env(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=PROD_KEY,
        DJANGO_ALLOWED_HOSTS="grim.example.com",
        DJANGO_CSRF_TRUSTED_ORIGINS="https://grim.example.com",
        REDIS_URL="redis://127.0.0.1:6379/0",
    )
    code = (
        "from django.core.management import call_command\n"
        "call_command('check', deploy=True, fail_level='WARNING')\n"
    )
    result = run_django(code, env)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stderr + result.stdout


def test_the_env_example_placeholder_secret_is_refused_in_production() -> None:
    placeholder = next(
        line.split("=", 1)[1].strip()
        for line in (ROOT / ".env.example").read_text().splitlines()
        if line.startswith("DJANGO_SECRET_KEY=")
    )
    env = clean_env(DJANGO_DEBUG="0", DJANGO_SECRET_KEY=placeholder, DJANGO_ALLOWED_HOSTS="x.example")
    result = run_django(DESCRIBE, env)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is still the .env.example placeholder" in result.stderr


PREPARED = """
import json
from django.conf import settings
print(json.dumps(settings.DATABASES["default"].get("OPTIONS", {}).get("prepare_threshold", "unset")))
"""


def test_prepared_statements_on_postgresql_only_where_asked_and_switchable_off() -> None:
    pg = "postgres://postgres@127.0.0.1:5432/grim_x"
    on = run_django(PREPARED, clean_env(DATABASE_URL=pg))
    assert last_json(on.stdout) == 2**31 - 1  # no statement reaches it: only logstore's ask
    off = run_django(PREPARED, clean_env(DATABASE_URL=pg, DB_PREPARED_STATEMENTS="0"))
    assert last_json(off.stdout) is None  # psycopg prepares nothing, even when asked
    assert last_json(run_django(PREPARED, clean_env()).stdout) == "unset"  # SQLite has none
    bad = run_django(PREPARED, clean_env(DATABASE_URL=pg, DB_PREPARED_STATEMENTS="maybe"))
    assert bad.returncode != 0 and "DB_PREPARED_STATEMENTS must be a boolean" in bad.stderr
