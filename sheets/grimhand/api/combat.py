"""``GET /api/v1/tables/{id}/combat/odds/``: each player's chances against each threat (issues #10, #33).

The numbers come from the rules (``rules.grimhand.table.combat_state.odds_view``):
for each fighting player against each active threat, the share of runouts
where the player's street attack is higher, equal or lower, the expected
damage each way, and the same for every inactive-card swap. Before the flop
is scored the runouts are the flops (``when`` "on the flop", or "on this
flop" once it is shown); on the flop and the turn, the turns and rivers.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import error_responses
from campaigns.auth import SeatTokenAuthentication
from campaigns.models import Seat
from rules.errors import RuleViolation
from rules.grimhand.table.combat_state import odds_view

OddsOut = inline_serializer(
    "GrimHandCombatOdds",
    {
        "available": serializers.BooleanField(),
        "reason": serializers.CharField(required=False, help_text="Why there are no odds now."),
        "street": serializers.CharField(required=False),
        "when": serializers.CharField(
            required=False,
            help_text='The street the chances are of: "on the flop", "on this flop", "by the river".',
        ),
        "exact": serializers.BooleanField(
            required=False,
            help_text="Every runout counted; false: a seeded sample, each share with its margin.",
        ),
        "runouts": serializers.IntegerField(required=False),
        "players": serializers.JSONField(
            help_text="[{side_id, name, against: [{side_id, name, higher, equal, lower, expected_dealt, "
            "expected_taken, runouts, margin?}], swaps: [{in, out, against, net_gain}]}]"
        ),
    },
)


class CombatOddsView(APIView):
    authentication_classes = [SeatTokenAuthentication]
    permission_classes: list[type] = []

    @extend_schema(
        responses={200: OddsOut, **error_responses(401, 403, 404)},
        summary="Grim Hand combat: each player's chances against each threat, on the flop or by the river",
    )
    def get(self, request: Request, table_id: int) -> Response:
        seat = request.auth
        if not isinstance(seat, Seat):
            raise RuleViolation(
                "not_authenticated", _("Join the table first: this needs your seat token."), status=401
            )
        if seat.table_id != table_id:
            raise RuleViolation("not_your_table", _("Your seat is at another table."), status=403)
        table = seat.table
        if table.game != "grimhand":
            raise RuleViolation("not_found", _("This table has no Grim Hand combat."), status=404)
        view: dict[str, Any] = odds_view(table.state)
        return Response(view)
