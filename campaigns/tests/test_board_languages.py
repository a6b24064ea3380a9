"""A mixed table: each phone's socket gets the board and log lines in its own language (issue #34).

"A table's board is rendered once per command for each language seated at
that table (not once per phone), and each socket gets its own language's
board."
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.utils import translation

from campaigns import listeners, logtext
from campaigns.boards import board_html
from campaigns.models import Event, Table
from campaigns.services import events as announcing
from campaigns.tests.test_consumer import command, communicator, open_table

pytestmark = pytest.mark.django_db(transaction=True)


async def phones(table: Table, grants: list[Any], languages: list[str]) -> list[Any]:
    """One socket per language, each with a seat's token (a seat may have several phones)."""
    opened = []
    for i, language in enumerate(languages):
        grant = grants[i % len(grants)]
        ws = communicator(f"/ws/tables/{table.pk}/?token={grant.token}&lang={language}")
        assert (await ws.connect())[0]
        assert (await ws.receive_json_from(timeout=3))["type"] == "snapshot"
        opened.append(ws)
    return opened


async def next_event(ws: Any) -> dict[str, Any]:
    """The socket's next event: a heartbeat may come first (the first beats at a random moment
    of its interval, 10 s here), and a phone reads past it too."""
    while True:
        message: dict[str, Any] = await ws.receive_json_from(timeout=3)
        if message["type"] != "heartbeat":
            return message


def counted_boards(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The language of every board the command path renders, in order (what this process
    remembers of earlier tables' listeners forgotten)."""
    renders: list[str] = []
    monkeypatch.setattr(listeners, "_heard", {})

    def board(*args: Any, **kwargs: Any) -> str | None:
        renders.append(translation.get_language())
        return board_html(*args, **kwargs)

    monkeypatch.setattr(announcing, "board_html", board)
    return renders


def _worded_in(table_id: int, seq: int, language: str) -> tuple[str, str | None]:
    table = Table.objects.get(pk=table_id)
    with translation.override(language):
        line = logtext.events_json(table, Event.objects.filter(table=table, seq=seq))[0]["text"]
        return str(line), board_html(table)


async def worded_in(table_id: int, seq: int, language: str) -> tuple[str, str | None]:
    """The event's line and the board as a phone in ``language`` must get them."""
    line, board = await database_sync_to_async(_worded_in)(table_id, seq, language)
    return str(line), board


async def test_three_german_and_three_english_phones_two_renders(monkeypatch: pytest.MonkeyPatch) -> None:
    table, host, player = await open_table()
    renders = counted_boards(monkeypatch)
    sockets = await phones(table, [host, player], ["de", "en-gb", "de", "en-gb", "de", "en-gb"])
    body = await command(table.pk, host, "counter.add", {"name": "Life", "value": 20}, "c1")
    got = await asyncio.gather(*(next_event(ws) for ws in sockets))
    assert sorted(renders) == ["de", "en-gb"]
    for ws, message, language in zip(sockets, got, ["de", "en-gb"] * 3, strict=True):
        text, board = await worded_in(table.pk, body["seq"], language)
        assert message["lang"] == language and message["seq"] == body["seq"]
        assert message["event"]["text"] == text and message["board"] == board
        await ws.disconnect()


async def test_a_table_all_in_english_renders_once(monkeypatch: pytest.MonkeyPatch) -> None:
    table, host, player = await open_table()
    renders = counted_boards(monkeypatch)
    sockets = await phones(table, [host, player], ["en-gb"] * 6)
    await command(table.pk, host, "counter.add", {"name": "Life", "value": 20}, "c1")
    got = await asyncio.gather(*(next_event(ws) for ws in sockets))
    assert renders == ["en-gb"] and {m["lang"] for m in got} == {"en-gb"}
    for ws in sockets:
        await ws.disconnect()


async def test_a_phone_that_starts_listening_in_german_gets_the_next_board_in_german(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A language that starts or stops listening is noticed at the next command, which nobody
    misses. On Redis the first command asks who listens; once this process is found the table's
    only listener, it counts its own sockets as the in-memory layer does
    (``campaigns.local_push``; another process listening: ``tests/test_two_servers.py``)."""
    table, host, player = await open_table()
    renders = counted_boards(monkeypatch)
    [english] = await phones(table, [host], ["en-gb"])
    await command(table.pk, host, "counter.add", {"name": "Life", "value": 20}, "c1")
    await next_event(english)
    [german] = await phones(table, [player], ["de"])
    body = await command(table.pk, host, "counter.add", {"name": "Gold", "value": 3}, "c2")
    got = await asyncio.gather(next_event(english), next_event(german))
    assert [m["lang"] for m in got] == ["en-gb", "de"] and {m["seq"] for m in got} == {body["seq"]}
    await english.disconnect()
    await asyncio.sleep(0.2)  # the layer has dropped the English phone's subscription
    await command(table.pk, host, "counter.add", {"name": "Iron", "value": 1}, "c3")
    assert (await next_event(german))["lang"] == "de"
    await command(table.pk, host, "counter.add", {"name": "Wood", "value": 1}, "c4")
    assert (await next_event(german))["lang"] == "de"
    assert renders == ["en-gb", "en-gb", "de", "de", "de"]
    await german.disconnect()


async def test_nobody_listening_renders_no_board(monkeypatch: pytest.MonkeyPatch) -> None:
    table, host, _player = await open_table()
    renders = counted_boards(monkeypatch)
    await command(table.pk, host, "counter.add", {"name": "Life", "value": 20}, "c1")
    assert renders == []


def headers(**named: str) -> dict[bytes, bytes]:
    return {name.replace("_", "-").encode(): value.encode() for name, value in named.items()}


def test_a_socket_s_language_the_page_s_then_the_switch_s_then_the_phone_s() -> None:
    german_phone = headers(accept_language="de-DE,de;q=0.9,en;q=0.5")
    assert listeners.socket_language({"lang": ["en-gb"]}, german_phone) == "en-gb"
    assert listeners.socket_language({}, german_phone) == "de"
    switched = headers(cookie="a=b; django_language=de", accept_language="en")
    assert listeners.socket_language({}, switched) == "de"
    assert listeners.socket_language({"lang": ["xx"]}, headers(accept_language="fr, en-US;q=0.8")) == "en-gb"
    assert listeners.socket_language({}, {}) == "en-gb"
