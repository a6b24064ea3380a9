"""``GrimRules``: GRIM the Card Game at the table (issue: GRIM at the table; spec: games/grim.md).

Two players, four Grim on the field: the companion keeps the paper Tracker
(Health, Stamina, Status, Fiend's Favor, Reaction, Banished) and does the
sums: who acts next, the Stamina an Attack costs, the damage through the
element chart and the Statuses, Knockouts and the Banished, the end of the
Round. Every change is a recorded op (``rules.game.OpsRules``), so undo and
redo are exact; every automatic number can be corrected by hand with a note
(``grim.adjust``, ``player.adjust``): the printed card wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.engine import State
from rules.errors import RuleViolation
from rules.game import Handler, OpsRules
from rules.grim import commands
from rules.grim.describe import describe as describe_event
from rules.grim.results import results as match_results
from rules.grim.state import FORMATS, initial_state

HANDLERS: dict[str, Handler] = {
    "grim.favor": commands.favor,
    "grim.enter": commands.enter,
    "grim.attach": commands.attach,
    "grim.spirit": commands.spirit,
    "grim.spirit_bonus": commands.spirit_bonus,
    "grim.status": commands.status,
    "grim.attack": commands.attack,
    "grim.heal": commands.heal,
    "grim.react": commands.react,
    "grim.afterworld": commands.afterworld,
    "grim.adjust": commands.adjust,
    "player.adjust": commands.player_adjust,
    "turn.next": commands.turn_next,
    "turn.order": commands.turn_order,
    "round.end": commands.round_end,
}


class GrimRules(OpsRules):
    """The rules of a GRIM table (game "grim")."""

    game = "grim"
    name = "GRIM the Card Game"
    handlers: ClassVar[Mapping[str, Handler]] = HANDLERS
    option_fields: ClassVar[tuple[Mapping[str, Any], ...]] = (
        {
            "key": "format",
            "label": "Format",
            "choices": (
                {"value": "standard", "label": "Standard: 4 Banished each"},
                {"value": "coven", "label": "Coven: 2 Banished each"},
            ),
        },
    )

    def clean_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """``{format: "standard" | "coven"}``: 4 or 2 Banished each (default standard)."""
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise RuleViolation("bad_option", "Options must be an object.", {"field": "options"})
        for key in raw:
            if key != "format":
                raise RuleViolation("unknown_option", f"GRIM has no option {key!r}.", {"field": key})
        fmt = raw.get("format", "standard")
        if fmt is None:
            fmt = "standard"
        if not isinstance(fmt, str) or fmt.strip().lower() not in FORMATS:
            raise RuleViolation(
                "bad_option",
                "The format is standard (4 Banished) or coven (2 Banished).",
                {"field": "format", "options": sorted(FORMATS)},
            )
        return {"format": fmt.strip().lower()}

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return initial_state(self.clean_options(options)["format"])

    def describe(self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        return describe_event(event_type, payload, seat_names)

    def results(self, state: State) -> list[dict[str, Any]]:
        return match_results(state)
