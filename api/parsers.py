"""The API's JSON parser: bodies too large or too deeply nested are 4xx, never 500."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.parsers import JSONParser

from rules.errors import RuleViolation


def body_too_large(limit: int) -> RuleViolation:
    """413 stating the limit that applies (``extra.limit_bytes``), as the server's own 413 does
    (``companion.server.wsgi_bridge``)."""
    return RuleViolation(
        "too_large",
        _("The request is too large (at most %(n)s KB).") % {"n": limit // 1024},
        status=413,
        extra={"limit_bytes": limit},
    )


def content_length(meta: dict[str, Any]) -> int:
    try:
        return int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class SafeJSONParser(JSONParser):
    """``JSONParser`` with a size limit read before the body, and deep nesting refused."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        request = (parser_context or {}).get("request")
        limit = int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0)
        if request is not None and limit and content_length(request.META) > limit:
            raise body_too_large(limit)
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError(
                _("The request body is nested too deeply."), code="parse_error"
            ) from None
