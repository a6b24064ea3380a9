"""Django's private response hook that ``companion.server.private`` uses is still there.

Fails loudly on a Django upgrade that renames ``_resource_closers`` or stops running
it from ``close()``: the request cycles would then be left to the cyclic collector.
"""

from __future__ import annotations

import django
import pytest
from django.http import HttpResponse, HttpResponseBase, StreamingHttpResponse

from companion.server.private import on_close


def test_django_still_has_the_hook_the_adapter_uses() -> None:
    assert isinstance(HttpResponse()._resource_closers, list), (  # type: ignore[attr-defined]
        f"Django {django.get_version()} changed HttpResponseBase._resource_closers: "
        "update companion/server/private.py"
    )


@pytest.mark.parametrize("response", [HttpResponse(b"ok"), StreamingHttpResponse(iter([b"ok"]))])
def test_a_closer_runs_once_when_the_response_is_closed(response: HttpResponseBase) -> None:
    ran: list[str] = []
    on_close(response, lambda: ran.append("closed"))
    assert ran == []
    response.close()
    assert ran == ["closed"], f"Django {django.get_version()} no longer runs closers on close()"
