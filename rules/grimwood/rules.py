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
from rules.grimwood import combos, commands, powers
from rules.grimwood.cards import ACTION, DRAW_FIRST, FREE, PLAY_FIRST
from rules.grimwood.describe import describe as describe_event
from rules.grimwood.labels import number_label
from rules.grimwood.results import results as game_results
from rules.grimwood.state import initial_state
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import options

HANDLERS: dict[str, Handler] = {
    "game.start": commands.start,
    "combo.place": combos.place,
    "combo.add": combos.add,
    "combo.move": powers.move,
    "combo.swap": powers.swap,
    "combo.discard": powers.discard,
    "combo.take": powers.take,
    "combo.adjust": powers.adjust,
    "action.use": commands.use_action,
    "turn.draw": commands.draw,
    "turn.steal": commands.steal,
    "turn.end": commands.end,
    "hand.set": commands.set_hand,
    "actions.set": commands.set_actions,
    "deck.set": commands.set_deck,
}

BAD_OPTION = {
    "turn_order": gettext_noop("The turn order is one of %(choices)s."),
    "supernaturals": gettext_noop("The supernaturals is one of %(choices)s."),
}
"""An option's refusal, naming the values it takes."""


class GrimwoodRules(OpsRules):
    """The rules of a Grimwood table (game "grimwood")."""

    game = "grimwood"
    name = "Grimwood"
    handlers: ClassVar[Mapping[str, Handler]] = HANDLERS
    option_fields: ClassVar[tuple[Mapping[str, Any], ...]] = (
        {
            "key": "turn_order",
            "label": gettext_noop("Turn order"),
            "choices": (
                {"value": PLAY_FIRST, "label": gettext_noop("Play, then draw or steal to close the turn")},
                {
                    "value": DRAW_FIRST,
                    "label": gettext_noop("Draw or steal first, then play (alternate mode)"),
                },
            ),
        },
        {
            "key": "supernaturals",
            "label": gettext_noop("Supernaturals"),
            "choices": (
                {"value": FREE, "label": gettext_noop("Placed freely, like every combo")},
                {"value": ACTION, "label": gettext_noop("Each one played as an action")},
            ),
        },
    )
    """Where groups read the rulebook differently (docs/rules/grimwood.md): the order of a turn
    (Turn Overview; Alternativen zum Spiel) and whether placing a supernatural costs an action
    (About Placing Combos; Spielzugüberblick). The players, and so the deck (64 or 68 cards), are
    named by ``game.start``. The labels are English, marked for the catalogue: translated where shown."""

    def clean_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """``{turn_order, supernaturals}``, each one of its choices, the first by default."""
        known = {str(f["key"]): tuple(c["value"] for c in f["choices"]) for f in self.option_fields}
        given = options(raw, known, "Grimwood")
        cleaned = {}
        for key, choices in known.items():
            value = given.get(key)
            if value is None:
                value = choices[0]
            if not isinstance(value, str) or value not in choices:
                raise RuleViolation(
                    "bad_option", _(BAD_OPTION[key]) % {"choices": ", ".join(choices)}, {"field": key}
                )
            cleaned[key] = value
        return cleaned

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        cleaned = self.clean_options(options)
        return initial_state(cleaned["turn_order"], cleaned["supernaturals"])

    def describe(self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        return describe_event(event_type, payload, seat_names)

    def number_label(self, path: list[Any], state: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        """The names the log lines give the numbers ("Ann's hand", "Deck", "Actions"), for undo and redo."""
        return number_label(path, state, seat_names) or super().number_label(path, state, seat_names)

    def results(self, state: State) -> list[dict[str, Any]]:
        return game_results(state)
