"""What the Grimterra board shows beyond the snapshot: names looked up and the rules' own tables.

Display only: wounds, flips, deaths, the card check and the winner are worked
out by ``rules.grimterra``; this module only reads the snapshot, calls the
rules' lookups (``skill``, ``results``) and puts names on seat ids.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext_lazy

from rules.describing import seat_name
from rules.grimterra.commands import HERO_FIELDS
from rules.grimterra.results import results
from rules.grimterra.state import (
    COMBAT_ROUNDS,
    DARK_DEATH,
    DARK_FATE,
    FATES,
    HAND_SIZE,
    HEROES_PER_PLAYER,
    KINDS,
    LIMITED,
    PHASES,
    POSITIONS,
    RARITIES,
    skill,
)
from rules.grimterra.state import started as has_started
from rules.grimterra.words import (
    KIND_NAMES,
    PHASE_NAMES,
    POSITION_LABELS,
    RARITY_NAMES,
    SIDE_LABELS,
    hero_field_label,
    word,
)

DEFAULT_COLOUR = "#7c9cd6"

LOST_BY = {
    "empty_deck": gettext_noop("%(name)s must draw from an empty deck and is out."),
    "no_heroes": gettext_noop("%(name)s has no living hero left and is out."),
}
"""A player's end beside their panel. Marked here, translated where shown: the board is rendered
once per language; the names of things are the rules' (``rules.grimterra.words``)."""


FINAL_COLUMNS = ({"label": gettext_noop("Living heroes")}, {"label": pgettext_lazy("dark counters", "Dark")})
"""The final table's columns after Place and Player (``templates/partials/final_table.html``)."""


def _name(names: Mapping[int, str], seat_id: Any) -> str:
    return seat_name(names, seat_id, former=True)


def _hero_view(hero: Mapping[str, Any]) -> dict[str, Any]:
    side = str(hero["side"])
    # The Health the wounds count against is the one printed on the current side (a lookup).
    out_of = hero["empowered_health"] if side == "empowered" else hero["health"]
    fates = [f for f in hero["fates"] if f != DARK_FATE]
    return {
        **hero,
        "side_name": word(SIDE_LABELS, side),
        "alive": side != "dead",
        "out_of": out_of,
        "position_name": word(POSITION_LABELS, hero["position"]),
        "rarity_name": _(RARITY_NAMES[hero["rarity"]])
        if hero.get("rarity") in RARITY_NAMES
        else hero.get("rarity"),
        "other_position": "backrow" if hero["position"] == "arena" else "arena",
        "skills_now": [{"fate": f, "level": skill(dict(hero), f)} for f in fates],
        "printed_fates": fates,
        "kind": _("Minion") if hero["minion"] else _("Hero"),
        # Six pips, as many lit as dark counters (6 kills: rulebook, Dark counters).
        "pips": [i < int(hero["dark"]) for i in range(DARK_DEATH)],
    }


