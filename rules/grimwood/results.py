"""The play record of a Grimwood game (rulebook: Types of Combos & Scoring).

Nothing until the last round is over. Then one row per player, the winners
first: ``score`` is the points of the combos they hold at the end, ``place``
ranks by score (a tie shares the place, and a tie for the most points is a
shared win: the rulebook has no tie-break).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine import State
from rules.grimwood.cards import label
from rules.ranking import ranked, shared_win


def results(state: State) -> list[dict[str, Any]]:
    if not state.get("over"):
        return []
    winners = set(state["winner_seat_ids"])
    return ranked(state["players"], winners, lambda p: _details(p, winners), by=("score",))


def _details(player: Mapping[str, Any], winners: set[int]) -> dict[str, Any]:
    """The combos the player holds at the end, as the log names them, and the hand."""
    return {
        "combos": [
            {
                "label": label(c["kind"], c["cards"]),
                "kind": c["kind"],
                "cards": list(c["cards"]),
                "points": c["points"],
                "note": c["note"],
            }
            for c in player["combos"]
        ],
        "hand": player["hand"],
        "shared_win": shared_win(player["seat_id"], winners),
    }
