"""Reads of a player's history: their plays and the statistics over them (issue: play history).

Every figure is an SQL aggregate over ``PlayResult`` rows (one per seat per
finished play), so nothing parses the stored JSON of old tables.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Avg, Case, CharField, Count, F, Max, Q, QuerySet, Sum, Value, When

from campaigns import records
from campaigns.models import PlayResult, Rating
from campaigns.ratings import rating_json
from campaigns.registry import cooperative_games, is_cooperative, name_of


def result_aggregates() -> dict[str, Any]:
    """Plays, wins, average and best score and time played over a set of result rows (SQL aggregates)."""
    return {
        "plays": Count("id"),
        "wins": Count("id", filter=Q(won=True)),
        "avg_score": Avg("score"),
        "best_score": Max("score"),
        "time_played_s": Sum("play__duration_s"),
    }


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
        .annotate(**result_aggregates())
        .order_by("-plays", "game")
    )
    games = [
        {
            "game": row["game"],
            "game_name": name_of(row["game"]),
            "cooperative": is_cooperative(row["game"]),
            "plays": row["plays"],
            "wins": row["wins"],
            "win_rate": round(row["wins"] / row["plays"], 3) if row["plays"] else 0.0,
            "avg_score": round(float(row["avg_score"]), 2) if row["avg_score"] is not None else None,
            "best_score": row["best_score"],
            "time_played_s": int(row["time_played_s"] or 0),
        }
        for row in per_game
    ]
    streaks = win_streaks(
        PlayResult.objects.filter(user=user).order_by("ended_at", "play_id").values_list("game", "won")
    )
    rated = {r.game: r for r in Rating.objects.filter(user=user)}
    kept = records.fields_by_game()
    record_rows = records.record_rows(PlayResult.objects.filter(user=user)) if kept else []
    for entry in games:
        entry["longest_win_streak"] = streaks.get(entry["game"], 0)
        entry["rating"] = rating_json(rated.get(entry["game"]))
        entry["records"] = records.best(
            kept.get(entry["game"], ()), (r for r in record_rows if r["game"] == entry["game"])
        )
    plays = sum(g["plays"] for g in games)
    wins = sum(g["wins"] for g in games)
    frequent, nemesis = opponents_of(user)
    return {
        "plays": plays,
        "wins": wins,
        "win_rate": round(wins / plays, 3) if plays else 0.0,
        "time_played_s": sum(g["time_played_s"] for g in games),
        "longest_win_streak": streaks.get(None, 0),
        "most_frequent_opponent": frequent,
        "nemesis": nemesis,
        "games": games,
    }


def win_streaks(results: Iterable[tuple[str, bool]]) -> dict[str | None, int]:
    """The longest run of wins in a row, per game and over all games (key ``None``).

    ``results`` are ``(game, won)`` oldest first. A play of another game does
    not break a game's own run, only the overall one (issue #14: "longest
    winning streak").
    """
    best: dict[str | None, int] = {}
    run: dict[str | None, int] = {}
    for game, won in results:
        for key in (game, None):
            run[key] = run.get(key, 0) + 1 if won else 0
            best[key] = max(best.get(key, 0), run[key])
    return best


def _opponent_rows(user: Any) -> QuerySet[PlayResult, dict[str, Any]]:
    """Everyone who played with ``user``, one row per person, in one aggregate query.

    A person is an account, or a guest seat's name (guests have nothing
    else). ``shared`` counts the plays together; ``ahead`` those where they
    finished ahead: a better place, or won while ``user`` did not. Plays of
    a cooperative game have no opponents (everyone is on one side).
    """
    # ``play__results`` is joined once by the filter and reused by the
    # expressions below, so ``play__results__*`` is always ``user``'s own row.
    mine = "play__results__"
    ahead = Q(place__lt=F(mine + "place")) | Q(won=True, **{mine + "won": False})
    return (
        PlayResult.objects.filter(**{mine + "user": user})
        .exclude(user=user)
        .exclude(game__in=cooperative_games())
        .annotate(
            guest=Case(When(user__isnull=True, then=F("name")), default=Value(""), output_field=CharField())
        )
        .values("user_id", "user__username", "guest")
        .annotate(shared=Count("play", distinct=True), ahead=Count("play", distinct=True, filter=ahead))
        .order_by()
    )


def _person(row: dict[str, Any]) -> dict[str, Any]:
    account = row["user_id"] is not None
    return {
        "name": row["user__username"] if account else row["guest"],
        "account": account,
        "plays_together": row["shared"],
        "finished_ahead": row["ahead"],
    }


def opponents_of(user: Any) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """``(most frequent opponent, nemesis)`` of ``user`` (issue #14), each ``None`` if nobody fits.

    The most frequent opponent shared the most plays; the nemesis finished
    ahead of ``user`` most often (ties: the one who did so in fewer plays
    together, then by name). Nobody who never finished ahead is a nemesis.
    """
    return choose_rivals([_person(row) for row in _opponent_rows(user)])


def choose_rivals(people: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """``(most frequent opponent, nemesis)`` among ``people`` (``{name, account, plays_together,
    finished_ahead}``), chosen the same way for a player's own statistics and a group's."""
    if not people:
        return None, None
    frequent = min(people, key=lambda p: (-p["plays_together"], p["name"], not p["account"]))
    rivals = [p for p in people if p["finished_ahead"] > 0]
    nemesis = (
        min(rivals, key=lambda p: (-p["finished_ahead"], p["plays_together"], p["name"], not p["account"]))
        if rivals
        else None
    )
    return frequent, nemesis
