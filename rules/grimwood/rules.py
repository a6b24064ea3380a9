"""``GrimwoodRules``: Grimwood at the table (issue 13; spec: games/grimwood.md; rulebook: seeds/grimwood.txt).

Two or more players search the forest (the deck) for combos of
supernaturals, animals and settings; the most points on the table at the
end wins. The companion keeps what the table would count by hand: each
player's combos with their points by the combo table and the score they add
up to (recomputed whenever combos move between players), the hands' sizes,
the turn's actions, the deck count and the last round it starts, the hand
limit at each turn's end, and the winner. Every change is a recorded op
(``rules.game.OpsRules``), so undo and redo are exact; every automatic
number can be overridden by hand with a note (``combo.adjust``,
``hand.set``, ``actions.set``, ``deck.set``): the printed card wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.engine import State
from rules.errors import RuleViolation
from rules.game import Handler, OpsRules
from rules.grimwood import commands
from rules.grimwood.describe import describe as describe_event
from rules.grimwood.results import results as game_results
from rules.grimwood.state import initial_state

HANDLERS: dict[str, Handler] = {
    "game.start": commands.start,
    "combo.place": commands.place,
    "combo.add": commands.add,
    "combo.move": commands.move,
    "combo.swap": commands.swap,
    "combo.discard": commands.discard,
    "combo.take": commands.take,
    "combo.adjust": commands.adjust,
    "action.use": commands.use_action,
    "turn.draw": commands.draw,
    "turn.steal": commands.steal,
    "turn.end": commands.end,
    "hand.set": commands.set_hand,
    "actions.set": commands.set_actions,
    "deck.set": commands.set_deck,
}


class GrimwoodRules(OpsRules):
    """The rules of a Grimwood table (game "grimwood")."""

    game = "grimwood"
    name = "Grimwood"
    handlers: ClassVar[Mapping[str, Handler]] = HANDLERS

    def clean_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """No options: the players, and so the deck (64 or 68 cards), are named by ``game.start``."""
        if raw is not None and not isinstance(raw, Mapping):
            raise RuleViolation("bad_option", "Options must be an object.", {"field": "options"})
        return super().clean_options(raw)

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        self.clean_options(options)
        return initial_state()

    def describe(self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        return describe_event(event_type, payload, seat_names)

    def results(self, state: State) -> list[dict[str, Any]]:
        return game_results(state)
