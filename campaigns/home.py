"""What the home page shows: the games to open a table of, and the tables this phone sits at.

Here, not in ``companion.views``, because the table pages render the home
page again with a refusal beside the field at fault (``campaigns.views``),
and the platform's pages depend on nothing of the project's own views.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from campaigns import registry
from campaigns.selectors import device_seats, seats_of_user


def game_choices() -> list[tuple[str, str]]:
    """The create form's choice of game: (slug, name) in the home page's order."""
    return [(spec.slug, spec.name) for spec in registry.games()]


def home_context(request: HttpRequest) -> dict[str, Any]:
    """The home page's context: the games, the form (its first game chosen), this phone's tables."""
    games = registry.games()
    first = games[0].slug if games else ""
    return {
        "games": games,
        "game_choices": game_choices(),
        "my_tables": your_tables(request),
        "form": {"game": first},
    }


def your_tables(request: HttpRequest, limit: int = 20) -> list[dict[str, Any]]:
    """The tables this phone holds a seat at (its cookies), then the account's claimed seats;
    each row names its game as the players know it (``game_name``)."""
    rows: dict[int, dict[str, Any]] = {}
    for seat in device_seats(request.COOKIES):
        rows.setdefault(seat.table_id, {"table": seat.table, "seat_name": seat.name, "here": True})
    if request.user.is_authenticated:
        for seat in seats_of_user(request.user)[:limit]:
            rows.setdefault(seat.table_id, {"table": seat.table, "seat_name": seat.name, "here": False})
    ordered = sorted(rows.values(), key=lambda r: r["table"].created_at, reverse=True)[:limit]
    for row in ordered:
        row["game_name"] = registry.name_of(row["table"].game)
    return ordered
