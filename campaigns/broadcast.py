"""After commit: tell every phone at the table, without ever changing the answer.

Architecture, step 4: the broadcast runs after the command committed. Delivery
is at-most-once (clients fill gaps from ``events?after=``), so a broadcast
that fails or hangs (Redis down, a slow layer) is logged and dropped: the
command's answer stays the committed one. Each message carries the table's
active seats and status, so a socket whose seat was removed, or whose table
ended, stops relaying even when the ``seat.removed`` push itself was lost.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

if TYPE_CHECKING:
    from campaigns.models import Event

logger = logging.getLogger(__name__)

SEND_TIMEOUT_S = 2.0
"""How long one command's broadcast may take before it is given up (clients catch up)."""


def after_commit(callback: Callable[[], object]) -> None:
    """Run ``callback`` after the transaction commits; its failure is logged, never raised."""
    transaction.on_commit(callback, robust=True)


def event_json(event: Event) -> dict[str, Any]:
    return {
        "seq": event.seq,
        "seat": event.seat_id,
        "type": event.type,
        "payload": event.payload,
        "created_at": event.created_at.isoformat(),
    }


def messages_for(
    events: list[Event], state: dict[str, Any], *, seat_ids: list[int], status: str
) -> list[dict[str, Any]]:
    """The websocket messages of one command: each event; the last carries the new state."""
    messages = []
    for i, event in enumerate(events):
        data: dict[str, Any] = {"type": "event", "seq": event.seq, "event": event_json(event)}
        if i == len(events) - 1:
            data["state"] = state
        messages.append({"type": "table.message", "data": data, "seat_ids": seat_ids, "status": status})
    return messages


def broadcast_events(
    group: str, events: list[Event], state: dict[str, Any], *, seat_ids: list[int], status: str
) -> None:
    """Send one command's events to the table's group; failures are logged, not raised."""
    if not events:
        return
    layer = get_channel_layer()
    if layer is None:
        return
    messages = messages_for(events, state, seat_ids=seat_ids, status=status)

    async def send_all() -> None:
        for message in messages:
            await layer.group_send(group, message)

    async def bounded() -> None:
        await asyncio.wait_for(send_all(), SEND_TIMEOUT_S)

    try:
        async_to_sync(bounded)()
    except Exception:
        logger.warning(
            "Broadcast to %s failed after commit (seq %s); phones catch up from the log.",
            group,
            events[-1].seq,
            exc_info=True,
        )
