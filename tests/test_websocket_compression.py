"""A phone's websocket compresses each board against the last one (issue #15: per-listener costs).

A real server process (``python -m companion.serve``, as ``make run``
starts it) is asked for a websocket the way a browser asks (permessage-deflate
offered). It must answer with the wide window (``companion.websocket_protocol``),
and a board that changed by one number must cost the phone a small fraction of its
length on the wire: with uvicorn's 4 KB window a 7.5 KB counters board
arrived as about 1.5 KB, a fifth of its length, every time.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import httpx
import pytest
import websockets

from companion.websocket_protocol import WINDOW_BITS
from tests.servers import server_env, server_process

pytestmark = pytest.mark.django_db(transaction=True)


async def wire_bytes_per_board(base: str) -> tuple[str, list[tuple[int, int]]]:
    """The negotiated extension and, for five counter taps, (bytes on the wire, text length)."""
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        made = (
            await http.post("/api/v1/tables/", json={"game": "counters", "name": "Wire", "seat_name": "Ann"})
        ).json()
        auth = {"Authorization": f"Seat {made['seat']['token']}"}
        tid = made["id"]
        added = await http.post(
            f"/api/v1/tables/{tid}/commands/",
            json={"command_id": "add", "type": "counter.add", "payload": {"name": "Life", "value": 20}},
            headers=auth,
        )
        counter = added.json()["state"]["counters"][0]["id"]
        url = f"{base.replace('http://', 'ws://')}/ws/tables/{tid}/?token={made['seat']['token']}"
        async with websockets.connect(url, origin=websockets.Origin("http://127.0.0.1")) as ws:
            extension = ws.response.headers.get("Sec-WebSocket-Extensions", "") if ws.response else ""
            received = [0]
            protocol: Any = ws.protocol
            original = protocol.receive_data

            def counted(data: bytes) -> None:
                received[0] += len(data)
                original(data)

            protocol.receive_data = counted
            await ws.recv()  # the snapshot
            sizes = []
            for i in range(5):
                received[0] = 0
                await http.post(
                    f"/api/v1/tables/{tid}/commands/",
                    json={
                        "command_id": f"t{i}",
                        "type": "counter.adjust",
                        "payload": {"counter_id": counter, "by": 1},
                    },
                    headers=auth,
                )
                text = await asyncio.wait_for(ws.recv(), 10)
                message = json.loads(text)
                assert message["type"] == "event" and "board" in message
                assert message["state"]["counters"][0]["value"] == 21 + i
                sizes.append((received[0], len(text)))
        return extension, sizes


def test_a_changed_board_costs_the_phone_a_small_fraction_of_its_length() -> None:
    # No heartbeat between a tap and its board: on a busy machine (a parallel run) the five taps
    # took longer than the default 10 s between heartbeats, and one came where a board was read.
    env = server_env(REDIS_PREFIX=f"wsz-{uuid.uuid4().hex}", TABLE_HEARTBEAT_S="3600")
    with server_process(env) as base:
        extension, sizes = asyncio.run(wire_bytes_per_board(base))
    assert "permessage-deflate" in extension
    assert f"server_max_window_bits={WINDOW_BITS}" in extension
    # The first board after the snapshot may share less with it; from the second on, each
    # board is the last one with a number changed.
    for wire, length in sizes[1:]:
        assert length > 5000, sizes  # a whole board travels in every message
        assert wire < length / 10, sizes
