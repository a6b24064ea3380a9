"""Reads of a gaming group's statistics (issue #14: "the same for a group").

A group is everyone (accounts, and guests by their seat's name) who played
at the tables one account hosted: the group is named by its host. Anyone
who played there, and the host, may read it. Every figure comes from a
fixed handful of aggregate queries, however many plays the group has.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Case, CharField, Count, F, Q, Sum, Value, When

from campaigns import records
from campaigns.export import play_row
from campaigns.history import choose_rivals, result_aggregates, win_streaks
from campaigns.models import Play, PlayResult, Rating
from campaigns.ratings import Identity, rating_json
from campaigns.registry import cooperative_games, name_of
from rules.game import RecordField


def _guest(prefix: str = "") -> Case:
    """A guest's seat name for the row at ``prefix`` ("" for an account, which its id names)."""
    return Case(
        When(**{prefix + "user__isnull": True}, then=F(prefix + "name")),
        default=Value(""),
        output_field=CharField(),
    )


def host_of(host_id: int) -> Any:
    """The host account of a group, or ``None``."""
    return get_user_model().objects.filter(pk=host_id).first()


def may_read(user: Any, host_id: int) -> bool:
    """The host, and whoever played at the host's tables with their account."""
    if user is None or not user.is_authenticated:
        return False
    if user.pk == host_id:
        return True
    return PlayResult.objects.filter(user=user, play__table__host_user_id=host_id).exists()


def groups_of(user: Any) -> list[dict[str, Any]]:
    """The groups ``user`` may read: hosts of the tables they played at (their own first), with plays."""
    hosts = (
        Play.objects.filter(Q(results__user=user) | Q(table__host_user=user), table__host_user__isnull=False)
        .values("table__host_user_id", "table__host_user__username")
        .annotate(plays=Count("id", distinct=True))
        .order_by("-plays", "table__host_user__username")
    )
    rows = [
        {"host_id": h["table__host_user_id"], "host": h["table__host_user__username"], "plays": h["plays"]}
        for h in hosts
    ]
    return sorted(rows, key=lambda r: r["host_id"] != user.pk)


def group_play_rows(host: Any, game: str | None = None) -> list[dict[str, Any]]:
    """Every result at ``host``'s tables, newest first, as rows for a spreadsheet (issue #14:
    "plays and results as CSV and JSON for an account or a group")."""
    rows = PlayResult.objects.filter(play__table__host_user=host).select_related("play")
    if game:
        rows = rows.filter(game=game)
    return [play_row(r) for r in rows.order_by("-ended_at", "play_id", "place", "id")]


def _name(user_id: int | None, username: str | None, guest: str) -> dict[str, Any]:
    return {"name": username if user_id is not None else guest, "account": user_id is not None}


