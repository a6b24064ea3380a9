"""``GrimHandRules``: the Grim Hand campaign at a live table (spec: Character; §4, §8, §9).

Implements ``rules.engine.GameRules``. A table is a campaign and each seat
plays one character; every change is a command whose event carries the
``rules.ops`` path operations (``ops``) that made it, so ``invert`` undoes and
redoes any of them with the generic ``rules.ops.revert`` (see
``rules.grimhand.table.ops``). The snapshot carries
every character's derived numbers, recomputed after every change.

The card facts and data tables come from a ``Catalogue`` or from a source
that returns the current one (the ``sheets`` app hands in one that follows
the catalogue in the database); each command reads it once, so one command
never mixes two versions of the tables.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from rules.changes import path_label
from rules.engine import Actor, LoggedEvent, NewEvent, Outcome, Payload, State, working_copy
from rules.errors import RuleViolation
from rules.game import PLAY_DURATION, GameRulesBase, RecordField
from rules.grimhand.table import (
    challenges,
    endgame,
    items,
    modifiers,
    quest_outcomes,
    quest_rolls,
    quests,
    stature_abilities,
    transfer,
)
from rules.grimhand.table import characters as chars
from rules.grimhand.table.campaign import CAMPAIGN_HANDLERS
from rules.grimhand.table.catalogue import Catalogue
from rules.grimhand.table.combat import COMBAT_HANDLERS
from rules.grimhand.table.context import Ctx, EventBody
from rules.grimhand.table.describe import describe as describe_event
from rules.grimhand.table.ops import check_table, clamp_notes, settle, to_paths
from rules.grimhand.table.state import initial_state
from rules.i18n import gettext as _
from rules.ops import revert

Handler = Callable[[Ctx, Payload], EventBody]
CatalogueSource = Callable[[], Catalogue]
"""A zero-argument callable returning the catalogue to use now."""

HANDLERS: dict[str, Handler] = {
    "character.create": chars.create,
    "character.rename": chars.rename,
    "character.retire": chars.retire,
    "character.adjust": chars.adjust,
    "character.set": chars.set_value,
    "character.equip": items.equip,
    "character.unequip": items.unequip,
    "character.stash": items.stash,
    "character.discard": items.discard,
    "character.give": items.give,
    "character.choose_ability": stature_abilities.choose_ability,
    "character.remove_ability": stature_abilities.remove_ability,
    "character.use_ability": stature_abilities.use_ability,
    "character.import": transfer.import_character,
    "quest.take": quests.take,
    "quest.progress": quests.progress,
    "quest.challenge_roll": quest_rolls.challenge_roll,
    "quest.reroll": quest_rolls.reroll,
    "quest.complete": quest_outcomes.complete,
    "quest.fail": quest_outcomes.fail,
    "quest.resolve": challenges.resolve,
    "modifier.add": modifiers.add,
    "modifier.remove": modifiers.remove,
    "modifier.expire": modifiers.expire,
    "settings.set": modifiers.set_setting,
    "homebrew.add_equipment": items.add_homebrew,
    "homebrew.remove_equipment": items.remove_homebrew,
    **CAMPAIGN_HANDLERS,
    **COMBAT_HANDLERS,
}

CAMPAIGN_NUMBERS = {
    "levels": "Explore levels",
    "level": "Level",
    "card": "Explore card",
    "resolved": "Explore cards resolved",
    "deck_rank": "The decks' top rank",
}
"""How undo and redo name the campaign's numbers (``number_label``)."""

REVERTED = "grimhand.reverted"
"""The compensating event of an undo (and, inverted again, of a redo)."""


