"""``GrimterraRules``: Grimterra at the table (issue 12; spec and rulebook: grimterra).

Two or more players, three heroes each. The companion keeps what the table
tracks with stacked cards and counters (each hero's side, wounds, dark
counters and position; hand, deck and discard counts; the turn's phase and
its one Spell, Equipment and Power) and applies the rules: the empowered
flip at the END of the combat round, death by wounds on the empowered side
and at 6 dark counters whatever the Health, the card check (Fate and skill
on the current side; Tenebris adds dark counters instead), the per-turn
limits, three combat rounds, the draw up to 5, minions dying at their
player's turn end, and the win with its fewest-dark tie-break. The deck
checker is ``rules.grimterra.deck.check_deck``.

Every change is a recorded op (``rules.game.OpsRules``), so undo and redo
are exact; every automatic number can be set by hand with a note
(``hero.adjust``, ``player.adjust``, ``combat.end``): rulebook 1, "When in
doubt, go with the card."

Decisions where the rulebook is silent (the spec's Decisions win; these fill
the gaps):
- Outside combat (a Spell's wound) a normal hero whose wounds reach its
  Health flips at once: there is no combat round to wait for.
- During a combat round heroes die at once, but the game is decided when
  the round ends (both sides resolve at the same time), so two last heroes
  dying in the same round reach the fewest-dark tie-break.
- Minions are not among a player's three heroes: a living minion does not
  keep its player in the game and its dark counters do not count.
- Equal fewest dark counters is a tie: nobody wins, the tied players share
  first place.
- Tenebris cards are usable by every hero (spec 8), whatever its Fates.

Where groups read the rulebook differently, the table chooses (``option_fields``):
- ``overkill``: wounds beyond a normal hero's Health are removed with the
  flip (``cleared``, the default: rulebook 7 "all wounds are removed") or
  stay on the empowered side (``carry``: the hero "dies if [the damage] is
  equal to or greater than their empowered health", counted over both).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.engine import State
from rules.game import Handler, OpsRules
from rules.grimterra import combat, commands, hands, heroes, wounds
from rules.grimterra.describe import describe as describe_event
from rules.grimterra.results import results as game_results
from rules.grimterra.state import OVERKILL, initial_state
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import option, options

NUMBER_WORDS = {
    "hand": (gettext_noop("%(owner)s's hand"), gettext_noop("Hand")),
    "deck": (gettext_noop("%(owner)s's deck"), gettext_noop("Deck")),
    "discard": (gettext_noop("%(owner)s's discard pile"), gettext_noop("Discard pile")),
    "wounds": (gettext_noop("%(owner)s's wounds"), gettext_noop("Wounds")),
    "dark": (gettext_noop("%(owner)s's dark counters"), gettext_noop("Dark counters")),
    "round": (gettext_noop("%(owner)s's combat round"), gettext_noop("Combat round")),
    "number": (gettext_noop("%(owner)s's turn"), gettext_noop("Turn")),
    "health": (gettext_noop("%(owner)s's Health"), gettext_noop("Health")),
    "empowered_health": (gettext_noop("%(owner)s's Empowered Health"), gettext_noop("Empowered Health")),
}
"""Snapshot keys as people say them, for the lines of undo and redo: with its owner, and alone."""


def _owner(path: list[Any], state: Mapping[str, Any], seat_names: Mapping[int, str]) -> str | None:
    """Whose number the path leads to: the last named hero or seated player it passes."""
    owner = None
    node: Any = state
    for segment in path[:-1]:
        if isinstance(segment, Mapping) and isinstance(node, list):
            node = next((i for i in node if all(i.get(k) == val for k, val in segment.items())), None)
        elif isinstance(segment, int) and isinstance(node, list):
            node = node[segment] if -len(node) <= segment < len(node) else None
        elif isinstance(node, Mapping):
            node = node.get(segment)
        else:
            node = None
        if isinstance(node, Mapping):
            name = node.get("name")
            seat_id = node.get("seat_id")
            if isinstance(name, str) and name:
                owner = name
            elif isinstance(seat_id, int) and seat_id in seat_names:
                owner = seat_names[seat_id]
    return owner


HANDLERS: dict[str, Handler] = {
    "game.start": commands.start,
    "hero.add": heroes.add_hero,
    "hero.position": heroes.position,
    "hero.skill": heroes.skill,
    "hero.wound": wounds.wound,
    "hero.heal": wounds.heal,
    "hero.dark": wounds.dark,
    "hero.move_dark": wounds.move_dark,
    "hero.adjust": commands.adjust,
    "card.use": hands.use_card,
    "card.bluff": hands.bluff,
    "card.illegal": hands.illegal,
    "card.draw": hands.draw,
    "card.discard": hands.discard,
    "combat.start": combat.combat_start,
    "combat.round_end": combat.round_end,
    "combat.end": combat.combat_end,
    "turn.next": commands.turn_next,
    "player.deck": commands.set_deck,
    "player.adjust": commands.player_adjust,
}


class GrimterraRules(OpsRules):
    """The rules of a Grimterra table (game "grimterra")."""

    game = "grimterra"
    name = "Grimterra"
    handlers: ClassVar[Mapping[str, Handler]] = HANDLERS
    option_fields: ClassVar[tuple[Mapping[str, Any], ...]] = (
        {
            "key": "overkill",
            "label": gettext_noop("Wounds beyond a normal hero's Health"),
            "choices": (
                {"value": "cleared", "label": gettext_noop("Removed when it flips (all wounds are removed)")},
                {"value": "carry", "label": gettext_noop("Carried over to its empowered side")},
            ),
        },
    )

    def clean_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """``{overkill: "cleared" | "carry"}`` (default cleared); the deck, hands and heroes are commands."""
        given = options(raw, ("overkill",), "Grimterra")
        words = _("Wounds beyond Health are either cleared when the hero flips or carried over (carry).")
        return {"overkill": option(given, "overkill", OVERKILL, words)}

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return initial_state(self.clean_options(options)["overkill"])

    def describe(self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        return describe_event(event_type, payload, seat_names)

    def number_label(self, path: list[Any], state: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        """The numbers an undo moved, in the game's words: "Vex's dark counters", "Ann's discard pile",
        "Combat round" (the snapshot's keys read badly: ``dark``, ``discard``)."""
        words = NUMBER_WORDS.get(str(path[-1])) if path else None
        if words is None:
            return super().number_label(path, state, seat_names)
        owned, alone = words
        owner = _owner(path, state, seat_names)
        if owner and path[0] != "turn":  # the turn's numbers are the table's, not its player's
            return _(owned) % {"owner": owner}
        return _(alone)

    def results(self, state: State) -> list[dict[str, Any]]:
        return game_results(state)
