"""Deployments (and parallel test runs) share one Redis, each under its own REDIS_PREFIX."""

from __future__ import annotations

import inspect
from typing import Any, cast

import redis
from django.core.cache.backends.redis import RedisCacheClient

from companion.cache import RedisCache, redis_client
from tests.servers import redis_server


def test_clearing_the_cache_deletes_its_own_keys_and_nothing_another_deployment_keeps() -> None:
    """Django's Redis cache clears by flushing the whole database, where the other deployments
    keep their cache, sessions and Celery queue (and a test run clearing its cache emptied every
    other run's). Ours deletes the keys under its own prefix only. A private Redis: the test must
    not flush the shared one when it fails."""
    with redis_server() as (_, port):
        url = f"redis://127.0.0.1:{port}/0"
        ours = RedisCache(url, {"KEY_PREFIX": "deploy-a"})
        theirs = RedisCache(url, {"KEY_PREFIX": "deploy-a2"})  # starts like ours
        ours.set_many({f"k{i}": i for i in range(2500)}, 60)  # more than one batch to delete
        ours.set("seq", 7, 60)
        theirs.set("seq", 9, 60)
        raw = redis.Redis(port=port)
        raw.rpush("deploy-a2.tasks", "a task")  # their Celery queue

        ours.clear()

        assert ours.get("seq") is None and ours.get_many(["k0", "k2499"]) == {}
        assert theirs.get("seq") == 9
        assert raw.llen("deploy-a2.tasks") == 1
        assert not list(raw.scan_iter(match="deploy-a:*"))


def test_the_backends_client_is_where_redis_client_reaches_for_it() -> None:
    """``companion.cache.redis_client`` leans on Django's undocumented ``RedisCache._cache``
    (a ``RedisCacheClient``) and its ``get_client(key, *, write)``: an upgrade that moves them
    fails here."""
    params = list(inspect.signature(RedisCacheClient.get_client).parameters)
    assert params == ["self", "key", "write"], params
    with redis_server() as (_, port):
        cache = RedisCache(f"redis://127.0.0.1:{port}/0", {"KEY_PREFIX": "adapter"})
        assert isinstance(cast(Any, cache)._cache, RedisCacheClient)
        client = redis_client(cache, "k", write=True)
        assert isinstance(client, redis.Redis)
        cache.set("k", 1, 30)
        assert client.exists(cache.make_key("k")) == 1
