"""The WSGI bridge keeps a worker thread's Django objects between requests, as a WSGI thread does.

Django keeps per-thread objects (the cache client and its Redis connection
pool) in asgiref ``Local``s; a request that saw them freshly made every time
connected to Redis again on every command (issue #8, "Tests and speed").
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Iterable
from typing import Any

from asgiref.local import Local
from django.core.cache import caches
from django.core.handlers.wsgi import WSGIRequest

from companion.server.wsgi_bridge import HttpViaWsgi
from companion.server.wsgi_translate import MAX_BODY_BYTES, environ_of
from tests.bridge_calls import blocking_wsgi, call


def remembering_wsgi(seen: list[tuple[object, object]]) -> Callable[..., Iterable[bytes]]:
    """A WSGI app noting, per request, its Local's object and the cache backend it was given."""
    local = Local()

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if not hasattr(local, "made"):
            local.made = object()
        seen.append((local.made, caches["default"]))  # held, so no id is reused
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    return app


def test_one_worker_thread_keeps_its_locals_and_its_cache_across_requests() -> None:
    seen: list[tuple[object, object]] = []
    app = HttpViaWsgi(remembering_wsgi(seen), threads=1)

    async def three() -> None:
        for _ in range(3):  # each in its own task, as the server runs each request
            assert (await asyncio.create_task(call(app, "/x")))[0] == 200

    asyncio.run(three())
    assert len(seen) == 3
    first_made, first_cache = seen[0]
    assert all(made is first_made for made, _ in seen)
    assert all(cache is first_cache for _, cache in seen)


def test_a_body_past_its_paths_limit_is_told_that_limit() -> None:
    """Issue #32, item 9: the 413 states the limit that applies to the request, not the largest."""
    app = HttpViaWsgi(blocking_wsgi(threading.Event()), threads=1, body_limits=[(r"/small/", 2048)])
    status, _, body = asyncio.run(call(app, "/small/x", b"x" * 2049))
    assert status == 413
    assert json.loads(body) == {
        "code": "too_large",
        "message": "The request is too large (at most 2 KB).",
        "extra": {"limit_bytes": 2048},
    }
    status, _, body = asyncio.run(call(app, "/large/", b"x" * (MAX_BODY_BYTES + 1)))
    assert status == 413 and json.loads(body)["extra"]["limit_bytes"] == MAX_BODY_BYTES


def test_a_ten_megabyte_command_is_told_the_commands_64_kb() -> None:
    from companion.asgi import http_app

    for path in ("/api/v1/tables/7/commands/", "/api/v1/tables/7/commands/preview/"):
        status, _, body = asyncio.run(call(http_app, path, b"x" * (MAX_BODY_BYTES + 1)))
        assert status == 413
        answer = json.loads(body)
        assert answer["message"] == "The request is too large (at most 64 KB)."
        assert answer["extra"] == {"limit_bytes": 64 * 1024}


def test_path_info_is_the_decoded_path_as_pep_3333_says() -> None:
    """A percent-encoded path reaches Django decoded (it was passed on still encoded)."""
    scope = {
        "type": "http",
        "method": "GET",
        "path": "/grim/a b/café",
        "raw_path": b"/grim/a%20b/caf%C3%A9",
        "root_path": "/grim",
        "query_string": b"x=%20",
        "headers": [],
    }
    environ = environ_of(scope, b"")
    assert environ["SCRIPT_NAME"] == "/grim"
    assert environ["PATH_INFO"] == "/a b/café".encode().decode("latin-1")
    assert environ["QUERY_STRING"] == "x=%20"  # the query string stays as sent
    assert WSGIRequest(environ).path_info == "/a b/café"
