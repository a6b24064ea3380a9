"""Shared helpers for the Grimwood rules tests: a table that applies commands and keeps the log."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from rules.changes import moved, number_changes
from rules.engine import Actor, LoggedEvent, State
from rules.errors import RuleViolation
from rules.grimwood import GrimwoodRules

RULES = GrimwoodRules()
ANN, BOB, CAT, DAN = 1, 2, 3, 4
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat", DAN: "Dan"}
SEATS = (ANN, BOB)


def unnamed_numbers(event_type: str, payload: Mapping[str, Any]) -> list[str]:
    """The numbers an event changed that its log line does not name as ``before → after``
    (the house rule "the log tells the truth", issue #31; ``tests/lognumbers.py`` at the table)."""
    line = RULES.describe(event_type, payload, NAMES)
    return [
        f"{path} {moved(before, after)} is not in {line!r}"
        for path, before, after in number_changes(payload)
        if moved(before, after) not in line
    ]


@dataclass
class Table:
    """A Grimwood table in a test: the snapshot, the accepted events, and shortcuts for commands."""

    seats: tuple[int, ...] = SEATS
    state: State = field(default_factory=lambda: RULES.initial_state({}))
    log: list[LoggedEvent] = field(default_factory=list)

    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.options:
            self.state = RULES.initial_state(self.options)

    def actor(self, seat: int, role: str = "player", *, everyone_edits: bool = False) -> Actor:
        return Actor(seat, role, everyone_edits, self.seats)

    def do(
        self, command: str, payload: dict[str, Any] | None = None, seat: int | None = None, **kw: Any
    ) -> dict[str, Any]:
        """Apply a command, by default from the seat whose turn it is (else Ann)."""
        if seat is None:
            seat = self.state["turn_seat_id"] or ANN
        outcome = RULES.apply(self.state, command, payload or {}, self.actor(seat, **kw), random.Random(0))
        self.state = outcome.state
        (event,) = outcome.events
        self.log.append(LoggedEvent(len(self.log) + 1, seat, event.type, event.payload))
        assert not unnamed_numbers(event.type, event.payload), unnamed_numbers(event.type, event.payload)
        body: dict[str, Any] = event.payload
        return body

    def refused(self, command: str, payload: Any = None, seat: int | None = None, **kw: Any) -> RuleViolation:
        """The refusal of a command; the snapshot is asserted unchanged."""
        if seat is None:
            seat = self.state["turn_seat_id"] or ANN
        before = copy.deepcopy(self.state)
        with pytest.raises(RuleViolation) as info:
            RULES.apply(
                self.state,
                command,
                {} if payload is None else payload,
                self.actor(seat, **kw),
                random.Random(0),
            )
        assert self.state == before
        return info.value

    def line(self) -> str:
        """The log line of the latest event."""
        event = self.log[-1]
        return RULES.describe(event.type, event.payload, NAMES)

    def player(self, seat: int) -> dict[str, Any]:
        found: dict[str, Any] = next(p for p in self.state["players"] if p["seat_id"] == seat)
        return found

    def combos(self, seat: int) -> list[dict[str, Any]]:
        combos: list[dict[str, Any]] = self.player(seat)["combos"]
        return combos

    def score(self, seat: int) -> int:
        score: int = self.player(seat)["score"]
        return score

    def hand(self, seat: int, count: int) -> None:
        """Set a hand's size (test set-up through the command, so undo stays exact)."""
        if self.player(seat)["hand"] != count:
            self.do("hand.set", {"seat_id": seat, "count": count}, seat=seat)

    def place(self, seat: int, *cards: str) -> int:
        """``seat`` places a combo (its hand topped up first); the combo's id. A set-up shortcut: on
        another player's turn, or where supernaturals are played as actions, a card allows it."""
        self.hand(seat, max(self.player(seat)["hand"], len(cards)))
        payload: dict[str, Any] = {"cards": list(cards)}
        if self.state["turn_seat_id"] != seat or self.state["supernaturals"] == "action":
            payload["card_allows"] = True
        body = self.do("combo.place", payload, seat=seat)
        combo_id: int = body["combo"]["id"]
        return combo_id

    def combo(self, combo_id: int) -> dict[str, Any]:
        found: dict[str, Any] = next(
            c for p in self.state["players"] for c in p["combos"] if c["id"] == combo_id
        )
        return found

    def holder(self, combo_id: int) -> int:
        seat: int = next(
            p["seat_id"] for p in self.state["players"] if any(c["id"] == combo_id for c in p["combos"])
        )
        return seat


def started(*seats: int, start: int | None = None, **options: Any) -> Table:
    """A game of ``seats`` (default Ann and Bob), ``start`` (default the first) going first, the table
    opened with ``options``."""
    seats = seats or SEATS
    t = Table(seats=tuple(seats), options=options)
    first = seats[0] if start is None else start
    t.do("game.start", {"seat_ids": list(seats), "start_seat_id": first}, seat=first)
    return t


def test_the_support_table_starts_a_game() -> None:
    t = started(BOB, ANN)
    assert [p["seat_id"] for p in t.state["players"]] == [BOB, ANN]
    assert (t.state["turn_seat_id"], t.state["actions_left"]) == (BOB, 2)