def _by_name(heroes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Heroes as a select lists them: id and name only, so a wound or a dark counter on one
    hero does not change a part that only offers the heroes by name (``{% cache %}``)."""
    return [{"id": h["id"], "name": h["name"]} for h in heroes]


def _panel(
    seat: Any, player: Mapping[str, Any] | None, heroes: list[dict[str, Any]], state: Mapping[str, Any]
) -> dict[str, Any]:
    """A seat's panel: the seat's own part (names, counts, the cards used this turn) apart from
    its heroes, each kept on its own, so a hero's wounds do not render the seat's forms again."""
    seat_id = int(seat.pk)
    turn = state.get("turn") or {}
    mine = [h for h in heroes if int(h["seat_id"]) == seat_id]
    own = [h for h in mine if not h["minion"]]
    return {
        "seat": {
            "seat_id": seat_id,
            "name": str(seat.name),
            "colour": str(seat.colour or DEFAULT_COLOUR),
            "player": player,
            "used": [{"kind": k, "name": _(KIND_NAMES[k]), "used": bool(player["used"][k])} for k in LIMITED]
            if player
            else [],
            "living": _by_name([h for h in mine if h["alive"]]),
            "own_count": len(own),
            "needs_heroes": len(own) < HEROES_PER_PLAYER,
            "is_turn": turn.get("seat_id") == seat_id and has_started(dict(state)),
            "won": state.get("winner_seat_id") == seat_id,
            "tied": seat_id in (state.get("tied_seat_ids") or []),
            "lost_by": _(LOST_BY[str(player.get("lost_by"))]) % {"name": str(seat.name)}
            if player and player.get("lost") and str(player.get("lost_by")) in LOST_BY
            else "",
        },
        "heroes": mine,
    }


def board_context(state: Mapping[str, Any], seats: Sequence[Any], names: Mapping[int, str]) -> dict[str, Any]:
    """The board's names, turn and combat lines, each seat's panel and the rules' constants.

    Each hero and each seat's own part of its panel are plain data, so the board renders one
    again only when what it shows changed (``{% cache %}``):
    a command changes one hero or one seat, yet every hero's card and forms were rendered
    again, most of a Grimterra board's time."""
    started = has_started(dict(state))
    seated = [s for s in seats if s.role != "spectator"]
    players = {int(p["seat_id"]): p for p in state.get("players", [])}
    heroes = [_hero_view(h) for h in state.get("heroes", [])]
    by_id = {int(h["id"]): h for h in heroes}
    panels = [_panel(s, players.get(int(s.pk)), heroes, state) for s in seated]
    turn = dict(state.get("turn") or {})
    combat = turn.get("combat")
    turn_seat = turn.get("seat_id")
    phase = str(turn.get("phase", "draw"))
    combat_view = _combat_view(combat, by_id, names) if combat else None
    living = [h for h in heroes if h["alive"]]
    turn_heroes = [h for h in living if h["seat_id"] == turn_seat and h["position"] == "arena"]
    targets = [h for h in living if h["seat_id"] != turn_seat and h["position"] == "arena"]
    seats_own = [p["seat"] for p in panels]
    ready = [p for p in seats_own if p["player"] and not p["needs_heroes"]]
    return {
        "started": started,
        "over": bool(state.get("over")),
        "panels": panels,
        "all_ready": len(ready) >= 2 and len(ready) == len([p for p in seats_own if p["player"]]),
        "starts": [{"name": p["name"], "payload": json.dumps({"seat_id": p["seat_id"]})} for p in ready],
        "turn_name": _name(names, turn_seat) if turn_seat is not None else None,
        "turn_number": turn.get("number", 0),
        "phase": phase,
        "phase_name": word(PHASE_NAMES, phase),
        "next_phase_name": _(PHASE_NAMES[_following(phase)]) if _following(phase) else "",
        "combat": combat_view,
        # Whether a combat is on, apart from its fighters' numbers (which change every round).
        "in_combat": combat_view is not None,
        "can_fight": started and not combat and phase in ("pre", "combat") and not turn.get("fought"),
        "fighters": turn_heroes,
        "targets": targets,
        "pending": [h for h in living if h["flip_pending"]],
        "pending_names": ", ".join(str(h["name"]) for h in living if h["flip_pending"]),
        "winner_name": _name(names, state["winner_seat_id"])
        if state.get("winner_seat_id") is not None
        else None,
        "tied_names": [_name(names, s) for s in state.get("tied_seat_ids") or []],
        "win_reason": state.get("win_reason"),
        "final": [
            {
                **row,
                "name": _name(names, row["seat_id"]),
                "cells": [row["details"]["living_heroes"], row["details"]["dark_counters"]],
            }
            for row in results(dict(state))
        ],
        "final_columns": [{**column, "label": _(str(column["label"]))} for column in FINAL_COLUMNS],
        "living": _by_name(living),
        "overkill_carries": state.get("overkill") == "carry",
        **_constants(),
    }


def _combat_view(
    combat: Mapping[str, Any], by_id: Mapping[int, dict[str, Any]], names: Mapping[int, str]
) -> dict[str, Any]:
    """The fight under way: its two heroes, whose they are, and its round."""
    attacker = by_id.get(int(combat["attacker"]))
    target = by_id.get(int(combat["target"]))
    return {
        "attacker": attacker,
        "target": target,
        "attacker_owner": _name(names, attacker["seat_id"]) if attacker else "",
        "target_owner": _name(names, target["seat_id"]) if target else "",
        "round": combat["round"],
    }


def _constants() -> dict[str, Any]:
    """The rules' constants and pick lists the board's forms show."""
    return {
        "rounds": COMBAT_ROUNDS,
        "dark_death": DARK_DEATH,
        "hand_size": HAND_SIZE,
        "heroes_per_player": HEROES_PER_PLAYER,
        "fates": FATES,
        "kinds": [{"value": k, "name": _(KIND_NAMES[k])} for k in KINDS],
        "positions": POSITIONS,
        "rarities": RARITIES,
        "rarity_options": [(r, _(RARITY_NAMES[r])) for r in RARITIES],
        "hero_fields": [{"value": f, "label": hero_field_label(f)} for f in HERO_FIELDS if f != "side"],
    }


def _following(phase: str) -> str:
    """The phase ``turn.next`` goes to (the rules' order of phases); "" from Discard (the turn ends)."""
    index = PHASES.index(phase) if phase in PHASES else 0
    return PHASES[index + 1] if index + 1 < len(PHASES) else ""
