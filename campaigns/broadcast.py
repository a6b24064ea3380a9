"""After commit: tell every phone at the table, without ever changing the answer.

Architecture, step 4: the broadcast runs after the command committed. Delivery
is at-most-once (clients fill gaps from ``events?after=``), so a broadcast
that fails or hangs (Redis down, a slow layer) is logged and dropped: the
command's answer stays the committed one. Each message carries the table's
active seats and status, so a socket whose seat was removed, or whose table
ended, stops relaying even when the ``seat.removed`` push itself was lost.
On Redis the messages are published from the command's own thread
(``campaigns.hotpath.publish``), so a command never waits for the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import transaction
from django.utils import translation

from campaigns import jsontext, listeners, local_push
from campaigns.hotpath.publish import Publisher, publisher_for
from campaigns.outage import fail_open

if TYPE_CHECKING:
    from campaigns.models import Event

logger = logging.getLogger(__name__)

SEND_TIMEOUT_S = 2.0
"""How long one command's broadcast may take before it is given up (clients catch up)."""


def after_commit(callback: Callable[[], object]) -> None:
    """Run ``callback`` after the transaction commits; its failure is logged, never raised."""
    transaction.on_commit(callback, robust=True)


_unheard: ContextVar[frozenset[str]] = ContextVar("unheard_groups", default=frozenset())


@contextmanager
def unheard(group: str) -> Iterator[None]:
    """Broadcasts to ``group`` committed in this context are dropped: nobody can be listening to
    a table an import is rebuilding (none of its seats has a token yet), and each replayed
    command would otherwise render the board for nobody (``campaigns.replay``)."""
    token = _unheard.set(_unheard.get() | {group})
    try:
        yield
    finally:
        _unheard.reset(token)


def event_json(event: Event, text: str | None = None) -> dict[str, Any]:
    """An event as clients see it; ``text`` is its log line (``campaigns.logtext``)."""
    data = {
        "seq": event.seq,
        "seat": event.seat_id,
        "type": event.type,
        "payload": event.payload,
        "created_at": event.created_at.isoformat(),
    }
    if text is not None:
        data["text"] = text
    return data


def messages_for(
    events: list[dict[str, Any]],
    state: dict[str, Any],
    *,
    seat_ids: list[int],
    status: str,
    board: str | None = None,
    language: str | None = None,
) -> list[dict[str, Any]]:
    """The group messages of one command, one per event; the last event carries the new state
    (and the game's board rendered from it, when the game has a server-rendered board).

    Each message holds its websocket text already encoded (``text``): it is encoded once
    here, in the command's thread, instead of once per phone on the event loop, and the
    layer carries one string instead of a nested structure. Next to it travels what the
    sockets decide on: the table's active seats and status, and the seat a
    ``seat.removed`` event removes.
    """
    messages = []
    for i, event in enumerate(events):
        data: dict[str, Any] = {"type": "event", "seq": event["seq"], "event": event}
        if language is not None:
            data["lang"] = language  # what the lines and the board are worded in
        if i == len(events) - 1:
            data["state"] = state
            if board is not None:
                data["board"] = board
        removed = event.get("payload", {}).get("seat_id") if event.get("type") == "seat.removed" else None
        messages.append(
            {
                "type": "table.message",
                "text": jsontext.dumps(data),
                "seq": event["seq"],
                "removed_seat": removed if isinstance(removed, int) else None,
                "seat_ids": seat_ids,
                "status": status,
            }
        )
    return messages


Reword = Callable[[], list[dict[str, Any]]]
"""A command's events as clients get them, worded again in the active language."""


def broadcast_events(
    group: str,
    events: list[dict[str, Any]],
    state: dict[str, Any],
    *,
    seat_ids: list[int],
    status: str,
    board: Callable[[], str | None] | None = None,
    language: str = "",
    reword: Reword | None = None,
) -> None:
    """Send one command's events to the table's phones; failures are logged, not raised.

    Each language somebody at the table reads (``campaigns.listeners``) gets its own
    group's messages: the log lines worded (``events`` are in ``language``; ``reword``
    words them in another) and the board rendered (``board``) once in that language,
    however many phones read it."""
    if not events or group in _unheard.get():
        return
    layer = get_channel_layer()
    if layer is None:
        return

    def messages_in(code: str) -> list[dict[str, Any]]:
        """The group messages of one language: its log lines and its board."""
        with translation.override(code):
            worded = events if code == language or reword is None else reword()
            html = None
            if board is not None:
                try:
                    html = board()
                except Exception:  # phones without the board fetch it; the events still go out
                    seq = events[-1]["seq"]
                    logger.warning("Board render failed after commit (seq %s).", seq, exc_info=True)
        return messages_for(worded, state, seat_ids=seat_ids, status=status, board=html, language=code)

    try:
        publisher = publisher_for(layer, SEND_TIMEOUT_S)
        if publisher is not None:  # straight to Redis from this thread, not via the event loop
            _publish_in_languages(publisher, group, messages_in, events[-1]["seq"])
        elif isinstance(layer, InMemoryChannelLayer):  # one process: every socket is here
            _hand_out(group, listeners.here(group), messages_in)
        else:
            languages = listeners.listening(layer, None, group)
            sends = [(listeners.group_of(group, code), messages_in(code)) for code in languages]
            async_to_sync(_send_all)(layer, sends)
    except Exception:
        logger.warning(
            "Broadcast to %s failed after commit (seq %s); phones catch up from the log.",
            group,
            events[-1]["seq"],
            exc_info=True,
        )


async def _send_all(layer: Any, sends: list[tuple[str, list[dict[str, Any]]]]) -> None:
    async def send_all() -> None:
        for group, messages in sends:
            for message in messages:
                await layer.group_send(group, message)

    await asyncio.wait_for(send_all(), SEND_TIMEOUT_S)


@fail_open(None, "push")  # Redis down: no push; the sockets' heartbeats carry the new seq
def _publish_in_languages(
    publisher: Publisher, group: str, messages_in: Callable[[str], list[dict[str, Any]]], seq: int
) -> None:
    """Render and publish for the languages heard at the table's last command (asked first when
    not known here), asking in the same round trip after the others; a language somebody
    started listening in since is rendered and published at once, in a second one."""
    if local_push.alone(group):  # nobody listens on another process: no round trip to Redis
        _hand_out(group, listeners.here(group), messages_in)
        return
    hellos = local_push.hellos(group)
    known = listeners.remembered(group)
    languages = known if known is not None else listeners.listening(None, publisher, group)
    # Those just asked after are not asked again; those remembered, in the same round trip.
    others = [code for code in listeners.offered() if code not in languages and known is not None]
    sends = [(listeners.group_of(group, code), messages_in(code)) for code in languages]
    if not sends and not others:
        listeners.remember(group, [])
        return
    heard, asked = publisher.publish_all(sends, [listeners.group_of(group, code) for code in others])
    late = [code for code in others if asked.get(listeners.group_of(group, code), 0) > 0]
    if late:
        publisher.publish_all([(listeners.group_of(group, code), messages_in(code)) for code in late], [])
    still = [code for code in languages if heard.get(listeners.group_of(group, code), 0) > 0]
    listeners.remember(group, still + late)
    if known is not None:  # every language's group was counted: heard or asked after
        local_push.found(group, {**asked, **heard}, hellos, seq)


def _hand_out(group: str, languages: list[str], messages_in: Callable[[str], list[dict[str, Any]]]) -> None:
    """The sockets on this process get their language's messages (``campaigns.local_push``)."""
    for code in languages:
        local_push.hand_out(listeners.group_of(group, code), messages_in(code))
