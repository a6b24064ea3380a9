"""Deployments (and parallel test runs) share one Redis, each under its own REDIS_PREFIX."""

from __future__ import annotations

import redis

from companion.cache import RedisCache
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
