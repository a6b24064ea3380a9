"""Seat tokens as API and websocket credentials.

A guest seat's secret token travels as ``Authorization: Seat <token>`` on the
API and as a cookie (or ``?token=``) on pages and websockets. Playing never
needs an account.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, SessionAuthentication, get_authorization_header
from rest_framework.request import Request

from campaigns import seat_memo
from campaigns.codes import hash_token
from campaigns.credentials import cookie_name, from_authorization
from campaigns.errors import SEAT_TOKEN_INVALID
from campaigns.models import Seat
from campaigns.selectors import seat_for_token


class SeatTokenAuthentication(BaseAuthentication):
    """``Authorization: Seat <token>``: the request acts as that seat.

    A view whose work checks under its table's lock that the seat is still
    there (``seat_from_memo = True``: the commands) takes a token this process
    has looked up before from ``campaigns.seat_memo``, without a query; when
    that check finds the seat gone (``campaigns.errors.SeatGone``, answered
    as a token that opens nothing) the view calls ``forget``.
    """

    keyword = "Seat"

    def authenticate(self, request: Request) -> tuple[Any, Seat] | None:
        token = request_token(request)
        if token is None:
            return None
        if not token:
            raise exceptions.AuthenticationFailed(
                _("The seat token is missing after “Seat”."), code="bad_token"
            )
        view = (getattr(request, "parser_context", None) or {}).get("view")
        seat = seat_for_token(token, remembered=getattr(view, "seat_from_memo", False))
        if seat is None:
            raise not_a_seat()
        # The session user (if logged in) stays the request's user, so an
        # account can claim the seat it holds.
        return request._request.user, seat

    def authenticate_header(self, request: Request) -> str:
        return self.keyword

    @staticmethod
    def forget(request: Request) -> None:
        """The seat of this request's token has left its table: look it up next time."""
        token = request_token(request)
        if token:
            seat_memo.forget(hash_token(token))


def request_token(request: Request) -> str | None:
    """The token of the request's ``Authorization: Seat`` header ("" when it is missing after the
    scheme); None without such a header."""
    return from_authorization(get_authorization_header(request).decode("latin-1"))


def not_a_seat() -> exceptions.AuthenticationFailed:
    """The answer to a token that opens no seat (never was one, or its seat was removed)."""
    return exceptions.AuthenticationFailed(_(SEAT_TOKEN_INVALID), code="bad_token")


class SessionAccount(SessionAuthentication):
    """The logged-in account behind a request that opens, joins or imports a table, so the table,
    its seat and later its plays are theirs (issue #14: history); a guest otherwise.

    The account counts only when the request shows it comes from one of our
    pages: Django's CSRF check, as DRF's ``SessionAuthentication`` makes it,
    or the browser's own word that it comes from our origin
    (``Sec-Fetch-Site: same-origin``, a header no page can set: a logged-in
    ``fetch`` from our pages). These endpoints also take plain form posts, so
    another site could otherwise seat a logged-in visitor's account at a
    stranger's table, and that table's plays would land in their history and
    ratings.

    A logged-in request that shows neither is refused (403 ``csrf_failed``,
    saying what to send), not served as a guest: that made a logged-in
    player's table silently nobody's (issue #32, item 10).

    DRF replaces the Django request's user with what its own authentication
    finds: with none listed, a logged-in request reached these views as
    anonymous, and its tables were nobody's.
    """

    def authenticate(self, request: Request) -> tuple[Any, None] | None:
        user = getattr(request._request, "user", None)
        if user is None or not user.is_active:
            return None
        if request.META.get("HTTP_SEC_FETCH_SITE") == "same-origin":
            return user, None
        try:
            self.enforce_csrf(request)
        except exceptions.PermissionDenied:
            raise exceptions.PermissionDenied(
                _(
                    "You are logged in, but this request does not carry our pages' CSRF token: send the "
                    "csrftoken cookie's value in the X-CSRFToken header, or log out to play as a guest."
                ),
                code="csrf_failed",
            ) from None
        return user, None


class SeatCookieAuthentication(BaseAuthentication):
    """The table page's seat cookie, for a download the page links to (GET only: a read the
    cookie's holder already sees on the page; changes keep needing the explicit token)."""

    def authenticate(self, request: Request) -> tuple[Any, Seat] | None:
        if request.method != "GET":
            return None
        table_id = ((getattr(request, "parser_context", None) or {}).get("kwargs") or {}).get("table_id")
        token = request.COOKIES.get(cookie_name(int(table_id))) if table_id is not None else None
        if not token:
            return None
        seat = seat_for_token(token)
        if seat is None:
            raise not_a_seat()
        return request._request.user, seat
