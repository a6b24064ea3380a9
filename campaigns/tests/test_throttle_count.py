"""The window counter on Redis: starting at one, expiring, a plain integer.

Run against Redis whatever the suite's own cache is (Redis runs on every machine: 127.0.0.1:6379,
or ``REDIS_URL``), under a key prefix of its own; and against the embedded default as well.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from typing import Any, cast

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache

from campaigns import throttle
from companion.cache import redis_client


@pytest.fixture
def redis_cache(settings: Any) -> Iterator[Any]:
    settings.CACHES = {
        "default": {
            "BACKEND": "companion.cache.RedisCache",
            "LOCATION": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
            "KEY_PREFIX": f"test-count-{uuid.uuid4().hex[:8]}",
        }
    }
    backend = caches["default"]
    assert isinstance(backend, RedisCache)
    yield cast(Any, backend)
    backend.delete("count")  # not clear(): that empties the whole Redis database


def test_the_count_starts_at_one_expires_and_reads_as_a_plain_integer(redis_cache: Any) -> None:
    key = "count"
    assert [throttle.count(key, 7) for _ in range(3)] == [1, 2, 3]
    assert cache.get(key) == 3  # what cache.incr would have written
    client = redis_client(redis_cache, key, write=True)
    assert 0 < client.ttl(redis_cache.make_and_validate_key(key)) <= 7


def test_a_count_left_without_expiry_gets_one(redis_cache: Any) -> None:
    """A key that lost its expiry (add then incr, when the key expired between the two, left one
    that never expired) is counted on and given the window's expiry again."""
    key = "count"
    client = redis_client(redis_cache, key, write=True)
    full = redis_cache.make_and_validate_key(key)
    client.set(full, 4)
    assert client.ttl(full) == -1
    assert throttle.count(key, 7) == 5
    assert 0 < client.ttl(full) <= 7


def test_on_the_embedded_default_the_cache_counts_the_same(settings: Any) -> None:
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    key = f"test-count:{uuid.uuid4().hex}"
    assert [throttle.count(key, 7) for _ in range(3)] == [1, 2, 3]
