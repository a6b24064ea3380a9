"""A game's rules built on recorded ops: undo, redo and the log come for free.

Each game's rules module subclasses ``OpsRules``, names its command handlers
and its initial state, and changes the snapshot only through ``ctx.rec``
(a ``rules.ops.Recorder``). ``apply`` then attaches the recorded ops to the
command's event, and ``invert`` (undo, and redo of an undo) is generic.

Contract for every game (the table service relies on it):
- ``game``: the slug; ``name``: the game's printed name.
- ``clean_options(raw)``: the table's setup options, validated (unknown keys
  and bad values refused with ``{"field": key}``), with defaults filled in.
- ``initial_state(options)``: the snapshot of a new table.
- ``apply(state, type, payload, actor, rng)`` → ``Outcome``; refusals raise
  ``RuleViolation`` (or ``NotAllowed``) and leave ``state`` untouched.
- ``describe(event_type, payload, seat_names)``: one log line for people.
- ``results(state)``: ``[{seat_id, score, place, won, details}]`` for the
  play record (an empty list while the game has no result).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.changes import key_label, number_changes, path_label, said_changes
from rules.engine import Actor, LoggedEvent, NewEvent, Outcome, Payload, State, working_copy
from rules.errors import RuleViolation
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.ops import Recorder, revert

REVERTED = "reverted"
"""The compensating event of an undo (and, inverted again, of a redo)."""

EventBody = tuple[str, dict[str, Any]]

PLAY_DURATION = "duration_s"
"""A record key naming the play's own length (seconds from the first seat to the end), not a detail."""


@dataclass(frozen=True)
class RecordField:
    """One record a game keeps over its plays (issue #14: Grim Hand's "best XP, most threats
    killed, deepest level reached, fastest campaign", side by side).

    ``key`` names a number in each seat's ``details`` from ``results(state)``,
    or ``PLAY_DURATION`` for the play's length. ``higher_is_better`` says
    which end is the record (a fastest campaign is the lowest duration).
    The platform aggregates these generically; it never names a game.
    """

    key: str
    label: str
    higher_is_better: bool = True

    def __post_init__(self) -> None:
        # The key becomes part of a query alias: a plain identifier only.
        if not self.key.isidentifier() or not self.key.isascii():
            raise ValueError(f"record key {self.key!r} must be a plain identifier")


@dataclass
class Ctx:
    """A command in progress: the working state, who sends it, dice, and the op recorder."""

    state: State
    actor: Actor
    rng: random.Random
    rec: Recorder


Handler = Callable[[Ctx, Payload], EventBody]


class GameRulesBase:
    """What every game's rules give the table service, with the defaults most games keep."""

    game: ClassVar[str] = ""
    name: ClassVar[str] = ""
    handlers: ClassVar[Mapping[str, Any]] = {}
    record_fields: ClassVar[tuple[RecordField, ...]] = ()
    """The records kept over this game's plays (from ``results`` details), shown side by side on
    the statistics; none by default."""
    seat_keyed: ClassVar[frozenset[str]] = frozenset()
    """Payload fields that map seat ids (object keys, as text) to values, e.g. a roll per seat: an
    import gives those keys the new table's seat ids, as it does to every ``seat_id`` field."""
    cooperative: ClassVar[bool] = False
    """Every seat plays on one side (the party against the game): the statistics find no opponent
    and no nemesis in its plays."""
    score_unit: ClassVar[tuple[str, str]] = (gettext_noop("point"), gettext_noop("points"))
    """What a result's ``score`` counts, singular and plural ("1 point", "3 trophies"), for what
    players read after a game. A game that keeps no score gives its results a ``score`` of None."""
    option_fields: ClassVar[tuple[Mapping[str, Any], ...]] = ()
    """The setup options a table can be opened with, for forms: ``{key, label,
    choices: [{value, label}]}``, the first choice being the default.
    ``clean_options`` stays the judge of what is valid."""

    def clean_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """No options unless the game says otherwise."""
        if raw:
            key = next(iter(raw))
            said = _("This game has no option %(key)r.") % {"key": key}
            raise RuleViolation("unknown_option", said, {"field": key})
        return {}

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        raise NotImplementedError  # each game names its own starting snapshot

    def commands(self) -> list[str]:
        return sorted(self.handlers)

    def apply(
        self, state: State, command_type: str, payload: Payload, actor: Actor, rng: random.Random
    ) -> Outcome:
        """The new state and its events; refusals raise ``RuleViolation`` and change nothing."""
        raise NotImplementedError

    def invert(self, state: State, event: LoggedEvent, actor: Actor) -> Outcome:
        """The compensating change for ``event`` (undo; inverted again, redo)."""
        raise NotImplementedError

    def describe(self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        """A readable log line; games override this with names and numbers. This default names
        every number the event changed by its key, so even it tells the truth."""
        line = event_type.replace(".", " ").replace("_", " ")
        changes = number_changes(payload)
        if changes:
            line += ": " + said_changes(changes, lambda path: key_label(str(path[-1])))
        return line

    def number_label(self, path: list[Any], state: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        """The name of the number at ``path`` of ``state`` ("Tide Wisp's Health"), for the lines of
        undo and redo; games override it where a path's own keys read badly."""
        return path_label(path, state, seat_names)

    def burst(
        self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]
    ) -> dict[str, Any] | None:
        """How a quick run of taps reads as one log line, or None.

        ``{key, by, label, after}``: events of one seat with the same ``key``
        a moment apart read as one line, "+3 Life → 23", and undo as one step.
        """
        return None

    def results(self, state: State) -> list[dict[str, Any]]:
        return []

    def summary(self, state: State) -> dict[str, Any]:
        """The final-state summary for today's play record: the results."""
        return {"results": self.results(state)}


class OpsRules(GameRulesBase):
    """Base of a game's rules whose every change is a recorded op."""

    handlers: ClassVar[Mapping[str, Handler]] = {}

    def apply(
        self, state: State, command_type: str, payload: Payload, actor: Actor, rng: random.Random
    ) -> Outcome:
        handler = self.handlers.get(command_type)
        if handler is None:
            raise RuleViolation(
                "unknown_command",
                _("%(game)s has no command called %(command)r.")
                % {"game": self.name or self.game, "command": command_type},
                {"type": command_type, "commands": self.commands()},
            )
        new = working_copy(state)
        ctx = Ctx(new, actor, rng, Recorder(new))
        event_type, body = handler(ctx, payload)
        return Outcome(new, [NewEvent(event_type, {**body, "ops": ctx.rec.ops})])

    def invert(self, state: State, event: LoggedEvent, actor: Actor) -> Outcome:
        ops = event.payload.get("ops")
        if not isinstance(ops, list):
            raise RuleViolation("cannot_undo", _("A %(type)r event cannot be undone.") % {"type": event.type})
        new = working_copy(state)
        applied = revert(new, ops)
        of = event.payload.get("of", event.type)
        return Outcome(new, [NewEvent(REVERTED, {"of": of, "ops": applied})])
