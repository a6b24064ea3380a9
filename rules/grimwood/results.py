"""The play record of a Grimwood game (rulebook: Types of Combos & Scoring).

Nothing until the last round is over. Then one row per player, the winners
first: ``score`` is the points of the combos they hold at the end, ``place``
ranks by score (a tie shares the place, and a tie for the most points is a
shared win: the rulebook has no tie-break).
"""

from __future__ import annotations

from typing import Any

from rules.engine import State
from rules.grimwood.cards import label


def results(state: State) -> list[dict[str, Any]]:
    if not state.get("over"):
        return []
    players = state["players"]
    winners = set(state["winner_seat_ids"])
    rows = []
    for player in players:
        place = 1 + sum(1 for other in players if other["score"] > player["score"])
        rows.append(
            {
                "seat_id": player["seat_id"],
                "score": player["score"],
                "place": place,
                "won": player["seat_id"] in winners,
                "details": {
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
                    "shared_win": len(winners) > 1 and player["seat_id"] in winners,
                },
            }
        )
    rows.sort(key=lambda r: (r["place"], r["seat_id"]))
    return rows