class GrimHandRules(GameRulesBase):
    """The rules of a Grim Hand table (game "grimhand")."""

    def describe(self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        """The log line, with the character's name and the numbers (``table/describe.py``)."""
        return describe_event(event_type, payload, seat_names)

    game = "grimhand"
    name = "Grim Hand"
    handlers = HANDLERS
    # The party plays on one side: no opponents in its statistics; a result's score is trophies.
    cooperative = True
    seat_keyed = frozenset({"rolls"})  # initiative.roll {rolls: {seat id: d6}}
    score_unit = ("trophy", "trophies")
    # Issue #14: "Grim Hand's campaign records side by side", from each
    # character's campaign record (``endgame.results``' details).
    record_fields = (
        RecordField("xp", "Best XP"),
        RecordField("threats", "Most threats killed"),
        RecordField("level", "Deepest level reached"),
        RecordField(PLAY_DURATION, "Fastest campaign", higher_is_better=False),
    )

    def __init__(self, catalogue: Catalogue | CatalogueSource) -> None:
        self._source: CatalogueSource = (lambda: catalogue) if isinstance(catalogue, Catalogue) else catalogue

    @property
    def catalogue(self) -> Catalogue:
        """The catalogue a command would use now (read from the source on every access)."""
        return self._source()

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return initial_state()

    def apply(
        self, state: State, command_type: str, payload: Payload, actor: Actor, rng: random.Random
    ) -> Outcome:
        handler = HANDLERS.get(command_type)
        if handler is None:
            raise RuleViolation(
                "unknown_command",
                _("Grim Hand has no command called %(command_type)r.") % {"command_type": command_type},
                {"type": command_type, "commands": sorted(HANDLERS)},
            )
        catalogue = self._source()
        new = working_copy(state)
        for key, value in initial_state().items():
            new.setdefault(key, value)
        ctx = Ctx(new, actor, rng, catalogue)
        event_type, body = handler(ctx, payload)
        clamps = settle(new, catalogue.tables)
        if clamps:
            body = {**body, "clamped": clamp_notes(new, clamps)}
        ctx.ops.extend(clamps)
        return Outcome(new, [NewEvent(event_type, {**body, "ops": ctx.ops})])

    def invert(self, state: State, event: LoggedEvent, actor: Actor) -> Outcome:
        ops = event.payload.get("ops")
        if not isinstance(ops, list):
            raise RuleViolation("cannot_undo", _("A %(type)r event cannot be undone.") % {"type": event.type})
        tables = self._source().tables
        new = working_copy(state)
        # Generic undo over path ops (ops stored by earlier versions are read as path ops too),
        # then what only Grim Hand knows: the result is still a table, and derived numbers follow.
        applied = revert(new, [change for op in ops for change in to_paths(op)])
        check_table(new)
        applied.extend(settle(new, tables))
        of = event.payload.get("of", event.type)
        body: dict[str, Any] = {"of": of, "ops": applied}
        for key in ("character_id", "seat_id", "character"):
            if key in event.payload:
                body[key] = event.payload[key]
        return Outcome(new, [NewEvent(REVERTED, body)])

    def number_label(self, path: list[Any], state: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        """The campaign's own counters in the words its lines use ("Explore cards resolved"); the rest
        by their owner's name and key (the default: "Grum's LE", "Rabid Wolf's LE")."""
        if len(path) == 2 and path[0] == "campaign" and str(path[1]) in CAMPAIGN_NUMBERS:
            return CAMPAIGN_NUMBERS[str(path[1])]
        label = path_label(path, state, seat_names)
        return label.replace("'s Modifiers", "'s attack modifier") if path[-1] == "modifiers" else label

    def results(self, state: State) -> list[dict[str, Any]]:
        """Each seat's campaign record once the campaign has ended (§13; issue #14)."""
        return endgame.results(state)

    def summary(self, state: State) -> dict[str, Any]:
        """Each character's record for comparing campaigns (§13): XP, gold, quests, hand."""
        out = []
        for char in state.get("characters", {}).values():
            hand = char.get("derived", {}).get("equipment_hand")
            out.append({
                "name": char["name"], "seat_id": char["seat_id"], "xp": char["xp"], "gold": char["gold"],
                "stature": char.get("derived", {}).get("stature"),
                "quests_completed": sum(1 for q in char["quests"] if q["status"] == "completed"),
                "equipment_hand": hand["title"] if hand else None,
            })  # fmt: skip
        return {"characters": out, "results": self.results(state)}
