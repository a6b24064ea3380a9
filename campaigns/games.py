"""Which rules module runs each kind of table."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.counters import CountersRules
from rules.engine import GameRules
from rules.errors import RuleViolation

if TYPE_CHECKING:
    from campaigns.models import Event, Table

_RULES: dict[str, GameRules] = {"counters": CountersRules()}

# Read models kept in step with the log: called inside the command's
# transaction, after its events are appended (e.g. the character index).
Projector = Callable[["Table", list["Event"]], None]
_PROJECTORS: dict[str, list[Projector]] = {}


def register_projector(game: str, projector: Projector) -> None:
    _PROJECTORS.setdefault(game, []).append(projector)


def project(table: Table, events: list[Event]) -> None:
    for projector in _PROJECTORS.get(table.game, []):
        projector(table, events)


def register(rules: GameRules) -> None:
    """Apps add their game's rules at start-up (see the apps' ``ready``)."""
    _RULES[rules.game] = rules


def rules_for(game: str) -> GameRules:
    try:
        return _RULES[game]
    except KeyError:
        raise RuleViolation("unknown_game", f"There is no game called {game!r}.") from None


def available_games() -> list[str]:
    return sorted(_RULES)
