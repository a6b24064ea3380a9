"""Grim Hand characters: read one, export it (``/api/v1/grimhand/characters/``).

A character lives in its table's snapshot (changed only by table commands,
``POST /api/v1/tables/{id}/commands/``); these views read it. Any seat of the
character's table may read every character there (spectators too);
outsiders get 401 without a seat token and 403 with another table's. One
query answers a read whatever the character holds or the party's size: the
seat token's check and the character's extraction from the snapshot are one
SQL statement. Importing is the table command
``character.import`` ``{data}`` with the exported file.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import error_responses
from campaigns import codes
from campaigns.auth import SeatTokenAuthentication
from campaigns.errors import error_body
from campaigns.models import Seat
from rules.errors import RuleViolation
from rules.grimhand.table import export_character
from sheets.grimhand.selectors import (
    character_document,
    character_for_seat_token,
    character_json,
    character_table_id,
    table_character,
)

_LINE = inline_serializer(
    "BreakdownLine", {"source": serializers.CharField(), "amount": serializers.IntegerField()}
)
STAT_NAMES = ("max_le", "max_ap", "strength", "agility", "attack")

CharacterOut = inline_serializer(
    "GrimHandCharacter",
    {
        "id": serializers.IntegerField(),
        "table_id": serializers.IntegerField(),
        "seat_id": serializers.IntegerField(),
        "name": serializers.CharField(),
        "race": serializers.CharField(),
        "class": serializers.CharField(),
        "affinity": serializers.CharField(),
        "stature": serializers.CharField(),
        **{k: serializers.IntegerField() for k in ("le", "ap", "gold", "xp", "qp", "doubt", "corruption")},
        "corrupted": serializers.BooleanField(help_text="Corruption 4 or more (spec Decision, §13)."),
        "damage_reduction": serializers.IntegerField(help_text="From the equipment hand (0 without one)."),
        "stature_ability_slots": serializers.IntegerField(),
        "next_stature": inline_serializer(
            "GrimHandNextStature",
            {"name": serializers.CharField(), "xp": serializers.IntegerField()},
            allow_null=True,
        ),
        # Fresh field dicts each time: DRF's serializer metaclass pops the fields out of
        # the dict it is given, so a shared dict would leave the next schema empty.
        "stats": inline_serializer("GrimHandStats", {k: serializers.IntegerField() for k in STAT_NAMES}),
        "breakdown": inline_serializer(
            "GrimHandBreakdown", {k: _LINE.__class__(many=True) for k in STAT_NAMES}
        ),
        "equipment": serializers.ListField(child=serializers.DictField()),
        "equipment_hand": serializers.DictField(allow_null=True),
        "set": serializers.DictField(allow_null=True),
        "abilities": serializers.ListField(child=serializers.DictField()),
        "quests": serializers.ListField(child=serializers.DictField()),
        "modifiers": serializers.ListField(child=serializers.DictField()),
        "inventory": serializers.ListField(child=serializers.DictField()),
    },
)


class _CharacterView(APIView):
    authentication_classes = [SeatTokenAuthentication]
    permission_classes: list[type] = []

    def character(self, request: Request, character_id: int) -> tuple[dict[str, Any], Seat]:
        seat = request.auth
        if not isinstance(seat, Seat):
            raise RuleViolation(
                "not_authenticated", _("Join the table first: this needs your seat token."), status=401
            )
        char = table_character(seat.table.state, character_id)
        if char is None:
            if character_table_id(character_id) is None:
                raise RuleViolation("character_not_found", _("There is no such character."), status=404)
            raise RuleViolation("not_your_table", _("That character sits at another table."), status=403)
        return char, seat


def _error(code: str, message: str, status: int) -> HttpResponse:
    return HttpResponse(json.dumps(error_body(code, message)), status=status, content_type="application/json")


def read_character(request: HttpRequest, character_id: int) -> HttpResponse:
    """The hot read (every phone of the party reads it): one query, no ORM, no serializer.

    The token check is ``SeatTokenAuthentication``'s (same header, same hash,
    same active-seat rule), folded into the query that takes the character
    out of the snapshot.
    """
    if request.method not in ("GET", "HEAD"):
        return _error("method_not_allowed", _("That action is not supported here."), 405)
    header = request.META.get("HTTP_AUTHORIZATION", "").split()
    if len(header) != 2 or header[0].lower() != "seat":
        return _error("not_authenticated", _("Join the table first: this needs your seat token."), 401)
    token_hash = codes.hash_token(header[1])
    document = character_document(token_hash, character_id)
    if document is not None:
        return HttpResponse(document, content_type="application/json")
    table_id, char = character_for_seat_token(token_hash, character_id)
    if table_id is None:
        message = _("This seat token is not valid (the seat may have been removed). Join the table again.")
        return _error("bad_token", message, 401)
    if char is None:
        if character_table_id(character_id) is None:
            return _error("character_not_found", _("There is no such character."), 404)
        return _error("not_your_table", _("That character sits at another table."), 403)
    body = json.dumps(character_json(char, table_id), separators=(",", ":"))
    return HttpResponse(body, content_type="application/json")


class CharacterDetailView(APIView):
    """A character with its derived stats and their breakdowns, as the whole table sees it."""

    # Served by ``read_character`` without DRF's dispatch: measured, DRF's
    # request wrapping cost as much CPU as the read itself
    # (bench/bench_character.py). The class stays so the schema documents the
    # endpoint (drf-spectacular reads ``view.cls``).

    authentication_classes: list[type] = []
    permission_classes: list[type] = []

    @classmethod
    def as_view(cls, **initkwargs: Any) -> Any:
        def view(request: HttpRequest, character_id: int) -> HttpResponse:
            return read_character(request, character_id)

        view.cls = cls  # type: ignore[attr-defined]
        view.initkwargs = initkwargs  # type: ignore[attr-defined]
        return view

    @extend_schema(
        responses={200: CharacterOut, **error_responses(401, 403, 404)},
        summary="A Grim Hand character with its derived stats",
        auth=[{"seatToken": []}],  # type: ignore[list-item]
    )
    def get(self, request: Request, character_id: int) -> HttpResponse:
        return read_character(request._request, character_id)


class CharacterExportView(_CharacterView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, **error_responses(401, 403, 404)},
        summary="Download a character as JSON (import it elsewhere with the character.import command)",
    )
    def get(self, request: Request, character_id: int) -> Response:
        char, _ = self.character(request, character_id)
        slug = re.sub(r"[^a-z0-9]+", "-", char["name"].lower()).strip("-") or "character"
        response = Response(export_character(char))
        response["Content-Disposition"] = f'attachment; filename="grim-hand-{slug}.json"'
        return response


urlpatterns = [
    path("<int:character_id>/", CharacterDetailView.as_view(), name="grimhand-character"),
    path("<int:character_id>/export/", CharacterExportView.as_view(), name="grimhand-character-export"),
]
