"""The table's websocket: a snapshot on connect, then every event, live.

Delivery through Channels is at-most-once, so the client tracks ``seq`` and
fills any gap from ``GET .../events/?after=N``; correctness never depends on
the socket. Close codes a client can act on:

- 1009: a message too big: more than ``MAX_MESSAGE_BEFORE_AUTH`` (4 KB)
  before the socket has a seat, more than ``MAX_MESSAGE`` (16 KB) after
  (the server's own frame limit, ``companion.serve``, is ``MAX_MESSAGE``)
- 4400: a bad message: a binary frame, not JSON, nested, not an object of
  text values, or a ``type`` other than ``auth`` and ``ping``
- 4401: no valid seat token (join the table again)
- 4403: the seat belongs to another table, or was removed, or the origin
  policy refuses the connection (``campaigns.credentials``)
- 4404: no such table
- 4503: live updates are down for a moment (the channel layer's Redis does
  not answer): poll the log and connect again later (``static/js/sync.js``
  does both for any code it does not know); commands still work

A phone sends only ``{"type": "auth", "token": ...}`` (the first message, when
the token is not in the handshake) and ``{"type": "ping"}``; anything else
closes the socket unanswered, so nobody can make a socket hold or parse
more than a few kilobytes before it has a seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import deque
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from campaigns import credentials, listeners, local_push
from campaigns.hotpath.publish import publisher_for
from campaigns.models import Seat, Table
from campaigns.outage import REDIS_DOWN, redis_outage
from campaigns.selectors import seat_for_token
from campaigns.seq_watch import seq_watch

CLOSE_BAD_TOKEN = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NO_TABLE = 4404
CLOSE_BAD_MESSAGE = 4400
CLOSE_LAYER_DOWN = 4503
CLOSE_TOO_BIG = 1009
MAX_MESSAGE_BEFORE_AUTH = 4 * 1024
"""Bytes a message may have while the socket has no seat: an auth message is about 70."""
MAX_MESSAGE = 16 * 1024
"""Bytes a message may have on a seated socket, and the server's frame limit (``companion.serve``)."""
MESSAGE_TYPES = frozenset({"auth", "ping"})
AUTH_WAIT_S = 5.0
"""How long a socket without a token in its handshake has to send ``{"type": "auth", "token"}``."""


