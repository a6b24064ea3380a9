"""/healthz reports every dependency for real; 503 names the one that is down."""

from __future__ import annotations

import json
import os

import pytest

from tests.helpers import clean_env, last_json, run_django

pytestmark = pytest.mark.django_db

PROBE = """
import json
from django.test import Client
r = Client().get('/healthz')
print(json.dumps({'status': r.status_code, 'body': r.json()}))
"""


def test_all_dependencies_up(client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["status"] == "ok"
    assert body["down"] == [] and body["services_down"] == []
    assert set(body["checks"]) == {"database", "cache", "channel_layer", "broker"}
    assert all(check["ok"] for check in body["checks"].values())


def _with_current_db(**extra: str) -> dict[str, str]:
    env = clean_env(**extra)
    if os.environ.get("DATABASE_URL"):
        env["DATABASE_URL"] = os.environ["DATABASE_URL"]
    return env


def test_redis_down_gives_503_naming_cache_layer_and_broker() -> None:
    # A closed port: the real client really fails to connect; nothing is mocked.
    result = run_django(PROBE, _with_current_db(REDIS_URL="redis://127.0.0.1:1/0"))
    assert result.returncode == 0, result.stderr
    out = last_json(result.stdout)
    assert out["status"] == 503
    assert set(out["body"]["down"]) == {"cache", "channel_layer", "broker"}
    assert out["body"]["services_down"] == ["redis"]
    assert out["body"]["message"].startswith("Redis does not answer: commands and joins are still saved")
    assert out["body"]["checks"]["database"]["ok"] is True
    assert out["body"]["checks"]["cache"]["error"]
    # What is down, never where: no host, port or user in a public answer.
    assert "127.0.0.1" not in result.stdout and ":1" not in json.dumps(out["body"])


def test_database_down_gives_503_naming_the_database() -> None:
    result = run_django(PROBE, clean_env(DATABASE_URL="postgres://postgres@127.0.0.1:1/nowhere"))
    assert result.returncode == 0, result.stderr
    out = last_json(result.stdout)
    assert out["status"] == 503
    assert out["body"]["down"] == ["database"] and out["body"]["services_down"] == ["database"]
    assert "127.0.0.1" not in result.stdout and "nowhere" not in result.stdout


HTTPS_PROBE = """
import json
from django.test import Client
c = Client()
print(json.dumps({'healthz': c.get('/healthz').status_code, 'home': c.get('/').status_code}))
"""


def test_healthz_is_exempt_from_the_https_redirect() -> None:
    env = _with_current_db(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="x" * 60 + "-not-the-example-key",
        DJANGO_ALLOWED_HOSTS="testserver",
    )
    if os.environ.get("REDIS_URL"):
        env["REDIS_URL"] = os.environ["REDIS_URL"]
    result = run_django(HTTPS_PROBE, env)
    assert result.returncode == 0, result.stderr
    out = last_json(result.stdout)
    assert out["home"] == 301  # every page goes to HTTPS...
    assert out["healthz"] in (200, 503)  # ...but the load balancer's check is answered
