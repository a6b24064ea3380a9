"""A seat's credential, wherever it travels: one helper for the API, the pages and the websocket.

A seat token arrives as ``Authorization: Seat <token>`` (API and scripted
clients, websocket included), as the table's cookie (pages, and the page's
own websocket), as ``?token=`` on a websocket URL, or in the first websocket
message ``{"type": "auth", "token": ...}`` (so it stays out of URLs and logs).

Websocket origin policy (architecture: who may do what): a connection that
rides on the cookie must come from one of our own origins (the browser adds
cookies to any site's request); one that presents its token explicitly may
come without an ``Origin`` header (native and scripted clients send none);
a foreign ``Origin`` is refused either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from typing import Any, Literal
from urllib.parse import parse_qs, urlsplit

from django.conf import settings
from django.http import HttpRequest
from django.http.request import validate_host

COOKIE_PREFIX = "grim_seat_"
"""A seat's cookie is named by its table (``grim_seat_<table id>``): one phone may sit at many."""

Source = Literal["header", "query", "cookie", "message", "none"]
SCHEME = "seat"


@dataclass(frozen=True)
class Credential:
    token: str
    source: Source

    @property
    def explicit(self) -> bool:
        """Presented on purpose (not a cookie the browser attached by itself)."""
        return self.source in ("header", "query", "message")


NONE = Credential("", "none")


def cookie_name(table_id: int) -> str:
    """The cookie that holds this device's seat token for the table."""
    return f"{COOKIE_PREFIX}{table_id}"


def from_authorization(value: str) -> str | None:
    """The token of an ``Authorization: Seat <token>`` value; None when it is another scheme."""
    parts = value.split()
    if not parts or parts[0].lower() != SCHEME:
        return None
    return parts[1] if len(parts) == 2 else ""


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _cookie(raw: str | None, table_id: int) -> str:
    if not raw:
        return ""
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw)
    except CookieError:
        return ""
    morsel = jar.get(cookie_name(table_id))
    return str(morsel.value) if morsel is not None else ""


def from_scope(scope: dict[str, Any], table_id: int) -> Credential:
    """A websocket's credential from its handshake (the first message may still bring one)."""
    auth = _header(scope, b"authorization")
    token = from_authorization(auth) if auth else None
    if token:
        return Credential(token, "header")
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    if query.get("token"):
        return Credential(str(query["token"][0]), "query")
    cookie = _cookie(_header(scope, b"cookie"), table_id)
    return Credential(cookie, "cookie") if cookie else NONE


def from_request(request: HttpRequest, table_id: int | None = None) -> Credential:
    """An HTTP request's credential: the header first, then (for a table's page) its cookie."""
    token = from_authorization(str(request.META.get("HTTP_AUTHORIZATION", "")))
    if token:
        return Credential(token, "header")
    if table_id is not None and request.COOKIES.get(cookie_name(table_id)):
        return Credential(request.COOKIES[cookie_name(table_id)], "cookie")
    return NONE


Origin = Literal["ours", "none", "foreign"]


def origin_of(scope: dict[str, Any]) -> Origin:
    """Whether a websocket comes from one of our pages, from no page at all, or from another site.

    Ours: an allowed host, and over HTTPS when the site redirects to HTTPS
    (a page of ours is never served over plain HTTP there).
    """
    raw = _header(scope, b"origin")
    if raw is None:
        return "none"
    parts = urlsplit(raw)
    schemes = ("https",) if getattr(settings, "SECURE_SSL_REDIRECT", False) else ("http", "https")
    if parts.scheme not in schemes or not parts.hostname:
        return "foreign"
    host = parts.hostname if parts.port is None else f"{parts.hostname}:{parts.port}"
    allowed = list(settings.ALLOWED_HOSTS)
    return "ours" if validate_host(host, allowed) or validate_host(parts.hostname, allowed) else "foreign"


def may_connect(credential: Credential, origin: Origin) -> bool:
    """The origin policy: cookies only from our pages; explicit tokens also from no page."""
    if origin == "foreign":
        return False
    if origin == "none":
        return credential.explicit
    return True
