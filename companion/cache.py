"""Django's Redis cache, whose ``clear`` deletes only this cache's keys; and its raw client.

Django's ``clear`` flushes the whole Redis database: deployments (and parallel
test runs) share one Redis by ``REDIS_PREFIX``, and its database also holds
their sessions, caches and Celery queues. Kept for that, not for speed
(docs/decisions/redis-cache.md). The backend's client is reached through
``_cache`` (``RedisCacheClient.get_client``), which Django does not document:
``redis_client`` is the one place that does, and ``tests/test_shared_redis.py``
fails if an upgrade changes it.
"""

from __future__ import annotations

import re
from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache


def redis_client(cache: Any, key: Any = None, *, write: bool = False) -> Any:
    """The ``redis.Redis`` client Django's Redis cache ``cache`` uses for ``key`` (a Lua script,
    a scan: what the cache API does not offer)."""
    return cache._cache.get_client(key, write=write)


class RedisCache(DjangoRedisCache):
    """``django.core.cache.backends.redis.RedisCache`` whose ``clear`` keeps to its own prefix."""

    def clear(self) -> None:
        """Deletes the keys under this cache's ``KEY_PREFIX``, not the whole database."""
        client = redis_client(self, write=True)
        pattern = re.sub(r"([\\*?\[\]])", r"\\\1", self.key_prefix) + ":*"
        batch: list[bytes] = []
        for key in client.scan_iter(match=pattern, count=1000):
            batch.append(key)
            if len(batch) == 1000:
                client.delete(*batch)
                batch = []
        if batch:
            client.delete(*batch)
