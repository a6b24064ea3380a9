"""A table socket nobody can break or stall (issue #32, item 7): bounded frames, coded closes.

A real server process (``python -m companion.serve``, as ``make run``
starts it) is sent what no phone sends: a 10 MB frame before saying who it
is, text that is not JSON, JSON nested 5,000 deep, values of the wrong type,
a message type nobody knows. Each socket is closed with its documented code
(``campaigns.consumers``: 1009 too big, 4400 bad message) and never answered,
and the server goes on serving the table.
"""

from __future__ import annotations

import json
import os
import struct
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from campaigns import services
from campaigns.consumers import CLOSE_BAD_MESSAGE, CLOSE_TOO_BIG, MAX_MESSAGE_BEFORE_AUTH
from tests.servers import server_env, server_process

pytestmark = pytest.mark.django_db(transaction=True)

DEEP = "[" * 5000 + "]" * 5000


@pytest.fixture(scope="module")
def server(django_db_setup: Any) -> Iterator[str]:
    """One server process for the module: every test checks it still serves after its attack."""
    with server_process(server_env(REDIS_PREFIX=f"bounds-{uuid.uuid4().hex}")) as base:
        yield base


@pytest.fixture
def served(server: str) -> tuple[str, int, str]:
    """The socket's address of a new table on the server, and the host's seat token."""
    table, host = services.table_create(game="counters", name="Bounds", seat_name="Ann")
    return server.replace("http://", "ws://") + f"/ws/tables/{table.pk}/", table.pk, host.token


def opened(url: str, **kwargs: Any) -> ClientConnection:
    # No compression: the frames travel as large as they are.
    ws: ClientConnection = connect(url, open_timeout=10, compression=None, max_size=None, **kwargs)
    return ws


def close_code(ws: ClientConnection) -> int:
    """The code the server closed with, after checking it sent nothing before closing."""
    try:
        message = ws.recv(timeout=10)
    except ConnectionClosed as closed:
        assert closed.rcvd is not None, "closed with no close frame"
        return closed.rcvd.code
    raise AssertionError(f"answered instead of closed: {str(message)[:200]}")


@contextmanager
def authed(url: str, token: str) -> Iterator[ClientConnection]:
    """A socket that said who it is, its snapshot read."""
    with opened(url) as ws:
        ws.send(json.dumps({"type": "auth", "token": token}))
        assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"
        yield ws


def not_a_beat(ws: ClientConnection) -> dict[str, Any]:
    """The next message that is not a heartbeat (the first beat comes at any moment)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if message["type"] != "heartbeat":
            return message


def still_serving(url: str, token: str) -> None:
    with authed(url, token) as ws:
        ws.send(json.dumps({"type": "ping"}))
        assert not_a_beat(ws) == {"type": "pong"}
    hello = url.split("/ws/")[0].replace("ws://", "http://") + "/api/v1/hello/"
    with urllib.request.urlopen(hello, timeout=10) as response:
        assert response.status == 200


def test_a_10_mb_frame_before_auth_is_closed_unanswered(served: tuple[str, int, str]) -> None:
    url, _table_id, token = served
    with opened(url) as ws:
        with suppress(ConnectionClosed):  # the server may close while the frame is still going
            ws.send("x" * 10_000_000)
        assert close_code(ws) == CLOSE_TOO_BIG
    still_serving(url, token)


def test_a_frame_announcing_10_mb_is_refused_at_its_header(served: tuple[str, int, str]) -> None:
    """The server's own limit: the frame's header says 10 MB and the socket is closed then,
    before the rest comes (a server reading the whole frame first would wait for it here)."""
    url, _table_id, token = served
    with opened(url) as ws:
        mask = os.urandom(4)
        header = bytes([0x81, 0x80 | 127]) + struct.pack("!Q", 10_000_000) + mask
        ws.socket.sendall(header + bytes(b ^ mask[i % 4] for i, b in enumerate(b"x" * 1000)))
        assert close_code(ws) == CLOSE_TOO_BIG
    still_serving(url, token)


def test_a_frame_past_the_small_limit_before_auth_is_closed(served: tuple[str, int, str]) -> None:
    url, _table_id, token = served
    with opened(url) as ws:
        ws.send(json.dumps({"type": "auth", "token": token, "pad": "x" * MAX_MESSAGE_BEFORE_AUTH}))
        assert close_code(ws) == CLOSE_TOO_BIG
    still_serving(url, token)


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "\x00",
        "[" * 1500 + "]" * 1500,  # too deep, within the small limit before auth
        "[]",
        "42",
        '{"type": 5}',
        '{"type": "auth", "token": 5}',
        '{"type": "hello"}',
        "{}",
    ],
    ids=["invalid", "nul", "deep", "list", "number", "type_not_text", "token_not_text", "unknown", "no_type"],
)
def test_a_bad_message_before_auth_is_closed_4400(served: tuple[str, int, str], text: str) -> None:
    url, _table_id, token = served
    with opened(url) as ws:
        ws.send(text)
        assert close_code(ws) == CLOSE_BAD_MESSAGE
    still_serving(url, token)


@pytest.mark.parametrize(
    "text", ["{not json", DEEP, '{"type": "hello"}', '["ping"]'], ids=["invalid", "deep", "unknown", "list"]
)
def test_a_bad_message_after_auth_is_closed_4400(served: tuple[str, int, str], text: str) -> None:
    url, _table_id, token = served
    with authed(url, token) as ws, pytest.raises(ConnectionClosed) as closed:
        ws.send(text)
        not_a_beat(ws)  # the first heartbeat may be on its way; nothing else is
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_BAD_MESSAGE
    still_serving(url, token)


def test_a_binary_frame_is_a_bad_message(served: tuple[str, int, str]) -> None:
    url, _table_id, token = served
    with opened(url) as ws:
        ws.send(b'{"type": "ping"}')
        assert close_code(ws) == CLOSE_BAD_MESSAGE
    still_serving(url, token)
