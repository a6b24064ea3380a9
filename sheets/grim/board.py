"""What the GRIM board shows beyond the snapshot: names looked up, the chart, the pick list.

Display only: every number (turn order, damage, Stamina) is the rules' (``rules.grim``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns.boards import plain_seat
from rules.grim.chart import ELEMENTS, SPIRIT_BONUSES, STATUSES, single
from rules.grim.turns import upcoming
from sheets.grim.models import GrimCard

ADJUST_FIELDS = (
    ("health", gettext_noop("Health")),
    ("stamina", gettext_noop("Stamina")),
    ("speed", gettext_noop("Speed")),
    ("spirits", gettext_noop("Spirits")),
)
"""The numbers of a Grim the correction form sets by hand: (payload field, its name where shown)."""

PICK_LIST = 30
"""How many remembered cards the "enter a known Grim" list offers."""

CELL = {"strong": "+2", "weak": "\u22122", "immune": "0", "neutral": ""}
KINDS = {
    "strong": gettext_noop("strong"),
    "weak": gettext_noop("weak"),
    "immune": gettext_noop("immune"),
    "neutral": gettext_noop("neutral"),
}


def chart_rows() -> list[dict[str, Any]]:
    """The element chart (rulebook: Elements & Attack Resolution), one row per attacking Element."""
    return [
        {
            "attacking": a,
            "cells": [
                {
                    "defending": d,
                    "kind": single(a, d),
                    "said": _(KINDS[single(a, d)]),
                    "mark": CELL[single(a, d)],
                }
                for d in ELEMENTS
            ],
        }
        for a in ELEMENTS
    ]


def _grim_view(grim: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    elements = [grim["element"]]
    if grim.get("attached") and grim["attached"] != grim["element"]:
        elements.append(grim["attached"])
    return {
        **grim,
        "owner": names.get(int(grim["seat_id"]), _("A former seat")),
        "elements": elements,
        "bonus_choices": [{"element": e, "text": _(SPIRIT_BONUSES[e])} for e in elements],
    }


def _card(card: GrimCard) -> dict[str, Any]:
    return {"name": card.name, "element": card.element, "health": card.health, "speed": card.speed}


def board_context(state: Mapping[str, Any], seats: Sequence[Any], names: Mapping[int, str]) -> dict[str, Any]:
    """The board's names, turn strip, attack sheet and pick lists.

    Each Grim in play and each seat's "enter a Grim" panel is passed as plain data, so the
    board renders one again only when what it shows changed (``{% cache %}``):
    a command changes one Grim, yet every Grim's stats and
    forms were rendered again, most of a GRIM board's time."""
    grims = {int(g["id"]): _grim_view(g, names) for g in state.get("grims", [])}
    players = {int(p["seat_id"]): p for p in state.get("players", [])}
    cards = list(GrimCard.objects.all()[:PICK_LIST])
    panels = []
    for seat in seats:
        if seat.role == "spectator":
            continue
        mine = [g for g in grims.values() if g["seat_id"] == seat.pk]
        panels.append(
            {
                "seat": plain_seat(seat),
                "player": players.get(seat.pk),
                "in_play": [g for g in mine if g["in_play"]],
                "out": [g for g in mine if not g["in_play"] and not g.get("swapped_out")],
                "back": [g for g in mine if not g["in_play"] and g.get("swapped_out")],
                "room": sum(1 for g in mine if g["in_play"]) < 2,
                "quick": [
                    {"card": _card(c), "payload": json.dumps(c.as_payload() | {"seat_id": seat.pk})}
                    for c in cards
                ],
            }
        )
    acting = grims.get(int(state["acting"])) if state.get("acting") is not None else None
    to_come = [grims[gid] for gid in upcoming(dict(state)) if gid in grims] if state.get("grims") else []
    favor = next((p["seat_id"] for p in state.get("players", []) if p.get("favor")), None)
    winner = state.get("winner_seat_id")
    then = to_come if acting is not None else to_come[1:]
    attacker = acting or (to_come[0] if to_come else None)
    in_play = [g for g in grims.values() if g["in_play"]]
    # The attack sheet offers, for each Grim that may be picked as the attacker, the others with
    # its enemies first: picking another attacker shows that one's targets (issue #33, item 4).
    attack_options = [{"attacker": g, "targets": _targets_of(g, in_play)} for g in in_play]
    targets = _targets_of(attacker, in_play)
    return {
        "then": [g["name"] for g in then],
        "panels": panels,
        "acting": acting,
        "acting_id": acting["id"] if acting is not None else None,
        "to_come": to_come,
        "in_play": in_play,
        "targets": targets,
        "attack_options": attack_options,
        "attacker_id": attacker["id"] if attacker is not None else None,
        "favor_name": names.get(favor) if favor is not None else None,
        "winner_name": names.get(winner) if winner is not None else None,
        "elements": ELEMENTS,
        "statuses": STATUSES,
        "adjust_fields": [(key, _(label)) for key, label in ADJUST_FIELDS],
        "afterworlds_open": [e for e in ELEMENTS if e not in state.get("afterworlds_discarded", [])],
        "chart": chart_rows(),
        "known_cards": [c.name for c in cards],
    }


def _targets_of(attacker: Mapping[str, Any] | None, in_play: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The Grim in play ``attacker`` may aim at, its enemies first."""
    return sorted(
        (g for g in in_play if attacker is None or g["id"] != attacker["id"]),
        key=lambda g: attacker is not None and g["seat_id"] == attacker["seat_id"],
    )
