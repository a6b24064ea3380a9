"""Import an exported table into a new one, as a job polled by its client (issue #32).

Thin: ``campaigns.imports`` decides; these views check the upload's size,
who sends it, and translate refusals into the one error shape.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, PolymorphicProxySerializer, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import error_responses
from api.export import TableExportSerializer
from api.parsers import content_length
from api.tables import SeatGrantOut, client_key
from campaigns import imports
from campaigns.auth import SessionAccount

POLL_AFTER_S = 1
"""The ``Retry-After`` of an answer still pending: how soon to ask again."""


class ImportJobOut(serializers.Serializer[Any]):
    id = serializers.CharField(help_text="The job's id: a secret, it yields the new table's host seat.")
    status = serializers.CharField(help_text="``pending`` or ``running``.")
    status_url = serializers.CharField(help_text="Where to ask again (GET).")


class ImportDoneOut(serializers.Serializer[Any]):
    status = serializers.CharField(help_text="``done``.")
    id = serializers.IntegerField(help_text="The new table's id.")
    join_code = serializers.CharField()
    seat = SeatGrantOut(help_text="Your host seat at the new table.")


def _status_url(key: str) -> str:
    return reverse("api:table-import-status", kwargs={"job_id": key})


class TableImportView(APIView):
    authentication_classes = [SessionAccount]
    permission_classes = [AllowAny]  # a guest too (and the schema says the cookie is optional)

    @extend_schema(
        request=TableExportSerializer,
        responses={
            202: OpenApiResponse(
                ImportJobOut, description="Stored; its replay is owed. Poll ``status_url``."
            ),
            **error_responses(400, 403, 413, 429, 503),
        },
        parameters=[
            OpenApiParameter(
                "Location", str, OpenApiParameter.HEADER, response=[202], description="The status URL."
            )
        ],
        summary="A new table from an export: its commands are replayed through the rules (you are its host)",
        description=(
            "Answers at once; the replay runs apart. 400 ``import_bad_file`` (not an export), "
            "``unknown_game``, ``import_too_long`` (more than ``IMPORT_MAX_COMMANDS`` commands); 413 "
            "``import_too_large`` (over ``IMPORT_MAX_BYTES``); 429 ``too_many_imports`` (more than "
            "``IMPORTS_PER_WINDOW`` from one address; ``Retry-After``). Nothing is stored then."
        ),
    )
    def post(self, request: Request) -> Response:
        imports.guard(client_key(request))
        imports.check_size(content_length(request.META))
        imports.check_size(len(request.body))  # a body sent without its length
        key = imports.accept(data=request.data, user=request.user)
        url = _status_url(key)
        body = {"id": key, "status": "pending", "status_url": url}
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": url})


class TableImportStatusView(APIView):
    authentication_classes: list[type] = []  # the job's id is the credential
    permission_classes = [AllowAny]

    @extend_schema(
        responses={
            200: PolymorphicProxySerializer(
                component_name="ImportStatus",
                serializers=[ImportJobOut, ImportDoneOut],
                resource_type_field_name=None,
            ),
            **error_responses(400, 404, 409, 500),
        },
        summary="Where an import is: pending, running, done (the new table and your host seat), or refused",
        description=(
            "Done: the new table ``{status, id, join_code, seat}``. Refused: the replay's refusal "
            "as the import always answered it, 400 ``import_bad_file``, ``import_refused``, "
            "``import_mismatch`` or 409 ``import_conflict``; nothing was created. A finished "
            "import is kept for ``IMPORT_JOB_KEEP_S`` (an hour), then 404."
        ),
    )
    def get(self, request: Request, job_id: str) -> Response:
        body = imports.answer(job_id)
        if body["status"] == "done":
            return Response(body)
        return Response(
            {**body, "status_url": _status_url(job_id)}, headers={"Retry-After": str(POLL_AFTER_S)}
        )
