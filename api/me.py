"""``/api/v1/me/plays/`` and ``/api/v1/me/stats/``: a logged-in player's history, built from the log."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.cached import cached_answer
from api.errors import error_responses
from api.export import PlaysCSVRenderer
from api.params import game_param
from campaigns import history, stats_cache
from campaigns.export import account_play_rows
from rules.errors import RuleViolation

_RESULT = inline_serializer(
    "PlayerResult",
    {
        "name": serializers.CharField(),
        "score": serializers.IntegerField(allow_null=True),
        "place": serializers.IntegerField(allow_null=True),
        "won": serializers.BooleanField(),
    },
)
PlayOut = inline_serializer(
    "MyPlay",
    {
        "play_id": serializers.IntegerField(),
        "table_id": serializers.IntegerField(),
        "game": serializers.CharField(),
        "game_name": serializers.CharField(),
        "name": serializers.CharField(),
        "ended_at": serializers.DateTimeField(),
        "duration_s": serializers.IntegerField(),
        "winner": serializers.CharField(),
        "me": _RESULT.__class__(),
        "players": _RESULT.__class__(many=True),
    },
)
_RATING = inline_serializer(
    "SkillRating",
    {
        "ordinal": serializers.FloatField(help_text="mu - 3 sigma: the skill to rank by."),
        "mu": serializers.FloatField(),
        "sigma": serializers.FloatField(help_text="The uncertainty: smaller after more plays."),
        "plays": serializers.IntegerField(help_text="Rated plays."),
    },
)


def record_fields() -> dict[str, serializers.Field[Any, Any, Any, Any]]:
    """A game record's fields (fresh each time: a field belongs to one serializer)."""
    return {
        "key": serializers.CharField(help_text="The detail of a seat's result the game keeps a record of."),
        "label": serializers.CharField(),
        "better": serializers.ChoiceField(choices=["higher", "lower"]),
        "unit": serializers.CharField(help_text="'s' for seconds (a play's length), '' for a plain count."),
        "value": serializers.FloatField(
            allow_null=True, help_text="The record; null before any play sets it."
        ),
        "play_id": serializers.IntegerField(allow_null=True, help_text="The play that set it."),
        "ended_at": serializers.DateTimeField(allow_null=True),
    }


_RECORD = inline_serializer("GameRecord", record_fields())
_GAME_STATS = inline_serializer(
    "GameStats",
    {
        "game": serializers.CharField(),
        "game_name": serializers.CharField(),
        "cooperative": serializers.BooleanField(
            help_text="Every seat plays on one side: its plays give no opponent and no nemesis."
        ),
        "plays": serializers.IntegerField(),
        "wins": serializers.IntegerField(),
        "win_rate": serializers.FloatField(),
        "avg_score": serializers.FloatField(allow_null=True),
        "best_score": serializers.IntegerField(allow_null=True),
        "time_played_s": serializers.IntegerField(),
        "longest_win_streak": serializers.IntegerField(),
        "rating": _RATING.__class__(
            allow_null=True, help_text="Skill (openskill), only for games with competitive plays."
        ),
        "records": _RECORD.__class__(
            many=True, help_text="The game's records over my plays, side by side (none if it keeps none)."
        ),
    },
)
_OPPONENT = inline_serializer(
    "Opponent",
    {
        "name": serializers.CharField(help_text="The account's username, or a guest seat's name."),
        "account": serializers.BooleanField(),
        "plays_together": serializers.IntegerField(),
        "finished_ahead": serializers.IntegerField(
            help_text="Plays together where they placed better, or won while you did not."
        ),
    },
)
StatsOut = inline_serializer(
    "MyStats",
    {
        "plays": serializers.IntegerField(),
        "wins": serializers.IntegerField(),
        "win_rate": serializers.FloatField(),
        "time_played_s": serializers.IntegerField(),
        "longest_win_streak": serializers.IntegerField(),
        "most_frequent_opponent": _OPPONENT.__class__(
            allow_null=True, help_text="Over the competitive games only (a co-op game has no opponents)."
        ),
        "nemesis": _OPPONENT.__class__(allow_null=True),
        "games": _GAME_STATS.__class__(many=True),
    },
)
PAGE = 50


class LoggedIn(BasePermission):
    def has_permission(self, request: Request, view: Any) -> bool:
        if request.user is None or not request.user.is_authenticated:
            raise RuleViolation("login_required", _("Log in to see your plays and statistics."), status=401)
        return True


class MyPlaysView(APIView):
    permission_classes = [LoggedIn]
    renderer_classes = [*APIView.renderer_classes, PlaysCSVRenderer]

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, description="Only this game (its slug)."),
            OpenApiParameter("offset", int, description="Skip this many (newest first)."),
            OpenApiParameter(
                "format",
                str,
                enum=["json", "csv"],
                description="csv: every result, one row each (play_id, game, table_name, ended_at, "
                "seat_name, score, place, won, duration_s), with a header line (issue #14).",
            ),
        ],
        responses={
            (200, "application/json"): inline_serializer(
                "MyPlays", {"results": PlayOut.__class__(many=True), "count": serializers.IntegerField()}
            ),
            (200, "text/csv"): OpenApiTypes.STR,
            **error_responses(400, 401, 404),
        },
        summary="My finished plays, newest first",
    )
    def get(self, request: Request) -> Response:
        game = game_param(request)
        if request.accepted_renderer.format == "csv":
            return Response(account_play_rows(user=request.user, game=game))
        raw = request.query_params.get("offset", "0")
        # ASCII digits only: "²" passes isdigit() but not int() (a 500), and a
        # huge offset would overflow the database's OFFSET (issue #15).
        if not (raw.isascii() and raw.isdigit() and len(raw) <= 9):
            said = _("“%(name)s” must be a whole number.") % {"name": "offset"}
            raise RuleViolation("bad_param", said, extra={"field": "offset"})
        offset = int(raw)
        rows = history.results_of(request.user, game)
        page = list(rows[offset : offset + PAGE])
        return Response({"results": [history.play_json(r) for r in page], "count": rows.count()})


class MyStatsView(APIView):
    permission_classes = [LoggedIn]

    @extend_schema(
        responses={200: StatsOut, **error_responses(401)},
        summary="My statistics: plays, wins and scores per game",
    )
    def get(self, request: Request) -> HttpResponse:
        # Cached under a key that every write of these figures changes (issue #14, "Speed").
        user = request.user
        return cached_answer(
            self, request, stats_cache.account_key(user, "api"), lambda: history.stats_of(user)
        )
