"""Logins cannot slow the tables: wrong passwords are throttled, password checks are rationed."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
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


def test_five_wrong_passwords_lock_that_username_from_every_address(mara: None) -> None:
    for i in range(logins.FAILS_PER_USER):
        r = login(Client(REMOTE_ADDR=f"10.0.0.{i}"), "mara", "wrong")  # each guess from elsewhere
        assert r.status_code == 200 and "correct username and password" in r.content.decode()
    client = Client(REMOTE_ADDR="10.0.1.1")
    r = login(client, "mara", PASSWORD)  # even the right password, from a new address, waits
    assert r.status_code == 429
    assert r["Retry-After"] == str(logins.FAIL_WINDOW_S)
    assert "Too many wrong passwords" in r.content.decode()
    assert not logged_in(client)
    # Another name from the same addresses is not locked by mara's count.
    get_user_model().objects.create_user("bo", password=PASSWORD)
    assert login(Client(REMOTE_ADDR="10.0.0.1"), "bo", PASSWORD).status_code == 302
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


@contextmanager
def lane_taken(lane: threading.BoundedSemaphore) -> Iterator[None]:
    """Another password check holds ``lane`` in this process meanwhile."""
    assert lane.acquire(blocking=False)
    try:
        yield
    finally:
        lane.release()


def test_a_suspect_login_while_its_lane_is_taken_is_told_to_retry(mara: None) -> None:
    with lane_taken(logins._suspect_lane):
        r = login(Client(), "nobody", "wrong")  # no such account: suspect
        assert r.status_code == 503 and r["Retry-After"] == str(logins.BUSY_RETRY_S)
        assert "Try again in a moment" in r.content.decode()
        # A real account with no failures takes the other lane, which the flood never holds.
        client = Client()
        assert login(client, "mara", PASSWORD).status_code == 302 and logged_in(client)
    assert login(Client(), "mara", PASSWORD).status_code == 302


def test_a_clean_login_waits_briefly_for_its_own_lane_then_is_told_to_retry(
    mara: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(logins, "CLEAN_WAIT_S", 0.01)
    with lane_taken(logins._clean_lane):
        r = login(Client(), "mara", PASSWORD)
        assert r.status_code == 503 and r["Retry-After"] == str(logins.BUSY_RETRY_S)


def test_someone_mistyping_stays_clean_but_a_name_others_guess_does_not(mara: None) -> None:
    phone = Client(REMOTE_ADDR="10.1.0.1")
    for _ in range(2):
        assert login(phone, "mara", "typo").status_code == 200
    with lane_taken(logins._suspect_lane):
        # Her own two typos from her own address: still the clean lane.
        assert login(phone, "mara", PASSWORD).status_code == 302
    for i in range(2):  # now strangers guess her name from elsewhere
        assert login(Client(REMOTE_ADDR=f"10.2.0.{i}"), "mara", "guess").status_code == 200
    with lane_taken(logins._suspect_lane):
        assert login(Client(REMOTE_ADDR="10.1.0.1"), "mara", PASSWORD).status_code == 503
    # An address that tried other names is suspect for every name.
    get_user_model().objects.create_user("bo", password=PASSWORD)
    assert login(Client(REMOTE_ADDR="10.3.0.1"), "someone", "wrong").status_code == 200
    with lane_taken(logins._suspect_lane):
        assert login(Client(REMOTE_ADDR="10.3.0.1"), "bo", PASSWORD).status_code == 503


def test_the_owners_device_gets_in_while_strangers_have_locked_the_name(mara: None) -> None:
    own = Client(REMOTE_ADDR="10.4.0.1")
    assert login(own, "mara", PASSWORD).status_code == 302
    assert logins.DEVICE_COOKIE in own.cookies
    own.post("/accounts/logout/")  # the session ends; the browser keeps its cookies
    for i in range(logins.FAILS_PER_USER):
        login(Client(REMOTE_ADDR=f"10.5.0.{i}"), "mara", "guess")
    assert login(Client(REMOTE_ADDR="10.4.0.1"), "mara", PASSWORD).status_code == 429  # a new browser
    with lane_taken(logins._suspect_lane):  # and the flood does not keep her device out either
        assert login(own, "mara", PASSWORD).status_code == 302 and logged_in(own)


def test_a_device_cookie_has_its_own_limit_and_names_one_account(mara: None) -> None:
    get_user_model().objects.create_user("bo", password=PASSWORD)
    device = Client(REMOTE_ADDR="10.6.0.1")
    assert login(device, "mara", PASSWORD).status_code == 302
    device.post("/accounts/logout/")  # the session ends; the browser keeps its cookies
    for _ in range(logins.FAILS_PER_USER):  # a stolen device cookie guessing
        assert login(device, "mara", "guess").status_code == 200
    assert cache.get("login-fail:user:mara") is None  # counted on the cookie, not the name
    # Past its own limit the cookie is no longer trusted, and the name's own count applies again.
    for _ in range(logins.FAILS_PER_USER):
        login(device, "mara", "guess")
    assert login(device, "mara", PASSWORD).status_code == 429
    # The cookie names mara only: for bo this browser is like any other.
    for _ in range(logins.FAILS_PER_USER):
        login(Client(REMOTE_ADDR=f"10.7.0.{_}"), "bo", "guess")
    assert login(device, "bo", PASSWORD).status_code == 429
    # A forged cookie is no device at all.
    forged = Client(REMOTE_ADDR="10.6.0.2")
    forged.cookies[logins.DEVICE_COOKIE] = "bo:made-up"
    assert login(forged, "bo", PASSWORD).status_code == 429


def test_signing_up_marks_the_browser_as_the_new_accounts_own() -> None:
    client = Client()
    form = {"username": "nia", "password1": PASSWORD, "password2": PASSWORD}
    assert client.post("/accounts/signup/", form).status_code == 302
    client.post("/accounts/logout/")  # the session ends; the browser keeps its cookies
    for i in range(logins.FAILS_PER_USER):
        login(Client(REMOTE_ADDR=f"10.8.0.{i}"), "nia", "guess")
    assert login(client, "nia", PASSWORD).status_code == 302


def admin_login(client: Client, username: str, password: str) -> Any:
    data = {"username": username, "password": password, "next": "/admin/"}
    return client.post("/admin/login/", data)


def test_the_admin_login_is_behind_the_same_guards() -> None:
    get_user_model().objects.create_superuser("root", password=PASSWORD)
    page = Client().get("/admin/")
    assert page.status_code == 302 and page["Location"].startswith("/admin/login/")
    assert Client().get(page["Location"]).status_code == 200
    for i in range(logins.FAILS_PER_USER):
        assert admin_login(Client(REMOTE_ADDR=f"10.9.0.{i}"), "root", "guess").status_code == 200
    r = admin_login(Client(REMOTE_ADDR="10.9.1.1"), "root", PASSWORD)
    assert r.status_code == 429 and "Too many wrong passwords" in r.content.decode()
    cache.clear()
    with lane_taken(logins._suspect_lane):
        assert admin_login(Client(), "nobody", "guess").status_code == 503
        staff = Client()
        r = admin_login(staff, "root", PASSWORD)
        assert r.status_code == 302 and r["Location"] == "/admin/"
    assert staff.get("/admin/").status_code == 200
    assert staff.get("/admin/login/")["Location"] == "/admin/"  # already in
