"""When a table counts as heard on this process only (issue #32, ``campaigns.local_push``).

Two real server processes on a private Redis: ``tests/test_two_servers.py``. Here, what decides,
with sockets stood in for by receivers that keep what they are given.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from campaigns import local_push
from campaigns.consumers import TableConsumer


class Phone:
    def __init__(self) -> None:
        self.got: list[dict[str, Any]] = []

    def take_local(self, messages: list[dict[str, Any]]) -> None:
        self.got.extend(messages)


@pytest.fixture
async def phone() -> Any:
    """One socket here listening to a table in English; gone after the test."""
    p = Phone()
    local_push.joined("table-lp", "table-lp.en-gb", p)
    yield p
    local_push.left("table-lp", "table-lp.en-gb", p)


COUNTS_ALONE = {"table-lp.en-gb": 1, "table-lp.de": 0}


def found_alone(seq: int = 7) -> None:
    """A command's event ``seq`` published through Redis, heard by this process alone, and back."""
    local_push.found("table-lp", COUNTS_ALONE, local_push.hellos("table-lp"), seq)
    local_push.relayed("table-lp.en-gb", seq)


async def test_alone_once_every_group_is_heard_by_this_process_only(phone: Phone) -> None:
    assert not local_push.alone("table-lp")  # nobody has counted yet
    local_push.found("table-lp", {"table-lp.en-gb": 2, "table-lp.de": 0}, local_push.hellos("table-lp"), 5)
    assert not local_push.alone("table-lp")  # another process listens in English too
    local_push.found("table-lp", {"table-lp.en-gb": 1, "table-lp.de": 1}, local_push.hellos("table-lp"), 6)
    assert not local_push.alone("table-lp")  # and one in German, where nobody here listens
    local_push.found("table-lp", COUNTS_ALONE, local_push.hellos("table-lp"), 7)
    assert not local_push.alone("table-lp")  # event 7 is still on its way through Redis
    local_push.relayed("table-lp.en-gb", 6)
    assert not local_push.alone("table-lp")
    local_push.relayed("table-lp.en-gb", 7)
    assert local_push.alone("table-lp")
    local_push.hand_out("table-lp.en-gb", [{"n": 1}])
    await asyncio.sleep(0)  # handed over on the socket's own loop
    assert phone.got == [{"n": 1}]


async def test_a_hello_from_another_process_ends_it_and_overtakes_a_count_in_flight(phone: Phone) -> None:
    found_alone()
    local_push.heard_hello(local_push.hello("table-lp"))  # this process's own: not news
    assert local_push.alone("table-lp")
    local_push.heard_hello({**local_push.hello("table-lp"), "from": "another"})
    assert not local_push.alone("table-lp")
    # A count read before a hello arrived does not make the table alone after it.
    before = local_push.hellos("table-lp")
    local_push.heard_hello({**local_push.hello("table-lp"), "from": "another"})
    local_push.found("table-lp", COUNTS_ALONE, before, 8)
    local_push.relayed("table-lp.en-gb", 8)
    assert not local_push.alone("table-lp")


async def test_it_lapses_unless_counted_again(phone: Phone, monkeypatch: pytest.MonkeyPatch) -> None:
    found_alone()
    monkeypatch.setattr(local_push, "ALONE_FOR_S", 0.0)
    assert not local_push.alone("table-lp")


async def test_a_table_with_no_socket_here_is_not_alone() -> None:
    local_push.found(
        "table-lp2", {"table-lp2.en-gb": 0, "table-lp2.de": 0}, local_push.hellos("table-lp2"), 1
    )
    assert not local_push.alone("table-lp2")


async def test_a_socket_relays_what_is_handed_over_only_after_its_snapshot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The layer's messages wait until ``connect`` has returned; one handed over here must wait
    for the snapshot as well, or a phone could get an event before the state it follows."""
    consumer = TableConsumer()
    relayed: list[dict[str, Any]] = []

    async def table_message(message: dict[str, Any]) -> None:
        relayed.append(message)

    monkeypatch.setattr(consumer, "table_message", table_message)
    consumer.take_local([{"seq": 4}])
    await asyncio.sleep(0.01)
    assert relayed == []  # connecting: the snapshot has not gone yet
    monkeypatch.setattr(consumer, "_snapshot_sent", True)
    consumer.take_local([{"seq": 5}])
    await asyncio.sleep(0.01)
    assert relayed == [{"seq": 4}, {"seq": 5}]
