"""The answers the serving layer gives itself, before or without reaching Django: 503 ``busy``
(a bound of ``companion.server.wsgi_bridge`` refused the request) and 413 (too large), in the
API's error shape and in the asking phone's language (issue #34)."""

from __future__ import annotations

import json
from typing import Any

from django.http.cookie import parse_cookie
from django.utils import translation
from django.utils.translation import gettext_lazy

from campaigns.errors import error_body
from companion.server.wsgi_translate import Scope, Send, WsgiResult

BUSY_RETRY_S = 1
BUSY_MESSAGE = gettext_lazy("The server is busy right now. Your phone tries again in a moment.")
TOO_LARGE = gettext_lazy("The request is too large (at most %(size)s).")


class Asking:
    """What Django reads a request's language from (its cookie, ``Accept-Language``), for an
    answer made before Django is reached: the phone reads it in its own language (issue #34)."""

    def __init__(self, cookie: str, accept_language: str, path: str) -> None:
        self.COOKIES = parse_cookie(cookie)
        self.META = {"HTTP_ACCEPT_LANGUAGE": accept_language}
        self.path_info = path

    @classmethod
    def of_scope(cls, scope: Scope) -> Asking:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        return cls(headers.get("cookie", ""), headers.get("accept-language", ""), scope.get("path", "/"))

    @classmethod
    def of_environ(cls, environ: dict[str, Any]) -> Asking:
        cookie, accept_language = environ.get("HTTP_COOKIE", ""), environ.get("HTTP_ACCEPT_LANGUAGE", "")
        return cls(cookie, accept_language, environ.get("PATH_INFO", "/"))

    def words(self, message: Any, **values: Any) -> str:
        """``message`` (lazy) in the asking phone's language, with ``values`` put in."""
        with translation.override(translation.get_language_from_request(self)):  # type: ignore[arg-type]
            text = str(message)
        return text % values if values else text


BOUNDS = ("in_flight", "loop_lag", "thread_wait")
"""Which bound refused a request, in a 503 ``busy`` answer's ``extra.bound`` (for operators and
``bench_capacity``: which one a process reaches first under load)."""


def busy(asking: Asking) -> WsgiResult:
    """The 503 ``busy`` answer (error shape, ``Retry-After``) as a worker thread gives it."""
    result = WsgiResult()
    result.status = 503
    result.headers = [(b"content-type", b"application/json"), (b"retry-after", str(BUSY_RETRY_S).encode())]
    extra = {"retry_after_s": BUSY_RETRY_S, "bound": "thread_wait"}
    result.body = [json.dumps(error_body("busy", asking.words(BUSY_MESSAGE), extra)).encode()]
    return result


async def busy_at_door(scope: Scope, send: Send, bound: str) -> None:
    """The 503 ``busy`` answer given before a request is read (``bound``: which limit refused it)."""
    extra = {"retry_after_s": BUSY_RETRY_S, "bound": bound}
    message = Asking.of_scope(scope).words(BUSY_MESSAGE)
    await send_error(send, 503, "busy", message, extra, retry_after_s=BUSY_RETRY_S)


async def too_large(scope: Scope, send: Send, limit: int) -> None:
    """413 in the error shape, stating the limit that applies (``extra.limit_bytes``)."""
    size = f"{limit // 1024} KB" if limit >= 1024 else f"{limit} bytes"
    message = Asking.of_scope(scope).words(TOO_LARGE, size=size)
    await send_error(send, 413, "too_large", message, {"limit_bytes": limit})


async def send_error(
    send: Send,
    status: int,
    code: str,
    message: str,
    extra: dict[str, Any],
    *,
    retry_after_s: int | None = None,
) -> None:
    """An answer in the API's error shape ``{code, message, extra}``, made before Django is reached."""
    headers = [(b"content-type", b"application/json")]
    if retry_after_s is not None:
        headers.append((b"retry-after", str(retry_after_s).encode()))
    body = json.dumps(error_body(code, message, extra)).encode()
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
