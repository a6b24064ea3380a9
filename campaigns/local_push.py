"""A table's events handed to the sockets on this process without Redis (issue #32, Scale).

nginx sends a table's commands and its phones' sockets to the same server
process (``docs/decisions/table-routing.md``), so nearly every event published
to Redis came straight back to the process that published it: a round trip
from the command's thread, and on the event loop the read, the unpacking and a
wake-up of every socket's consumer. While no other process listens to a table,
a command hands its messages to the table's sockets here (``hand_out``), on
their event loop; whatever another process must hear still goes through Redis.

Knowing that nobody else listens (``docs/decisions/local-push.md``): a command
published through Redis learns how many processes heard each of the table's
language groups (``Publisher.publish_all``); when that was this process alone,
the table is marked alone for ``ALONE_FOR_S``. A process whose first socket at
a table opens says so on the table's groups (``hello``): every other process
listening there drops its mark at once and publishes again. A hello that is
lost (pub/sub is at-most-once) costs the other process's phones their pushes
until the mark runs out; their heartbeats show the gap meanwhile, as for any
lost push.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
import uuid
from collections import Counter
from collections.abc import Mapping
from typing import Any, Protocol

ALONE_FOR_S = 10.0
"""How long a table stays marked alone without a command published through Redis to check."""
HELLO = "table.hello"
"""The group message a process sends when its first socket at a table opens."""
PROCESS = uuid.uuid4().hex
"""This process, in its hellos: its own are not news to it."""


class Receiver(Protocol):
    def take_local(self, messages: list[dict[str, Any]]) -> None: ...


_lock = threading.Lock()
_sockets: dict[str, dict[Receiver, asyncio.AbstractEventLoop]] = {}  # language group → its sockets here
_tables: Counter[str] = Counter()  # table group → its sockets here
_alone: dict[str, float] = {}  # table group → when this process was last found its only listener
_hellos: Counter[str] = Counter()  # table group → other processes' hellos heard
_sent: dict[str, dict[str, int]] = {}  # table group → language group → last seq sent via Redis
_relayed: dict[str, int] = {}  # language group → last seq its sockets here got via Redis


def joined(table_group: str, group: str, receiver: Receiver) -> bool:
    """A socket here listens to ``group``; True when it is this process's first at the table."""
    loop = asyncio.get_running_loop()
    with _lock:
        _sockets.setdefault(group, {})[receiver] = loop
        _tables[table_group] += 1
        return _tables[table_group] == 1


def left(table_group: str, group: str, receiver: Receiver) -> None:
    with _lock:
        here = _sockets.get(group, {})
        if here.pop(receiver, None) is None:
            return
        if not here:  # nothing more on its way to this group's sockets here
            del _sockets[group]
            _relayed.pop(group, None)
            _sent.get(table_group, {}).pop(group, None)
        _tables[table_group] -= 1
        if _tables[table_group] <= 0:
            del _tables[table_group]
            _alone.pop(table_group, None)
            _sent.pop(table_group, None)


def count(group: str) -> int:
    """How many sockets here listen to ``group``."""
    with _lock:
        return len(_sockets.get(group, {}))


def hello(table_group: str) -> dict[str, Any]:
    return {"type": HELLO, "table": table_group, "from": PROCESS}


def heard_hello(message: Mapping[str, Any]) -> None:
    """Another process listens to the table now: its events go through Redis again."""
    if message.get("from") == PROCESS:
        return
    table_group = str(message.get("table"))
    with _lock:
        _hellos[table_group] += 1
        _alone.pop(table_group, None)


def alone(table_group: str) -> bool:
    """Whether only this process's sockets listen to the table (as far as it knows, lately), and
    what was last published to them through Redis has reached them: a message handed over here
    must not overtake it."""
    with _lock:
        at = _alone.get(table_group)
        if at is None or time.monotonic() - at >= ALONE_FOR_S or _tables[table_group] <= 0:
            return False
        sent = _sent.get(table_group, {})
        return all(_relayed.get(group, -1) >= seq for group, seq in sent.items())


def hellos(table_group: str) -> int:
    """Read before publishing; ``found`` then ignores an answer a hello has overtaken."""
    with _lock:
        return _hellos[table_group]


def found(table_group: str, subscribed: Mapping[str, int], hellos_before: int, seq: int) -> None:
    """What publishing the table's event ``seq`` learnt: the processes subscribed to each of its
    language groups. The table is alone when every group has just this process (with sockets in
    it) or nobody, once ``seq`` has come back to the sockets here (``relayed``)."""
    with _lock:
        mine = all(n == (1 if _sockets.get(group) else 0) for group, n in subscribed.items())
        if mine and _tables[table_group] > 0 and _hellos[table_group] == hellos_before:
            _alone[table_group] = time.monotonic()
            _sent[table_group] = {group: seq for group, n in subscribed.items() if n}
        else:
            _alone.pop(table_group, None)


def relayed(group: str, seq: int) -> None:
    """A socket here got event ``seq`` of ``group`` through Redis (it may come before ``found``)."""
    with _lock:
        if seq > _relayed.get(group, -1):
            _relayed[group] = seq


def hand_out(group: str, messages: list[dict[str, Any]]) -> None:
    """Give ``messages`` to every socket here listening to ``group``, on its event loop; from any
    thread, without waiting."""
    by_loop: dict[asyncio.AbstractEventLoop, list[Receiver]] = {}
    with _lock:
        for receiver, loop in _sockets.get(group, {}).items():
            by_loop.setdefault(loop, []).append(receiver)
    for loop, receivers in by_loop.items():
        with contextlib.suppress(RuntimeError):  # its loop has closed: the sockets went with it
            loop.call_soon_threadsafe(_give, receivers, messages)


def _give(receivers: list[Receiver], messages: list[dict[str, Any]]) -> None:
    for receiver in receivers:
        receiver.take_local(messages)
