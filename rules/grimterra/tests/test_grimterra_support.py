"""Shared helpers for the Grimterra rules tests: a table that applies commands and keeps the log."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from rules.changes import moved, number_changes
from rules.engine import Actor, LoggedEvent, State
from rules.errors import RuleViolation
from rules.grimterra import GrimterraRules

RULES = GrimterraRules()
ANN, BOB, CAT, DAN = 1, 2, 3, 4
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat"}
SEATS = (ANN, BOB, CAT)


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
    """A Grimterra table in a test: the snapshot, the accepted events, and shortcuts for commands."""

    state: State = field(default_factory=lambda: RULES.initial_state({}))
    log: list[LoggedEvent] = field(default_factory=list)

    def do(
        self, command: str, payload: dict[str, Any] | None = None, seat: int = ANN, **kw: Any
    ) -> dict[str, Any]:
        outcome = RULES.apply(self.state, command, payload or {}, actor(seat, **kw), random.Random(0))
        self.state = outcome.state
        (event,) = outcome.events
        self.log.append(LoggedEvent(len(self.log) + 1, seat, event.type, event.payload))
        missing = unnamed_changes(event.type, event.payload)
        assert not missing, f"{command} leaves numbers out of its log line: {missing}"
        body: dict[str, Any] = event.payload
        return body

    def line(self) -> str:
        """The log line of the newest event."""
        event = self.log[-1]
        return RULES.describe(event.type, event.payload, NAMES)

    def refused(
        self, command: str, payload: dict[str, Any] | None = None, seat: int = ANN, **kw: Any
    ) -> RuleViolation:
        """The refusal of a command; the snapshot is asserted unchanged."""
        before = copy.deepcopy(self.state)
        with pytest.raises(RuleViolation) as info:
            RULES.apply(self.state, command, payload or {}, actor(seat, **kw), random.Random(0))
        assert self.state == before
        return info.value

    def add(
        self,
        name: str,
        fates: list[str],
        health: int,
        empowered: int,
        seat: int = ANN,
        **extra: Any,
    ) -> int:
        body = self.do(
            "hero.add",
            {
                "seat_id": seat,
                "name": name,
                "fates": fates,
                "health": health,
                "empowered_health": empowered,
                **extra,
            },
            seat=seat,
        )
        hero_id: int = body["hero"]["id"]
        return hero_id

    def hero(self, hero_id: int) -> dict[str, Any]:
        found: dict[str, Any] = next(h for h in self.state["heroes"] if h["id"] == hero_id)
        return found

    def player(self, seat: int) -> dict[str, Any]:
        found: dict[str, Any] = next(p for p in self.state["players"] if p["seat_id"] == seat)
        return found

    def set_hero(self, hero_id: int, **values: Any) -> None:
        """Test set-up shortcut: change a hero directly (never used to check the rules' changes)."""
        self.hero(hero_id).update(values)

    def set_player(self, seat: int, **values: Any) -> None:
        """Test set-up shortcut: change a player's record directly."""
        self.player(seat).update(values)

    def phase(self, phase: str) -> None:
        """Advance the current turn with ``turn.next`` until it reaches ``phase``."""
        for _ in range(6):
            if self.state["turn"]["phase"] == phase:
                return
            self.do("turn.next", {}, seat=self.state["turn"]["seat_id"])
        raise AssertionError(f"never reached {phase}")

    def undo_all(self) -> State:
        state = self.state
        for event in reversed(self.log):
            state = RULES.invert(state, event, actor(role="host")).state
        return state


SKILLS_VEX = {"normal": {"Fortutidas": 3}, "empowered": {"Fortutidas": 5}}


def table(*, deck: int | None = None, **options: Any) -> tuple[Table, dict[str, int]]:
    """Ann and Bob with three heroes each, Ann's Vex and Bob's Kel in the arena; not started.

    Numbers made up for the tests (the rulebook prints none): Vex is
    Fortutidas/Tenebris, Health 5 / Empowered Health 9, Fortutidas 3 normal
    and 5 empowered.
    """
    t = Table(RULES.initial_state(options))
    ids = {
        "vex": t.add("Vex", ["Fortutidas", "Tenebris"], 5, 9, ANN, skills=SKILLS_VEX, position="arena"),
        "mira": t.add("Mira", ["Agilitas"], 4, 8, ANN, skills={"normal": {"Agilitas": 2}}),
        "oran": t.add("Oran", ["Intellectus"], 6, 10, ANN),
        "kel": t.add(
            "Kel",
            ["Agilitas", "Intellectus"],
            6,
            11,
            BOB,
            skills={"normal": {"Agilitas": 4, "Intellectus": 1}, "empowered": {"Agilitas": 6}},
            position="arena",
        ),
        "sorn": t.add("Sorn", ["Fortutidas"], 5, 8, BOB),
        "lute": t.add("Lute", ["Tenebris"], 3, 7, BOB),
    }
    if deck is not None:
        t.do("player.deck", {"cards": deck}, seat=ANN)
        t.do("player.deck", {"cards": deck}, seat=BOB)
    return t, ids


def started(*, deck: int | None = None, **options: Any) -> tuple[Table, dict[str, int]]:
    """The table begun: Ann plays first and is in her pre-combat; everyone holds 5."""
    t, ids = table(deck=deck, **options)
    t.do("game.start", {"seat_id": ANN})
    t.do("turn.next", {})
    assert t.state["turn"]["phase"] == "pre"
    return t, ids


def fighting(*, deck: int | None = None, **options: Any) -> tuple[Table, dict[str, int]]:
    """Ann's Vex in combat with Bob's Kel, round 1."""
    t, ids = started(deck=deck, **options)
    t.do("combat.start", {"attacker_id": ids["vex"], "target_id": ids["kel"]})
    return t, ids


def test_the_support_table_has_six_heroes_and_starts_unstarted() -> None:
    t, ids = table()
    assert len(t.state["heroes"]) == 6 and t.state["turn"]["number"] == 0
    assert [t.hero(ids[k])["position"] for k in ("vex", "mira", "kel")] == ["arena", "backrow", "arena"]
