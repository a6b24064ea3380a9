"""What the Grimwood board shows beyond the snapshot: names looked up and the rules' own combo table.

Display only: every number (a combo's points, a score, the deck count, the
actions left, the hand limit, the last round, the winners) is worked out by
``rules.grimwood``; this module only reads the snapshot, calls the rules'
functions (``score``, ``results``) for the pick list and the final table,
and puts names on seat ids.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rules.grimwood.cards import (
    HAND_LIMIT,
    MALE,
    SET_COMBOS,
    SUPERNATURAL_POINTS,
    SUPERNATURALS,
    label,
    score,
)
from rules.grimwood.results import results
from rules.grimwood.state import on_table

DEFAULT_COLOUR = "#e0a44a"

MOVE_POWERS = ("Sorceress", "Highwayman")
SWAP_POWERS = ("Highwayman",)
DISCARD_POWERS = ("Demon", "Sorceress")
TAKE_POWERS = ("Bride", "Nymph")
"""The supernaturals whose powers the rules accept for each combo command (``rules.grimwood.commands``)."""

ACTIONS = (
    {"kind": "play", "label": "Play a card"},
    {"kind": "power", "label": "Use a power"},
    {"kind": "rune", "label": "Play a Rune (+2 actions)"},
)


def _name(names: Mapping[int, str], seat_id: Any) -> str:
    if seat_id is None:
        return "Nobody"
    return names.get(int(seat_id), "A former seat")


def scoring_table() -> list[dict[str, Any]]:
    """The combo table, rendered from the rules' own data (rulebook: Types of Combos & Scoring)."""
    rows = [
        {"combo": f"{count} supernatural{'s' if count > 1 else ''}", "points": points}
        for count, points in SUPERNATURAL_POINTS.items()
    ]
    for cards, (kind, points) in SET_COMBOS.items():
        rows.append({"combo": label(kind, list(cards)), "points": points})
    return rows


def _presets(seat_id: int) -> list[dict[str, Any]]:
    """The animal and settings combos as one-tap buttons, each with its points from ``score``."""
    out = []
    for cards in SET_COMBOS:
        kind, points = score(list(cards))
        out.append(
            {
                "label": label(kind, list(cards)),
                "points": points,
                "payload": json.dumps({"cards": list(cards), "seat_id": seat_id}),
            }
        )
    return out


def _combo_view(combo: Mapping[str, Any], seat_id: int, owner: str) -> dict[str, Any]:
    cards = list(combo["cards"])
    return {
        **combo,
        "seat_id": seat_id,
        "owner": owner,
        "label": label(str(combo["kind"]), cards),
        "supernaturals": [c for c in cards if c in SUPERNATURALS],
        "growable": combo["kind"] == "supernatural" and not combo["frozen"],
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


def board_context(state: Mapping[str, Any], seats: Sequence[Any], names: Mapping[int, str]) -> dict[str, Any]:
    players = list(state.get("players", []))
    started = bool(players)
    seated = [s for s in seats if s.role != "spectator"]
    colours = {int(s.pk): str(s.colour) for s in seats}
    order = [int(p["seat_id"]) for p in players]
    turn = state.get("turn_seat_id")
    used = on_table(dict(state)) if started else {}
    free = [c for c in SUPERNATURALS if c not in used]
    panels = []
    combos: list[dict[str, Any]] = []
    if started:
        for p in players:
            seat_id = int(p["seat_id"])
            owner = _name(names, seat_id)
            mine = [_combo_view(c, seat_id, owner) for c in p["combos"]]
            combos.extend(mine)
            panels.append(
                {
                    "seat_id": seat_id,
                    "name": owner,
                    "colour": colours.get(seat_id, DEFAULT_COLOUR),
                    "player": p,
                    "combos": mine,
                    "is_turn": turn == seat_id,
                    "won": seat_id in state.get("winner_seat_ids", []),
                    "presets": _presets(seat_id),
                    "singles": [
                        {"card": c, "payload": json.dumps({"cards": [c], "seat_id": seat_id})} for c in free
                    ],
                }
            )
    else:
        panels = [
            {"seat_id": s.pk, "name": s.name, "colour": s.colour, "player": None, "combos": []}
            for s in seated
        ]
    for combo in combos:
        combo["others"] = [p for p in panels if p["seat_id"] != combo["seat_id"]]
        combo["swaps"] = [c for c in combos if c["seat_id"] != combo["seat_id"] and not c["frozen"]]
    seat_ids = [s.pk for s in seated]
    starts = [
        {"seat": s, "payload": json.dumps({"seat_ids": seat_ids, "start_seat_id": s.pk})} for s in seated
    ]
    limit = state.get("hand_limit")
    final = [{**row, "name": _name(names, row["seat_id"])} for row in results(dict(state))]
    last_round = state.get("last_round")
    return {
        "started": started,
        "over": bool(state.get("over")),
        "seated": seated,
        "starts": starts if len(seated) >= 2 and not started else [],
        "panels": panels,
        "turn_name": _name(names, turn) if turn is not None else None,
        "turn_panel": next((p for p in panels if p.get("is_turn")), None),
        "victims": [p for p in panels if p["player"] and p["seat_id"] != turn],
        "last_round_by": _name(names, last_round["started_by"]) if last_round else None,
        "still_to_play": [_name(names, s) for s in _still_to_play(state, order)],
        "hand_limit": {**limit, "name": _name(names, limit["seat_id"])} if limit else None,
        "limit": HAND_LIMIT,
        "winner_names": [_name(names, s) for s in state.get("winner_seat_ids", [])],
        "final": final,
        "table_rows": scoring_table(),
        "supernaturals": SUPERNATURALS,
        "free_supernaturals": free,
        "male": MALE,
        "actions": ACTIONS,
        "move_powers": MOVE_POWERS,
        "swap_powers": SWAP_POWERS,
        "discard_powers": DISCARD_POWERS,
        "take_powers": TAKE_POWERS,
    }
