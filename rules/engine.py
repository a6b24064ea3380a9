"""The contract between the table service and each game's pure rules.

Architecture ("commands, events, snapshots"): a seat sends a command; the
game's rules validate it against the table's snapshot and return the new
snapshot plus the events that describe the change. Rules never touch storage;
the service appends the events to the table's log and broadcasts them.

Undo is a compensating change, never a deletion: each game can invert the
events it produced (``invert``), and the service records the inversion as a
new event.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from rules.errors import RuleViolation
from rules.i18n import gettext as _

State = dict[str, Any]
Payload = Mapping[str, Any]


class NotAllowed(RuleViolation):
    """The seat may not make this change (the API answers 403)."""

    status = 403


@dataclass(frozen=True)
class Actor:
    """Who sends a command: their seat, role, and what the table allows."""

    seat_id: int
    role: str  # "host" | "player" | "spectator"
    everyone_edits: bool = False
    seat_ids: tuple[int, ...] = ()
    """The table's playing seats (active, spectators excluded): the seats a command may name."""

    @property
    def is_host(self) -> bool:
        return self.role == "host"

    def may_edit(self, seat_id: int) -> bool:
        """Own seat always; another seat if host or the table lets everyone edit."""
        if self.role == "spectator":
            return False
        return seat_id == self.seat_id or self.is_host or self.everyone_edits

    def require_edit(self, seat_id: int) -> None:
        if self.role == "spectator":
            raise NotAllowed("spectator", _("Spectators can watch but not change anything."))
        if not self.may_edit(seat_id):
            raise NotAllowed(
                "not_your_seat",
                _("You can only change your own seat. The host can allow everyone to edit every seat."),
                {"seat_id": seat_id},
            )


@dataclass(frozen=True)
class NewEvent:
    """An event a command produced: its type and a self-describing payload."""

    type: str
    payload: dict[str, Any]


@dataclass(frozen=True)
class LoggedEvent:
    """An event as stored in the log (what ``invert`` receives)."""

    seq: int
    seat_id: int | None
    type: str
    payload: Mapping[str, Any]


@dataclass
class Outcome:
    """New snapshot plus the events that explain it."""

    state: State
    events: list[NewEvent] = field(default_factory=list)


class GameRules(Protocol):
    """What a game's rules module provides to the table service."""

    game: str

    def initial_state(self) -> State: ...

    def apply(
        self, state: State, command_type: str, payload: Payload, actor: Actor, rng: random.Random
    ) -> Outcome: ...

    def invert(self, state: State, event: LoggedEvent, actor: Actor) -> Outcome:
        """The compensating change for ``event`` (raise RuleViolation if impossible)."""
        ...

    def summary(self, state: State) -> dict[str, Any]:
        """Final-state summary for the play record (winner if the game says so)."""
        ...


def working_copy(state: State) -> State:
    """A deep copy the rules may mutate freely: the stored snapshot stays intact."""
    return copy.deepcopy(state)


def require(payload: Payload, key: str, kind: type, what: str) -> Any:
    """Read a required payload field of one type, with a clear refusal."""
    if key not in payload:
        raise RuleViolation("missing_field", _("%(what)s is required.") % {"what": what}, {"field": key})
    value = payload[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise RuleViolation(
            "bad_field", _("%(what)s must be a whole number.") % {"what": what}, {"field": key}
        )
    if kind is str and not isinstance(value, str):
        raise RuleViolation("bad_field", _("%(what)s must be text.") % {"what": what}, {"field": key})
    return value


def optional_int(payload: Payload, key: str, what: str) -> int | None:
    if payload.get(key) is None:
        return None
    value: int = require(payload, key, int, what)
    return value
