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


class SeatGone(TableError):
    """The seat sending a command is no longer at its table, found under the table's lock.

    Its own class because the API answers it as it answers the token of a
    removed seat (401 ``bad_token``): the command view may have taken the seat
    from ``campaigns.seat_memo`` rather than from a lookup that would have
    refused the token."""

    def __init__(self) -> None:
        super().__init__("seat_removed", "Your seat was removed from this table.", status=403)


def not_found() -> TableError:
    return TableError("table_not_found", "There is no such table. Check the link or the code.", status=404)


def stale(current_seq: int, expected: int) -> TableError:
    return TableError(
        "stale_seq",
        "Someone changed the table just before you. Your screen has been updated; try again.",
        status=409,
        extra={"seq": current_seq, "expected_seq": expected},
    )
