"""Query parameters several endpoints share, read strictly (one error vocabulary: ``bad_param``)."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from rest_framework.request import Request

from rules.errors import RuleViolation

SLUG = re.compile(r"[a-z0-9_-]{1,40}")


def game_param(request: Request) -> str | None:
    """The ``game`` asked for (a game's slug), or ``None`` for every game.

    Any slug is accepted, a game no longer installed included (its plays
    stay in the history); anything that is not a slug is refused before it
    reaches the database: a NUL byte made PostgreSQL fail the query (a 500,
    found by schemathesis).
    """
    raw = request.query_params.get("game") or None
    if raw is not None and not SLUG.fullmatch(raw):
        raise RuleViolation(
            "bad_param",
            _("“game” must be a game's short name: lowercase letters, digits, - and _ (such as grimhand)."),
            extra={"field": "game"},
        )
    return raw
