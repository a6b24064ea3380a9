"""A command's group messages published to Redis from the command's own thread (issue #15, capacity).

``channel_layer.group_send`` is a coroutine: from a command's thread it runs
through ``async_to_sync`` on the server's event loop, so every command
waited for that loop, the same loop that reads every request and writes
every phone's events, before its thread was free for the next command. At
125 live tables a command thread spent a third of its time in that wait,
more than in the database.

With channels_redis's pub/sub layer a group send is one ``PUBLISH`` of the
layer's serialized message to the group's Redis channel. ``Publisher`` does
exactly that with a blocking Redis client from the calling thread, naming
the channel and choosing the shard as the layer does (channels_redis
4.3: ``RedisPubSubLoopLayer._get_group_channel_name`` and ``_get_shard``;
the version is pinned and ``campaigns/tests/test_publish.py`` has a real
layer receive what this sends). Any other layer, or hosts given as
anything but an address, keep ``group_send``.
"""

from __future__ import annotations

import threading
from typing import Any

import redis
from channels_redis.pubsub import RedisPubSubChannelLayer
from channels_redis.utils import _consistent_hash, decode_hosts
from redis.backoff import NoBackoff
from redis.retry import Retry


class Publisher:
    """Publishes a group's messages as ``RedisPubSubChannelLayer.group_send`` would, without a loop."""

    def __init__(self, layer: Any, addresses: list[str], prefix: str, timeout_s: float) -> None:
        self.layer = layer
        self.prefix = prefix
        # No retries: a broadcast is at-most-once and bounded in time (phones catch up from the log).
        self.clients = [
            redis.Redis.from_url(
                address,
                socket_timeout=timeout_s,
                socket_connect_timeout=timeout_s,
                retry=Retry(NoBackoff(), 0),
            )
            for address in addresses
        ]

    def channel(self, group: str) -> str:
        """The Redis channel the layer's consumers of ``group`` subscribe to."""
        return f"{self.prefix}__group__{group}"

    def listeners(self, groups: list[str]) -> dict[str, int]:
        """How many subscriptions (server processes) each group has: ``PUBSUB NUMSUB`` on its shard."""
        by_shard: dict[int, list[str]] = {}
        for group in groups:
            by_shard.setdefault(_consistent_hash(self.channel(group), len(self.clients)), []).append(group)
        counts: dict[str, int] = {}
        for shard, some in by_shard.items():
            answer = self.clients[shard].pubsub_numsub(*(self.channel(g) for g in some))
            counts.update({group: int(n) for group, (_channel, n) in zip(some, answer, strict=True)})
        return counts

    def publish_all(
        self, sends: list[tuple[str, list[dict[str, Any]]]], ask: list[str]
    ) -> tuple[dict[str, int], dict[str, int]]:
        """Each group's messages, in order, and ``PUBSUB NUMSUB`` of the ``ask`` groups, in one
        round trip per shard; how many subscriptions got each group's last message, and the
        ``ask`` groups' counts."""
        shards: dict[int, Any] = {}
        order: dict[int, list[tuple[str, str]]] = {}

        def pipe_for(group: str) -> tuple[int, Any]:
            shard = _consistent_hash(self.channel(group), len(self.clients))
            if shard not in shards:
                shards[shard] = self.clients[shard].pipeline(transaction=False)
                order[shard] = []
            return shard, shards[shard]

        for group, messages in sends:
            shard, pipe = pipe_for(group)
            for message in messages:
                pipe.publish(self.channel(group), self.layer.serialize(message))
                order[shard].append(("heard", group))
        for group in ask:
            shard, pipe = pipe_for(group)
            pipe.pubsub_numsub(self.channel(group))
            order[shard].append(("asked", group))
        heard: dict[str, int] = {}
        asked: dict[str, int] = {}
        for shard, pipe in shards.items():
            for (kind, group), answer in zip(order[shard], pipe.execute(), strict=True):
                if kind == "heard":
                    heard[group] = int(answer)
                else:
                    asked[group] = int(answer[0][1]) if answer else 0
        return heard, asked


_made: dict[int, tuple[Any, Publisher | None]] = {}
_lock = threading.Lock()


def publisher_for(layer: Any, timeout_s: float) -> Publisher | None:
    """The publisher for ``layer`` (made once per layer), or ``None`` when it is not Redis pub/sub."""
    with _lock:
        found = _made.get(id(layer))
        if found is not None and found[0] is layer:
            return found[1]
        publisher = None
        if type(layer) is RedisPubSubChannelLayer:
            hosts = decode_hosts(layer._kwargs.get("hosts", layer._args[0] if layer._args else None))
            if all(set(host) == {"address"} for host in hosts):
                prefix = layer._kwargs.get("prefix", "asgi")
                publisher = Publisher(layer, [host["address"] for host in hosts], prefix, timeout_s)
        _made[id(layer)] = (layer, publisher)
        return publisher
