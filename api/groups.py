"""``/api/v1/me/groups/``, ``/api/v1/groups/{host_id}/stats/`` and ``.../plays/``: a gaming group (issue #14).

A group is named by its host's account id (``campaigns.groups``). Only the
host and those who played at the host's tables may read it; to anyone else
it does not exist (404, the same as a host with no such id).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.cached import cached_answer
from api.errors import error_responses
from api.export import PlaysCSVRenderer
from api.me import _OPPONENT, _RATING, _RECORD, LoggedIn, record_fields
from api.params import game_param
from campaigns import groups, stats_cache
from rules.errors import RuleViolation

_ENTRY = inline_serializer(
    "LeaderboardEntry",
    {
        "name": serializers.CharField(help_text="The account's username, or a guest seat's name."),
        "account": serializers.BooleanField(),
        "plays": serializers.IntegerField(),
        "wins": serializers.IntegerField(),
        "win_rate": serializers.FloatField(),
        "avg_score": serializers.FloatField(allow_null=True),
        "best_score": serializers.IntegerField(allow_null=True),
        "longest_win_streak": serializers.IntegerField(),
        "rating": _RATING.__class__(allow_null=True),
        "records": _RECORD.__class__(many=True, help_text="Their own records in this group's plays."),
    },
)
_HELD_RECORD = inline_serializer(
    "GroupRecord",
    {
        **record_fields(),
        "name": serializers.CharField(allow_null=True, help_text="Who holds it (username or guest name)."),
        "account": serializers.BooleanField(allow_null=True),
    },
)
_GAME = inline_serializer(
    "GroupGame",
    {
        "game": serializers.CharField(),
        "game_name": serializers.CharField(),
        "plays": serializers.IntegerField(),
        "time_played_s": serializers.IntegerField(),
        "leaderboard": _ENTRY.__class__(many=True, help_text="Best first: skill, then win rate."),
        "records": _HELD_RECORD.__class__(many=True, help_text="The group's records and who holds them."),
    },
)
_MEMBER = inline_serializer(
    "GroupMember",
    {
        "name": serializers.CharField(),
        "account": serializers.BooleanField(),
        "plays": serializers.IntegerField(),
        "wins": serializers.IntegerField(),
        "win_rate": serializers.FloatField(),
        "time_played_s": serializers.IntegerField(),
        "longest_win_streak": serializers.IntegerField(),
        "most_frequent_opponent": _OPPONENT.__class__(allow_null=True),
        "nemesis": _OPPONENT.__class__(allow_null=True),
    },
)
GroupStatsOut = inline_serializer(
    "GroupStats",
    {
        "host_id": serializers.IntegerField(),
        "host": serializers.CharField(),
        "plays": serializers.IntegerField(),
        "time_played_s": serializers.IntegerField(),
        "games": _GAME.__class__(many=True),
        "members": _MEMBER.__class__(many=True),
    },
)
MyGroupsOut = inline_serializer(
    "MyGroups",
    {
        "results": inline_serializer(
            "MyGroup",
            {
                "host_id": serializers.IntegerField(),
                "host": serializers.CharField(),
                "plays": serializers.IntegerField(),
            },
        ).__class__(many=True)
    },
)


class MyGroupsView(APIView):
    permission_classes = [LoggedIn]

    @extend_schema(
        responses={200: MyGroupsOut, **error_responses(401)},
        summary="The groups I may read: hosts of tables I played at (mine first)",
    )
    def get(self, request: Request) -> Response:
        return Response({"results": groups.groups_of(request.user)})


def readable_host(request: Request, host_id: int) -> Any:
    """The group's host account, if ``request``'s user may read the group; else 404."""
    host = groups.host_of(host_id)
    if host is None or not groups.may_read(request.user, host_id):
        raise RuleViolation(
            "group_not_found",
            _("No such group, or you have not played in it."),
            status=404,
            extra={"host_id": host_id},
        )
    return host


class GroupStatsView(APIView):
    permission_classes = [LoggedIn]

    @extend_schema(
        responses={200: GroupStatsOut, **error_responses(401, 404)},
        summary="A group's statistics and per-game leaderboards",
    )
    def get(self, request: Request, host_id: int) -> HttpResponse:
        host = readable_host(request, host_id)
        # Cached under a key that every write of these figures changes (issue #14, "Speed").
        return cached_answer(
            self, request, stats_cache.group_key(host, "api"), lambda: groups.group_stats(host)
        )


_PLAY_ROW = inline_serializer(
    "PlayRow",
    {
        "play_id": serializers.IntegerField(),
        "game": serializers.CharField(),
        "table_name": serializers.CharField(),
        "ended_at": serializers.DateTimeField(),
        "seat_name": serializers.CharField(),
        "score": serializers.IntegerField(allow_null=True),
        "place": serializers.IntegerField(allow_null=True),
        "won": serializers.BooleanField(),
        "duration_s": serializers.IntegerField(),
    },
)


class GroupPlaysView(APIView):
    """Every result at the host's tables, for a spreadsheet or a backup (issue #14: "plays and
    results as CSV and JSON for an account or a group")."""

    permission_classes = [LoggedIn]
    renderer_classes = [*APIView.renderer_classes, PlaysCSVRenderer]

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, description="Only this game (its slug)."),
            OpenApiParameter(
                "format",
                str,
                enum=["json", "csv"],
                description="csv: the same rows, one a line, with a header line (the columns of "
                "/api/v1/me/plays/?format=csv).",
            ),
        ],
        responses={
            (200, "application/json"): inline_serializer(
                "GroupPlays",
                {"results": _PLAY_ROW.__class__(many=True), "count": serializers.IntegerField()},
            ),
            (200, "text/csv"): OpenApiTypes.STR,
            **error_responses(400, 401, 404),
        },
        summary="A group's plays and results, newest first (JSON or CSV)",
    )
    def get(self, request: Request, host_id: int) -> Response:
        host = readable_host(request, host_id)
        rows = groups.group_play_rows(host, game_param(request))
        if request.accepted_renderer.format == "csv":
            return Response(rows)
        return Response({"results": rows, "count": len(rows)})
