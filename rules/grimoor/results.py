"""The play record of a Grimoor game (rulebook: Ending the Game; spec 6).

Nothing until the third Conflict is scored. Then one row per player, the
winners first: ``score`` is their points, ``place`` ranks by points and then
End of Conflict cards (a shared win is a shared first place).
"""

from __future__ import annotations

from typing import Any

from rules.engine import State
from rules.grimoor.state import key


def results(state: State) -> list[dict[str, Any]]:
    if not state.get("over"):
        return []
    players = state["players"]
    winners = set(state["winner_seat_ids"])
    rows = []
    for player in players:
        rank = (player["points"], player["eoc_cards"])
        place = 1 + sum(1 for other in players if (other["points"], other["eoc_cards"]) > rank)
        seat = key(player["seat_id"])
        rows.append(
            {
                "seat_id": player["seat_id"],
                "score": player["points"],
                "place": place,
                "won": player["seat_id"] in winners,
                "details": {
                    "eoc_cards": player["eoc_cards"],
                    "strongholds": list(player["strongholds"]),
                    "conflicts": [
                        {
                            "n": c["n"],
                            "strength": c["strength"].get(seat),
                            "cohorts": c["cohorts"].get(seat),
                            "won": c["winner_seat_id"] == player["seat_id"],
                            "points": c["points"] if c["winner_seat_id"] == player["seat_id"] else 0,
                        }
                        for c in state["conflicts"]
                    ],
                    "shared_win": len(winners) > 1 and player["seat_id"] in winners,
                },
            }
        )
    rows.sort(key=lambda r: (r["place"], r["seat_id"]))
    return rows
