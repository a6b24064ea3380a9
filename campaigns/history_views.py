"""Pages of a player's history and statistics, and a group's leaderboard (issue #14: "Pages").

Phone first, server-rendered, no scripts of their own: the charts are SVG
drawn by pygal (``campaigns.charts``). Every page costs a fixed number of
queries whatever the number of plays (the stats page is tested for it).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from campaigns import charts, groups, history, registry, stats_cache
from campaigns.boards import board_html
from campaigns.logtext import event_texts
from campaigns.models import Event, Play, PlayResult
from campaigns.page_cache import cached_page

PAGE = 25


def _game_filter(request: HttpRequest) -> str | None:
    """The ``game`` asked for, if it is a registered game (anything else shows every game)."""
    game = request.GET.get("game") or None
    return game if game is not None and registry.find(game) is not None else None


@login_required
def my_history(request: HttpRequest) -> HttpResponse:
    """My finished plays, newest first, optionally of one game, 25 to a page."""
    game = _game_filter(request)
    rows = history.results_of(request.user, game).prefetch_related(
        Prefetch("play__results", queryset=PlayResult.objects.order_by("place", "id"))
    )
    page = Paginator(rows, PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "history/history.html",
        {
            "page": page,
            "game": game,
            "games": [(spec.slug, spec.name) for spec in registry.games()],
        },
    )


@login_required
def my_play(request: HttpRequest, play_id: int) -> HttpResponse:
    """A finished play of mine, read-only: the final board and the whole log."""
    user: Any = request.user
    play = Play.objects.select_related("table").filter(pk=play_id, results__user=user).distinct().first()
    if play is None:
        raise Http404(_("No such play of yours."))
    table = play.table
    events = list(Event.objects.filter(table=table).order_by("seq"))
    log = list(zip(events, event_texts(table, events), strict=True))
    return render(
        request,
        "history/play.html",
        {
            "play": play,
            "results": PlayResult.objects.filter(play=play).order_by("place", "id"),
            "board": board_html(table, state=play.final_state),
            "log": log,
        },
    )


@login_required
def my_stats(request: HttpRequest) -> HttpResponse:
    """My figures, per game, with charts: plays over time, plays and wins per game, rating over time.

    Figures, charts and groups are rendered once and come from the cache after
    (``campaigns.stats_cache``: keyed so they are never stale), and so is the whole
    page in each process, with only the logout form's token put in per request
    (``campaigns.page_cache``). The groups list counts only plays this account played
    in or hosted, so the account's own counter covers it (the play record bumps the
    host's too).
    """
    user: Any = request.user
    key = stats_cache.account_key(user, "page-html")

    def page() -> dict[str, Any]:
        body = stats_cache.cached(
            key, lambda: render_to_string("history/_stats_body.html", _my_figures(user))
        )
        return {"body": body}

    return cached_page(request, key, "history/stats.html", page)


def _my_figures(user: Any) -> dict[str, Any]:
    stats = history.stats_of(user)
    return {
        "stats": stats,
        # Opponents and a nemesis only where somebody played against me: not in co-op games.
        "rivals": any(not g["cooperative"] for g in stats["games"]),
        "plays_chart": charts.plays_over_time(charts.plays_per_month(user)),
        "wins_chart": charts.wins_per_game(stats["games"]),
        "rating_chart": charts.rating_over_time(charts.rating_steps(user)),
        "groups": groups.groups_of(user),
    }


@login_required
def group_board(request: HttpRequest, host_id: int) -> HttpResponse:
    """A group's leaderboard per game, large enough for a shared screen (also fine on a phone)."""
    host = groups.host_of(host_id)
    if host is None or not groups.may_read(request.user, host_id):
        raise Http404(_("No such group, or you have not played in it."))
    group = stats_cache.cached(stats_cache.group_key(host, "page"), lambda: groups.group_stats(host))
    return render(request, "history/group.html", {"group": group})
