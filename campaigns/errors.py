"""Refusals raised by the table services, with the HTTP status they map to.

A ``TableError`` is a ``rules.errors.RuleViolation`` (the one coded error):
the API's handler answers both the same way.
"""

from __future__ import annotations

from typing import Any

from rules.errors import RuleViolation


class TableError(RuleViolation):
    """A refusal of the table service: stable ``code``, player-facing message, its status."""

    def __init__(
        self, code: str, message: str, *, status: int = 400, extra: dict[str, Any] | None = None
    ) -> None:
        super().__init__(code, message, extra, status=status)


def not_found() -> TableError:
    return TableError("table_not_found", "There is no such table. Check the link or the code.", status=404)


def stale(current_seq: int, expected: int) -> TableError:
    return TableError(
        "stale_seq",
        "Someone changed the table just before you. Your screen has been updated; try again.",
        status=409,
        extra={"seq": current_seq, "expected_seq": expected},
    )
