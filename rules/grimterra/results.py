"""The play record of a Grimterra game (rulebook 4: Winning Conditions).

Nothing while the game is undecided. Once decided, one row per player: the
winner first (place 1); a tie on dark counters shares first place with
nobody winning; everyone else after them. Grimterra keeps no score (the
win is the last player with heroes, or the fewest dark counters), so
``score`` is None and the history shows no points; the details keep the
heroes still alive and how the game ended for the player.
"""

from __future__ import annotations

from typing import Any

from rules.engine import State
from rules.grimterra.state import alive, dark_total, heroes_of
from rules.ranking import row, standings


def results(state: State) -> list[dict[str, Any]]:
    if not state.get("over"):
        return []
    winner = state.get("winner_seat_id")
    tied = set(state.get("tied_seat_ids") or [])
    first = {winner} if winner is not None else tied
    rows = []
    for player in state["players"]:
        seat_id = int(player["seat_id"])
        details = {
            "living_heroes": sum(1 for hero in heroes_of(state, seat_id) if alive(hero)),
            "dark_counters": dark_total(state, seat_id),
            "lost_by": player["lost_by"],
            "win_reason": state.get("win_reason"),
            "tied": seat_id in tied,
            "turns": state["turn"]["number"],
        }
        place = 1 if seat_id in first else len(first) + 1
        rows.append(row(seat_id, score=None, place=place, won=seat_id == winner, details=details))
    return standings(rows)
