"""The newest seq of every table with a socket open on this process, for the sockets' heartbeats
(``campaigns.consumers``)."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

from channels.db import database_sync_to_async

from campaigns.models import Table


@database_sync_to_async
def _seqs_from_db(table_ids: list[int]) -> dict[int, int]:
    found: dict[int, int] = {}
    for start in range(0, len(table_ids), 500):  # bounded statements (SQLite's variable limit)
        chunk = table_ids[start : start + 500]
        found.update(Table.objects.filter(pk__in=chunk).values_list("id", "seq"))
    return found


class SeqWatch:
    """The newest seq of every table with a socket open on this process, read from the database.

    Read from the log's owner, not from anything an after-commit hook writes:
    the heartbeat exists for the case where that hook's push was lost. One
    statement reads every table with a socket here, at most once per
    ``max_age_s``: each socket's heartbeat used to read its own table (a
    database round trip and a thread hop per table every few seconds, about
    a twentieth of a loaded process's time, bench_capacity), and the sockets
    beat at scattered moments, so per-table reads seldom shared.
    """

    def __init__(self) -> None:
        self.open: Counter[int] = Counter()
        self.seqs: dict[int, tuple[float, int]] = {}
        self._reading: tuple[asyncio.AbstractEventLoop, asyncio.Task[None]] | None = None

    def opened(self, table_id: int) -> None:
        self.open[table_id] += 1

    def closed(self, table_id: int) -> None:
        self.open[table_id] -= 1
        if self.open[table_id] <= 0:
            del self.open[table_id]
            self.seqs.pop(table_id, None)

    async def _read(self, table_ids: set[int]) -> None:
        at = time.monotonic()
        found = await _seqs_from_db(sorted(table_ids))
        for table_id in table_ids:
            if table_id in self.open or table_id in found:
                self.seqs[table_id] = (at, found.get(table_id, 0))

    async def current(self, table_id: int, max_age_s: float) -> int:
        """The table's seq, at most ``max_age_s`` old (a read shared by every table here)."""
        memo = self.seqs.get(table_id)
        if memo is not None and time.monotonic() - memo[0] < max_age_s:
            return memo[1]
        loop = asyncio.get_running_loop()
        if self._reading is None or self._reading[0] is not loop or self._reading[1].done():
            self._reading = (loop, loop.create_task(self._read({*self.open, table_id})))
        # Shielded: one socket's heartbeat ending must not cancel the read the others wait for.
        await asyncio.shield(self._reading[1])
        memo = self.seqs.get(table_id)
        if memo is None or time.monotonic() - memo[0] >= max_age_s:  # opened after that read began
            await self._read({table_id})
            memo = self.seqs.get(table_id)
        return memo[1] if memo is not None else 0


seq_watch = SeqWatch()
