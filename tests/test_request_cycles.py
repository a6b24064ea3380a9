"""A command leaves no cyclic garbage behind on our server's path (issue #15, capacity).

Under load the cyclic collector freed what requests left in reference
cycles tens of thousands of objects at a time, holding the interpreter for
20 to 100 ms while commands queued behind it were refused 503 ``busy``.
``companion.server.wsgi_handler.Handler`` (what ``companion.asgi`` serves) unties
each request when its response is closed, and the command view unties its
serializer. Django's own handler, run the same way, is the control: it
leaves a hundred-odd objects per command for the collector.
"""

from __future__ import annotations

import gc
import io
import json
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any
from wsgiref.util import setup_testing_defaults

import pytest
from django.core.handlers.wsgi import WSGIHandler

from campaigns import services
from companion.asgi import http_app
from companion.server.wsgi_handler import Handler
from tests.personas import person

pytestmark = pytest.mark.django_db(transaction=True)


def commands(handler: Callable[..., Any]) -> Iterator[tuple[str, bytes]]:
    """Counter +1 commands on a new table through ``handler`` as a WSGI server calls it."""
    table, grant = services.table_create(game="counters", name="Friday", seat_name="Ann")
    person(grant.seat, grant.token).command("counter.add", {"name": "Life", "value": 20})
    n = 0
    while True:
        n += 1
        body = json.dumps(
            {"command_id": f"c{n}", "type": "counter.adjust", "payload": {"counter_id": 1, "by": 1}}
        ).encode()
        environ: dict[str, Any] = {
            "REQUEST_METHOD": "POST",
            "PATH_INFO": f"/api/v1/tables/{table.pk}/commands/",
            "CONTENT_TYPE": "application/json",
            "CONTENT_LENGTH": str(len(body)),
            "wsgi.input": io.BytesIO(body),
            "HTTP_AUTHORIZATION": f"Seat {grant.token}",
            "HTTP_HOST": "localhost",
        }
        setup_testing_defaults(environ)
        statuses: list[str] = []
        response = handler(environ, partial(start_response, statuses))
        try:
            content = b"".join(response)
        finally:
            response.close()  # as a WSGI server does once the body is sent
        yield statuses[0], content


def start_response(statuses: list[str], status: str, headers: Any, exc_info: Any = None) -> None:
    statuses.append(status)


def garbage_per_command(handler: Callable[..., Any], count: int = 20) -> float:
    sent = commands(handler)
    for _ in range(5):  # warm: caches, connections
        next(sent)
    gc.collect()
    gc.disable()
    try:
        for _ in range(count):
            status, content = next(sent)
            assert status.startswith("200"), content
        return gc.collect() / count
    finally:
        gc.enable()


def test_our_server_handler_is_the_one_that_unties() -> None:
    assert type(http_app.wsgi_app) is Handler


def test_a_command_leaves_no_cyclic_garbage_and_django_s_own_handler_does() -> None:
    assert garbage_per_command(WSGIHandler()) > 50  # the control: the cycles this removes
    assert garbage_per_command(Handler()) == 0


def test_answers_are_whole_after_the_request_is_untied() -> None:
    """The body, headers and status are sent before the untie; the table moved as told."""
    sent = commands(Handler())
    answers = [next(sent) for _ in range(3)]
    assert [json.loads(body)["seq"] for _status, body in answers] == [3, 4, 5]
    assert [json.loads(body)["events"][0]["payload"]["after"] for _s, body in answers] == [21, 22, 23]
