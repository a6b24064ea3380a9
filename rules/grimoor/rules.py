"""``GrimoorRules``: Grimoor at the table (issue 13; spec: games/grimoor.md; rulebook: seeds/grimoor.txt).

Two players, three Conflicts, most points wins. The companion keeps what the
table tracks on paper (points, End of Conflict cards, built Strongholds, each
Horde's Cohorts Readied or Focused) and does the sums: the Actions left in a
turn (two; one on the Start Player's first turn of a Conflict), each Horde's
Strength (a Focused Cohort counts 1), the End of Conflict check after each
turn, the Conflict's scoring with its two tie-breaks, the next Start Player
and the winner. Every change is a recorded op (``rules.game.OpsRules``), so
undo and redo are exact; every automatic number can be overridden by hand
with a note (``conflict.override``, ``conflict.start_player``,
``player.adjust``, ``cohort.adjust``, ``actions.set``): the printed card wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.describing import seat_name
from rules.engine import State
from rules.errors import RuleViolation
from rules.game import Handler, OpsRules
from rules.grimoor import actions, cohorts, commands
from rules.grimoor.describe import describe as describe_event
from rules.grimoor.results import results as game_results
from rules.grimoor.state import DEFAULT_START_POINTS, initial_state
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import options

HANDLERS: dict[str, Handler] = {
    "game.start": commands.start,
    "conflict.start_player": commands.start_player,
    "action.draw": actions.draw,
    "action.draw_bottom": actions.draw_bottom,
    "cohort.play": actions.play_cohort,
    "curio.play": actions.play_curio,
    "stronghold.build": actions.build,
    "cohort.focus": cohorts.focus,
    "cohort.ready": cohorts.ready,
    "cohort.join": cohorts.join,
    "cohort.leave": cohorts.leave,
    "cohort.adjust": cohorts.adjust_cohort,
    "points.add": commands.add_points,
    "player.adjust": commands.adjust_player,
    "turn.end": commands.end_turn,
    "conflict.end": commands.end_conflict,
    "conflict.override": commands.override,
    "actions.set": commands.set_actions,
}

MAX_START_POINTS = 30

TOP_WORDS = {
    "actions_left": gettext_noop("Actions"),
    "eoc_cards": gettext_noop("End of Conflict cards"),
    "points": gettext_noop("Points"),
    "turn": gettext_noop("Turn"),
    "conflict": gettext_noop("Conflict"),
}
"""Snapshot keys as people say them, for the lines of undo and redo (translated where shown)."""

OWNED_WORDS = {
    "actions_left": gettext_noop("%(who)s's Actions"),
    "eoc_cards": gettext_noop("%(who)s's End of Conflict cards"),
    "points": gettext_noop("%(who)s's points"),
    "turn": gettext_noop("%(who)s's turn"),
    "conflict": gettext_noop("%(who)s's Conflict"),
}
"""The same numbers of one player: "Ann's End of Conflict cards"."""


class GrimoorRules(OpsRules):
    """The rules of a Grimoor table (game "grimoor")."""

    game = "grimoor"
    name = "Grimoor"
    handlers: ClassVar[Mapping[str, Handler]] = HANDLERS
    option_fields: ClassVar[tuple[Mapping[str, Any], ...]] = (
        {
            "key": "start_points",
            "label": gettext_noop("Starting points"),
            "choices": (
                {
                    "value": DEFAULT_START_POINTS,
                    "label": gettext_noop("1: the Score cards as the rulebook sets them up"),
                },
                {"value": 0, "label": "0"},
            ),
        },
    )

    def clean_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """``{start_points: 0..30}``: where the Score cards start (default 1, rulebook: Setup "set to 1")."""
        value = options(raw, ("start_points",), "Grimoor").get("start_points")
        if value is None:
            value = DEFAULT_START_POINTS
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_START_POINTS:
            raise RuleViolation(
                "bad_option",
                _("The starting points are a whole number from 0 to %(max)s.") % {"max": MAX_START_POINTS},
                {"field": "start_points"},
            )
        return {"start_points": value}

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return initial_state(self.clean_options(options)["start_points"])

    def describe(self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        return describe_event(event_type, payload, seat_names)

    def number_label(self, path: list[Any], state: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        """The numbers an undo moved, in the game's words: "Actions", "Ann's End of Conflict cards",
        "Conflict 1's points" (the snapshot's keys read badly: ``eoc_cards``, ``actions_left``)."""
        last = path[-1] if path else None
        if path and path[0] == "conflicts" and len(path) == 3 and isinstance(path[1], int):
            conflicts = state.get("conflicts") or []
            if 0 <= path[1] < len(conflicts):
                n = conflicts[path[1]].get("n")
                if last == "points":
                    return _("Conflict %(n)s's points") % {"n": n}
                return _("Conflict %(n)s's %(what)s") % {"n": n, "what": str(last).replace("_", " ")}
        who = _owner(path, state, seat_names)
        if who is not None and len(path) == 3 and str(last) in OWNED_WORDS:
            return _(OWNED_WORDS[str(last)]) % {"who": who}
        if who is not None and len(path) == 5 and path[2] == "horde" and last == "strength":
            cohort = _cohort_at(path, state)
            name = cohort.get("name") if cohort else None
            return _("%(who)s's Strength") % {"who": name if isinstance(name, str) and name else who}
        if len(path) == 1 and str(last) in TOP_WORDS:
            return _(TOP_WORDS[str(last)])
        return super().number_label(path, state, seat_names)

    def results(self, state: State) -> list[dict[str, Any]]:
        return game_results(state)


def _owner(path: list[Any], state: Mapping[str, Any], seat_names: Mapping[int, str]) -> str | None:
    """The player whose number is at ``players/<index>/...``, by name (None for another path)."""
    if len(path) < 3 or path[0] != "players" or not isinstance(path[1], int):
        return None
    players = state.get("players") or []
    if not 0 <= path[1] < len(players):
        return None
    return seat_name(seat_names, players[path[1]].get("seat_id"))


def _cohort_at(path: list[Any], state: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The Cohort at ``players/<index>/horde/{id}/...`` (or ``.../horde/<position>/...``)."""
    horde = (state.get("players") or [])[path[1]].get("horde") or []
    where = path[3]
    if isinstance(where, int):
        return horde[where] if -len(horde) <= where < len(horde) else None
    if isinstance(where, Mapping):
        return next((c for c in horde if all(c.get(k) == v for k, v in where.items())), None)
    return None
