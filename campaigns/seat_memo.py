"""What a seat token opens that never changes, remembered by each process for commands (issue #15).

A seat's id, its table and its role are fixed when the seat is made: no
command changes them. So once a token has been looked up, a command needs no
query to know them, and every tap is a command: the lookup was the one
statement of a command outside its transaction (bench_capacity). Whether the
seat is still at the table is the one fact that changes, and the command
checks it under the table's lock, where the table row lists its active seats
(``campaigns.errors.SeatGone``); a token whose seat has gone is forgotten there and
answered as an unknown token, as a lookup would answer it.

Reads, pages and websockets keep looking the seat up: they take no lock that
would catch a removal.
"""

from __future__ import annotations

from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS

from campaigns.models import Seat

CACHE = "seats"
"""Django's local-memory cache of this process (settings: bounded, a third dropped when full)."""

_FIELDS = ("id", "table_id", "role")


def recall(token_hash: str) -> Seat | None:
    """The seat this token opened when it was last looked up here, with only its fixed fields
    loaded (any other field is read from the database if asked for), or None."""
    facts = caches[CACHE].get(token_hash)
    if facts is None:
        return None
    seat: Seat = Seat.from_db(DEFAULT_DB_ALIAS, _FIELDS, facts)
    return seat


def remember(token_hash: str, seat: Seat) -> None:
    """Keep what ``seat`` (just looked up by this token) will always be."""
    caches[CACHE].set(token_hash, (seat.pk, seat.table_id, seat.role), None)


def forget(token_hash: str) -> None:
    """The seat of this token has left its table."""
    caches[CACHE].delete(token_hash)
