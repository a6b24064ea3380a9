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
from rules.game import Handler, OpsRules
from rules.grim import actions, bonds, commands
from rules.grim.describe import describe as describe_event
from rules.grim.results import results as match_results
from rules.grim.state import FORMATS, HEAL_CAPS, initial_state
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import option, options

HANDLERS: dict[str, Handler] = {
    "grim.favor": commands.favor,
    "grim.enter": commands.enter,
    "grim.attach": bonds.attach,
    "grim.spirit": bonds.spirit,
    "grim.spirit_bonus": bonds.spirit_bonus,
    "grim.status": bonds.status,
    "grim.attack": actions.attack,
    "grim.heal": actions.heal,
    "grim.swap": actions.swap,
    "grim.react": bonds.react,
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
    score_unit: ClassVar[tuple[str, str]] = (gettext_noop("Knockout dealt"), gettext_noop("Knockouts dealt"))
    """A result's score is the Knockouts the player dealt (``rules.grim.results``)."""
    option_fields: ClassVar[tuple[Mapping[str, Any], ...]] = (
        {
            "key": "format",
            "label": gettext_noop("Format"),
            "choices": (
                {"value": "standard", "label": gettext_noop("Standard: 4 Banished each")},
                {"value": "coven", "label": gettext_noop("Coven: 2 Banished each")},
            ),
        },
        {
            "key": "heal_cap",
            "label": gettext_noop("Healing cap"),
            "choices": (
                {"value": "none", "label": gettext_noop("None: Health may pass the printed value")},
                {"value": "printed", "label": gettext_noop("Not above the printed Health")},
                {"value": "twenty", "label": gettext_noop("Not above 20 (or a higher printed Health)")},
            ),
        },
    )

    def clean_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """``{format: "standard" | "coven", heal_cap: "none" | "printed" | "twenty"}``.

        The format gives 4 or 2 Banished each (default standard); the healing
        cap is how high a Heal may take Health (default none, spec §5; the
        rulebook's "Heal to or above full Health" and "(e.g., at 20 Health)"
        read differently at different tables: docs/rules/grim.md, The Key Terms).
        """
        given = options(raw, ("format", "heal_cap"), "GRIM")
        fmt = option(
            given, "format", tuple(FORMATS), _("The format is standard (4 Banished) or coven (2 Banished).")
        )
        cap = option(
            given,
            "heal_cap",
            HEAL_CAPS,
            _("The healing cap is none, printed (the printed Health) or twenty (20 Health)."),
        )
        return {"format": fmt, "heal_cap": cap}

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        clean = self.clean_options(options)
        return initial_state(clean["format"], clean["heal_cap"])

    def describe(self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        return describe_event(event_type, payload, seat_names)

    def results(self, state: State) -> list[dict[str, Any]]:
        return match_results(state)
