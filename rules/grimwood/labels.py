"""The names undo and redo give the numbers they move back, as the log lines name them (issue #31).

``rules.game.GameRulesBase.number_label``: "Ann's hand", "points of Ann's 3
Owls", "Deck"; None where the default (``rules.changes.path_label``) reads
well enough.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.describing import seat_name
from rules.grimwood.cards import label
from rules.i18n import gettext as _
from rules.i18n import gettext_noop, pgettext

NUMBER_NAMES: dict[tuple[str, ...], str] = {
    ("deck", "total"): gettext_noop("Deck total"),
    ("actions_left",): gettext_noop("Actions"),
    ("turn",): gettext_noop("Turn"),
    ("last_round", "remaining_turns"): gettext_noop("Last turns to go"),
}
"""The table's own numbers by the names the log lines give them (translated where shown)."""


def number_label(path: list[Any], state: Mapping[str, Any], names: Mapping[int, str]) -> str | None:
    """A number's name for the lines of undo and redo: "Ann's hand", "points of Ann's 3 Owls", "Deck";
    None where the default reads well enough."""
    if len(path) >= 3 and path[0] == "players" and isinstance(path[1], int):
        players = state.get("players") or []
        if not 0 <= path[1] < len(players):
            return None
        player = players[path[1]]
        who = seat_name(names, player.get("seat_id"))
        key = path[-1]
        if key == "hand" and len(path) == 3:
            return _("%(who)s's hand") % {"who": who}
        if key == "score" and len(path) == 3:
            return _("%(who)s's score") % {"who": who}
        if key == "points" and len(path) == 5 and isinstance(path[3], Mapping):
            combo = next((c for c in player.get("combos", []) if c.get("id") == path[3].get("id")), None)
            if combo is None:
                return _("points of %(who)s's combo") % {"who": who}
            what = label(str(combo["kind"]), list(combo["cards"]))
            return _("points of %(who)s's %(combo)s") % {"who": who, "combo": what}
        return None
    if tuple(path) == ("deck", "remaining"):
        return pgettext("grimwood", "Deck")  # the rulebook's Stapel; another game's Deck is a Deck
    if all(isinstance(key, str) for key in path):
        name = NUMBER_NAMES.get(tuple(path))
        return _(name) if name is not None else None
    return None
