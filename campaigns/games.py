"""Which rules module runs each kind of table."""

from __future__ import annotations

from rules.counters import CountersRules
from rules.engine import GameRules
from rules.errors import RuleViolation

_RULES: dict[str, GameRules] = {"counters": CountersRules()}


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
