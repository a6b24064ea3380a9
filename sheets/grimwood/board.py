"""What the Grimwood board shows beyond the snapshot: names looked up and the rules' own combo table.

Display only: every number (a combo's points, a score, the deck count, the
actions left, the hand limit, the last round, the winners) is worked out by
``rules.grimwood``; this module only reads the snapshot, calls the rules'
functions (``score``, ``results``) for the pick list and the final table,
and puts names on seat ids.

Everything a kept part of the board shows is plain data (``{% cache %}``):
dicts, lists, strings and numbers, never a
model, and each part gets only what it shows (a combo names the other
players by id and name, not their whole panels), so one seat's change leaves
every other seat's parts as they were kept.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaigns.boards import plain_seat
from rules.describing import seat_name
from rules.grimwood.cards import (
    ANIMAL,
    HAND_LIMIT,
    MAX_SUPERNATURALS,
    SET_COMBOS,
    SUPERNATURAL,
    SUPERNATURAL_POINTS,
    SUPERNATURALS,
    label,
    score,
)
from rules.grimwood.commands import STEAL_MIN_HAND
from rules.grimwood.describe.words import and_list
from rules.grimwood.results import results
from rules.grimwood.state import draws_first, on_table, supernaturals_cost_an_action

DEFAULT_COLOUR = "#e0a44a"

MOVE_POWERS = ("Sorceress", "Highwayman")
SWAP_POWERS = ("Highwayman",)
DISCARD_POWERS = ("Demon", "Sorceress")
NOT_SACRIFICED = ("Demon",)
"""The Sorceress sacrifices only a set of Owls or Crows (``rules.grimwood.powers.discard``)."""
TAKE_POWERS = ("Bride", "Nymph")
"""The supernaturals whose powers the rules accept for each combo command (``rules.grimwood.commands``)."""


def final_columns() -> tuple[dict[str, str], ...]:
    """The final table's columns after Place and Player (``templates/partials/final_table.html``),
    in the language of the board being rendered."""
    return ({"label": _("Points"), "width": "4em"},)


def _combos_said(row: Mapping[str, Any]) -> str:
    """A final row's combos with their points, under the player's name."""
    combos = row["details"].get("combos") or []
    return ", ".join(f"{c['label']} ({c['points']})" for c in combos) or _("no combos")


def _final(state: Mapping[str, Any], names: Mapping[int, str]) -> list[dict[str, Any]]:
    """The final places, each with its points and combos (``templates/partials/final_table.html``)."""
    return [
        {**row, "name": _name(names, row["seat_id"]), "cells": [row["score"]], "note": _combos_said(row)}
        for row in results(dict(state))
    ]


def _name(names: Mapping[int, str], seat_id: Any) -> str:
    return seat_name(names, seat_id, former=True)


def scoring_table() -> list[dict[str, Any]]:
    """The combo table, rendered from the rules' own data (rulebook: Types of Combos & Scoring)."""
    rows = [
        {
            "combo": ngettext("%(n)s supernatural", "%(n)s supernaturals", count) % {"n": count},
            "points": points,
        }
        for count, points in SUPERNATURAL_POINTS.items()
    ]
    for cards, (kind, points) in SET_COMBOS.items():
        rows.append({"combo": label(kind, list(cards)), "points": points})
    return rows


def _preset(cards: tuple[str, ...]) -> tuple[tuple[str, ...], str, int]:
    """An animal or settings combo as the pick list offers it: its cards, its kind, its points."""
    kind, points = score(list(cards))
    return cards, kind, points


PRESETS = tuple(_preset(cards) for cards in SET_COMBOS)
"""The animal and settings combos with their kind and points from the rules' ``score``: fixed data
(the label is worded when shown, in the board's language)."""


@lru_cache(maxsize=4096)
def _place_payload(cards: tuple[str, ...], seat_id: int) -> str:
    """A one-tap ``combo.place`` payload. The same for a seat on every render, so written once:
    writing some thirty of them a seat was a good part of the board's time once its parts are kept."""
    return json.dumps({"cards": list(cards), "seat_id": seat_id})


def _presets(seat_id: int) -> list[dict[str, Any]]:
    """The animal and settings combos as one-tap buttons, each with its points from ``score``."""
    return [
        {"label": label(kind, list(cards)), "points": points, "payload": _place_payload(cards, seat_id)}
        for cards, kind, points in PRESETS
    ]


