"""The live-table API: create, join, read, the log and commands.

Thin: input serializers check shapes, the services decide, and every refusal
leaves in the project's one error shape ``{code, message, extra}``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import error_responses
from api.parsers import body_too_large, content_length
from campaigns import selectors, services, throttle
from campaigns.auth import SeatTokenAuthentication, SessionAccount
from campaigns.errors import SeatGone
from campaigns.logtext import events_json
from campaigns.models import Role, Seat, Table
from campaigns.payloads import MAX_BODY_BYTES
from rules.errors import RuleViolation


class SeatOfTable(BasePermission):
    """Reading or changing a table needs a seat of that table."""

    def has_permission(self, request: Request, view: Any) -> bool:
        seat = request.auth
        if not isinstance(seat, Seat):
            raise RuleViolation(
                "not_authenticated", _("Join the table first: this needs your seat token."), status=401
            )
        if seat.table_id != int(view.kwargs["table_id"]):
            raise RuleViolation("not_your_table", _("Your seat is at another table."), status=403)
        return True


class SeatView(APIView):
    authentication_classes = [SeatTokenAuthentication]
    permission_classes = [SeatOfTable]

    def seat(self, request: Request) -> Seat:
        seat = request.auth
        assert isinstance(seat, Seat)
        return seat


class CreateTableIn(serializers.Serializer[Any]):
    game = serializers.CharField(max_length=20)
    name = serializers.CharField(max_length=80)
    seat_name = serializers.CharField(max_length=40)
    options = serializers.DictField(
        required=False,
        help_text=(
            "The game's setup options (see each game), and every game's `spectators`: how many "
            "spectators the table takes (0 to 11, default 6). Unknown keys are refused."
        ),
    )


class SeatGrantOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    token = serializers.CharField()
    role = serializers.CharField()


class CreateTableOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    join_code = serializers.CharField()
    seat = SeatGrantOut()
    seq = serializers.IntegerField()
    state = serializers.JSONField()


def _grant(seat: Seat, token: str) -> dict[str, Any]:
    return {"id": seat.pk, "token": token, "role": seat.role}


class TableCreateView(APIView):
    authentication_classes = [SessionAccount]
    permission_classes = [AllowAny]  # a guest too (and the schema says the cookie is optional)

    @extend_schema(
        request=CreateTableIn,
        responses={201: CreateTableOut, **error_responses(400, 403, 413, 503)},
        summary="Open a table (you are its host)",
    )
    def post(self, request: Request) -> Response:
        data = CreateTableIn(data=request.data)
        data.is_valid(raise_exception=True)
        table, grant = services.table_create(user=request.user, **data.validated_data)
        body = {
            "id": table.pk,
            "join_code": table.join_code,
            "seat": _grant(grant.seat, grant.token),
            "seq": table.seq,
            "state": table.state,
        }
        return Response(body, status=status.HTTP_201_CREATED)


class JoinIn(serializers.Serializer[Any]):
    code = serializers.CharField(max_length=20)
    name = serializers.CharField(max_length=40)
    role = serializers.ChoiceField(choices=[Role.PLAYER, Role.SPECTATOR], default=Role.PLAYER)


class JoinOut(serializers.Serializer[Any]):
    table_id = serializers.IntegerField()
    seat = SeatGrantOut()


def client_key(request: Request) -> str:
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def join_table(request: Request, code: str, name: str, role: str) -> tuple[Table, services.SeatGrant]:
    return services.seat_join_guarded(
        client=client_key(request), code=code, name=name, role=role, user=request.user
    )


class JoinView(APIView):
    authentication_classes = [SessionAccount]
    permission_classes = [AllowAny]  # a guest too (and the schema says the cookie is optional)

    @extend_schema(
        request=JoinIn,
        responses={201: JoinOut, **error_responses(400, 403, 404, 409, 410, 429, 503)},
        summary="Join a table with its code",
    )
    def post(self, request: Request) -> Response:
        data = JoinIn(data=request.data)
        data.is_valid(raise_exception=True)
        table, grant = join_table(request, **data.validated_data)
        return Response({"table_id": table.pk, "seat": _grant(grant.seat, grant.token)}, status=201)


TableOut = inline_serializer(
    "Table",
    {
        "id": serializers.IntegerField(),
        "game": serializers.CharField(),
        "name": serializers.CharField(),
        "seq": serializers.IntegerField(),
        "state": serializers.JSONField(),
        "status": serializers.CharField(),
        "edit_policy": serializers.CharField(),
        "join_code": serializers.CharField(),
        "seats": serializers.JSONField(),
        "you": serializers.JSONField(),
        "you_may_edit": serializers.ListField(
            child=serializers.IntegerField(), help_text="The seats your seat may change now."
        ),
    },
)


class TableDetailView(SeatView):
    @extend_schema(
        responses={200: TableOut, **error_responses(401, 403, 404)}, summary="A table's snapshot and seats"
    )
    def get(self, request: Request, table_id: int) -> Response:
        seat = self.seat(request)
        return Response(selectors.table_json(seat.table, viewer=seat))


EventOut = inline_serializer(
    "Event",
    {
        "seq": serializers.IntegerField(),
        "seat": serializers.IntegerField(allow_null=True),
        "type": serializers.CharField(),
        "payload": serializers.JSONField(),
        "created_at": serializers.DateTimeField(),
        "text": serializers.CharField(help_text="The log line: what happened, in words, with names."),
        "undo_by": serializers.ListField(
            child=serializers.IntegerField(),
            help_text="The seats that may undo it (or, for an undo, redo it) under the edit policy now.",
        ),
        "burst": inline_serializer(
            "EventBurst",
            {
                "key": serializers.CharField(),
                "by": serializers.IntegerField(),
                "label": serializers.CharField(),
                "before": serializers.IntegerField(allow_null=True, required=False),
                "after": serializers.IntegerField(allow_null=True),
            },
            required=False,
            help_text="Present on a tap: quick taps of one seat with the same key read as one line.",
        ),
    },
)


class EventsView(SeatView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "after", int, description="Return events with seq greater than this (0 to 2**53)"
            ),
            OpenApiParameter("limit", int, description="Page size, 1 to 200 (default 200)"),
        ],
        responses={
            200: inline_serializer(
                "EventPage",
                {
                    "results": EventOut.__class__(many=True),
                    "seq": serializers.IntegerField(),
                    "has_more": serializers.BooleanField(),
                    "next_after": serializers.IntegerField(),
                },
            ),
            **error_responses(400, 401, 403, 404),
        },
        summary="The table's log after a seq, oldest first",
    )
    def get(self, request: Request, table_id: int) -> Response:
        seat = self.seat(request)
        after = _int_param(request, "after", 0, 0, MAX_SEQ)  # next_after stays a number JSON keeps
        limit = _int_param(request, "limit", selectors.EVENTS_PAGE, 1, selectors.EVENTS_PAGE)
        rows, more = selectors.events_after(seat.table, after, limit)
        results = events_json(seat.table, rows)
        return Response(
            {
                "results": results,
                "seq": seat.table.seq,
                "has_more": more,
                "next_after": results[-1]["seq"] if results else after,
            }
        )


def _int_param(request: Request, name: str, default: int, lo: int, hi: int | None = None) -> int:
    raw = request.query_params.get(name)
    if raw in (None, ""):
        return default
    try:
        value = int(str(raw))
    except ValueError:
        said = _("“%(name)s” must be a whole number.") % {"name": name}
        raise RuleViolation("bad_param", said, extra={"field": name}) from None
    if value < lo or (hi is not None and value > hi):
        if hi is not None:
            said = _("“%(name)s” must be from %(lo)s to %(hi)s.") % {"name": name, "lo": lo, "hi": hi}
        else:
            said = _("“%(name)s” must be at least %(lo)s.") % {"name": name, "lo": lo}
        raise RuleViolation("bad_param", said, extra={"field": name})
    return value


class CommandIn(serializers.Serializer[Any]):
    command_id = serializers.CharField(min_length=1, max_length=64)
    expected_seq = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    type = serializers.CharField(max_length=40)
    payload = serializers.DictField(required=False, default=dict)


CommandOut = inline_serializer(
    "CommandResult",
    {
        "seq": serializers.IntegerField(),
        "events": EventOut.__class__(many=True),
        "state": serializers.JSONField(),
    },
)


def drop_serializer_cycles(serializer: serializers.Serializer[Any]) -> None:
    """Drop what ties a used serializer into reference cycles (it and its fields hold each other,
    a dict field and its child too), so it is freed at once rather than left to the cyclic
    collector's pauses (``companion/server/wsgi_handler.py`` says why;
    ``tests/test_request_cycles.py``)."""
    for field in serializer.fields.values():
        child = getattr(field, "child", None)
        if child is not None:
            vars(child).clear()
        vars(field).clear()
    vars(serializer).clear()


MAX_SEQ = 2**53
"""The largest ``after`` a log read takes: ``next_after`` stays a number JSON keeps exactly."""


class CommandView(SeatView):
    seat_from_memo = True  # the command checks under the table's lock that the seat is still there

    @extend_schema(
        request=CommandIn,
        responses={200: CommandOut, **error_responses(400, 401, 403, 404, 409, 413, 429, 503)},
        summary="Send a command to the table",
    )
    def post(self, request: Request, table_id: int) -> Response:
        if content_length(request.META) > MAX_BODY_BYTES:
            raise body_too_large(MAX_BODY_BYTES)
        serializer = CommandIn(data=request.data)
        serializer.is_valid(raise_exception=True)
        v = dict(serializer.validated_data)
        drop_serializer_cycles(serializer)
        throttle.command_guard(self.seat(request).pk)
        try:
            result = services.command_execute(
                table_id=table_id,
                seat=self.seat(request),
                command_id=v["command_id"],
                type=v["type"],
                payload=dict(v["payload"]),
                expected_seq=v.get("expected_seq"),
            )
        except SeatGone:  # answered as a token that opens nothing: look it up next time
            SeatTokenAuthentication.forget(request)
            raise
        return Response(result.body, status=result.status)


class PreviewIn(serializers.Serializer[Any]):
    type = serializers.CharField(max_length=40)
    payload = serializers.DictField(required=False, default=dict)


class CommandPreviewView(SeatView):
    @extend_schema(
        request=PreviewIn,
        responses={200: CommandOut, **error_responses(400, 401, 403, 409, 413, 503)},
        summary="What a game command would do now (its log lines and the new state), without doing it",
    )
    def post(self, request: Request, table_id: int) -> Response:
        if content_length(request.META) > MAX_BODY_BYTES:
            raise body_too_large(MAX_BODY_BYTES)
        data = PreviewIn(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        body = services.command_preview(seat=self.seat(request), type=v["type"], payload=dict(v["payload"]))
        return Response(body)


class ClaimView(SeatView):
    @extend_schema(
        request=None,
        responses={200: TableOut, **error_responses(401, 403, 409)},
        summary="Tie your guest seat to your account",
    )
    def post(self, request: Request, table_id: int) -> Response:
        seat = self.seat(request)
        services.seat_claim(seat=seat, user=request._request.user)
        return Response(selectors.table_json(seat.table, viewer=seat))
