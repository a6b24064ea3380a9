"""A mixed table against the same table all in English (issue #34, "Speed"), for ``bench_tables``.

"With 3 German and 3 English phones at one table, command → 6 phones p99
stays ≤ 1.3x the same table all in English." Both tables are open at once
on the same server, each with its six phones listening; every round taps
one and then the other (the order alternating), each waited for on its six
sockets, so whatever else the machine does weighs on both alike. The mixed
table's command words its lines and renders its board twice (once per
language, ``campaigns.listeners``), the English table's once.
"""

from __future__ import annotations

import asyncio
import time

import httpx

from bench.phones import (
    PLAYERS,
    Arrivals,
    Seats,
    command_seq,
    counter_tap,
    listen,
    make_table,
    six_at,
)
from bench.relay import SETTLE_S

MIXED = ["de", "en-gb"] * (PLAYERS // 2)
ENGLISH = ["en-gb"] * PLAYERS
TARGET = 1.3


async def _phones(
    http: httpx.AsyncClient, ws_base: str, languages: list[str]
) -> tuple[Seats, Arrivals, asyncio.Event, list[asyncio.Task[None]]]:
    """A new table whose phones listen in ``languages``, one phone per seat."""
    seats = await make_table(http, len(languages))
    arrivals, ready, counter = Arrivals(), asyncio.Event(), [0, len(languages)]
    tasks = [
        asyncio.create_task(
            listen(
                f"{ws_base}/ws/tables/{seats.table_id}/?token={token}&lang={language}",
                seats.table_id,
                arrivals,
                ready,
                counter,
            )
        )
        for token, language in zip(seats.tokens, languages, strict=True)
    ]
    return seats, arrivals, ready, tasks


REFUSED = -1.0
"""A tap the loaded server refused (503 busy, 429): counted, not a failure."""


async def _tap(http: httpx.AsyncClient, table: tuple[Seats, Arrivals], command_id: str) -> float | None:
    """The tap's latency to all six phones; ``REFUSED``; None when an accepted tap missed one."""
    seats, arrivals = table
    await asyncio.sleep(SETTLE_S)
    sent = time.perf_counter()
    r = await counter_tap(http, seats, command_id, {"Authorization": f"Seat {seats.tokens[0]}"})
    seq = command_seq(r)
    if seq is None:
        return REFUSED
    done = await six_at(arrivals.times, (seats.table_id, seq))
    return None if done is None else (done - sent) * 1000


async def mixed_against_english(base: str, commands: int) -> tuple[list[float], list[float], int]:
    """Latencies (ms, command → all six phones) of the English table and the mixed one, and
    how many accepted taps missed a phone (refused ones are left out)."""
    ws_base = base.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        english = await _phones(http, ws_base, ENGLISH)
        mixed = await _phones(http, ws_base, MIXED)
        await asyncio.wait_for(asyncio.gather(english[2].wait(), mixed[2].wait()), 10)
        await asyncio.sleep(0.2)
        times: dict[str, list[float]] = {"en": [], "mixed": []}
        lost = 0
        for n in range(commands):
            order = [("en", english), ("mixed", mixed)]
            for name, table in order if n % 2 == 0 else reversed(order):
                took = await _tap(http, (table[0], table[1]), f"{name}{n}")
                if took is None:
                    lost += 1
                elif took != REFUSED:
                    times[name].append(took)
        for task in english[3] + mixed[3]:
            task.cancel()
        await asyncio.gather(*english[3], *mixed[3], return_exceptions=True)
    return times["en"], times["mixed"], lost
