"""The play record of a GRIM match (rulebook: The Knockouts & Winning).

Nothing while the match is undecided. Once a player has suffered a Knockout
with no Banished left, each player gets a row: the winner first; ``score``
is the Knockouts they dealt (the opponent's Knockouts suffered).
"""

from __future__ import annotations

from typing import Any

from rules.engine import State
from rules.ranking import row, standings


def results(state: State) -> list[dict[str, Any]]:
    players = state.get("players", [])
    if not any(p["lost"] for p in players):
        return []
    winner = state.get("winner_seat_id")
    rows = []
    for player in players:
        dealt = sum(o["knockouts"] for o in players if o["seat_id"] != player["seat_id"])
        won = player["seat_id"] == winner and not player["lost"]
        details = {
            "knockouts_suffered": player["knockouts"],
            "banished_left": player["banished"],
            "rounds": state["round"],
            "format": state["format"],
        }
        rows.append(row(player["seat_id"], score=dealt, place=1 if won else 2, won=won, details=details))
    return standings(rows)
