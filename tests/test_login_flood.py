"""Logins against a real server process: guesses spread over addresses, and a flood (issue #32, item 4).

Every client here comes through the trusted proxy (``FORWARDED_ALLOW_IPS``),
so each ``X-Forwarded-For`` is a different phone to the server, as behind
nginx. The server process checks passwords with the production hasher
(PBKDF2), so each wrong login it lets through really costs a password check.
"""

from __future__ import annotations

import itertools
import re
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator

import httpx
import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher

from tests.servers import server_env, server_process

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "grim-hand-2026!"
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
_addresses = itertools.count(1)


def new_address() -> str:
    n = next(_addresses)
    return f"203.0.{n // 250 % 250}.{n % 250 + 1}"


@pytest.fixture
def server() -> Iterator[str]:
    env = server_env(FORWARDED_ALLOW_IPS="127.0.0.1", REDIS_PREFIX=f"logins-{uuid.uuid4().hex}")
    with server_process(env) as base:
        yield base


class Phone:
    """One browser behind the proxy: its own cookies, its own address."""

    def __init__(self, base: str, address: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=60, headers={"X-Forwarded-For": address})
        page = self.http.get("/accounts/login/")
        found = CSRF.search(page.text)
        assert page.status_code == 200 and found, page.status_code
        self.csrf = found.group(1)

    def login(self, username: str, password: str) -> int:
        data = {"username": username, "password": password, "csrfmiddlewaretoken": self.csrf}
        return self.http.post("/accounts/login/", data=data).status_code

    def close(self) -> None:
        self.http.close()


def account(username: str) -> None:
    """An account whose password the server process can check: its own hasher (PBKDF2, the
    production default), not the fast one this test process uses."""
    user = get_user_model().objects.create_user(username)
    user.password = PBKDF2PasswordHasher().encode(PASSWORD, PBKDF2PasswordHasher().salt())
    user.save(update_fields=["password"])


def login_from_new_address(base: str, username: str, password: str) -> int:
    phone = Phone(base, new_address())
    try:
        return phone.login(username, password)
    finally:
        phone.close()


def test_guesses_spread_over_addresses_lock_the_name(server: str) -> None:
    account("mara")
    answers = [login_from_new_address(server, "mara", "wrong") for _ in range(12)]
    assert answers == [200] * 5 + [429] * 7, answers  # the sixth guess is refused, unchecked
    assert login_from_new_address(server, "mara", PASSWORD) == 429  # a 13th address: still locked
    # The lock is the name's: another account on the same addresses is untouched.
    account("bo")
    assert login_from_new_address(server, "bo", PASSWORD) == 302


def flood(base: str, stop: threading.Event, answers: Counter[int], k: int) -> None:
    """Wrong passwords as fast as answered, each from a new address and for a new name."""
    phone = Phone(base, new_address())
    try:
        for i in itertools.count():
            if stop.is_set():
                return
            phone.http.headers["X-Forwarded-For"] = new_address()
            status = phone.login(f"mallory{k}x{i}", "wrong")
            answers[status] += 1
            if status == 503:
                time.sleep(0.05)  # the lane is taken: it stays taken; spare the shared cores
    finally:
        phone.close()


def test_a_real_user_gets_in_while_a_flood_of_wrong_logins_keeps_its_lane_busy(server: str) -> None:
    account("ann")
    stop = threading.Event()
    answers: Counter[int] = Counter()
    flooders = [threading.Thread(target=flood, args=(server, stop, answers, k)) for k in range(4)]
    for thread in flooders:
        thread.start()
    try:
        # The flood is under way once its own logins are being turned away for a busy lane.
        deadline = time.monotonic() + 120
        while answers[503] < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert answers[503] >= 3, answers
        real = [login_from_new_address(server, "ann", PASSWORD) for _ in range(10)]
        during = Counter(answers)
    finally:
        stop.set()
        for thread in flooders:
            thread.join(120)
    assert real == [302] * 10, (real, during)
    # The flood really was checked (wrong passwords, 200) and turned away (503) meanwhile.
    assert during[200] >= 1 and during[503] >= 3, during
