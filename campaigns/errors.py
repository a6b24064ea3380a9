"""Refusals raised by the table services, with the HTTP status they map to."""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    """A refusal of the table service: stable ``code``, player-facing message."""

    def __init__(
        self, code: str, message: str, *, status: int = 400, extra: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.extra = extra or {}


def not_found() -> TableError:
    return TableError("table_not_found", "There is no such table. Check the link or the code.", status=404)


def stale(current_seq: int, expected: int) -> TableError:
    return TableError(
        "stale_seq",
        "Someone changed the table just before you. Your screen has been updated; try again.",
        status=409,
        extra={"seq": current_seq, "expected_seq": expected},
    )
