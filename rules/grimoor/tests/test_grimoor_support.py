"""Shared helpers for the Grimoor rules tests: a table that applies commands and keeps the log."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from rules.changes import moved, number_changes
from rules.engine import Actor, LoggedEvent, State
from rules.errors import RuleViolation
from rules.grimoor import GrimoorRules

RULES = GrimoorRules()
ANN, BOB, CAT = 1, 2, 3
NAMES = {ANN: "Ann", BOB: "Bob"}
SEATS = (ANN, BOB)


def unnamed_changes(event_type: str, payload: dict[str, Any]) -> list[str]:
    """The numbers an event changed that its log line does not name as ``before → after`` (the house
    rule "the log tells the truth", as tests/lognumbers.py checks it for the table service)."""
    line = RULES.describe(event_type, payload, NAMES)
    return [
        f"{path} {moved(b, a)} not in {line!r}"
        for path, b, a in number_changes(payload)
        if moved(b, a) not in line
    ]


def actor(seat: int = ANN, role: str = "player", *, everyone_edits: bool = False) -> Actor:
    return Actor(seat, role, everyone_edits, SEATS)


@dataclass
class Table:
    """A Grimoor table in a test: the snapshot, the accepted events, and shortcuts for commands."""

    state: State = field(default_factory=lambda: RULES.initial_state({}))
    log: list[LoggedEvent] = field(default_factory=list)

    def do(
        self, command: str, payload: dict[str, Any] | None = None, seat: int | None = None, **kw: Any
    ) -> dict[str, Any]:
        """Apply a command, by default from the seat whose turn it is (else Ann)."""
        if seat is None:
            seat = self.state["turn_seat_id"] or ANN
        outcome = RULES.apply(self.state, command, payload or {}, actor(seat, **kw), random.Random(0))
        self.state = outcome.state
        (event,) = outcome.events
        self.log.append(LoggedEvent(len(self.log) + 1, seat, event.type, event.payload))
        missing = unnamed_changes(event.type, event.payload)
        assert not missing, f"{command} leaves numbers out of its log line: {missing}"
        body: dict[str, Any] = event.payload
        return body

    def refused(self, command: str, payload: Any = None, seat: int | None = None, **kw: Any) -> RuleViolation:
        """The refusal of a command; the snapshot is asserted unchanged."""
        if seat is None:
            seat = self.state["turn_seat_id"] or ANN
        before = copy.deepcopy(self.state)
        with pytest.raises(RuleViolation) as info:
            RULES.apply(
                self.state, command, {} if payload is None else payload, actor(seat, **kw), random.Random(0)
            )
        assert self.state == before
        return info.value

    def line(self) -> str:
        """The log line of the latest event."""
        event = self.log[-1]
        return RULES.describe(event.type, event.payload, NAMES)

    def play(self, type_: str, strength: int, **extra: Any) -> int:
        """The turn player plays a Cohort (one Action); its id."""
        body = self.do("cohort.play", {"type": type_, "strength": strength, **extra})
        cohort_id: int = body["cohort"]["id"]
        return cohort_id

    def join(self, seat: int, type_: str, strength: int, **extra: Any) -> int:
        """A Cohort joins a Horde by an ability (no Action); its id."""
        body = self.do(
            "cohort.join", {"seat_id": seat, "type": type_, "strength": strength, **extra}, seat=seat
        )
        cohort_id: int = body["cohort"]["id"]
        return cohort_id

    def end(self, **payload: Any) -> dict[str, Any]:
        return self.do("turn.end", payload)

    def player(self, seat: int) -> dict[str, Any]:
        found: dict[str, Any] = next(p for p in self.state["players"] if p["seat_id"] == seat)
        return found

    def horde(self, seat: int) -> list[dict[str, Any]]:
        horde: list[dict[str, Any]] = self.player(seat)["horde"]
        return horde

    def cohort(self, cohort_id: int) -> dict[str, Any]:
        found: dict[str, Any] = next(
            c for p in self.state["players"] for c in p["horde"] if c["id"] == cohort_id
        )
        return found


def started(start: int = ANN, **options: Any) -> Table:
    t = Table(RULES.initial_state(options))
    t.do("game.start", {"start_seat_id": start}, seat=start)
    return t


def fill(t: Table, seat: int, strengths: list[int], type_: str = "Gaunt") -> list[int]:
    """Cohorts joining ``seat``'s Horde by abilities (no Actions): quick set-up of a Horde."""
    return [t.join(seat, type_, strength) for strength in strengths]


def test_the_support_table_starts_a_game() -> None:
    t = started(BOB)
    assert [p["seat_id"] for p in t.state["players"]] == [BOB, ANN]
    assert (t.state["turn_seat_id"], t.state["actions_left"]) == (BOB, 1)
