"""Charts of a player's statistics, drawn by pygal on the server as inline SVG (issue #14: "charts").

No JavaScript: pygal's tooltip and config scripts are left out (our pages
run only our own scripts), and the SVG has a view box but no fixed size, so CSS
scales it to the width of a 390 px phone. Text in the charts (game names,
dates) is escaped by the XML writer.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import Any
from xml.etree import ElementTree

import pygal
from django.db.models import Count
from django.db.models.functions import TruncMonth
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from pygal.style import Style

from campaigns.models import PlayResult, RatingChange
from campaigns.registry import name_of

STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground="#f1e9e2",
    foreground_strong="#f1e9e2",
    foreground_subtle="#4a3f39",
    colors=("#e0a44a", "#7fd48a", "#b49cff", "#e0605a", "#a9b8c8", "#e8dcc4"),
    font_family="system-ui, sans-serif",
    label_font_size=14,
    major_label_font_size=14,
    legend_font_size=15,
    value_font_size=14,
    title_font_size=16,
)
COMMON: dict[str, Any] = {
    "style": STYLE,
    "js": [],
    "disable_xml_declaration": True,
    "width": 390,
    "height": 300,
    "legend_at_bottom": True,
    "legend_at_bottom_columns": 1,
    "truncate_legend": 24,
    "margin": 8,
    "show_y_guides": True,
    "print_values": False,
}


def _svg(chart: Any, name: str) -> SafeString:
    """The chart as inline SVG, without the config script pygal always writes (CSP: no inline scripts).

    Its element id is ``chart-<name>-svg`` (``name`` unique on the page) instead of a
    random UUID: pygal scopes each of its hundred-odd CSS rules with that id, so a
    short one takes a third off the page, and the same figures give the same bytes.
    """
    chart.uuid = f"{name}-svg"
    root = chart.render_tree()
    for parent in root.iter():
        for child in list(parent):
            if isinstance(child.tag, str) and child.tag.endswith("script"):
                parent.remove(child)
    # ElementTree escapes every text and attribute it writes.
    return mark_safe(ElementTree.tostring(root, encoding="unicode"))


def _counts(top: int) -> list[int]:
    """Whole-number ticks from 0 to at least ``top`` (pygal would put 0.4 plays on the axis)."""
    step = max(1, math.ceil(top / 5))
    return list(range(0, top + step, step))


def plays_per_month(user: Any) -> list[tuple[date, int]]:
    """``(first day of month, plays)`` oldest first, one aggregate query."""
    rows = (
        PlayResult.objects.filter(user=user)
        .annotate(month=TruncMonth("ended_at"))
        .values("month")
        .annotate(plays=Count("id"))
        .order_by("month")
    )
    return [(_day(row["month"]), row["plays"]) for row in rows]


def _day(value: date | datetime) -> date:
    return value.date() if isinstance(value, datetime) else value


def plays_over_time(months: Sequence[tuple[date, int]]) -> SafeString | None:
    """Bars of plays per month (the last 12 months that had plays)."""
    if not months:
        return None
    shown = list(months)[-12:]
    chart = pygal.Bar(
        **COMMON, show_legend=False, x_label_rotation=-45, y_labels=_counts(max(n for _m, n in shown))
    )
    chart.x_labels = [m.strftime("%b %Y") for m, _n in shown]
    chart.add(_("Plays"), [n for _m, n in shown])
    return _svg(chart, "plays")


def wins_per_game(games: Iterable[dict[str, Any]]) -> SafeString | None:
    """Plays and wins side by side for every game played."""
    games = list(games)
    if not games:
        return None
    chart = pygal.HorizontalBar(**COMMON, y_labels=_counts(max(g["plays"] for g in games)))
    chart.x_labels = [g["game_name"] for g in games]
    chart.add(_("Plays"), [g["plays"] for g in games])
    chart.add(_("Wins"), [g["wins"] for g in games])
    return _svg(chart, "wins")


def rating_steps(user: Any) -> dict[str, list[tuple[datetime, float]]]:
    """Per game, the ordinal after each rated play, oldest first (one query)."""
    steps: dict[str, list[tuple[datetime, float]]] = defaultdict(list)
    rows = (
        RatingChange.objects.filter(rating__user=user)
        .order_by("ended_at", "id")
        .values_list("rating__game", "ended_at", "mu", "sigma")
    )
    for game, ended_at, mu, sigma in rows:
        steps[game].append((ended_at, round(mu - 3 * sigma, 2)))
    return dict(steps)


def rating_over_time(steps: dict[str, list[tuple[datetime, float]]]) -> SafeString | None:
    """One line per rated game: the skill (ordinal, mu - 3 sigma) after each rated play."""
    if not steps:
        return None
    chart = pygal.DateTimeLine(
        **COMMON,
        x_label_rotation=-45,
        x_value_formatter=lambda when: when.strftime("%d %b %y"),
        # A few dates a phone can read, not one per play overlapping (issue #33, item 11).
        x_labels_major_count=4,
        show_minor_x_labels=False,
        show_dots=True,
        dots_size=2,
        show_x_guides=False,
    )
    for game in sorted(steps, key=name_of):
        chart.add(name_of(game), steps[game])
    return _svg(chart, "rating")
