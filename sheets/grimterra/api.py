"""``POST /api/v1/grimterra/decks/check/``: the deck checker (issue: Grimterra, "Deck checker").

``{heroes: [{name, fates}], cards: [{name, fate, copies}]}`` → ``{valid,
violations: [{code, message}]}`` with every rule the list breaks (rulebook 5,
Deck Construction); a list that cannot be read answers 400 naming the field.
No seat is needed: players check decks before they sit down.
"""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import error_responses
from rules.grimterra.deck import check_deck

DeckIn = inline_serializer(
    "GrimterraDeck",
    {
        "heroes": serializers.ListField(child=serializers.DictField()),
        "cards": serializers.ListField(child=serializers.DictField()),
    },
)
DeckOut = inline_serializer(
    "GrimterraDeckCheck",
    {
        "valid": serializers.BooleanField(),
        "violations": inline_serializer(
            "GrimterraDeckViolation", {"code": serializers.CharField(), "message": serializers.CharField()}
        ).__class__(many=True),
        "heroes": serializers.IntegerField(help_text="How many heroes the list has."),
        "cards": serializers.IntegerField(help_text="How many cards, copies counted."),
    },
)


class DeckCheckView(APIView):
    authentication_classes: list[type] = []
    permission_classes: list[type] = []

    @extend_schema(
        request=DeckIn,
        responses={200: DeckOut, **error_responses(400)},
        summary="Check a Grimterra deck list (400 when the list cannot be read, naming the field)",
    )
    def post(self, request: Request) -> Response:
        data = request.data if isinstance(request.data, dict) else {}
        return Response(check_deck(data.get("heroes"), data.get("cards")))


urlpatterns = [path("decks/check/", DeckCheckView.as_view(), name="grimterra-deck-check")]
