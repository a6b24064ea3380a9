"""A seat's command count on Redis: one script call, starting at one, expiring, a plain integer."""

from __future__ import annotations

import uuid
from typing import Any, cast

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache

from campaigns import throttle

on_redis = pytest.mark.skipif(
    not isinstance(caches["default"], RedisCache),
    reason="the count's Redis script runs where the cache is Redis (CI runs it on Redis)",
)


@on_redis
def test_the_count_starts_at_one_expires_and_reads_as_a_plain_integer() -> None:
    key = f"test-count:{uuid.uuid4().hex}"
    assert [throttle._count(key, 7) for _ in range(3)] == [1, 2, 3]
    assert cache.get(key) == 3  # what cache.incr would have written
    backend = cast(Any, caches["default"])
    client = backend._cache.get_client(key, write=True)
    assert 0 < client.ttl(backend.make_and_validate_key(key)) <= 7
    cache.delete(key)


@on_redis
def test_the_count_goes_on_when_redis_lost_the_script() -> None:
    key = f"test-count:{uuid.uuid4().hex}"
    assert throttle._count(key, 7) == 1
    backend = cast(Any, caches["default"])
    backend._cache.get_client(key, write=True).script_flush()  # a restarted Redis has no scripts
    assert throttle._count(key, 7) == 2
    cache.delete(key)


def test_without_redis_the_cache_counts_the_same() -> None:
    key = f"test-count:{uuid.uuid4().hex}"
    assert [throttle._count(key, 7) for _ in range(3)] == [1, 2, 3]
    cache.delete(key)
