"""The client address behind a proxy: X-Forwarded-For counts only from a trusted proxy (issue #15).

A real server process (``python -m companion.serve``) is asked to join with
wrong codes until the per-client limit answers 429. Behind a trusted proxy
each forwarded address has its own count; when the peer is not a trusted
proxy, inventing a new X-Forwarded-For does not escape the limit.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
import uuid

import pytest

from tests.servers import server_env, server_process

pytestmark = pytest.mark.django_db(transaction=True)


def wrong_join(base: str, forwarded_for: str) -> int:
    request = urllib.request.Request(
        f"{base}/api/v1/tables/join/",
        data=json.dumps({"code": "ZZZZZZ", "name": "Guess"}).encode(),
        headers={"Content-Type": "application/json", "X-Forwarded-For": forwarded_for},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def throttle(base: str, forwarded_for: str) -> None:
    answers = [wrong_join(base, forwarded_for) for _ in range(11)]
    assert answers[:10] == [404] * 10 and answers[10] == 429, answers


def test_a_trusted_proxy_gives_each_client_its_own_limit() -> None:
    env = server_env(FORWARDED_ALLOW_IPS="127.0.0.1", REDIS_PREFIX=f"fwd-{uuid.uuid4().hex}")
    with server_process(env) as base:
        throttle(base, "203.0.113.7")
        assert wrong_join(base, "203.0.113.8") == 404  # another phone behind the proxy


def test_an_untrusted_peer_cannot_invent_addresses() -> None:
    env = server_env(FORWARDED_ALLOW_IPS="192.0.2.1", REDIS_PREFIX=f"fwd-{uuid.uuid4().hex}")
    with server_process(env) as base:
        throttle(base, "203.0.113.9")
        assert wrong_join(base, "198.51.100.1") == 429  # the header is ignored: same client