def _pairs(host_id: int) -> dict[Identity, list[dict[str, Any]]]:
    """For each member, everyone they played against there: plays together and how often the other was
    ahead (a cooperative game's plays have no opponents)."""
    # ``play__results`` is the other seat of the same play, joined once and
    # reused by every expression below.
    other = "play__results__"
    ahead = Q(**{other + "place__lt": F("place")}) | Q(**{other + "won": True}, won=False)
    rows = (
        PlayResult.objects.filter(play__table__host_user_id=host_id)
        .exclude(game__in=cooperative_games())
        .annotate(other_row=F(other + "id"))
        .exclude(other_row=F("id"))
        .annotate(guest=_guest(), other_guest=_guest(other), other_user=F(other + "user_id"))
        .values("user_id", "guest", "other_user", other + "user__username", "other_guest")
        .annotate(shared=Count("play", distinct=True), ahead=Count("play", distinct=True, filter=ahead))
        .order_by()
    )
    pairs: dict[Identity, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        me: Identity = (row["user_id"], row["guest"])
        them: Identity = (row["other_user"], row["other_guest"])
        if me == them:  # one person on two seats
            continue
        pairs[me].append(
            {
                **_name(row["other_user"], row[other + "user__username"], row["other_guest"]),
                "plays_together": row["shared"],
                "finished_ahead": row["ahead"],
            }
        )
    return pairs


def _ratings(people: list[Identity]) -> dict[tuple[Identity, str], Rating]:
    accounts = [u for u, _g in people if u is not None]
    guests = [g for u, g in people if u is None]
    found = Rating.objects.filter(Q(user_id__in=accounts) | Q(user__isnull=True, guest_name__in=guests))
    return {((r.user_id, r.guest_name if r.user_id is None else ""), r.game): r for r in found}


def group_stats(host: Any) -> dict[str, Any]:
    """The group of ``host``'s tables: per game its plays and a leaderboard; per member their figures.

    A leaderboard ranks by skill (openskill's ordinal) where the game is
    rated, then by win rate and plays. Ratings are the members' own (over
    all their plays of that game), the rest counts only plays in this group.
    """
    here = PlayResult.objects.filter(play__table__host_user=host)
    per_game = {
        row["game"]: row
        for row in Play.objects.filter(table__host_user=host)
        .values("game")
        .annotate(plays=Count("id"), time_played_s=Sum("duration_s"))
        .order_by()
    }
    member_rows = list(
        here.annotate(guest=_guest())
        .values("user_id", "user__username", "guest", "game")
        .annotate(**result_aggregates())
        .order_by()
    )
    figures = _Figures(
        streaks=_win_streaks(here),
        rated=_ratings(sorted({(r["user_id"], r["guest"]) for r in member_rows}, key=str)),
        pairs=_pairs(host.pk),
        kept=records.fields_by_game(),
    )
    figures.read_records(here)
    boards, members = figures.boards_and_members(member_rows)
    games = [
        {
            "game": game,
            "game_name": name_of(game),
            "plays": row["plays"],
            "time_played_s": int(row["time_played_s"] or 0),
            "leaderboard": sorted(boards[game], key=_rank),
            "records": records.best(figures.kept.get(game, ()), figures.record_rows[game], holder=True),
        }
        for game, row in sorted(per_game.items(), key=lambda kv: (-kv[1]["plays"], kv[0]))
    ]
    return {
        "host_id": host.pk,
        "host": host.get_username(),
        "plays": sum(g["plays"] for g in games),
        "time_played_s": sum(g["time_played_s"] for g in games),
        "games": games,
        "members": sorted(members.values(), key=lambda m: (-m["plays"], m["name"], not m["account"])),
    }


def _win_streaks(here: Any) -> dict[Identity, dict[str | None, int]]:
    """Each member's longest win streaks in the group, per game and over all (key None)."""
    runs: dict[Identity, list[tuple[str, bool]]] = defaultdict(list)
    for user_id, guest, game, won in (
        here.annotate(guest=_guest())
        .order_by("ended_at", "play_id", "id")
        .values_list("user_id", "guest", "game", "won")
    ):
        runs[(user_id, guest)].append((game, won))
    return {who: win_streaks(seq) for who, seq in runs.items()}


def _rank(entry: dict[str, Any]) -> tuple[Any, ...]:
    """A leaderboard's order: rated first by skill, then win rate, plays and name."""
    ordinal = entry["rating"]["ordinal"] if entry["rating"] else None
    return (ordinal is None, -(ordinal or 0.0), -entry["win_rate"], -entry["plays"], entry["name"])


@dataclass
class _Figures:
    """What a group's leaderboards and members are made of, read once for the whole group."""

    streaks: dict[Identity, dict[str | None, int]]
    rated: dict[tuple[Identity, str], Rating]
    pairs: dict[Identity, list[dict[str, Any]]]
    kept: dict[str, tuple[RecordField, ...]]
    record_rows: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: defaultdict(list))

    def read_records(self, here: Any) -> None:
        for rec in records.record_rows(here) if self.kept else []:
            self.record_rows[rec["game"]].append(rec)

    def boards_and_members(
        self, member_rows: list[dict[str, Any]]
    ) -> tuple[dict[str, list[dict[str, Any]]], dict[Identity, dict[str, Any]]]:
        """Each game's leaderboard entries, and each member's figures over every game."""
        boards: dict[str, list[dict[str, Any]]] = defaultdict(list)
        members: dict[Identity, dict[str, Any]] = {}
        for row in member_rows:
            who: Identity = (row["user_id"], row["guest"])
            name = _name(row["user_id"], row["user__username"], row["guest"])
            boards[row["game"]].append({**name, **self._entry(who, row)})
            member = members.setdefault(who, {**name, "plays": 0, "wins": 0, "time_played_s": 0})
            member["plays"] += row["plays"]
            member["wins"] += row["wins"]
            member["time_played_s"] += int(row["time_played_s"] or 0)
        for who, member in members.items():
            member["win_rate"] = round(member["wins"] / member["plays"], 3)
            member["longest_win_streak"] = self.streaks[who].get(None, 0)
            member["most_frequent_opponent"], member["nemesis"] = choose_rivals(self.pairs.get(who, []))
        return boards, members

    def _entry(self, who: Identity, row: dict[str, Any]) -> dict[str, Any]:
        """One member's line on one game's leaderboard (beside their name)."""
        game = row["game"]
        return {
            "plays": row["plays"],
            "wins": row["wins"],
            "win_rate": round(row["wins"] / row["plays"], 3),
            "avg_score": round(float(row["avg_score"]), 2) if row["avg_score"] is not None else None,
            "best_score": row["best_score"],
            "longest_win_streak": self.streaks[who].get(game, 0),
            "rating": rating_json(self.rated.get((who, game))),
            "records": records.best(
                self.kept.get(game, ()),
                (r for r in self.record_rows[game] if records.identity_of(r) == who),
            ),
        }