def _combo_view(combo: Mapping[str, Any], seat_id: int, owner: str, freely: bool) -> dict[str, Any]:
    """A combo as its part of the board shows it; ``others`` is added once every player is known.

    A combo grows only while it is a supernatural combo, not frozen by the Dragon and under the
    rules' most cards (``rules.grimwood.combos.growable``); ``freely`` when a card may join it now
    without a card's say-so (its holder's turn, supernaturals placed freely: ``combos.allowance``)."""
    cards = list(combo["cards"])
    growable = combo["kind"] == SUPERNATURAL and not combo["frozen"] and len(cards) < MAX_SUPERNATURALS
    return {
        **combo,
        "seat_id": seat_id,
        "owner": owner,
        "label": label(str(combo["kind"]), cards),
        "supernaturals": [c for c in cards if c in SUPERNATURALS],
        "growable": growable,
        "add_with_card": growable and not freely,
        "discard_powers": DISCARD_POWERS if combo["kind"] == ANIMAL else NOT_SACRIFICED,
    }


def _turn_part(
    state: Mapping[str, Any],
    hands: Sequence[Mapping[str, Any]],
    views: Sequence[Sequence[Mapping[str, Any]]],
    free: Sequence[str],
) -> dict[str, Any] | None:
    """The turn player's part: only what the rules accept now (``rules.grimwood.commands``).

    A card is played only from a hand that holds one, with an action left, after the opening draw
    where the table draws first; a steal only from a hand of ``STEAL_MIN_HAND`` or more."""
    turn = state.get("turn_seat_id")
    mine = next((i for i, h in enumerate(hands) if h["seat_id"] == turn), None)
    if mine is None or state.get("over"):
        return None
    hand = int(hands[mine]["hand"])
    left = int(state.get("actions_left") or 0)
    first = draws_first(state)
    opening = first and not state.get("drawn")
    victims = [
        {**h, "stealable": int(h["hand"]) >= STEAL_MIN_HAND, "needs": STEAL_MIN_HAND}
        for h in hands
        if h["seat_id"] != turn
    ]
    return {
        "seat_id": turn,
        "name": hands[mine]["name"],
        "actions_left": left,
        "hand": hand,
        "draws_first": first,
        "opening": opening,
        "acts": left > 0 and not opening,
        "plays": hand > 0,
        "cards": list(free),
        "combos": [{"id": c["id"], "label": c["label"]} for c in views[mine] if c["growable"]],
        "victims": victims,
        "steal_from": [v for v in victims if v["stealable"]],
    }


def _still_to_play(state: Mapping[str, Any], order: Sequence[int]) -> list[int]:
    """Who still has a last turn: from the turn player on, the ``remaining_turns`` other than the drawer."""
    last_round = state.get("last_round")
    turn = state.get("turn_seat_id")
    if not last_round or turn is None or turn not in order:
        return []
    start = order.index(int(turn))
    rotated = [order[(start + i) % len(order)] for i in range(len(order))]
    others = [s for s in rotated if s != last_round["started_by"]]
    return others[: int(last_round["remaining_turns"])]


