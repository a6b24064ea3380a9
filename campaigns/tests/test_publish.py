"""A command's messages published from its own thread reach the layer's consumers (issue #15).

``campaigns.hotpath.publish`` names the group's Redis channel and picks the shard
itself, as channels_redis's pub/sub layer does: a real layer, on a Redis
this test starts, must receive what it publishes, in order, whichever of
two shards the group lands on; other layers keep ``group_send``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from channels.layers import InMemoryChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer

from campaigns.hotpath.publish import publisher_for
from tests.servers import redis_server

Servers = tuple[Any, int]


@pytest.fixture
def private_redis() -> Iterator[Servers]:
    with redis_server() as server:
        yield server


async def _received(layer: Any, groups: list[str], publish: Any) -> list[list[dict[str, Any]]]:
    channels = []
    for group in groups:
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        channels.append(channel)
    await asyncio.sleep(0.1)  # the subscriptions are in place
    await asyncio.to_thread(publish)
    got = []
    for channel in channels:
        got.append([await asyncio.wait_for(layer.receive(channel), 5) for _ in range(2)])
    await layer.flush()
    return got


async def test_a_real_layer_receives_what_is_published_in_order(private_redis: Servers) -> None:
    _process, port = private_redis
    layer = RedisPubSubChannelLayer(hosts=[f"redis://127.0.0.1:{port}/0"], prefix="pubtest")
    publisher = publisher_for(layer, 2.0)
    assert publisher is not None and publisher_for(layer, 2.0) is publisher
    messages = [{"type": "table.message", "text": f"event {i}", "seat_ids": [1, 2]} for i in (1, 2)]
    got = await _received(layer, ["table-7"], lambda: publisher.publish_all([("table-7", messages)], []))
    assert got == [messages]


async def test_groups_on_two_shards_each_receive_their_own() -> None:
    # Two Redis servers: the layer spreads groups over them by a hash of the channel name.
    with redis_server() as (_a, port_a), redis_server() as (_b, port_b):
        hosts = [f"redis://127.0.0.1:{port_a}/0", f"redis://127.0.0.1:{port_b}/0"]
        layer = RedisPubSubChannelLayer(hosts=hosts, prefix="pubtest")
        publisher = publisher_for(layer, 2.0)
        assert publisher is not None
        groups = [f"table-{i}" for i in range(20)]
        shards = {layer._get_layer()._get_shard(publisher.channel(g)).host["address"] for g in groups}
        assert len(shards) == 2  # the groups really are spread over both

        def publish_all() -> None:
            for group in groups:
                publisher.publish_all([(group, [{"type": "m", "group": group, "n": n} for n in (1, 2)])], [])

        got = await _received(layer, groups, publish_all)
        assert got == [[{"type": "m", "group": g, "n": n} for n in (1, 2)] for g in groups]


async def test_listeners_counts_the_processes_subscribed_to_each_group(private_redis: Servers) -> None:
    """Issue #34: a command renders a board only for the languages somebody listens in; the
    pub/sub layer subscribes each process once per group, which ``PUBSUB NUMSUB`` counts."""
    _process, port = private_redis
    hosts = [f"redis://127.0.0.1:{port}/0"]
    one, other = (RedisPubSubChannelLayer(hosts=hosts, prefix="numsub") for _ in range(2))
    publisher = publisher_for(one, 2.0)
    assert publisher is not None
    for layer in (one, other):  # two server processes, each with a German phone
        await layer.group_add("table-3.de", await layer.new_channel())
    await one.group_add("table-3.en-gb", await one.new_channel())
    await asyncio.sleep(0.1)
    counts = await asyncio.to_thread(publisher.listeners, ["table-3.de", "table-3.en-gb", "table-4.de"])
    assert counts == {"table-3.de": 2, "table-3.en-gb": 1, "table-4.de": 0}
    # Publishing says who heard each group's last message, and asks after others, in one go.
    sends = [("table-3.de", [{"type": "m", "n": 1}]), ("table-4.de", [{"type": "m", "n": 2}])]
    heard, asked = await asyncio.to_thread(publisher.publish_all, sends, ["table-3.en-gb", "table-4.en-gb"])
    assert heard == {"table-3.de": 2, "table-4.de": 0} and asked == {"table-3.en-gb": 1, "table-4.en-gb": 0}
    for layer in (one, other):
        await layer.flush()


def test_other_layers_keep_group_send() -> None:
    assert publisher_for(InMemoryChannelLayer(), 2.0) is None
    sentinel = RedisPubSubChannelLayer(hosts=[{"host": "127.0.0.1", "port": 6379}])
    assert publisher_for(sentinel, 2.0) is None  # hosts not given as an address


def test_the_private_names_it_reads_from_channels_redis_are_still_there() -> None:
    """The upgrade check (issue #35): ``campaigns.hotpath.publish`` is the one place that reads
    channels_redis's private ``_consistent_hash`` and a layer's ``_kwargs``/``_args``; an upgrade
    that renames or reshapes them fails here, not in production."""
    import inspect

    import channels_redis
    from channels_redis import utils
    from channels_redis.pubsub import RedisPubSubChannelLayer

    version = getattr(channels_redis, "__version__", "?")
    assert callable(getattr(utils, "_consistent_hash", None)), f"channels_redis {version}"
    assert list(inspect.signature(utils._consistent_hash).parameters) == ["value", "ring_size"], version
    layer = RedisPubSubChannelLayer(hosts=["redis://127.0.0.1:6379/0"], prefix="x")
    assert layer._kwargs.get("hosts") == ["redis://127.0.0.1:6379/0"], version
    assert layer._kwargs.get("prefix") == "x" and isinstance(layer._args, tuple), version
    assert utils._consistent_hash("asgi__group__t1", 1) == 0
