"""OpenAPI descriptions of our own authentication schemes."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension


class SeatTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """``Authorization: Seat <token>``: the secret of a seat at a table."""

    target_class = "campaigns.auth.SeatTokenAuthentication"
    name = "seatToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "The seat token from create or join, sent as `Seat <token>`.",
        }


class SessionAccountScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The session cookie of a logged-in account, optional: opening, joining or importing a table
    from our pages (with their CSRF token) makes it the account's; without a session the caller
    is a guest, and a session without the token is refused (403 ``csrf_failed``)."""

    target_class = "campaigns.auth.SessionAccount"
    name = "sessionCookie"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "apiKey",
            "in": "cookie",
            "name": settings.SESSION_COOKIE_NAME,
            "description": (
                "Optional. A logged-in account's session, honoured with the `X-CSRFToken` header our "
                "pages send (or from our own origin, `Sec-Fetch-Site: same-origin`): the table, its "
                "seat and its plays are then the account's. Without either it is refused, 403 "
                "`csrf_failed`; without a session the caller is a guest."
            ),
        }


def document_unsupported_media(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    """Every operation that takes a body also answers 415 for a body it cannot read.

    DRF refuses an unknown Content-Type with 415 in the one error shape before
    the view runs; this says so in the schema for every such operation at once.
    """
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict) and "requestBody" in operation:
                operation.setdefault("responses", {}).setdefault(
                    "415", {"description": "The body is not JSON (or a form) we can read.", "content": error}
                )
    return result


class SeatCookieScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The table page's seat cookie, for the download the page links to (GET only). Its name holds
    the table's id (``grim_seat_<id>``), which OpenAPI cannot say: described, never required, so
    clients use the seat token (docs/api.md)."""

    target_class = "campaigns.auth.SeatCookieAuthentication"
    name = "seatCookie"

    def get_security_requirement(self, auto_schema: Any) -> list[dict[str, list[Any]]]:
        return []

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "apiKey",
            "in": "cookie",
            "name": "grim_seat_TABLEID",
            "description": "The table page's seat cookie, named by the table's id; GET only.",
        }
