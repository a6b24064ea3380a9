"""Grim Hand characters: read one, export it (``/api/v1/grimhand/characters/``).

A character lives in its table's snapshot (changed only by table commands,
``POST /api/v1/tables/{id}/commands/``); these views read it. Any seat of the
character's table may read every character there (spectators too);
outsiders get 401 without a seat token and 403 with another table's. One
query answers a read whatever the character holds: the seat token's lookup
brings its table and snapshot along. Importing is the table command
``character.import`` ``{data}`` with the exported file.
"""

from __future__ import annotations

import re
from typing import Any

from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import ApiError
from campaigns.auth import SeatTokenAuthentication
from campaigns.models import Seat
from rules.grimhand.table import export_character
from sheets.selectors import character_json, character_table_id, table_character

_LINE = inline_serializer(
    "BreakdownLine", {"source": serializers.CharField(), "amount": serializers.IntegerField()}
)
_STATS: dict[str, Any] = {
    k: serializers.IntegerField() for k in ("max_le", "max_ap", "strength", "agility", "attack")
}

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
        "stats": inline_serializer("GrimHandStats", _STATS),
        "breakdown": inline_serializer("GrimHandBreakdown", {k: _LINE.__class__(many=True) for k in _STATS}),
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
            raise ApiError(
                "not_authenticated", "Join the table first: this needs your seat token.", status_code=401
            )
        char = table_character(seat.table.state, character_id)
        if char is None:
            if character_table_id(character_id) is None:
                raise ApiError("character_not_found", "There is no such character.", status_code=404)
            raise ApiError("not_your_table", "That character sits at another table.", status_code=403)
        return char, seat


class CharacterDetailView(_CharacterView):
    @extend_schema(responses={200: CharacterOut}, summary="A Grim Hand character with its derived stats")
    def get(self, request: Request, character_id: int) -> Response:
        char, seat = self.character(request, character_id)
        return Response(character_json(char, seat.table_id))


class CharacterExportView(_CharacterView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
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
