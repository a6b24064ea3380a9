"""What every game's rules tests share: a table that applies commands, and the undo/redo property.

``Table`` applies commands through a game's rules, keeps the accepted events
as the log keeps them, and checks that every accepted command's log line
names each number it changed as ``before → after`` (the house rule "the log
tells the truth"; ``tests/lognumbers.py`` checks the same at the table). A
game's ``tests/test_<game>_support.py`` subclasses it with its rules, seat
names and shortcuts.

``UndoGame`` and ``play`` drive the property every game proves (architecture:
undo compensates): from a set-up table, a drawn mix of likely-valid and
arbitrary commands, each refusal leaving the snapshot as it was, each
accepted one keeping the game's invariants and naming its numbers; then
``undo_and_redo_everything`` takes back every event, newest first, checks
that redoing each gives back the snapshot before its undo, reaches the
initial snapshot, and redoes everything back to the final one.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from hypothesis import strategies as st

from rules.changes import moved, number_changes
from rules.engine import Actor, LoggedEvent, State
from rules.errors import RuleViolation
from rules.game import REVERTED, GameRulesBase

Command = tuple[str, dict[str, Any]]
Step = tuple[Command, int, str]
"""A command, the seat that sends it and the sender's role."""


def unnamed_numbers(
    rules: GameRulesBase, names: Mapping[int, str], event_type: str, payload: Mapping[str, Any]
) -> list[str]:
    """The numbers an event changed that its log line does not name as ``before → after``."""
    line = rules.describe(event_type, payload, names)
    return [
        f"{path} {moved(before, after)} is not in {line!r}"
        for path, before, after in number_changes(payload)
        if moved(before, after) not in line
    ]


def stored(event_type: str, payload: Mapping[str, Any], seq: int, seat: int | None) -> LoggedEvent:
    """The event as the log keeps it: its payload through JSON."""
    return LoggedEvent(seq, seat, event_type, json.loads(json.dumps(payload)))


