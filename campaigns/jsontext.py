"""The JSON text of what a command stores and sends (issue #15, capacity).

Every command encodes its snapshot, events and answer for the database and
its group message for the phones (the new board inside it) on the
command's thread, where the standard library's encoder took several times
orjson's CPU for the same data (README, "Measured"). The text is compact and
UTF-8, as ``json.dumps(..., separators=(",", ":"), ensure_ascii=False)`` writes
it, and reads back the same.

Only for values that passed ``campaigns.payloads`` (string keys, finite
numbers within ±2**53, valid text): orjson refuses what that check refuses
(integers past 64 bits, lone surrogates), so nothing that reaches here fails
to encode. Reading stays with the standard library: orjson reads an integer
past 64 bits (stored before the bounds existed) as an inexact float.
"""

from __future__ import annotations

from typing import Any

import orjson


def dumps(value: Any) -> str:
    """Compact JSON text of ``value`` (plain data that passed ``campaigns.payloads``)."""
    return orjson.dumps(value).decode()
