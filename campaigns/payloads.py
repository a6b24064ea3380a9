"""Nothing stored that cannot be read back (issue #15: poisoned tables).

A command's payload, and the snapshot and events it produces, must encode
for the database (PostgreSQL's jsonb refuses NUL and lone surrogates), the
channel layer (msgpack carries integers of at most 64 bits) and JSON in
every browser (integers beyond 2**53 lose digits). A value that breaks any of
them is refused with 400 before anything is written, so one bad request can
never make a table answer 500 from then on.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Any

from campaigns.errors import TableError

MAX_INT = 2**53
MAX_DEPTH = 32
MAX_BODY_BYTES = 64 * 1024
MAX_TEXT = 10_000

# Bidirectional overrides and isolates can make a name read as something else.
_BIDI = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}
_ALLOWED_CONTROLS = {"\n", "\t"}


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be kept as text, or None when it can."""
    if len(value) > MAX_TEXT:
        return f"Text can be at most {MAX_TEXT} characters."
    for char in value:
        if "\ud800" <= char <= "\udfff":
            return "The text contains a broken character."
        if char in _BIDI:
            return "The text contains a direction-override character."
        if char not in _ALLOWED_CONTROLS and unicodedata.category(char) == "Cc":
            return "The text contains a control character."
    return None


def check_payload(value: Any, field: str = "payload") -> None:
    """Refuse (400, with the field) any value that could not be stored and read back."""
    _walk(value, field, 0, "bad_input")


def check_storable(value: Any, field: str) -> None:
    """The same check on what the rules produced (a snapshot, an event)."""
    _walk(value, field, 0, "unstorable")


def _walk(value: Any, field: str, depth: int, code: str) -> None:
    if depth > MAX_DEPTH:
        raise TableError(
            "too_deep", f"The data is nested more than {MAX_DEPTH} levels deep.", extra={"field": field}
        )
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int):
        if not -MAX_INT <= value <= MAX_INT:
            raise TableError(
                "number_too_large",
                "That number is too large. Numbers must be between -9007199254740992 and 9007199254740992.",
                extra={"field": field},
            )
        return
    if isinstance(value, float):
        if not math.isfinite(value) or abs(value) > MAX_INT:
            raise TableError("number_too_large", "That number is too large.", extra={"field": field})
        return
    if isinstance(value, str):
        problem = text_problem(value)
        if problem is not None:
            raise TableError(code if code != "bad_input" else "bad_text", problem, extra={"field": field})
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str) or text_problem(key) is not None:
                raise TableError("bad_text", "A field name is not valid text.", extra={"field": field})
            _walk(item, key if depth == 0 and field == "payload" else field, depth + 1, code)
        return
    if isinstance(value, list | tuple):
        for item in value:
            _walk(item, field, depth + 1, code)
        return
    raise TableError(code, "That value cannot be stored.", extra={"field": field})
