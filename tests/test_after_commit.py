"""After commit is not the request (issue #15, failure 1).

A command that committed is answered with what it committed, even when the
broadcast that follows fails: here the channel layer's Redis (a private one
this test starts and kills) goes away in the middle of play.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from channels.layers import channel_layers

from campaigns.models import Event, Table
from tests.personas import Person, add_life
from tests.servers import redis_server

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def private_redis() -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    with redis_server() as server:
        yield server


@pytest.fixture
def layer_on(private_redis: Any, settings: Any) -> Iterator[subprocess.Popen[bytes]]:
    process, port = private_redis
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{port}/0"]},
        }
    }
    channel_layers.backends = {}
    yield process
    channel_layers.backends = {}


def test_commands_while_the_layer_is_down_answer_what_they_committed(
    host: Person, player: Person, layer_on: subprocess.Popen[bytes]
) -> None:
    counter = add_life(player)
    layer_on.kill()
    layer_on.wait()
    answers = [
        player.command("counter.adjust", {"counter_id": counter, "by": -1}, command_id=f"down-{i}")
        for i in range(3)
    ]
    assert [a.status_code for a in answers] == [200, 200, 200], [a.json() for a in answers]
    table = Table.objects.get(pk=host.table.pk)
    assert table.state["counters"][0]["value"] == 17
    assert answers[-1].json()["seq"] == table.seq
    # The player taps again (same command_id): the first answer, not a second -1.
    again = player.command("counter.adjust", {"counter_id": counter, "by": -1}, command_id="down-2")
    assert again.status_code == 200 and again.json() == answers[-1].json()
    assert Table.objects.get(pk=host.table.pk).state["counters"][0]["value"] == 17
    assert Event.objects.filter(table=table, type="counter.adjusted").count() == 3


def test_joining_and_ending_while_the_layer_is_down_still_answer(
    host: Person, layer_on: subprocess.Popen[bytes], client: Any
) -> None:
    layer_on.kill()
    layer_on.wait()
    joined = client.post(
        "/api/v1/tables/join/", {"code": host.table.join_code, "name": "Dee"}, content_type="application/json"
    )
    assert joined.status_code == 201, joined.json()
    assert joined.json()["seat"]["token"]
    ended = host.command("table.end")
    assert ended.status_code == 200, ended.json()
    assert Table.objects.get(pk=host.table.pk).status == "ended"