class Table:
    """A table in a test: the snapshot, the accepted events, and commands applied through the rules."""

    rules: ClassVar[GameRulesBase]
    seat_names: ClassVar[Mapping[int, str]]
    default_seats: ClassVar[tuple[int, ...]]

    def __init__(
        self,
        state: State | None = None,
        *,
        seats: Iterable[int] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.seats = tuple(seats) if seats is not None else self.default_seats
        self.state = state if state is not None else self.rules.initial_state(dict(options or {}))
        self.log: list[LoggedEvent] = []

    @classmethod
    def unnamed_numbers(cls, event_type: str, payload: Mapping[str, Any]) -> list[str]:
        return unnamed_numbers(cls.rules, cls.seat_names, event_type, payload)

    def actor(self, seat: int, role: str = "player", *, everyone_edits: bool = False) -> Actor:
        return Actor(seat, role, everyone_edits, self.seats)

    def sender(self) -> int:
        """Who sends a command a test sends from no seat: the seat whose turn it is, else the first."""
        turn = self.state.get("turn_seat_id")
        return int(turn) if turn is not None else self.seats[0]

    def do(self, command: str, payload: Any = None, seat: int | None = None, **kw: Any) -> dict[str, Any]:
        """Apply a command (by default from ``sender``); the accepted event's body."""
        seat = self.sender() if seat is None else seat
        payload = {} if payload is None else payload
        outcome = self.rules.apply(self.state, command, payload, self.actor(seat, **kw), random.Random(0))
        self.state = outcome.state
        (event,) = outcome.events
        self.log.append(LoggedEvent(len(self.log) + 1, seat, event.type, event.payload))
        missing = self.unnamed_numbers(event.type, event.payload)
        assert not missing, f"{command} leaves numbers out of its log line: {missing}"
        body: dict[str, Any] = event.payload
        return body

    def made(self, kind: str, command: str, payload: Any, seat: int | None = None) -> int:
        """The id of the ``kind`` of thing a command made (a Grim, a hero, a Cohort, a combo)."""
        made: int = self.do(command, payload, seat)[kind]["id"]
        return made

    def refused(self, command: str, payload: Any = None, seat: int | None = None, **kw: Any) -> RuleViolation:
        """The refusal of a command; the snapshot is asserted unchanged."""
        seat = self.sender() if seat is None else seat
        before = copy.deepcopy(self.state)
        with pytest.raises(RuleViolation) as info:
            payload = {} if payload is None else payload
            self.rules.apply(self.state, command, payload, self.actor(seat, **kw), random.Random(0))
        assert self.state == before
        return info.value

    def line(self) -> str:
        """The log line of the latest event."""
        event = self.log[-1]
        return self.rules.describe(event.type, event.payload, self.seat_names)

    def find(self, key: str, item_id: int) -> dict[str, Any]:
        """The record with this id in the snapshot's ``key`` list (a Grim, a hero)."""
        found: dict[str, Any] = next(item for item in self.state[key] if item["id"] == item_id)
        return found

    def player(self, seat: int) -> dict[str, Any]:
        found: dict[str, Any] = next(p for p in self.state["players"] if p["seat_id"] == seat)
        return found

    def undo_all(self) -> State:
        """The snapshot once every accepted event is undone, newest first."""
        state = self.state
        for event in reversed(self.log):
            state = self.rules.invert(state, event, self.actor(self.seats[0], "host")).state
        return state


def command(name: str, required: dict[str, Any], optional: dict[str, Any] | None = None) -> Any:
    """A strategy for one command: its type and a payload with the ``required`` keys and any of the
    ``optional`` ones."""
    return st.tuples(st.just(name), st.fixed_dictionaries(required, optional=optional or {}))


@dataclass(frozen=True)
class UndoGame:
    """What the undo/redo property needs of a game.

    ``any_step``: an arbitrary command from any seat in any role (many are
    refused); ``likely``: a command likely valid in a snapshot; one in
    ``likely_odds + 1`` drawn steps is arbitrary. ``invariants`` raise when a
    snapshot breaks one of the game's rules.
    """

    rules: GameRulesBase
    names: Mapping[int, str]
    any_step: Any
    likely: Callable[[State], Any]
    invariants: Callable[[State], None]
    likely_odds: int = 3
    most_steps: int = 40


def apply_step(game: UndoGame, state: State, step: Step, seats: Sequence[int]) -> tuple[State, list[Any]]:
    """The snapshot after one step and its events; a refusal changes nothing and has a code and words."""
    (name, payload), seat, role = step
    before = copy.deepcopy(state)
    try:
        actor = Actor(seat, role, False, tuple(seats))
        outcome = game.rules.apply(state, name, payload, actor, random.Random(0))
    except RuleViolation as refusal:
        assert state == before, refusal.code
        assert refusal.code and refusal.message
        return state, []
    game.invariants(outcome.state)
    json.dumps(outcome.state)
    return outcome.state, list(outcome.events)


def play(
    game: UndoGame,
    data: st.DataObject,
    initial: State,
    seats: Sequence[int],
    *,
    opening: Sequence[Step] = (),
    table: Table | None = None,
) -> tuple[State, list[LoggedEvent]]:
    """From ``initial`` (or a set-up ``table``), the ``opening`` steps and then a drawn mix of likely and
    arbitrary ones; the final snapshot and the accepted log. Every accepted event's line is a
    sentence that shows no missing value ("None") and names each number its command changed."""
    state = copy.deepcopy(initial) if table is None else table.state
    log = [] if table is None else list(table.log)
    drawn = data.draw(st.integers(0, game.most_steps), label="steps")
    for index in range(len(opening) + drawn):
        if index < len(opening):
            step = opening[index]
        elif data.draw(st.integers(0, game.likely_odds), label="kind"):
            step = data.draw(game.likely(state), label="likely")
        else:
            step = data.draw(game.any_step, label="any")
        state, events = apply_step(game, state, step, seats)
        for event in events:
            logged = stored(event.type, event.payload, len(log) + 1, step[1])
            log.append(logged)
            line = game.rules.describe(logged.type, logged.payload, game.names)
            assert line and line.endswith(".") and "None" not in line, line  # a sentence, no gap
            assert not unnamed_numbers(game.rules, game.names, logged.type, logged.payload), line
        game.rules.results(state)
    return state, log


def undo_and_redo_everything(
    game: UndoGame, initial: State, final: State, log: list[LoggedEvent], seats: Sequence[int]
) -> None:
    """Every event undone newest first (each redo giving back the snapshot before its undo) reaches
    ``initial``; everything redone oldest first is ``final`` again."""
    assert json.loads(json.dumps(final)) == final  # the snapshot survives being stored as JSON
    host = Actor(seats[0], "host", False, tuple(seats))
    state = final
    undos: list[LoggedEvent] = []
    for event in reversed(log):
        before = state
        outcome = game.rules.invert(state, event, host)
        state = outcome.state
        (reverted,) = outcome.events
        assert reverted.type == REVERTED and reverted.payload["of"] == event.type
        undone = stored(reverted.type, reverted.payload, len(log) + len(undos) + 1, host.seat_id)
        assert game.rules.invert(state, undone, host).state == before
        undos.append(undone)
    assert state == initial
    for undone in reversed(undos):
        state = game.rules.invert(state, undone, host).state
    assert state == final
