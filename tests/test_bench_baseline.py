"""The bare relay baseline carries messages as large as our benchmark tables' events."""

from __future__ import annotations

import asyncio
import json

from bench.phones import PLAYERS
from bench.relay import event_message
from tests.servers import live_asgi  # noqa: F401


def test_the_baseline_message_is_a_real_event_of_a_table_with_the_benchmarks_seats(live_asgi: str) -> None:  # noqa: F811
    message = json.loads(asyncio.run(event_message(live_asgi)))
    assert message["type"] == "event" and message["event"]["type"] == "counter.adjusted"
    # Every seat's card is on the board the phones are sent: a one-seat table's message was
    # smaller than the messages the benchmark's tables send.
    assert message["board"].count('class="seat-card"') == PLAYERS
