"""Statistics answers kept as the bytes sent, not as data to encode again (issue #14, "Speed").

A cached statistics answer spent a tenth of its time in ``json.dumps`` of the
same figures on every request. The negotiated renderer's output is kept
under the answer's key (``campaigns.stats_cache``: never stale) and the
indent asked for (``Accept: application/json; indent=2``); a renderer whose
output depends on the request (the browsable API, in development) renders
as usual.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpResponse
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns import stats_cache


def cached_answer(view: APIView, request: Request, key: str, build: Callable[[], Any]) -> HttpResponse:
    """``build()`` rendered for ``request``, from the cache under ``key`` once it has been rendered."""
    renderer = request.accepted_renderer
    if type(renderer) is not JSONRenderer:
        return Response(stats_cache.cached(key, build))
    media, context = request.accepted_media_type, view.get_renderer_context()
    # Keyed by the indent alone, the one parameter that changes the bytes (0 to 8): any other
    # text in the Accept header must not make another copy.
    indent = renderer.get_indent(media, context)
    body = stats_cache.cached(f"{key}:json:{indent}", lambda: renderer.render(build(), media, context))
    return HttpResponse(body, content_type=renderer.media_type)
