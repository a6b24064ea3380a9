"""The Grimterra table's snapshot and how to find things in it (issue 12: state and commands).

Snapshot::

    {players: [{seat_id, deck: int | None, hand, discard,
                used: {spell, equipment, power}, lost, lost_by}],
     heroes: [{id, seat_id, name, fates, health, empowered_health,
               side: "normal" | "empowered" | "dead", wounds, dark,
               position: "arena" | "backrow",
               skills: {normal: {fate: level}, empowered: {fate: level}},
               minion, rarity, flip_pending}],
     turn: {seat_id, number, phase: "draw" | "pre" | "combat" | "post" | "discard",
            combat: {attacker, target, round} | None, fought},
     winner_seat_id, over, win_reason, tied_seat_ids, overkill, next_id}

Beyond the contract: ``deck`` is ``None`` while the table does not count the
deck (the spec's "optional counter"; nobody can then lose by drawing from an
empty deck); ``discard`` is the discard pile's size; ``lost_by`` says why a
player is out (``"empty_deck"`` or ``"no_heroes"``); ``flip_pending`` marks a
normal hero whose wounds reached its Health during a combat round (it flips
when the round ends, rulebook 7 "Flipping occurs at the end of the combat
round"); ``turn.number`` is 0 until ``game.start``; ``turn.fought`` says the
turn's one combat has begun; ``over``, ``win_reason`` and ``tied_seat_ids``
record how the game ended (a tie on dark counters has no winner);
``overkill`` is the table's option for wounds beyond a normal hero's Health
(``OVERKILL``; kept under the option's own key, as the export reads it).

The rules never see seat rows: a player's record is made the first time a
command names its seat (a hero added, a deck counted). Dead heroes stay in
``heroes`` with ``side`` ``"dead"``, so the log and undo keep finding them.
"""

from __future__ import annotations

from typing import Any

from rules import turns
from rules.engine import State
from rules.errors import RuleViolation
from rules.i18n import gettext as _
from rules.players import player_index as player_index

FATES: tuple[str, ...] = ("Agilitas", "Fortutidas", "Intellectus", "Tenebris")
"""The four factions (rulebook 6), in the rulebook's order."""

DARK_FATE = "Tenebris"
"""Dark cards have no Fate requirement: their number is dark counters for the user (rulebook 6)."""

FATE_COLOURS: dict[str, str] = {
    "green": "Agilitas",
    "red": "Fortutidas",
    "blue": "Intellectus",
    "purple": "Tenebris",
}
"""A Fate may be named by its colour (rulebook 6: "Indicated by ... the color green")."""

SIDES: tuple[str, ...] = ("normal", "empowered", "dead")
LIVING_SIDES: tuple[str, ...] = ("normal", "empowered")
POSITIONS: tuple[str, ...] = ("arena", "backrow")
PHASES: tuple[str, ...] = ("draw", "pre", "combat", "post", "discard")
"""The phases of a turn in order (rulebook 3); their names: ``rules.grimterra.words``."""
RARITIES: tuple[str, ...] = ("common", "uncommon", "rare")
"""The hero's star: white, silver, gold (rulebook 7, Star)."""

KINDS: tuple[str, ...] = ("spell", "equipment", "power", "attack", "defense")
LIMITED: tuple[str, ...] = ("spell", "equipment", "power")
"""One of each per turn, in pre- or post-combat (rulebook 3); passive powers do not count (rulebook 7)."""
COMBAT_KINDS: tuple[str, ...] = ("attack", "defense")
"""The only cards played during combat (rulebook 3, Combat)."""

OVERKILL: tuple[str, ...] = ("cleared", "carry")
"""What wounds beyond a normal hero's Health do when it flips: removed with the others (rulebook 7,
Normal: "all wounds are removed"; the default) or carried onto the empowered side."""

HEROES_PER_PLAYER = 3
HAND_SIZE = 5
"""At the beginning of each turn all players draw until they have 5 cards (rulebook 3, Draw)."""
DARK_DEATH = 6
"""6 or more dark counters kill a hero immediately (rulebook 2, Dark Counters)."""
COMBAT_ROUNDS = 3

Hero = dict[str, Any]
Player = dict[str, Any]


def initial_state(overkill: str = OVERKILL[0]) -> State:
    return {
        "players": [],
        "heroes": [],
        "turn": {"seat_id": None, "number": 0, "phase": "draw", "combat": None, "fought": False},
        "winner_seat_id": None,
        "over": False,
        "win_reason": None,
        "tied_seat_ids": [],
        "overkill": overkill,
        "next_id": 1,
    }


def new_player(seat_id: int) -> Player:
    return {
        "seat_id": seat_id,
        "deck": None,
        "hand": 0,
        "discard": 0,
        "used": {kind: False for kind in LIMITED},
        "lost": False,
        "lost_by": None,
    }


def find_hero(state: State, hero_id: int, *, field: str = "hero_id", alive: bool = True) -> Hero:
    """The hero with this id; refused when unknown, or (by default) when it is dead."""
    for hero in state["heroes"]:
        if hero["id"] == hero_id:
            if alive and hero["side"] == "dead":
                raise RuleViolation(
                    "hero_dead",
                    _("%(name)s is dead.") % {"name": hero["name"]},
                    {"field": field, "hero_id": hero_id},
                )
            found: Hero = hero
            return found
    raise RuleViolation(
        "unknown_hero", _("There is no such hero at this table."), {"field": field, "hero_id": hero_id}
    )


def hero_path(hero_id: int, *keys: str) -> list[Any]:
    return ["heroes", {"id": hero_id}, *keys]


def alive(hero: Hero) -> bool:
    return bool(hero["side"] != "dead")


def heroes_of(state: State, seat_id: int, *, minions: bool = False) -> list[Hero]:
    """A player's heroes (the three they brought), with their minions too when ``minions``."""
    return [h for h in state["heroes"] if h["seat_id"] == seat_id and (minions or not h["minion"])]


def dark_total(state: State, seat_id: int) -> int:
    """The dark counters on a player's heroes, living or dead (rulebook 4: the tie-break)."""
    return sum(int(h["dark"]) for h in heroes_of(state, seat_id))


def skill(hero: Hero, fate: str) -> int:
    """The hero's skill in ``fate`` on its current side (0 when not printed)."""
    side = "empowered" if hero["side"] == "empowered" else "normal"
    return int(hero["skills"][side].get(fate, 0))


def in_combat(state: State) -> bool:
    return state["turn"]["combat"] is not None


def started(state: State) -> bool:
    return int(state["turn"]["number"]) > 0


def refuse_when_over(state: State) -> None:
    """Once the game is decided only corrections by hand and undo remain."""
    turns.refuse_when_over(state["over"], _("The game is over: undo the last change to play on."))


def require_started(state: State) -> None:
    if not started(state):
        raise RuleViolation("not_started", _("The game has not started yet: start it first (game.start)."))
