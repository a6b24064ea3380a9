"""The snapshot of a Grimoor table and the lookups the commands share (issue 13: the Grimoor contract).

Shape::

    {conflict: 1..3, start_seat_id, turn_seat_id, actions_left, turn, over,
     players: [{seat_id, points, eoc_cards, strongholds: [types],
                horde: [{id, type, name, strength, focused, commander}],
                curios: [{id, name, source}]}],
     conflicts: [{n, start_seat_id, strength: {seat: n}, cohorts: {seat: n},
                  points_before: {seat: n}, hordes: {seat: [cohort]},
                  winner_seat_id, points, tie_break, computed_winner_seat_id,
                  computed_points, ended_by, note}],
     winner_seat_ids, start_points, next_id}

Seat ids are the keys of ``strength``, ``cohorts``, ``points_before`` and
``hordes`` as text (``"3"``), because the snapshot is stored as JSON, whose
object keys are always text.
"""

from __future__ import annotations

from typing import Any

from rules import players, turns
from rules.engine import State
from rules.errors import RuleViolation
from rules.i18n import gettext as _

PLAYERS = 2
CONFLICTS = 3
"""Grimoor is played over a series of three Conflicts (rulebook: Conflicts)."""

TURN_ACTIONS = 2
FIRST_TURN_ACTIONS = 1
"""Two Actions a turn; the Start Player of a Conflict has one on their first turn (rulebook: Conflicts)."""

CONFLICT_ENDS_AT = 5
"""The Conflict ends once the opposing Horde holds five Cohorts at a turn's end (rulebook: End of Turn)."""

MAX_FOCUS = 3
"""A Curio Focuses up to three Cohorts of its player's Horde (rulebook: Curio Cards)."""

STRONGHOLD_DISCARDS = 3
"""Building a Stronghold discards three cards from hand (rulebook: Building Strongholds)."""

FOCUSED_STRENGTH = 1
"""Whatever is printed, a Focused Cohort has a Strength of one (rulebook: Cohort Cards, cont.)."""

DEFAULT_START_POINTS = 1
"""Setup: "Players set their Reference card on top of their Score card, set to 1"."""

Player = dict[str, Any]
Cohort = dict[str, Any]


def initial_state(start_points: int) -> State:
    return {
        "conflict": 1,
        "start_seat_id": None,
        "turn_seat_id": None,
        "actions_left": 0,
        "turn": 0,
        "over": False,
        "players": [],
        "conflicts": [],
        "winner_seat_ids": [],
        "start_points": start_points,
        "next_id": 1,
    }


def new_player(seat_id: int, points: int) -> Player:
    return {
        "seat_id": seat_id,
        "points": points,
        "eoc_cards": 0,
        "strongholds": [],
        "horde": [],
        "curios": [],
    }


def key(seat_id: int) -> str:
    """A seat id as a JSON object key."""
    return str(seat_id)


def player_index(state: State, seat_id: int) -> int:
    """Where the seat's record is; refused when the seat is not playing."""
    index = players.player_index(state, seat_id)
    if index is None:
        raise RuleViolation("not_a_player", _("That seat is not playing this game."), {"seat_id": seat_id})
    return index


def player(state: State, seat_id: int) -> Player:
    found: Player = state["players"][player_index(state, seat_id)]
    return found


def opponent(state: State, seat_id: int) -> int:
    for other in state["players"]:
        if other["seat_id"] != seat_id:
            return int(other["seat_id"])
    raise RuleViolation("not_started", _("The game has not started: choose the Start Player."))


def find_cohort(state: State, cohort_id: int, field: str = "cohort_id") -> tuple[int, Cohort]:
    """The index of the player whose Horde holds the Cohort, and the Cohort; refused when unknown."""
    found = players.holder(state, "horde", cohort_id)
    if found is None:
        raise RuleViolation(
            "unknown_cohort",
            _("There is no such Cohort in either Horde."),
            {"field": field, "cohort_id": cohort_id},
        )
    return found


def cohort_path(index: int, cohort_id: int, *keys: str) -> list[Any]:
    return ["players", index, "horde", {"id": cohort_id}, *keys]


def counted(cohort: Cohort) -> int:
    """The Strength a Cohort adds to its Horde: 1 when Focused, else its printed Strength."""
    return FOCUSED_STRENGTH if cohort["focused"] else int(cohort["strength"])


def horde_strength(owner: Player) -> int:
    return sum(counted(cohort) for cohort in owner["horde"])


def started(state: State) -> bool:
    return len(state["players"]) == PLAYERS


def require_started(state: State) -> None:
    if not started(state):
        raise RuleViolation("not_started", _("The game has not started: choose the Start Player first."))


def require_playing(state: State) -> None:
    """The game has started and is not over (only corrections and undo remain after the third Conflict)."""
    require_started(state)
    turns.refuse_when_over(
        state["over"], _("The game is over after the third Conflict: undo the last turn to play on.")
    )


def at_opening(state: State) -> bool:
    """Nothing has happened yet in the current Conflict: its first turn, no Action taken, empty Hordes."""
    return (
        not state["over"]
        and state["turn"] == 1
        and state["actions_left"] == FIRST_TURN_ACTIONS
        and all(not p["horde"] and not p["curios"] for p in state["players"])
    )
