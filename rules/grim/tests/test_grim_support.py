"""Shared helpers for the GRIM rules tests: a table that applies commands and keeps the log."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from rules.changes import moved, number_changes
from rules.engine import Actor, LoggedEvent, State
from rules.errors import RuleViolation
from rules.grim import GrimRules

RULES = GrimRules()
ANN, BOB, CAT = 1, 2, 3
NAMES = {ANN: "Ann", BOB: "Bob"}
SEATS = (ANN, BOB)


def unnamed_numbers(event_type: str, payload: dict[str, Any]) -> list[str]:
    """The numbers an event changed that its log line does not name as ``before → after``
    (house rule: the log tells the truth; ``tests/lognumbers.py`` checks the same at the table)."""
    line = RULES.describe(event_type, payload, NAMES)
    return [
        f"{path} {moved(before, after)} not in {line!r}"
        for path, before, after in number_changes(payload)
        if moved(before, after) not in line
    ]


def actor(seat: int = ANN, role: str = "player", *, everyone_edits: bool = False) -> Actor:
    return Actor(seat, role, everyone_edits, SEATS)


@dataclass
class Table:
    """A GRIM table in a test: the snapshot, the accepted events, and shortcuts for commands.

    Every accepted command's log line is checked to name each number it changed.
    """

    state: State = field(default_factory=lambda: RULES.initial_state({}))
    log: list[LoggedEvent] = field(default_factory=list)

    @classmethod
    def new(cls, fmt: str = "standard") -> Table:
        return cls(RULES.initial_state({"format": fmt}))

    def do(
        self, command: str, payload: dict[str, Any] | None = None, seat: int = ANN, **kw: Any
    ) -> dict[str, Any]:
        outcome = RULES.apply(self.state, command, payload or {}, actor(seat, **kw), random.Random(0))
        self.state = outcome.state
        (event,) = outcome.events
        assert not unnamed_numbers(event.type, event.payload), unnamed_numbers(event.type, event.payload)
        self.log.append(LoggedEvent(len(self.log) + 1, seat, event.type, event.payload))
        body: dict[str, Any] = event.payload
        return body

    def refused(
        self, command: str, payload: dict[str, Any] | None = None, seat: int = ANN, **kw: Any
    ) -> RuleViolation:
        """The refusal of a command; the snapshot is asserted unchanged."""
        before = copy.deepcopy(self.state)
        with pytest.raises(RuleViolation) as info:
            RULES.apply(self.state, command, payload or {}, actor(seat, **kw), random.Random(0))
        assert self.state == before
        return info.value

    def enter(self, name: str, element: str, health: int, speed: int, seat: int = ANN, **extra: Any) -> int:
        body = self.do(
            "grim.enter",
            {"seat_id": seat, "name": name, "element": element, "health": health, "speed": speed, **extra},
            seat=seat,
        )
        grim_id: int = body["grim"]["id"]
        return grim_id

    def grim(self, grim_id: int) -> dict[str, Any]:
        found: dict[str, Any] = next(g for g in self.state["grims"] if g["id"] == grim_id)
        return found

    def player(self, seat: int) -> dict[str, Any]:
        found: dict[str, Any] = next(p for p in self.state["players"] if p["seat_id"] == seat)
        return found

    def set_grim(self, grim_id: int, **values: Any) -> None:
        """Test set-up shortcut: change a Grim's record directly (never used to check the rules' changes)."""
        self.grim(grim_id).update(values)

    def acting(self, grim_id: int) -> None:
        """Test set-up shortcut: make it ``grim_id``'s Turn with its Action still to take, without the
        +2 Stamina of ``turn.next`` (tests of damage and Stamina keep their round numbers)."""
        self.state["acting"] = grim_id
        self.state["action_taken"] = None

    def names(self, ids: list[int]) -> list[str]:
        return [self.grim(i)["name"] for i in ids]

    def undo_all(self) -> State:
        state = self.state
        for event in reversed(self.log):
            state = RULES.invert(state, event, actor()).state
        return state


def duel(fmt: str = "standard") -> tuple[Table, dict[str, int]]:
    """The rulebook's sample placement (The Rounds): Speeds 14, 9, 8 and 8, Bob (right) holds the Favor.

    The rulebook does not say whose Grim are whose, only that with the right
    player's Favor the Nimbus Shade acts before the Simoom Cloud; so the two
    8s are on different sides. Elements and Health are made up for the tests
    (the Nimbus Shade is Dark in the rulebook).
    """
    t = Table.new(fmt)
    t.do("grim.favor", {"seat_id": BOB}, seat=BOB)
    ids = {
        "roar": t.enter("The Noble Roar", "Fire", 20, 14, ANN),
        "cloud": t.enter("The Simoom Cloud", "Wind", 18, 8, ANN),
        "twitch": t.enter("The Swift Twitch", "Electric", 16, 9, BOB),
        "shade": t.enter("The Nimbus Shade", "Dark", 18, 8, BOB),
    }
    return t, ids


def test_the_support_table_starts_empty() -> None:
    t = Table.new()
    assert t.state["players"] == [] and t.state["grims"] == [] and t.state["round"] == 1
