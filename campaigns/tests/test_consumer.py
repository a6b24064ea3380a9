"""The table websocket: snapshot on connect, live events, clear close codes."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from campaigns import services
from campaigns.consumers import CLOSE_BAD_TOKEN, CLOSE_FORBIDDEN, CLOSE_NO_TABLE
from campaigns.models import Table
from campaigns.seq_watch import SeqWatch
from companion.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)
ORIGIN = (b"origin", b"http://localhost")


def communicator(path: str, *headers: tuple[bytes, bytes]) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, path, headers=[ORIGIN, (b"host", b"localhost"), *headers])


@database_sync_to_async
def open_table() -> tuple[Any, Any, Any]:
    table, host = services.table_create(game="counters", name="Fri", seat_name="Ann")
    _, player = services.seat_join(code=table.join_code, name="Bo")
    return table, host, player


@database_sync_to_async
def command(table_id: int, grant: Any, type_: str, payload: dict[str, Any], cid: str) -> dict[str, Any]:
    result = services.command_execute(
        table_id=table_id, seat=grant.seat, command_id=cid, type=type_, payload=payload
    )
    return result.body


async def test_snapshot_then_every_event_with_state() -> None:
    table, _host, player = await open_table()
    ws = communicator(f"/ws/tables/{table.pk}/?token={player.token}")
    connected, _ = await ws.connect()
    assert connected
    snap = await ws.receive_json_from(timeout=3)
    assert snap["type"] == "snapshot" and snap["seq"] == 2 and snap["state"]["counters"] == []
    body = await command(table.pk, player, "counter.add", {"name": "Life", "value": 20}, "c1")
    message = await ws.receive_json_from(timeout=3)
    assert message["type"] == "event"
    assert message["seq"] == body["seq"] == 3
    assert message["event"]["type"] == "counter.added" and message["event"]["seat"] == player.seat.pk
    assert message["state"]["counters"][0]["value"] == 20
    await ws.send_json_to({"type": "ping"})
    assert (await ws.receive_json_from(timeout=3))["type"] == "pong"
    await ws.disconnect()


async def test_token_from_cookie_works_and_two_phones_both_hear() -> None:
    table, host, player = await open_table()
    a = communicator(f"/ws/tables/{table.pk}/", (b"cookie", f"grim_seat_{table.pk}={host.token}".encode()))
    b = communicator(f"/ws/tables/{table.pk}/?token={player.token}")
    for ws in (a, b):
        assert (await ws.connect())[0]
        await ws.receive_json_from(timeout=3)
    await command(table.pk, host, "counter.add", {"name": "Life"}, "c1")
    got = await asyncio.gather(a.receive_json_from(timeout=3), b.receive_json_from(timeout=3))
    assert {m["seq"] for m in got} == {3}
    await a.disconnect()
    await b.disconnect()


@pytest.mark.parametrize("case", ["bad_token", "other_table", "no_table"])
async def test_bad_credentials_close_with_a_clear_code(case: str) -> None:
    table, _host, _player = await open_table()
    other, other_host, _ = await open_table()
    path, expected = {
        "bad_token": (f"/ws/tables/{table.pk}/?token=nope", CLOSE_BAD_TOKEN),
        "other_table": (f"/ws/tables/{table.pk}/?token={other_host.token}", CLOSE_FORBIDDEN),
        "no_table": (f"/ws/tables/{other.pk + 100}/?token=nope", CLOSE_NO_TABLE),
    }[case]
    ws = communicator(path)
    connected, _ = await ws.connect()
    assert connected  # accepted, so the close code reaches the client
    out = await ws.receive_output(timeout=3)
    assert out == {"type": "websocket.close", "code": expected}


async def test_removed_seat_is_disconnected() -> None:
    table, host, player = await open_table()
    ws = communicator(f"/ws/tables/{table.pk}/?token={player.token}")
    await ws.connect()
    await ws.receive_json_from(timeout=3)
    await command(table.pk, host, "seat.remove", {"seat_id": player.seat.pk}, "rm")
    message = await ws.receive_json_from(timeout=3)
    assert message["event"]["type"] == "seat.removed"
    assert await ws.receive_output(timeout=3) == {"type": "websocket.close", "code": CLOSE_FORBIDDEN}


async def closed_with(ws: WebsocketCommunicator) -> int:
    connected, _ = await ws.connect()
    assert connected  # accepted, so the client hears why it is closed
    message = await ws.receive_output(timeout=3)
    assert message["type"] == "websocket.close", message
    return int(message["code"])


async def test_foreign_origin_is_rejected_even_with_a_token() -> None:
    table, host, _ = await open_table()
    ws = WebsocketCommunicator(
        application,
        f"/ws/tables/{table.pk}/?token={host.token}",
        headers=[(b"origin", b"http://evil.example")],
    )
    assert await closed_with(ws) == CLOSE_FORBIDDEN


async def test_a_native_client_without_origin_connects_with_an_explicit_token() -> None:
    table, host, player = await open_table()
    by_query = WebsocketCommunicator(application, f"/ws/tables/{table.pk}/?token={player.token}")
    assert (await by_query.connect())[0]
    assert (await by_query.receive_json_from(timeout=3))["type"] == "snapshot"
    await by_query.disconnect()
    by_header = WebsocketCommunicator(
        application, f"/ws/tables/{table.pk}/", headers=[(b"authorization", f"Seat {host.token}".encode())]
    )
    assert (await by_header.connect())[0]
    assert (await by_header.receive_json_from(timeout=3))["type"] == "snapshot"
    await by_header.disconnect()


async def test_a_cookie_needs_one_of_our_origins() -> None:
    table, host, _ = await open_table()
    cookie = (b"cookie", f"grim_seat_{table.pk}={host.token}".encode())
    no_origin = WebsocketCommunicator(application, f"/ws/tables/{table.pk}/", headers=[cookie])
    assert await closed_with(no_origin) == CLOSE_FORBIDDEN  # a cookie from no page at all
    ours = communicator(f"/ws/tables/{table.pk}/", cookie)
    assert (await ours.connect())[0]
    assert (await ours.receive_json_from(timeout=3))["type"] == "snapshot"
    await ours.disconnect()


async def test_the_token_may_come_in_the_first_message(settings: Any) -> None:
    table, _host, player = await open_table()
    ws = WebsocketCommunicator(application, f"/ws/tables/{table.pk}/")
    assert (await ws.connect())[0]
    await ws.send_json_to({"type": "auth", "token": player.token})
    assert (await ws.receive_json_from(timeout=3))["type"] == "snapshot"
    await ws.disconnect()
    wrong = WebsocketCommunicator(application, f"/ws/tables/{table.pk}/")
    assert (await wrong.connect())[0]
    await wrong.send_json_to({"type": "auth", "token": "not-a-token"})
    assert await wrong.receive_output(timeout=3) == {"type": "websocket.close", "code": CLOSE_BAD_TOKEN}


async def test_a_socket_that_never_says_who_it_is_is_closed(monkeypatch: Any) -> None:
    from campaigns import consumers

    monkeypatch.setattr(consumers, "AUTH_WAIT_S", 0.2)
    table, _host, _player = await open_table()
    silent = WebsocketCommunicator(application, f"/ws/tables/{table.pk}/")
    assert (await silent.connect())[0]
    assert await silent.receive_output(timeout=3) == {"type": "websocket.close", "code": CLOSE_BAD_TOKEN}


async def test_behind_https_only_https_origins_are_ours(settings: Any) -> None:
    settings.SECURE_SSL_REDIRECT = True
    table, host, _ = await open_table()
    cookie = (b"cookie", f"grim_seat_{table.pk}={host.token}".encode())
    plain = WebsocketCommunicator(
        application, f"/ws/tables/{table.pk}/", headers=[(b"origin", b"http://localhost"), cookie]
    )
    assert await closed_with(plain) == CLOSE_FORBIDDEN
    secure = WebsocketCommunicator(
        application, f"/ws/tables/{table.pk}/", headers=[(b"origin", b"https://localhost"), cookie]
    )
    assert (await secure.connect())[0]
    assert (await secure.receive_json_from(timeout=3))["type"] == "snapshot"
    await secure.disconnect()


@database_sync_to_async
def remove_and_lose_the_push(table_id: int, host: Any, seat_id: int) -> None:
    """The host removes a seat, and the ``seat.removed`` broadcast never arrives."""
    from django.db import transaction

    with transaction.atomic():
        command_sync = services.command_execute
        command_sync(
            table_id=table_id,
            seat=host.seat,
            command_id="rm",
            type="seat.remove",
            payload={"seat_id": seat_id},
        )
        transaction.get_connection().run_on_commit.clear()  # the push is lost


async def test_removed_seat_hears_nothing_more_even_when_its_removal_push_was_lost() -> None:
    table, host, player = await open_table()
    ws = communicator(f"/ws/tables/{table.pk}/?token={player.token}")
    await ws.connect()
    await ws.receive_json_from(timeout=3)
    await remove_and_lose_the_push(table.pk, host, player.seat.pk)
    await command(table.pk, host, "counter.add", {"name": "Secret"}, "after")
    assert await ws.receive_output(timeout=3) == {"type": "websocket.close", "code": CLOSE_FORBIDDEN}


@database_sync_to_async
def add_and_lose_the_push(table_id: int, seat: Any) -> int:
    """A command commits, and its broadcast never arrives."""
    from django.db import transaction

    with transaction.atomic():
        body = services.command_execute(
            table_id=table_id, seat=seat, command_id="lost", type="counter.add", payload={"name": "Gold"}
        ).body
        transaction.get_connection().run_on_commit.clear()
    return int(body["seq"])


async def test_the_heartbeat_carries_the_current_seq_so_a_lost_push_shows(settings: Any) -> None:
    settings.TABLE_HEARTBEAT_S = 0.2
    table, host, player = await open_table()
    ws = communicator(f"/ws/tables/{table.pk}/?token={player.token}")
    await ws.connect()
    snap = await ws.receive_json_from(timeout=3)
    seq = await add_and_lose_the_push(table.pk, host.seat)
    assert seq == snap["seq"] + 1
    for _ in range(10):  # skip beats that left before the commit
        beat = await ws.receive_json_from(timeout=3)
        if beat["seq"] >= seq:
            break
    assert beat == {"type": "heartbeat", "seq": seq, "every_s": settings.TABLE_HEARTBEAT_S}
    await ws.disconnect()


async def test_a_socket_sent_events_gets_a_heartbeat_only_once_quiet_for_an_interval(settings: Any) -> None:
    """Events carry their seq: beats between them would only add sends. A push lost after the
    last event still shows within one interval of it, by the beat that follows the quiet."""
    settings.TABLE_HEARTBEAT_S = interval = 0.4
    table, host, player = await open_table()
    ws = communicator(f"/ws/tables/{table.pk}/?token={player.token}")
    await ws.connect()
    await ws.receive_json_from(timeout=3)  # the snapshot
    assert (await ws.receive_json_from(timeout=3))["type"] == "heartbeat"  # the first, at once
    added = await command(table.pk, host, "counter.add", {"name": "Life"}, "add")
    counter_id = added["state"]["counters"][0]["id"]
    assert (await ws.receive_json_from(timeout=3))["type"] == "event"
    started = time.monotonic()
    n = 0
    while time.monotonic() - started < 4 * interval:  # an event every quarter interval
        n += 1
        await command(
            table.pk, host, "counter.rename", {"counter_id": counter_id, "name": f"Life {n}"}, f"r{n}"
        )
        message = await ws.receive_json_from(timeout=3)
        assert message["type"] == "event", message
        await asyncio.sleep(interval / 4)
    last_event = time.monotonic()
    seq = await add_and_lose_the_push(table.pk, host.seat)
    beat = await ws.receive_json_from(timeout=3)
    assert beat == {"type": "heartbeat", "seq": seq, "every_s": interval}
    quiet = time.monotonic() - last_event
    assert 0.5 * interval < quiet < 3 * interval, quiet
    await ws.disconnect()


async def test_phones_that_connect_together_do_not_beat_together(settings: Any) -> None:
    """Each socket's first heartbeat comes at its own random moment of the first interval, so
    phones that connect at once (after a restart) spread their beats instead of bursting."""
    settings.TABLE_HEARTBEAT_S = 1.0
    table, _host, player = await open_table()
    offsets = []
    sockets = []
    for _ in range(6):
        ws = communicator(f"/ws/tables/{table.pk}/?token={player.token}")
        await ws.connect()
        await ws.receive_json_from(timeout=3)  # the snapshot
        sockets.append((ws, time.monotonic()))

    async def first_beat(ws: WebsocketCommunicator, opened: float) -> None:
        beat = await ws.receive_json_from(timeout=3)
        assert beat["type"] == "heartbeat"
        offsets.append(time.monotonic() - opened)

    await asyncio.gather(*(first_beat(ws, opened) for ws, opened in sockets))
    for ws, _ in sockets:
        await ws.disconnect()
    # Every first beat within the interval (a phone notices a lost push as soon as before);
    # with beats a full interval after each connect, as before, none came early.
    assert max(offsets) < settings.TABLE_HEARTBEAT_S + 0.5, offsets
    assert min(offsets) < 0.8 * settings.TABLE_HEARTBEAT_S, offsets
    assert max(offsets) - min(offsets) > 0.1, offsets


@database_sync_to_async
def set_seq(table_id: int, seq: int) -> None:
    Table.objects.filter(pk=table_id).update(seq=seq)


async def test_one_read_gives_every_open_table_its_heartbeat_seq() -> None:
    """The heartbeats of a process's tables share one database read per interval, not one each."""
    watch = SeqWatch()
    (a, _, _), (b, _, _) = await open_table(), await open_table()
    watch.opened(a.pk)
    watch.opened(b.pk)
    assert await watch.current(a.pk, 60) == 2
    await set_seq(b.pk, 7)  # not seen until the shared read is older than max_age
    assert await watch.current(b.pk, 60) == 2
    assert await watch.current(b.pk, 0) == 7
    watch.closed(b.pk)
    assert b.pk not in watch.seqs and watch.open == {a.pk: 1}


async def test_heartbeats_ending_meanwhile_do_not_cancel_the_shared_read() -> None:
    watch = SeqWatch()
    table, _, _ = await open_table()
    watch.opened(table.pk)
    first = asyncio.ensure_future(watch.current(table.pk, 60))
    second = asyncio.ensure_future(watch.current(table.pk, 60))
    await asyncio.sleep(0)
    first.cancel()
    assert await second == 2
