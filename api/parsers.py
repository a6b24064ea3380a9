"""The API's JSON parser: bodies too large or too deeply nested are 4xx, never 500."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import exceptions
from rest_framework.parsers import JSONParser


class BodyTooLarge(exceptions.APIException):
    status_code = 413
    default_detail = "The request is too large."
    default_code = "too_large"


def body_too_large(limit: int) -> BodyTooLarge:
    return BodyTooLarge(f"The request is too large (at most {limit // 1024} KB).", code="too_large")


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
                "The request body is nested too deeply.", code="parse_error"
            ) from None
