"""The games the companion runs: one ``GameSpec`` per game app (architecture: a game is a plug-in).

A game is a folder of pure rules (``rules/<game>/``) and a Django app
(``sheets/<game>/``) whose ``AppConfig.ready`` calls ``register`` with its
spec. The platform (tables, seats, the log, sync, plays, the pages' shell)
reads everything it needs about a game from here and names no game itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from rules.engine import State
from rules.errors import RuleViolation
from rules.game import GameRulesBase

if TYPE_CHECKING:
    from campaigns.models import Event, Table
    from campaigns.sample_play import SamplePlay


Projector = Callable[["Table", list["Event"]], None]
"""A read model kept in step with the log, called in the command's transaction after its events."""

BoardContext = Callable[[Mapping[str, Any], Sequence[Any], Mapping[int, str]], Mapping[str, Any]]
"""What a board shows beyond the snapshot, from (state, active seats, names): names looked up, the
game's reference data for pick lists. Display only: the rules compute every number."""

Loader = Callable[[], int]
"""Loads (idempotently) a game's reference data; returns how many rows it made sure exist."""


@dataclass(frozen=True)
class GameSpec:
    """Everything the platform knows about one game.

    ``blurb`` is one honest line of what the companion does for the game
    (the home page shows it). ``board_template`` renders the game's board
    from ``{"state", "table", "seats", "names", "spec", "ended"}`` and what its
    ``board_context`` adds, inside the table page's shell (``campaigns.boards``).
    ``page`` optionally names a URL pattern (taking ``table_id``) when the
    game has a page of its own instead of the shell; ``page_urls`` and
    ``api_urls`` are URL modules the platform mounts at ``/`` and at
    ``/api/v1/<slug>/``; ``table_api_urls`` one mounted under a table,
    ``/api/v1/tables/<table_id>/``, for reads of a table that only this game
    has (its views must answer 404 for another game's table). ``sample_play``
    plays the game through commands (``campaigns.sample_play``): the suite's
    cross-game tests and the board benchmark run every game from it.
    """

    slug: str
    name: str
    blurb: str
    rules: GameRulesBase
    min_seats: int = 1
    max_seats: int = 8
    board_template: str = ""
    board_context: BoardContext | None = None
    projectors: Sequence[Projector] = ()
    loaders: Sequence[Loader] = ()
    page: str = ""
    page_urls: str = ""
    api_urls: str = ""
    table_api_urls: str = ""
    order: int = 100
    sample_play: SamplePlay | None = None
    printed_names: Callable[[], Iterable[str]] | None = None
    """The names printed on the game's cards (abilities, items, threats): they stay as printed in
    every language, and the German page check (``tests.german``) sets them aside."""

    def commands(self) -> list[str]:
        return self.rules.commands()

    def clean_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        return self.rules.clean_options(raw)

    def results(self, state: State) -> list[dict[str, Any]]:
        return self.rules.results(state)


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    """Called by a game app's ``ready``; registering the same slug again replaces it."""
    if spec.rules.game != spec.slug:
        raise ValueError(f"{spec.slug}: its rules say they are {spec.rules.game!r}")
    _GAMES[spec.slug] = spec


def unregister(slug: str) -> None:
    """Forget a game (tests register made-up games and remove them again)."""
    _GAMES.pop(slug, None)


def get(slug: str) -> GameSpec:
    try:
        return _GAMES[slug]
    except KeyError:
        raise RuleViolation(
            "unknown_game",
            _("There is no game called %(slug)r.") % {"slug": slug},
            {"field": "game", "games": slugs()},
        ) from None


def games() -> list[GameSpec]:
    """Every registered game, in the order the home page shows them."""
    return sorted(_GAMES.values(), key=lambda g: (g.order, g.name))


def slugs() -> list[str]:
    return [g.slug for g in games()]


def find(slug: str) -> GameSpec | None:
    """The game's spec, or None when no installed app registers it."""
    return _GAMES.get(slug)


def name_of(slug: str) -> str:
    spec = _GAMES.get(slug)
    return spec.name if spec is not None else slug


def cooperative_games() -> list[str]:
    """The games whose seats all play on one side (``GameRulesBase.cooperative``): no opponents."""
    return [g.slug for g in games() if g.rules.cooperative]


def is_cooperative(slug: str) -> bool:
    spec = _GAMES.get(slug)
    return spec is not None and spec.rules.cooperative


def score_words(slug: str, score: int) -> str:
    """A result's score in the game's own words: "1 point", "3 trophies" (``score_unit``)."""
    spec = _GAMES.get(slug)
    one, many = spec.rules.score_unit if spec is not None else GameRulesBase.score_unit
    # The units are marked for the catalogues where each game defines them.
    return f"{score} {_(one) if score == 1 else _(many)}"


def rules_for(slug: str) -> GameRulesBase:
    return get(slug).rules


def project(table: Table, events: list[Event]) -> None:
    """Run the game's projectors over a command's events (inside its transaction)."""
    spec = _GAMES.get(table.game)
    if spec is not None:
        for projector in spec.projectors:
            projector(table, events)
