"""Logins cannot slow the tables: wrong passwords are throttled, password checks are rationed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from companion import logins

pytestmark = pytest.mark.django_db
PASSWORD = "grim-hand-2026!"


@pytest.fixture(autouse=True)
def fresh_counts() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def mara() -> None:
    get_user_model().objects.create_user("mara", password=PASSWORD)


def login(client: Client, username: str, password: str) -> Any:
    return client.post("/accounts/login/", {"username": username, "password": password})


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_five_wrong_passwords_lock_that_username_for_this_client(mara: None) -> None:
    client = Client()
    for _ in range(logins.FAILS_PER_USER):
        r = login(client, "mara", "wrong")
        assert r.status_code == 200 and "correct username and password" in r.content.decode()
    r = login(client, "mara", PASSWORD)  # even the right password waits out the window
    assert r.status_code == 429
    assert r["Retry-After"] == str(logins.FAIL_WINDOW_S)
    assert "Too many wrong passwords" in r.content.decode()
    assert not logged_in(client)
    # Another name from the same phone is not locked by mara's count.
    get_user_model().objects.create_user("bo", password=PASSWORD)
    assert login(client, "bo", PASSWORD).status_code == 302
    cache.clear()  # the window passed
    assert login(Client(), "mara", PASSWORD).status_code == 302


def test_a_success_clears_the_username_count(mara: None) -> None:
    client = Client()
    for _ in range(logins.FAILS_PER_USER - 1):
        login(client, "mara", "wrong")
    assert login(client, "mara", PASSWORD).status_code == 302
    other = Client()
    for _ in range(logins.FAILS_PER_USER - 1):
        assert login(other, "mara", "wrong").status_code == 200
    assert login(other, "mara", PASSWORD).status_code == 302


def test_a_client_guessing_many_usernames_is_stopped(mara: None) -> None:
    client = Client()
    for i in range(logins.FAILS_PER_CLIENT):
        assert login(client, f"guess{i}", "wrong").status_code == 200
    r = login(client, "mara", PASSWORD)
    assert r.status_code == 429 and not logged_in(client)


def test_a_login_while_another_password_check_runs_is_told_to_retry(mara: None) -> None:
    assert logins._checks.acquire(blocking=False)
    try:
        r = login(Client(), "mara", PASSWORD)
        assert r.status_code == 503 and r["Retry-After"] == str(logins.BUSY_RETRY_S)
        assert "Try again in a moment" in r.content.decode()
    finally:
        logins._checks.release()
    assert login(Client(), "mara", PASSWORD).status_code == 302
