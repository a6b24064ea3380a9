"""Two server processes behind one table: a command sent to one reaches a
websocket held by the other, through the Redis channel layer."""

from __future__ import annotations

import json
import os
import urllib.request

import pytest
from websockets.sync.client import connect
from websockets.typing import Origin

from campaigns import services
from tests.servers import server_env, server_process

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("REDIS_URL"), reason="needs REDIS_URL: processes share the Redis layer"
    ),
]


def test_event_crosses_processes() -> None:
    table, host = services.table_create(game="counters", name="Two", seat_name="Ann")
    _, guest = services.seat_join(code=table.join_code, name="Bo")
    env = server_env()
    with server_process(env) as a, server_process(env) as b:
        ws_url = b.replace("http://", "ws://") + f"/ws/tables/{table.pk}/?token={guest.token}"
        with connect(ws_url, origin=Origin("http://127.0.0.1"), open_timeout=10) as ws:
            snapshot = json.loads(ws.recv(timeout=10))
            assert snapshot["type"] == "snapshot"
            body = json.dumps(
                {"command_id": "x1", "type": "counter.add", "payload": {"name": "Life"}}
            ).encode()
            request = urllib.request.Request(
                f"{a}/api/v1/tables/{table.pk}/commands/",
                data=body,
                headers={"Authorization": f"Seat {host.token}", "Content-Type": "application/json"},
            )
            with urllib.request.urlopen(request, timeout=10) as resp:
                sent = json.loads(resp.read())
            message = json.loads(ws.recv(timeout=10))
    assert message["type"] == "event"
    assert message["seq"] == sent["seq"]
    assert message["state"]["counters"][0]["name"] == "Life"