def read_message(text: str) -> dict[str, str] | None:
    """The message a phone sent, or None when it is not one: an object of text values with a known
    ``type`` (an auth message with its token). Nested JSON is refused by the parser's depth limit."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or message.get("type") not in MESSAGE_TYPES:
        return None
    if not all(isinstance(value, str) and _encodes(value) for value in message.values()):
        return None
    if message["type"] == "auth" and "token" not in message:
        return None
    return message


def _encodes(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, from a JSON escape
        return False
    return True


@database_sync_to_async
def _authorise(token: str, table_id: int) -> tuple[int, Seat | None]:
    """The seat this token opens at this table, or the close code to send."""
    seat = seat_for_token(token)
    if seat is None:
        exists = Table.objects.filter(pk=table_id).exists()
        return (CLOSE_BAD_TOKEN if exists else CLOSE_NO_TABLE), None
    if seat.table_id != table_id:
        return CLOSE_FORBIDDEN, None
    return 0, seat


@database_sync_to_async
def _snapshot(table_id: int) -> dict[str, Any]:
    table = Table.objects.only("seq", "state", "status").get(pk=table_id)
    return {"type": "snapshot", "seq": table.seq, "state": table.state, "status": table.status}


class TableConsumer(AsyncJsonWebsocketConsumer):
    """One phone's live connection to one table.

    Besides the events it sends a heartbeat every ``TABLE_HEARTBEAT_S``
    seconds (the first at a random moment of the first interval) carrying the
    table's current ``seq``: a phone whose push was lost
    sees the difference within one heartbeat and catches up from the log,
    instead of showing a stale number as live until the next event.
    After the first, a beat is sent only when the socket has sent nothing for
    a whole interval: an event carries its seq too, so a push lost after it
    still shows within one interval of it, and a table in play does not pay
    for beats on top of its events (at a table tapping once a second, one
    more send for every ten events, and the reads of the seqs behind them:
    bench_capacity).
    """

    seat_id: int | None = None
    group: str = ""
    table_id: int = 0
    _beat: asyncio.Task[None] | None = None
    _last_sent: float = 0.0  # time.monotonic() of the last event sent

    _waiting: asyncio.Task[None] | None = None
    _relaying: asyncio.Task[None] | None = None  # relays what was handed over here (take_local)
    _done = False  # closed (by us or the phone): nothing more is read or sent
    _snapshot_sent = False
    _accepted = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._handed: deque[dict[str, Any]] = deque()  # messages handed over here, not yet relayed

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Channels' entry, with a channel layer that does not answer turned into close 4503.

        Channels makes the socket's channel on the layer before anything else: with Redis
        down that raised, and the server answered the handshake with a 500.
        """
        if not redis_outage.skipping():
            try:
                await super().__call__(scope, receive, send)
                return
            except REDIS_DOWN as exc:
                redis_outage.failed("table socket", exc)
        if not self._accepted:
            if (await receive())["type"] != "websocket.connect":
                return
            await send({"type": "websocket.accept"})  # first, so the phone hears the code
        await send({"type": "websocket.close", "code": CLOSE_LAYER_DOWN})

    async def connect(self) -> None:
        table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.table_id = table_id
        credential = credentials.from_scope(self.scope, table_id)
        origin = credentials.origin_of(self.scope)
        # Accept first so the client receives our close code, not a bare 403.
        await self.accept()
        self._accepted = True
        if origin == "foreign":
            await self.close(code=CLOSE_FORBIDDEN)
            return
        if credential.source == "none":
            # The token comes in the first message (kept out of the URL and the logs).
            self._waiting = asyncio.create_task(self._auth_deadline())
            return
        await self._open(credential, origin)

    async def _auth_deadline(self) -> None:
        await asyncio.sleep(AUTH_WAIT_S)
        if self.seat_id is None:
            await self.close(code=CLOSE_BAD_TOKEN)

    async def _open(self, credential: credentials.Credential, origin: credentials.Origin) -> None:
        table_id = self.table_id
        if not credentials.may_connect(credential, origin):
            # A cookie from no page at all: not a browser page of ours.
            await self.close(code=CLOSE_FORBIDDEN)
            return
        code, seat = await _authorise(credential.token, table_id)
        if seat is None:
            await self.close(code=code)
            return
        self.seat_id = seat.pk
        # Its phone's language's group: a command words its lines and board once per language read.
        self.group = listeners.group_of(self.table_group, self._language())
        seq_watch.opened(table_id)  # before any await: disconnect() undoes all three together
        first_here = local_push.joined(self.table_group, self.group, self)
        try:
            await self.channel_layer.group_add(self.group, self.channel_name)
            if first_here and publisher_for(self.channel_layer, 2.0) is not None:
                await self._say_hello()
        except REDIS_DOWN as exc:
            redis_outage.failed("table socket", exc)
            await self.close(code=CLOSE_LAYER_DOWN)
            return
        # The snapshot is read after joining the group, so no event can fall
        # between the two; a duplicate is harmless (the client skips old seqs).
        await self.send_json(await _snapshot(table_id))
        self._beat = asyncio.create_task(self._heartbeat())
        self._snapshot_sent = True
        self._relay_soon()

    @property
    def table_group(self) -> str:
        return f"table-{self.table_id}"

    async def _say_hello(self) -> None:
        """Tell the other processes listening to this table that this one listens too: until
        now they handed its events to their own sockets only (``campaigns.local_push``)."""
        for code in listeners.offered():
            group = listeners.group_of(self.table_group, code)
            await self.channel_layer.group_send(group, local_push.hello(self.table_group))

    def _language(self) -> str:
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        return listeners.socket_language(query, dict(self.scope.get("headers", [])))

    async def _heartbeat(self) -> None:
        interval = float(getattr(settings, "TABLE_HEARTBEAT_S", 10.0))
        # The first beat comes at a random moment of the first interval. Phones that connect
        # together (every phone reconnecting after a server restart, a whole table opened at
        # once) would otherwise beat together for good: a burst of sends every interval that
        # stalls the loop and queues the commands behind it (bench_capacity), not an even flow.
        wait = random.uniform(0.0, interval)
        first = True  # always sent: it tells the phone the interval (``every_s``)
        while True:
            await asyncio.sleep(wait)
            quiet = time.monotonic() - self._last_sent
            if not first and quiet < interval:
                wait = interval - quiet  # an event went out meanwhile, with its seq
                continue
            first = False
            wait = interval
            try:
                seq = await seq_watch.current(self.table_id, interval / 2)
                await self.send_json({"type": "heartbeat", "seq": seq, "every_s": interval})
            except asyncio.CancelledError:
                raise
            except Exception:  # a database hiccup: the next beat tries again
                continue

    def _stop_beat(self) -> None:
        if self._beat is not None:
            self._beat.cancel()
            self._beat = None

    async def disconnect(self, code: int) -> None:
        self._done = True
        self._stop_beat()
        if self._waiting is not None:
            self._waiting.cancel()
        if self.group:
            seq_watch.closed(self.table_id)
            local_push.left(self.table_group, self.group, self)
            with contextlib.suppress(*REDIS_DOWN):  # Redis down: the subscription went with it
                await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """Check a message before reading it: its size first, then what it is (codes above).

        The consumer's own check stands whatever server runs it; ``companion.serve`` also
        refuses any frame past ``MAX_MESSAGE`` before reading it (uvicorn's ``ws_max_size``).
        """
        if self._done:
            return
        if text_data is None:
            await self._refuse(CLOSE_BAD_MESSAGE)
            return
        limit = MAX_MESSAGE if self.seat_id is not None else MAX_MESSAGE_BEFORE_AUTH
        if len(text_data) > limit or len(text_data.encode("utf-8", "surrogatepass")) > limit:
            await self._refuse(CLOSE_TOO_BIG)
            return
        message = read_message(text_data)
        if message is None:
            await self._refuse(CLOSE_BAD_MESSAGE)
            return
        await self.receive_json(message)

    async def _refuse(self, code: int) -> None:
        self._done = True
        self._stop_beat()
        if self._waiting is not None:
            self._waiting.cancel()
            self._waiting = None
        await self.close(code=code)

    async def receive_json(self, content: dict[str, str], **kwargs: Any) -> None:
        if content["type"] == "auth" and self.seat_id is None and self._waiting is not None:
            self._waiting.cancel()
            self._waiting = None
            credential = credentials.Credential(content["token"], "message")
            await self._open(credential, credentials.origin_of(self.scope))
            return
        if content["type"] == "ping":
            await self.send_json({"type": "pong"})

    async def dispatch(self, message: dict[str, Any]) -> None:
        """A table message goes straight to its handler, which touches no database: Channels'
        default first hops to a worker thread to close old database connections, once per
        phone per event, and those hops queue behind each other on one thread."""
        if message.get("type") == "table.message":
            local_push.relayed(self.group, int(message.get("seq", 0)))
            await self.table_message(message)
            return
        if message.get("type") == local_push.HELLO:
            local_push.heard_hello(message)
            return
        await super().dispatch(message)

    def take_local(self, messages: list[dict[str, Any]]) -> None:
        """Messages handed over on this process (``campaigns.local_push``), relayed in order
        after any handed over before them."""
        self._handed.extend(messages)
        self._relay_soon()

    def _relay_soon(self) -> None:
        """Relay what was handed over, once the snapshot has gone: the layer's messages, too,
        wait until ``connect`` has returned."""
        if self._snapshot_sent and self._handed and (self._relaying is None or self._relaying.done()):
            self._relaying = asyncio.get_running_loop().create_task(self._relay_handed())

    async def _relay_handed(self) -> None:
        while self._handed and not self._done:
            await self.table_message(self._handed.popleft())

    async def table_message(self, message: dict[str, Any]) -> None:
        """Relay one event, unless this seat has left the table since it connected.

        Every message names the table's active seats, so a removed seat stops
        receiving at the next event even if the ``seat.removed`` push was lost.
        The text was encoded once for every phone (``campaigns.broadcast.messages_for``).
        """
        text = message["text"]
        removed = message.get("removed_seat")
        if self._done:
            return
        if removed is not None and removed == self.seat_id:
            await self.send(text_data=text)  # tell the phone why it is being closed
            await self._refuse(CLOSE_FORBIDDEN)
            return
        seat_ids = message.get("seat_ids")
        if isinstance(seat_ids, list) and self.seat_id not in seat_ids:
            await self._refuse(CLOSE_FORBIDDEN)
            return
        await self.send(text_data=text)
        self._last_sent = time.monotonic()
