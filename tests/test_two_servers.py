"""Two server processes behind one table: a command sent to one reaches a
websocket held by the other, through the Redis channel layer."""

from __future__ import annotations

import json
import os
import time
import urllib.request

import pytest
from redis import Redis
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from campaigns import services
from tests.servers import redis_server, server_env, server_process

ORIGIN = Origin("http://127.0.0.1")

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


def _post(base: str, table_id: int, token: str, command_id: str) -> int:
    body = json.dumps({"command_id": command_id, "type": "counter.add", "payload": {"name": command_id}})
    request = urllib.request.Request(
        f"{base}/api/v1/tables/{table_id}/commands/",
        data=body.encode(),
        headers={"Authorization": f"Seat {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as resp:
        return int(json.loads(resp.read())["seq"])


def _next_event(ws: ClientConnection) -> int:
    """The seq of the socket's next event (past its snapshot and heartbeats)."""
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "event":
            return int(message["seq"])


def _heard_by(ws: ClientConnection, base: str, table_id: int, token: str, command_id: str) -> int:
    seq = _post(base, table_id, token, command_id)
    assert _next_event(ws) == seq
    return seq


def test_a_table_heard_on_one_process_only_skips_redis_until_another_listens() -> None:
    """Issue #32: while only the process that runs a table's commands holds its sockets, their
    events are handed over in that process, not published to Redis and read back
    (``campaigns.local_push``); a socket opening on another process is heard at once."""
    table, host = services.table_create(game="counters", name="Two", seat_name="Ann")
    _, guest = services.seat_join(code=table.join_code, name="Bo")
    with redis_server() as (_process, port):
        redis = Redis(port=port)

        def publishes() -> int:
            return int(redis.info("commandstats").get("cmdstat_publish", {}).get("calls", 0))

        env = server_env(REDIS_URL=f"redis://127.0.0.1:{port}/0")
        with server_process(env) as a, server_process(env) as b:
            ws = f"/ws/tables/{table.pk}/?token="
            with connect(a.replace("http", "ws") + ws + host.token, origin=ORIGIN) as on_a:
                for n in range(2):  # the first asks who listens, the second learns it is alone
                    _heard_by(on_a, a, table.pk, host.token, f"a{n}")
                before = publishes()
                for n in range(3):
                    _heard_by(on_a, a, table.pk, host.token, f"b{n}")
                assert publishes() == before  # handed to the socket on A, not through Redis
                with connect(b.replace("http", "ws") + ws + guest.token, origin=ORIGIN) as on_b:
                    assert json.loads(on_b.recv(timeout=10))["type"] == "snapshot"
                    time.sleep(0.5)  # B's hello crosses Redis to A
                    before = publishes()
                    seq = _heard_by(on_a, a, table.pk, host.token, "c0")
                    assert _next_event(on_b) == seq and publishes() > before
                time.sleep(0.5)  # B has left the table's group
                _heard_by(on_a, a, table.pk, host.token, "d0")  # through Redis: nobody on B now
                before = publishes()
                _heard_by(on_a, a, table.pk, host.token, "d1")
                assert publishes() == before