def _swaps(combo: Mapping[str, Any], combos: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The other players' combos the Highwayman could swap this one with; none for a frozen combo.

    Apart from the combo's own view: it shows every other combo's points, so only this list,
    not the rest of the combo's part, follows a change elsewhere on the table."""
    if combo["frozen"]:
        return []
    return [
        {"id": c["id"], "owner": c["owner"], "label": c["label"], "points": c["points"]}
        for c in combos
        if c["seat_id"] != combo["seat_id"] and not c["frozen"]
    ]


def _waiting_panel(seat: Any) -> dict[str, Any]:
    """A seat before the game starts: its name and colour, nothing to track yet."""
    plain = plain_seat(seat)
    return {
        "seat_id": plain["pk"],
        "name": plain["name"],
        "colour": plain["colour"],
        "player": None,
        "combos": [],
    }


def _panels(
    state: Mapping[str, Any],
    players: Sequence[Mapping[str, Any]],
    hands: Sequence[Mapping[str, Any]],
    views: Sequence[Sequence[dict[str, Any]]],
    colours: Mapping[int, str],
    free: Sequence[str],
) -> list[dict[str, Any]]:
    """Each player's panel once the game is on: hand and score, combos, their place-a-combo part."""
    turn = state.get("turn_seat_id")
    freely = not supernaturals_cost_an_action(state)
    combos = [c for mine in views for c in mine]
    return [
        {
            "seat_id": h["seat_id"],
            "name": h["name"],
            "colour": colours.get(h["seat_id"], DEFAULT_COLOUR),
            # What the panel shows of the player, not the snapshot's dict (that holds every combo again).
            "player": {"hand": p["hand"], "score": p["score"]},
            # Apart from the combo itself, what changes with the rest of the table: the supernaturals
            # it could still take, and the combos it could be swapped with.
            "combos": [(c, free if c["growable"] else [], _swaps(c, combos)) for c in mine],
            "is_turn": turn == h["seat_id"],
            "won": h["seat_id"] in state.get("winner_seat_ids", []),
            # Its own part: a hand or a score changed leaves these buttons as they were kept. Out of
            # the seat's turn only a card's say-so places a combo (``combos.allowance``).
            "place": {
                "seat_id": h["seat_id"],
                "name": h["name"],
                "is_turn": turn == h["seat_id"],
                "freely": freely,
                "presets": _presets(h["seat_id"]),
                "singles": [{"card": c, "payload": _place_payload((c,), h["seat_id"])} for c in free]
                if freely
                else [],
            },
        }
        for p, h, mine in zip(players, hands, views, strict=True)
    ]


def _combo_views(
    players: Sequence[Mapping[str, Any]], hands: Sequence[Mapping[str, Any]], freely: bool, turn: Any
) -> list[list[dict[str, Any]]]:
    """Each player's combos as shown, each with the other players it could go to."""
    views = [
        [_combo_view(c, h["seat_id"], h["name"], freely and h["seat_id"] == turn) for c in p["combos"]]
        for p, h in zip(players, hands, strict=True)
    ]
    for combo in (c for mine in views for c in mine):
        combo["others"] = [
            {"seat_id": h["seat_id"], "name": h["name"]} for h in hands if h["seat_id"] != combo["seat_id"]
        ]
    return views


def board_context(state: Mapping[str, Any], seats: Sequence[Any], names: Mapping[int, str]) -> dict[str, Any]:
    """Whose turn it is, each player's panel with their combos, the final table, the pick lists.

    Each seat's panel, each combo in it, each seat's "place a combo" panel and hand correction,
    the turn player's actions, the final table and the combo table are rendered again only when
    what they show changed (``{% cache %}``): a command changes one hand or one combo, yet every
    panel and combo, most of a Grimwood board's time, was rendered again."""
    players = list(state.get("players", []))
    started = bool(players)
    seated = [s for s in seats if s.role != "spectator"]
    colours = {int(s.pk): str(s.colour) for s in seats}
    order = [int(p["seat_id"]) for p in players]
    turn = state.get("turn_seat_id")
    freely = not supernaturals_cost_an_action(state)
    used = on_table(dict(state)) if started else {}
    free = [c for c in SUPERNATURALS if c not in used]
    # Each player once, by id and name: the other players a combo can go to, the hand forms.
    hands = [
        {"seat_id": int(p["seat_id"]), "name": _name(names, p["seat_id"]), "hand": p["hand"]} for p in players
    ]
    views = _combo_views(players, hands, freely, turn)
    if started:
        panels = _panels(state, players, hands, views, colours, free)
    else:
        panels = [_waiting_panel(s) for s in seated]
    seat_ids = [s.pk for s in seated]
    starts = [
        {"seat": s, "payload": json.dumps({"seat_ids": seat_ids, "start_seat_id": s.pk})} for s in seated
    ]
    limit = state.get("hand_limit")
    last_round = state.get("last_round")
    return {
        "started": started,
        "over": bool(state.get("over")),
        "seated": seated,
        "starts": starts if len(seated) >= 2 and not started else [],
        "panels": panels,
        "hands": hands,
        "turn_seat_id": turn,
        "actions_left": state.get("actions_left"),
        "deck": state.get("deck"),
        "turn_name": _name(names, turn) if turn is not None else None,
        # What the turn player may do now, as the rules accept it: a card played only from a hand
        # that holds one, a steal only from a hand the rules let be stolen from.
        "turn": _turn_part(state, hands, views, free),
        "draws_first": draws_first(state),
        "last_round_by": _name(names, last_round["started_by"]) if last_round else None,
        "still_to_play": [_name(names, s) for s in _still_to_play(state, order)],
        "hand_limit": {**limit, "name": _name(names, limit["seat_id"])} if limit else None,
        "limit": HAND_LIMIT,
        "winner_names": [_name(names, s) for s in state.get("winner_seat_ids", [])],
        "winners_said": and_list(_name(names, s) for s in state.get("winner_seat_ids", [])),
        "final": _final(state, names),
        "final_columns": final_columns(),
        "table_rows": scoring_table(),
        "move_powers": MOVE_POWERS,
        "discard_powers": DISCARD_POWERS,
        "take_powers": TAKE_POWERS,
    }
