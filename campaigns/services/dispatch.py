"""What a command does to the snapshot: the one step of a command that asks the rules.

The platform's commands (seats and the table: ``rules.table``) and each
game's own (its ``GameRulesBase``) are pure rules over the snapshot; undo and
redo (``campaigns.undo``) invert logged events through the game's rules; a
new join code is the one platform command the database decides (it must be
free). The game's rules never see the platform's part of the snapshot.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from campaigns import codes, registry
from campaigns.models import Role, Seat, Table
from campaigns.undo import undo_redo
from rules import table as table_rules
from rules.engine import Actor, NewEvent, NotAllowed, Outcome, State
from rules.errors import RuleViolation
from rules.validate import fields

TABLE_COMMANDS = (*table_rules.COMMANDS, "table.rotate_code", "undo", "redo")
"""The platform's commands, the same at every game's table."""

GAME_OVER = "ends_table"
"""An event payload key a game's rules set to true when its game is over: the table ends with it."""


def actor_of(seat: Seat, state: Mapping[str, Any]) -> Actor:
    """Who sends a command, with what the snapshot's table block allows now."""
    return table_rules.actor(state, seat.pk, seat.role)


def outcome_of(
    table: Table, actor: Actor, type: str, payload: dict[str, Any], state: State, rng: random.Random
) -> Outcome:
    """The new snapshot and the events of one command on ``state`` (the table's snapshot with its
    block); refusals raise ``RuleViolation`` and change nothing."""
    if actor.role == Role.SPECTATOR:
        raise NotAllowed("spectator", _("Spectators can watch but not change anything."))
    if type in table_rules.COMMANDS:
        return table_rules.apply(state, type, payload, actor)
    if type == "table.rotate_code":
        return _rotate_code(table, actor, payload, state)
    game_state = dict(state)
    block = game_state.pop(table_rules.BLOCK)
    rules = registry.rules_for(table.game)
    if type in ("undo", "redo"):
        outcome = undo_redo(table, rules, actor, type, payload, game_state)
    else:
        undone = game_state.pop("undone", [])
        outcome = rules.apply(game_state, type, payload, actor, rng)
        outcome.state["undone"] = undone
    outcome.state[table_rules.BLOCK] = block
    if any(e.payload.get(GAME_OVER) is True for e in outcome.events):
        # The game's rules say the game is over (a campaign's end): the table
        # ends in the same command, so its play record is owed in this commit.
        ops = table_rules.end(outcome.state)
        outcome.events.append(NewEvent("table.ended", {"ops": ops}))
    return outcome


def _rotate_code(table: Table, actor: Actor, payload: Mapping[str, Any], state: State) -> Outcome:
    """A new join code (the old one stops working): it must be free, so the service decides it."""
    fields(payload, ())
    if not actor.is_host:
        raise NotAllowed("host_only", _("Only the host can change the join code."))
    table.join_code = _fresh_code(table.join_code)
    return Outcome(state, [NewEvent("table.code_rotated", {})])


def _fresh_code(old: str) -> str:
    for _attempt in range(20):
        code = codes.new_join_code()
        if code != old and not Table.objects.filter(join_code=code).exists():
            return code
    raise RuleViolation(
        "no_code", _("Could not find a free join code; please try again.")
    )  # pragma: no cover
