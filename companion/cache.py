"""Django's Redis cache, with one Redis client per connection pool instead of one per call.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` for
every cache call (its connection pool is reused); building one sets up the
client's whole table of reply handlers, which cost as much as the round
trip to Redis for a small value. Every logged-in request reads its session
from this cache (``cached_db``), so it paid that on every request. A client
only holds the pool and its settings, and is safe to share between threads
(each command takes a connection from the pool), so one is kept per pool.

``clear`` deletes only this cache's keys: Django's flushes the whole Redis database.
"""

from __future__ import annotations

import re
from typing import Any

import redis
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class ReusedClients(RedisCacheClient):
    """``RedisCacheClient`` whose ``get_client`` keeps the client it made for each pool."""

    def __init__(self, servers: Any, **options: Any) -> None:
        super().__init__(servers, **options)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]  # Django's, not in its stubs
        client = self._clients.get(id(pool))
        if client is None or client.connection_pool is not pool:
            client = self._clients[id(pool)] = redis.Redis(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    """``django.core.cache.backends.redis.RedisCache`` with ``ReusedClients``; configured the same way."""

    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = ReusedClients

    def clear(self) -> None:
        """Deletes the keys under this cache's ``KEY_PREFIX``, not the whole database as Django's
        does: deployments (and parallel test runs) share one Redis by ``REDIS_PREFIX``, and its
        database also holds their sessions, caches and Celery queues."""
        client = self._cache.get_client(None, write=True)  # type: ignore[attr-defined]  # Django's, not in its stubs
        pattern = re.sub(r"([\\*?\[\]])", r"\\\1", self.key_prefix) + ":*"
        batch: list[bytes] = []
        for key in client.scan_iter(match=pattern, count=1000):
            batch.append(key)
            if len(batch) == 1000:
                client.delete(*batch)
                batch = []
        if batch:
            client.delete(*batch)
