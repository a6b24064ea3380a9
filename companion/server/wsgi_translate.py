"""The translation between ASGI and WSGI for ``companion.server.wsgi_bridge``: an ASGI
scope and its body into a WSGI environ, one WSGI call into a whole answer, and that answer
back out as ASGI messages (PEP 3333 on one side, the ASGI HTTP spec on the other)."""

from __future__ import annotations

import io
import sys
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

MAX_BODY_BYTES = 10 * 1024 * 1024
"""The largest body of any request; paths may have their own, smaller limit (``body_limits``)."""


class WsgiResult:
    """What one WSGI call produced: status line, headers and the whole body."""

    __slots__ = ("body", "headers", "status")

    def __init__(self) -> None:
        self.status = 500
        self.headers: list[tuple[bytes, bytes]] = []
        self.body: list[bytes] = []


async def read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole body, or None once it is past ``limit`` (the rest is not read)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def environ_of(scope: Scope, body: bytes) -> dict[str, Any]:
    """The WSGI environ of an ASGI ``http`` scope whose body is already read."""
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    # PEP 3333: PATH_INFO is the URL-decoded path, its UTF-8 bytes carried as latin-1 text;
    # ASGI's ``path`` is already decoded (``raw_path`` is not, so it is not used).
    root = scope.get("root_path", "")
    path = scope["path"]
    if root and path.startswith(root):
        path = path[len(root) :]
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root.encode("utf-8").decode("latin-1"),
        "PATH_INFO": path.encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1]),
        "REMOTE_ADDR": str(client[0]),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "CONTENT_LENGTH": str(len(body)),
    }
    for raw_name, raw_value in scope.get("headers", []):
        name = raw_name.decode("latin-1").upper().replace("-", "_")
        value = raw_value.decode("latin-1")
        if name == "CONTENT_TYPE":
            environ["CONTENT_TYPE"] = value
            continue
        if name == "CONTENT_LENGTH":
            continue  # the body is already read: its real length wins
        key = f"HTTP_{name}"
        environ[key] = f"{environ[key]},{value}" if key in environ else value
    return environ


def call_wsgi(wsgi_app: WsgiApp, environ: dict[str, Any]) -> WsgiResult:
    """One WSGI call, its whole body gathered (PEP 3333's ``start_response`` and ``close``)."""
    result = WsgiResult()

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        result.status = int(status.split(" ", 1)[0])
        result.headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers]
        return result.body.append

    iterable = wsgi_app(environ, start_response)
    try:
        for chunk in iterable:
            if chunk:
                result.body.append(chunk)
    finally:
        close = getattr(iterable, "close", None)
        if close is not None:
            close()  # Django sends request_finished here (closes DB connections)
    return result


async def send_result(send: Send, result: WsgiResult) -> None:
    """The answer out as ASGI's start and body messages."""
    await send({"type": "http.response.start", "status": result.status, "headers": result.headers})
    await send({"type": "http.response.body", "body": b"".join(result.body)})
