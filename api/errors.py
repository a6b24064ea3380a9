"""The API's one error shape: ``{"code": ..., "message": ..., "extra": {...}}``.

Every error status the API returns uses it, so a client needs one parser.
``code`` is stable (clients branch on it); ``message`` is for a player to read.
This handler is the one place a refusal (``rules.errors.RuleViolation``,
raised by views, services and rules alike) becomes an answer; the body is
``campaigns.errors.error_body``'s.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from rest_framework import exceptions, status
from rest_framework.response import Response

from campaigns.errors import error_body, refusal_body
from campaigns.outage import REDIS_DOWN, RETRY_AFTER_S, redis_outage, unavailable_body
from rules.errors import RuleViolation

logger = logging.getLogger(__name__)

# Messages a player understands, keyed by DRF's default codes.
_FRIENDLY: dict[str, str] = {
    "not_authenticated": gettext_noop("You need to sign in or join the table first."),
    "authentication_failed": gettext_noop("Your sign-in or seat token is not valid."),
    "permission_denied": gettext_noop("You are not allowed to do that."),
    "not_found": gettext_noop("We could not find that."),
    "method_not_allowed": gettext_noop("That action is not supported here."),
    "not_acceptable": gettext_noop("We cannot answer in the format you asked for."),
    "unsupported_media_type": gettext_noop("Send the request as JSON."),
    "throttled": gettext_noop("Too many attempts. Please wait a moment and try again."),
    "parse_error": gettext_noop("The request body is not valid JSON."),
}
SERVER_ERROR = gettext_noop("Something went wrong on our side. Nothing was changed.")


def _field_errors(detail: Any) -> dict[str, Any]:
    """Flatten DRF's nested validation detail into ``{field: [messages]}``."""
    if isinstance(detail, dict):
        return {str(k): _field_errors(v) if isinstance(v, dict) else _messages(v) for k, v in detail.items()}
    return {"non_field_errors": _messages(detail)}


def _messages(detail: Any) -> list[str]:
    if isinstance(detail, list):
        out: list[str] = []
        for item in detail:
            out.extend(_messages(item) if isinstance(item, list | dict) else [str(item)])
        return out
    if isinstance(detail, dict):
        return [f"{k}: {m}" for k, v in detail.items() for m in _messages(v)]
    return [str(detail)]


def _first_message(fields: dict[str, Any]) -> str:
    for name, value in fields.items():
        if isinstance(value, dict):
            return _first_message(value)
        if value:
            prefix = "" if name == "non_field_errors" else f"{name}: "
            return f"{prefix}{value[0]}"
    return _("Some fields are not valid.")


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    """DRF exception handler producing the one error shape for every status."""
    if isinstance(exc, RuleViolation):  # every refusal: its status, code, words and details
        wait = exc.extra.get("retry_after_s")
        retry = {"Retry-After": str(wait)} if isinstance(wait, int) else {}
        return Response(refusal_body(exc), status=exc.status, headers=retry)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if isinstance(exc, exceptions.ValidationError):
        fields = _field_errors(exc.detail)
        first = next(iter(fields), "")
        return Response(
            error_body("invalid", _first_message(fields), {"field": first, "fields": fields}),
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else exc.default_code
        # A view's own detail wins; DRF's generic defaults get a friendlier text.
        detail = str(exc.detail) if isinstance(exc.detail, str) else ""
        generic = not detail or detail == str(exc.default_detail) or code == "throttled"
        message = _(_FRIENDLY[code]) if generic and code in _FRIENDLY else detail or _("Error.")
        extra: dict[str, Any] = {}
        headers: dict[str, str] = {}
        wait = getattr(exc, "wait", None)
        if isinstance(exc, exceptions.Throttled) and wait is not None:
            extra["retry_after_s"] = int(wait)
            headers["Retry-After"] = str(int(wait))
        if isinstance(exc, exceptions.MethodNotAllowed):
            extra["method"] = context["request"].method
        return Response(error_body(code, message, extra), status=exc.status_code, headers=headers)
    if isinstance(exc, REDIS_DOWN):  # what needs Redis while it is down: try again, never a 500
        redis_outage.failed(context["request"].path, exc)
        return Response(unavailable_body(), status=503, headers={"Retry-After": str(RETRY_AFTER_S)})
    logger.exception("Unhandled error in API view", exc_info=exc)
    return Response(
        error_body("server_error", _(SERVER_ERROR)),
        status=status.HTTP_500_INTERNAL_SERVER_ERROR,
    )


def json_not_found(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """Django-level 404 for unknown URLs under /api/ (DRF never sees these)."""
    return JsonResponse(error_body("not_found", _(_FRIENDLY["not_found"])), status=404)


def json_server_error(request: HttpRequest) -> JsonResponse:
    return JsonResponse(
        error_body("server_error", _(SERVER_ERROR)),
        status=500,
    )


def error_responses(*statuses: int) -> dict[int, Any]:
    """OpenAPI responses in the one error shape for these statuses (what each means, said once)."""
    from drf_spectacular.utils import OpenApiResponse

    body = _error_schema()
    return {status: OpenApiResponse(body, description=ERROR_MEANINGS[status]) for status in statuses}


@functools.cache
def _error_schema() -> Any:
    """The ``Error`` component, made once (two classes of one name would split the schema)."""
    from drf_spectacular.utils import inline_serializer
    from rest_framework import serializers

    return inline_serializer(
        "Error",
        {
            "code": serializers.CharField(help_text="Stable code, e.g. not_enough_stamina, too_fast."),
            "message": serializers.CharField(help_text="What went wrong, for a player."),
            "extra": serializers.DictField(help_text="Details; `field` names the input at fault."),
        },
    )


ERROR_MEANINGS = {
    400: "Refused: bad input or a rule of the game (nothing changed).",
    401: "No valid seat token, or not logged in.",
    403: (
        "Not allowed for this seat (another table, another seat, a spectator), or a logged-in "
        "request without our pages' CSRF token (csrf_failed)."
    ),
    404: "No such table, code or thing.",
    409: "Conflict: the table ended, a stale expected_seq, a command_id reused for another change.",
    410: "The code is no longer valid.",
    413: "The request body is too large (64 KB for commands, IMPORT_MAX_BYTES for imports).",
    429: "Too fast: wait the Retry-After seconds (wrong codes, logins, a seat's commands, imports).",
    500: "Something went wrong on our side; nothing was changed.",
    503: (
        "The server is busy, or Redis is down for what needs it (`unavailable`): retry after "
        "Retry-After with the same command_id."
    ),
}
