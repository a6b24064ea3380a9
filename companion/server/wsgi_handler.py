"""Django's WSGI handler, with each request's reference cycles undone once its answer is sent.

Why (issue #15, capacity): a request is a knot of reference cycles. The
lazy ``request.user`` holds a closure over the request, the message storage
holds the request, and a DRF response holds its view, which holds the
response and the request. So nothing a request built is freed when it ends:
it waits for the cyclic garbage collector, a few hundred objects per
command. The collector runs holding the interpreter, and under load it
freed tens of thousands of them at a time in pauses of 20 to 100 ms, long
enough for the commands queued behind it to be refused 503 ``busy``.

Once the response is closed (its body sent, ``request_finished`` about to
fire) nothing uses the request again, so its attributes are dropped and the
response lets go of its view and request; the cycles are gone, and the
request's objects are freed by reference counting on the thread that served
it, a little at a time. Only this server's path does it: Django's test
client keeps ``response.wsgi_request`` for tests to read.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.core.handlers.wsgi import WSGIHandler
from django.http import HttpRequest, HttpResponseBase

from companion.server.private import on_close

RESPONSE_LINKS = ("renderer_context", "_request", "context_data")
"""A response's attributes that lead back to its request or view (DRF's renderer context holds
the view and the request; a template response holds its request and context)."""


class Handler(WSGIHandler):
    """``WSGIHandler`` whose responses undo their request's cycles when closed."""

    def get_response(self, request: HttpRequest) -> HttpResponseBase:
        response = super().get_response(request)
        # Run by ``response.close()``, after the body was sent.
        on_close(response, partial(drop_request_cycles, request, response))
        return response


def drop_request_cycles(request: HttpRequest, response: HttpResponseBase) -> None:
    """Drop what ties ``request`` and ``response`` into cycles (neither is used after this)."""
    vars(request).clear()
    attributes: dict[str, Any] = vars(response)
    # DRF's request holds itself (its parser context names it) and its view holds it.
    context = attributes.get("renderer_context") or {}
    for held in (context.get("request"), context.get("view")):
        if held is not None:
            vars(held).clear()
    for name in RESPONSE_LINKS:
        attributes.pop(name, None)
