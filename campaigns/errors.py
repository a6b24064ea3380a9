"""Refusals raised by the platform, and the one error shape every refusal leaves in.

Every refusal is a ``rules.errors.RuleViolation`` (the one coded error, with
its HTTP status); ``TableError`` is the table services' kind of it. The API's
exception handler (``api.errors``) turns any of them into ``error_body``;
what answers before Django is reached (``companion.server.wsgi_bridge``) and the
pages' JSON answers make the same body with the same function.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rules.errors import RuleViolation

SEAT_TOKEN_INVALID = gettext_noop(
    "This seat token is not valid (the seat may have been removed). Join the table again."
)
"""Marked for the catalogue; translated where it is raised."""
"""What a seat token that opens no seat is told: never one, or its seat was removed."""


def error_body(code: str, message: str, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The error shape ``{"code", "message", "extra"}``: one parser for every client."""
    return {"code": code, "message": message, "extra": extra or {}}


def refusal_body(exc: RuleViolation) -> dict[str, Any]:
    """A refusal in the error shape (its status is ``exc.status``)."""
    return error_body(exc.code, exc.message, exc.extra)


class TableError(RuleViolation):
    """A refusal of the table service: stable ``code``, player-facing message, its status."""

    def __init__(
        self, code: str, message: str, *, status: int = 400, extra: dict[str, Any] | None = None
    ) -> None:
        super().__init__(code, message, extra, status=status)


class SeatGone(TableError):
    """The seat sending a command is no longer at its table, found under the table's lock.

    Answered as the token of a removed seat is (401 ``bad_token``): the
    command view may have taken the seat from ``campaigns.seat_memo`` rather
    than from a lookup that would have refused the token; it forgets the
    token there and lets this pass on."""

    def __init__(self) -> None:
        super().__init__("bad_token", _(SEAT_TOKEN_INVALID), status=401)


def stale(current_seq: int, expected: int) -> TableError:
    return TableError(
        "stale_seq",
        _("Someone changed the table just before you. Your screen has been updated; try again."),
        status=409,
        extra={"seq": current_seq, "expected_seq": expected},
    )
