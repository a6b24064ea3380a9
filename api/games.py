"""``GET /api/v1/games/``: the games this server runs (from ``campaigns.registry``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns import registry
from campaigns.services import TABLE_COMMANDS


class GameOut(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    blurb = serializers.CharField()
    min_seats = serializers.IntegerField()
    max_seats = serializers.IntegerField()
    commands = serializers.ListField(child=serializers.CharField())
    options = serializers.ListField(
        child=serializers.DictField(),
        help_text="Setup options for POST /tables/ (key, label, choices; the first choice is the default).",
    )


def game_json(spec: registry.GameSpec) -> dict[str, Any]:
    return {
        "slug": spec.slug,
        "name": spec.name,
        "blurb": spec.blurb,
        "min_seats": spec.min_seats,
        "max_seats": spec.max_seats,
        "commands": [*spec.commands(), *TABLE_COMMANDS],
        "options": [
            {"key": f["key"], "label": f["label"], "choices": [dict(c) for c in f["choices"]]}
            for f in spec.rules.option_fields
        ],
    }


class GamesView(APIView):
    authentication_classes: list[type] = []
    permission_classes: list[type] = []

    @extend_schema(responses={200: GameOut(many=True)}, summary="The games a table can be opened for")
    def get(self, request: Request) -> Response:
        return Response([game_json(spec) for spec in registry.games()])
