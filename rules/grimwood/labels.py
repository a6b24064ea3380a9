"""The names undo and redo give the numbers they move back, as the log lines name them (issue #31).

``rules.game.GameRulesBase.number_label``: "Ann's hand", "points of Ann's 3
Owls", "Deck"; None where the default (``rules.changes.path_label``) reads
well enough.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.grimwood.cards import label

NUMBER_NAMES: dict[tuple[str, ...], str] = {
    ("deck", "remaining"): "Deck",
    ("deck", "total"): "Deck total",
    ("actions_left",): "Actions",
    ("turn",): "Turn",
    ("last_round", "remaining_turns"): "Last turns to go",
}
"""The table's own numbers by the names the log lines give them."""


def number_label(path: list[Any], state: Mapping[str, Any], names: Mapping[int, str]) -> str | None:
    """A number's name for the lines of undo and redo: "Ann's hand", "points of Ann's 3 Owls", "Deck";
    None where the default reads well enough."""
    if len(path) >= 3 and path[0] == "players" and isinstance(path[1], int):
        players = state.get("players") or []
        if not 0 <= path[1] < len(players):
            return None
        player = players[path[1]]
        who = names.get(player.get("seat_id"), f"Seat {player.get('seat_id')}")
        key = path[-1]
        if key in ("hand", "score") and len(path) == 3:
            return f"{who}'s {key}"
        if key == "points" and len(path) == 5 and isinstance(path[3], Mapping):
            combo = next((c for c in player.get("combos", []) if c.get("id") == path[3].get("id")), None)
            what = label(str(combo["kind"]), list(combo["cards"])) if combo else "combo"
            return f"points of {who}'s {what}"
        return None
    if all(isinstance(key, str) for key in path):
        return NUMBER_NAMES.get(tuple(path))
    return None
