"""The GRIM table's snapshot and how to find things in it (issue: State and commands).

Snapshot::

    {format, heal_cap, round, phase: "normal" | "paralysis", afterworld, afterworlds_discarded,
     players: [{seat_id, favor, reaction, banished, knockouts, lost}],
     grims: [{id, seat_id, name, element, attached, spirits, health, base_health, speed,
              stamina, status, in_play, attacks, spirit_bonus_due, spirit_bonus, swapped_out?}],
     turn_order: [grim ids], acting, action_taken, acted: [grim ids], tier_speed, turn_status,
     winner_seat_id, next_id}

The rules never see seat rows: a player's record is made the first time a
command names its seat (Fiend's Favor, a Grim entering, a Reaction), and the
table holds at most two (GRIM is a two-player game, rulebook: The Rules).
Grim that leave play stay in ``grims`` with ``in_play`` false, so the log and
undo keep finding them by id (``swapped_out`` marks one gone back to hand by
a Swap rather than knocked out).

Turn bookkeeping beyond the contract: ``acted`` lists the Grim whose Turn
has begun this Round, in order; ``turn_order`` is the whole Round's order
(those that have acted first, then those still to come);
``tier_speed`` is the Speed (with the Favor's +0.5) of the Grim that most
recently began its Turn, which with ``phase`` is the "tier now acting" a
Grim entering mid-Round is compared with; ``turn_status`` the acting Grim's
Status when its Turn began (Freeze, Throw and Paralysis it began with clear
when the Turn ends); ``action_taken`` the acting Grim's one Action this Turn
("attack", "heal" or "swap"; None while it is still to take).

Snapshots made before a key existed lack it: read ``heal_cap`` and
``action_taken`` with ``.get``.
"""

from __future__ import annotations

from typing import Any

from rules import turns
from rules.engine import State
from rules.errors import RuleViolation
from rules.i18n import gettext as _
from rules.players import player_index as player_index

FORMATS: dict[str, int] = {"standard": 4, "coven": 2}
"""Format -> Banished pile size (rulebook: The Setup, four secret cards; Coven: two Banished)."""

HEAL_CAPS: tuple[str, ...] = ("none", "printed", "twenty")
"""How high a Heal may take Health (a table option; the first is the default, spec §5: no cap)."""
TRACKER_TOP = 20
"""The "twenty" cap (Key Terms, Heal: "unable to Heal (e.g., at 20 Health)")."""

PLAYERS = 2
IN_PLAY = 2
"""Each player has two Grim on the field (four in all)."""

ENTER_STAMINA = 5
TURN_STAMINA = 2
SPIRITS_FOR_BONUS = 3

Grim = dict[str, Any]
Player = dict[str, Any]


def initial_state(fmt: str, heal_cap: str = "none") -> State:
    return {
        "format": fmt,
        "heal_cap": heal_cap,
        "round": 1,
        "phase": "normal",
        "afterworld": None,
        "afterworlds_discarded": [],
        "players": [],
        "grims": [],
        "turn_order": [],
        "acting": None,
        "action_taken": None,
        "acted": [],
        "tier_speed": None,
        "turn_status": None,
        "winner_seat_id": None,
        "next_id": 1,
    }


def new_player(state: State, seat_id: int) -> Player:
    return {
        "seat_id": seat_id,
        "favor": False,
        "reaction": True,
        "banished": FORMATS[str(state["format"])],
        "knockouts": 0,
        "lost": False,
    }


def find_grim(state: State, grim_id: int, *, field: str = "grim_id", in_play: bool = True) -> Grim:
    """The Grim with this id; refused when unknown, or (by default) when it has left play."""
    for grim in state["grims"]:
        if grim["id"] == grim_id:
            if in_play and not grim["in_play"]:
                raise RuleViolation(
                    "not_in_play",
                    _("%(grim)s is no longer in play.") % {"grim": grim["name"]},
                    {"field": field, "grim_id": grim_id},
                )
            result: Grim = grim
            return result
    raise RuleViolation(
        "unknown_grim", _("There is no such Grim at this table."), {"field": field, "grim_id": grim_id}
    )


def heal_cap(state: State, grim: Grim) -> int | None:
    """The most Health a Heal may bring ``grim`` to at this table, or None (no cap).

    "twenty" never caps below a Grim's printed Health: the printed card wins.
    """
    cap = state.get("heal_cap", "none")
    if cap == "printed":
        return int(grim["base_health"])
    if cap == "twenty":
        return max(TRACKER_TOP, int(grim["base_health"]))
    return None


def grim_path(grim_id: int, *keys: str) -> list[Any]:
    return ["grims", {"id": grim_id}, *keys]


def elements_of(grim: Grim) -> list[str]:
    """The Grim's primary Element, then its attached one (if different)."""
    result = [str(grim["element"])]
    if grim["attached"] is not None and grim["attached"] != grim["element"]:
        result.append(str(grim["attached"]))
    return result


def in_play(state: State, seat_id: int | None = None) -> list[Grim]:
    return [g for g in state["grims"] if g["in_play"] and (seat_id is None or g["seat_id"] == seat_id)]


def ally_of(state: State, grim: Grim) -> Grim | None:
    """The other Grim of the same player in play, if any."""
    for other in in_play(state, int(grim["seat_id"])):
        if other["id"] != grim["id"]:
            return other
    return None


def favor_seat(state: State) -> int | None:
    for player in state["players"]:
        if player["favor"]:
            return int(player["seat_id"])
    return None


def opponent_seat(state: State, seat_id: int) -> int | None:
    for player in state["players"]:
        if player["seat_id"] != seat_id:
            return int(player["seat_id"])
    return None


def refuse_when_over(state: State) -> None:
    """Once a player has lost, the match is decided; only hand corrections and undo remain."""
    decided = state["winner_seat_id"] is not None or any(p["lost"] for p in state["players"])
    turns.refuse_when_over(decided, _("The match is over: undo the last knockout to play on."), "match_over")
