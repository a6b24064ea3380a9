"""Driving the bridge in a test: a request through its ASGI door, a WSGI app that holds its thread,
and waiting for a state instead of sleeping (tests/test_backpressure.py, tests/test_standing_queue.py)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from companion.server.wsgi_bridge import HttpViaWsgi


async def until(condition: Callable[[], bool], *, poll_s: float = 0.001) -> None:
    """Waits for ``condition`` (a state another task or a worker thread reaches); fails after 10 s
    of real time, which only a broken bridge takes (poll_s 0: every turn of the loop)."""
    give_up = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < give_up, "the state never came"
        await asyncio.sleep(poll_s)


def blocking_wsgi(release: threading.Event, ran: list[str] | None = None) -> Callable[..., Iterable[bytes]]:
    """A WSGI app holding its thread until ``release``; ``ran`` collects the paths that reached it."""

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if ran is not None:
            ran.append(environ["PATH_INFO"])
        release.wait(10)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"done"]

    return app


async def call(
    app: HttpViaWsgi,
    path: str,
    body: bytes = b"",
    method: str = "POST",
    headers: list[tuple[bytes, bytes]] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    """One request through the bridge's ASGI door: its status, headers and body."""
    scope = {"type": "http", "method": method, "path": path, "headers": headers or [], "query_string": b""}
    chunks = [{"type": "http.request", "body": body, "more_body": False}]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return chunks.pop(0) if chunks else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    answered = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    return sent[0]["status"], answered, sent[1]["body"]
