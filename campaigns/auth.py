"""Seat tokens as API and websocket credentials.

A guest seat's secret token travels as ``Authorization: Seat <token>`` on the
API and as a cookie (or ``?token=``) on pages and websockets. Playing never
needs an account.
"""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.request import Request

from campaigns.models import Seat
from campaigns.selectors import seat_for_token

COOKIE_PREFIX = "grim_seat_"


def cookie_name(table_id: int) -> str:
    return f"{COOKIE_PREFIX}{table_id}"


class SeatTokenAuthentication(BaseAuthentication):
    """``Authorization: Seat <token>``: the request acts as that seat."""

    keyword = "Seat"

    def authenticate(self, request: Request) -> tuple[Any, Seat] | None:
        from campaigns.credentials import from_authorization

        token = from_authorization(get_authorization_header(request).decode("latin-1"))
        if token is None:
            return None
        if not token:
            raise exceptions.AuthenticationFailed("The seat token is missing after “Seat”.", code="bad_token")
        seat = seat_for_token(token)
        if seat is None:
            raise exceptions.AuthenticationFailed(
                "This seat token is not valid (the seat may have been removed). Join the table again.",
                code="bad_token",
            )
        # The session user (if logged in) stays the request's user, so an
        # account can claim the seat it holds.
        return request._request.user, seat

    def authenticate_header(self, request: Request) -> str:
        return self.keyword
