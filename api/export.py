"""Export a table's whole log as JSON (issue #14, "Exports and restore"); imports are ``api.imports``.

Thin: ``campaigns.export`` decides; these views check who asks and translate
refusals into the one error shape.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import error_responses
from api.tables import SeatView
from campaigns import export
from campaigns.auth import SeatCookieAuthentication, SeatTokenAuthentication

_SEAT = inline_serializer(
    "ExportSeat",
    {
        "name": serializers.CharField(),
        "role": serializers.CharField(),
        "position": serializers.IntegerField(),
        "colour": serializers.CharField(),
        "removed": serializers.BooleanField(),
    },
)
_EVENT = inline_serializer(
    "ExportEvent",
    {
        "seq": serializers.IntegerField(),
        "type": serializers.CharField(),
        "seat": serializers.IntegerField(allow_null=True, help_text="Index into ``seats``."),
        "command_id": serializers.CharField(allow_blank=True, help_text="Empty for a seat joining."),
        "payload": serializers.JSONField(),
        "created_at": serializers.DateTimeField(),
    },
)
_COMMAND = inline_serializer(
    "ExportCommand",
    {
        "command_id": serializers.CharField(),
        "type": serializers.CharField(),
        "seat": serializers.IntegerField(help_text="Index into ``seats``: who sent it."),
        "payload": serializers.JSONField(
            allow_null=True, help_text="As sent; null if not kept (older logs)."
        ),
        "seed": serializers.IntegerField(allow_null=True, help_text="The dice seed it was applied with."),
    },
)

_ORIGIN = inline_serializer(
    "ExportOrigin",
    {
        "table_id": serializers.IntegerField(help_text="The table the game was first played at, there."),
        "created_at": serializers.DateTimeField(help_text="When that table was opened."),
        "ended_at": serializers.DateTimeField(allow_null=True, help_text="When the game ended."),
    },
)


class TableExportSerializer(serializers.Serializer[Any]):
    """A table's whole log: what the import replays, and the end it must reach."""

    format = serializers.CharField(help_text=f"Always {export.FORMAT!r}.")
    version = serializers.IntegerField()
    game = serializers.CharField()
    name = serializers.CharField()
    options = serializers.JSONField(help_text="The setup options the table was opened with.")
    seats = _SEAT.__class__(many=True, help_text="In the order they joined; never tokens.")
    events = _EVENT.__class__(many=True, help_text="The whole log, oldest first.")
    commands = _COMMAND.__class__(many=True)
    seq = serializers.IntegerField(help_text="The final seq (for checking).")
    status = serializers.CharField()
    edit_policy = serializers.CharField()
    state = serializers.JSONField(help_text="The final state (for checking).")
    origin = _ORIGIN.__class__(
        required=False,
        allow_null=True,
        help_text="The game this log holds: an ended one imported beside it is not recorded as a "
        "second play; restored elsewhere, its play keeps these times. Absent in older exports.",
    )


class TableExportView(SeatView):
    """Seats only: the log names everyone at the table. The token, or the table page's seat
    cookie ("Download this table", issue #33, item 5)."""

    authentication_classes = [SeatTokenAuthentication, SeatCookieAuthentication]

    @extend_schema(
        responses={200: TableExportSerializer, **error_responses(401, 403, 404)},
        summary="The table's whole log as JSON (re-imports into a new table)",
    )
    def get(self, request: Request, table_id: int) -> Response:
        return Response(export.table_export(table=self.seat(request).table))


class PlaysCSVRenderer(BaseRenderer):
    """``?format=csv``: rows of ``campaigns.export.PLAY_COLUMNS`` with a header line.

    A cell a spreadsheet would read as a formula (a table named "=1+1") is
    prefixed with an apostrophe (OWASP, CSV injection).
    """

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> bytes:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        if isinstance(data, dict):
            # A refusal (401, 400) keeps the API's one error shape, as JSON.
            response = (renderer_context or {}).get("response")
            if response is not None:
                response["Content-Type"] = "application/json"
            return json.dumps(data).encode()
        writer.writerow(export.PLAY_COLUMNS)
        for row in data:
            writer.writerow([_cell(row[column]) for column in export.PLAY_COLUMNS])
        return out.getvalue().encode()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not _is_number(text) else text


def _is_number(text: str) -> bool:
    return text.lstrip("-").isdigit()
