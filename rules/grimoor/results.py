"""The play record of a Grimoor game (rulebook: Ending the Game; spec 6).

Nothing until the third Conflict is scored. Then one row per player, the
winners first: ``score`` is their points, ``place`` ranks by points and then
End of Conflict cards (a shared win is a shared first place).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine import State
from rules.grimoor.state import key
from rules.ranking import ranked, shared_win


def results(state: State) -> list[dict[str, Any]]:
    if not state.get("over"):
        return []
    winners = set(state["winner_seat_ids"])
    return ranked(
        state["players"], winners, lambda p: _details(state, p, winners), by=("points", "eoc_cards")
    )


def _details(state: State, player: Mapping[str, Any], winners: set[int]) -> dict[str, Any]:
    """End of Conflict cards, Strongholds, each Conflict's sums as the player stood in it."""
    seat = key(player["seat_id"])
    return {
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
        "shared_win": shared_win(player["seat_id"], winners),
    }
