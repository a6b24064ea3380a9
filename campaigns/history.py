"""Reads of a player's history: their plays and the statistics over them (issue: play history).

Every figure is an SQL aggregate over ``PlayResult`` rows (one per seat per
finished play), so nothing parses the stored JSON of old tables.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Avg, Count, Max, Q, QuerySet, Sum

from campaigns.models import PlayResult
from campaigns.registry import name_of


def results_of(user: Any, game: str | None = None) -> QuerySet[PlayResult]:
    """This account's results, newest first (optionally of one game)."""
    rows = PlayResult.objects.filter(user=user).select_related("play")
    return rows.filter(game=game) if game else rows


def play_json(mine: PlayResult) -> dict[str, Any]:
    play = mine.play
    others = PlayResult.objects.filter(play=play).order_by("place", "id")
    return {
        "play_id": play.pk,
        "table_id": play.table_id,
        "game": play.game,
        "game_name": name_of(play.game),
        "name": play.name,
        "ended_at": play.ended_at.isoformat(),
        "duration_s": play.duration_s,
        "winner": play.winner,
        "me": _result(mine),
        "players": [_result(r) for r in others],
    }


def _result(r: PlayResult) -> dict[str, Any]:
    return {"name": r.name, "score": r.score, "place": r.place, "won": r.won}


def stats_of(user: Any) -> dict[str, Any]:
    """Plays, wins, win rate, average and best score and time played, per game and in all."""
    per_game = (
        PlayResult.objects.filter(user=user)
        .values("game")
        .annotate(
            plays=Count("id"),
            wins=Count("id", filter=Q(won=True)),
            avg_score=Avg("score"),
            best_score=Max("score"),
            time_played_s=Sum("play__duration_s"),
        )
        .order_by("-plays", "game")
    )
    games = [
        {
            "game": row["game"],
            "game_name": name_of(row["game"]),
            "plays": row["plays"],
            "wins": row["wins"],
            "win_rate": round(row["wins"] / row["plays"], 3) if row["plays"] else 0.0,
            "avg_score": round(float(row["avg_score"]), 2) if row["avg_score"] is not None else None,
            "best_score": row["best_score"],
            "time_played_s": int(row["time_played_s"] or 0),
        }
        for row in per_game
    ]
    plays = sum(g["plays"] for g in games)
    wins = sum(g["wins"] for g in games)
    return {
        "plays": plays,
        "wins": wins,
        "win_rate": round(wins / plays, 3) if plays else 0.0,
        "time_played_s": sum(g["time_played_s"] for g in games),
        "games": games,
    }
