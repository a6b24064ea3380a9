"""Nothing stored that cannot be read back (issue #15: poisoned tables).

A command's payload, and the snapshot and events it produces, must encode
for the database (PostgreSQL's jsonb refuses NUL and lone surrogates), the
channel layer (msgpack carries integers of at most 64 bits) and JSON in
every browser (integers beyond 2**53 lose digits). A value that breaks any of
them is refused with 400 before anything is written, so one bad request can
never make a table answer 500 from then on. Text passes the one rule of
``rules.text``, the same the names at create and join pass.

What the rules produce is refused only for a bad value the command brought
in (issue #32, item 1): a table that already holds one (let in by an older
version, or written by hand) would otherwise refuse every command from then
on, its host's repairs (rename, remove, end) included.
"""

from __future__ import annotations

import math
from typing import Any

from django.utils.translation import gettext as _

from campaigns.errors import TableError
from rules.text import MAX_TEXT, text_problem

__all__ = ["MAX_BODY_BYTES", "MAX_DEPTH", "MAX_INT", "MAX_TEXT", "Held", "check_payload", "check_storable"]

MAX_INT = 2**53
MAX_DEPTH = 32
MAX_BODY_BYTES = 64 * 1024


class Held:
    """The values a snapshot already holds (its texts, numbers and keys), gathered only when a
    value the rules produced fails the check: almost every command never needs them."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self._values: set[Any] | None = None

    def __contains__(self, value: object) -> bool:
        if self._values is None:
            self._values = set()
            stack = [self.state]
            while stack:
                node = stack.pop()
                if isinstance(node, dict):
                    self._values.update(k for k in node if isinstance(k, str))
                    stack.extend(node.values())
                elif isinstance(node, list | tuple):
                    stack.extend(node)
                elif isinstance(node, str | int | float):
                    self._values.add(node)
        return value in self._values


def check_payload(value: Any, field: str = "payload") -> None:
    """Refuse (400, with the field) any value that could not be stored and read back."""
    _walk(value, field, 0, "bad_input", None)


def check_storable(value: Any, field: str, held: Held | None = None) -> None:
    """The same check on what the rules produced (a snapshot, an event), passing a bad value
    ``held`` already holds (the snapshot the command started from): the command did not bring
    it in, and refusing it would refuse every command of that table, the repairs too."""
    _walk(value, field, 0, "unstorable", held)


def _kept(held: Held | None, value: object) -> bool:
    return held is not None and value in held


def _walk(value: Any, field: str, depth: int, code: str, held: Held | None) -> None:
    if depth > MAX_DEPTH:
        raise TableError(
            "too_deep",
            _("The data is nested more than %(n)s levels deep.") % {"n": MAX_DEPTH},
            extra={"field": field},
        )
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int):
        if not -MAX_INT <= value <= MAX_INT and not _kept(held, value):
            raise TableError(
                "number_too_large",
                _("That number is too large for any count at the table."),
                extra={"field": field},
            )
        return
    if isinstance(value, float):
        if (not math.isfinite(value) or abs(value) > MAX_INT) and not _kept(held, value):
            raise TableError("number_too_large", _("That number is too large."), extra={"field": field})
        return
    if isinstance(value, str):
        problem = text_problem(value)
        if problem is not None and not _kept(held, value):
            raise TableError(code if code != "bad_input" else "bad_text", problem, extra={"field": field})
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str) or (text_problem(key) is not None and not _kept(held, key)):
                raise TableError("bad_text", _("A field name is not valid text."), extra={"field": field})
            _walk(item, key if depth == 0 and field == "payload" else field, depth + 1, code, held)
        return
    if isinstance(value, list | tuple):
        for item in value:
            _walk(item, field, depth + 1, code, held)
        return
    raise TableError(code, _("That value cannot be stored."), extra={"field": field})
