"""What each use of Redis does while Redis does not answer (issue #32, item 8; ``campaigns.outage``).

Redis here is a real client pointed at a port nothing listens on: every call
really fails to connect. The whole server with a Redis stopped and started
again is ``tests/test_redis_outage.py``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns import outage
from campaigns.outage import REDIS_DOWN, fail_open, redis_outage
from companion.sessions import SessionStore
from tests.servers import free_port

pytestmark = pytest.mark.django_db


class CacheView(APIView):
    def get(self, request: Request) -> Response:
        return Response({"value": cache.get("anything")})


def cache_page(request: HttpRequest) -> HttpResponse:
    return HttpResponse(str(cache.get("anything")))


urlpatterns = [path("api/needs-redis/", CacheView.as_view()), path("needs-redis/", cache_page)]


def dead_redis(settings: Any) -> None:
    settings.CACHES = {  # the process-local aliases (stats, seats, board parts) as they are
        **settings.CACHES,
        "default": {
            "BACKEND": "companion.cache.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 1.0, "socket_timeout": 2.0},
        },
    }
    redis_outage.reset()


@pytest.fixture(autouse=True)
def no_outage_left() -> Iterator[None]:
    """This process's Redis outage state is this test's own (it would skip Redis for others)."""
    redis_outage.reset()
    yield
    redis_outage.reset()


@pytest.fixture
def redis_down(settings: Any) -> None:
    """The cache and sessions on a Redis that is not there."""
    settings.SESSION_ENGINE = "companion.sessions"
    dead_redis(settings)


def test_a_call_fails_open_then_leaves_redis_alone_then_tries_again(
    redis_down: None, monkeypatch: Any
) -> None:
    monkeypatch.setattr(outage, "RETRY_S", 0.3)
    tries = []

    @fail_open(-1, "test")
    def read() -> int:
        tries.append(1)
        return int(cache.get("n", 0))

    assert read() == -1 and len(tries) == 1  # Redis really refused
    assert redis_outage.skipping()
    assert read() == -1 and len(tries) == 1  # not tried again at once
    time.sleep(0.35)
    assert read() == -1 and len(tries) == 2  # tried again by itself


def test_other_errors_still_raise(redis_down: None) -> None:
    @fail_open(0, "test")
    def broken() -> int:
        raise KeyError("a bug, not Redis")

    with pytest.raises(KeyError):
        broken()
    assert not redis_outage.skipping()


def test_sessions_read_and_write_through_the_database(redis_down: None) -> None:
    store = SessionStore()
    store["seen"] = 1
    store.save(must_create=True)  # a new key checked against the rows, not the cache
    key = store.session_key
    assert key is not None
    again = SessionStore(key)
    assert again["seen"] == 1  # read from the row
    assert again.exists(key)


def test_a_session_is_not_deleted_while_its_cached_copy_cannot_be(redis_down: None) -> None:
    store = SessionStore()
    store["seen"] = 1
    store.save(must_create=True)
    redis_outage.reset()
    with pytest.raises(REDIS_DOWN):
        store.delete()
    # The row stays: once Redis answers, the delete is tried again; nothing comes back to life.
    assert Session.objects.filter(session_key=store.session_key).exists()


def test_a_logout_while_redis_is_down_is_told_to_retry_and_changes_nothing(settings: Any) -> None:
    settings.SESSION_ENGINE = "companion.sessions"
    user = get_user_model().objects.create_user("mara", password="pw")
    client = Client()
    client.force_login(user)  # while the cache answers (the test run's own)
    dead_redis(settings)
    answer = client.post("/accounts/logout/")
    assert answer.status_code == 503
    assert answer["Retry-After"] == str(outage.RETRY_AFTER_S)
    assert "Try again in a few seconds" in answer.content.decode()
    assert Session.objects.count() == 1
    assert client.get("/api/v1/me/stats/").status_code == 200  # still logged in


def test_a_login_while_redis_is_down_is_refused_before_any_password_check(
    redis_down: None, monkeypatch: Any
) -> None:
    get_user_model().objects.create_user("mara", password="pw")
    checked = []
    monkeypatch.setattr("django.contrib.auth.forms.authenticate", lambda *a, **k: checked.append(1))
    answer = Client().post("/accounts/login/", {"username": "mara", "password": "pw"})
    assert answer.status_code == 503
    assert answer["Retry-After"] == str(outage.RETRY_AFTER_S)
    assert "Logging in is paused for a moment" in answer.content.decode()
    assert checked == []


@pytest.mark.urls(__name__)
def test_an_api_call_that_needs_redis_is_503_unavailable(redis_down: None) -> None:
    answer = Client().get("/api/needs-redis/")
    assert answer.status_code == 503
    assert answer["Retry-After"] == str(outage.RETRY_AFTER_S)
    assert answer.json() == {
        "code": "unavailable",
        "message": outage.UNAVAILABLE_MESSAGE,
        "extra": {"retry_after_s": outage.RETRY_AFTER_S},
    }


@pytest.mark.urls(__name__)
def test_a_page_that_needs_redis_is_503_not_500(redis_down: None) -> None:
    answer = Client().get("/needs-redis/")
    assert answer.status_code == 503
    assert answer["Retry-After"] == str(outage.RETRY_AFTER_S)
