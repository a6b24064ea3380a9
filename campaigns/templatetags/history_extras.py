"""Template filters of the history pages: durations and rates as people say them."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

from campaigns.registry import name_of
from campaigns.registry import score_words as words_of_score

register = template.Library()


@register.filter
def duration(seconds: int | None) -> str:
    """``5400`` → ``1 h 30 min``; under an hour in minutes."""
    minutes = int(seconds or 0) // 60
    hours, minutes = divmod(minutes, 60)
    if hours:
        return _("%(h)s h %(m)s min") % {"h": hours, "m": minutes}
    return _("%(m)s min") % {"m": minutes}


@register.filter
def percent(rate: float | None) -> str:
    """``0.667`` → ``67%``."""
    return f"{round((rate or 0.0) * 100)}%"


@register.filter
def score_words(score: int, game: str) -> str:
    """``{{ r.score|score_words:play.game }}`` → ``1 point``, ``3 trophies`` (the game's ``score_unit``)."""
    return words_of_score(game, int(score))


@register.filter
def game_name(slug: str) -> str:
    """A game's printed name, from the registry (the platform names no game itself)."""
    return name_of(slug)
