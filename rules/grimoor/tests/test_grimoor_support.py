"""Shared helpers for the Grimoor rules tests: a table that applies commands and keeps the log."""

from __future__ import annotations

from typing import Any, ClassVar

from rules.grimoor import GrimoorRules
from rules.tests import harness

RULES = GrimoorRules()
ANN, BOB, CAT = 1, 2, 3
NAMES = {ANN: "Ann", BOB: "Bob"}
SEATS = (ANN, BOB)


class Table(harness.Table):
    """A Grimoor table in a test (``rules.tests.harness.Table``), with shortcuts for Hordes and Cohorts.

    A command a test sends from no seat comes from the seat whose turn it is (else Ann).
    """

    rules = RULES
    seat_names = NAMES
    default_seats: ClassVar[tuple[int, ...]] = SEATS

    def play(self, type_: str, strength: int, **extra: Any) -> int:
        """The turn player plays a Cohort (one Action); its id."""
        return self.made("cohort", "cohort.play", {"type": type_, "strength": strength, **extra})

    def join(self, seat: int, type_: str, strength: int, **extra: Any) -> int:
        """A Cohort joins a Horde by an ability (no Action); its id."""
        cohort = {"type": type_, "strength": strength, **extra}
        return self.made("cohort", "cohort.join", {"seat_id": seat, **cohort}, seat)

    def end(self, **payload: Any) -> dict[str, Any]:
        return self.do("turn.end", payload)

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


def close(t: Table, ann: list[int], bob: list[int]) -> dict[str, Any]:
    """Hordes made by abilities, then turns end (skipping Actions) until the Conflict ends; its result."""
    fill(t, ANN, ann)
    fill(t, BOB, bob)
    conflicts = len(t.state["conflicts"])
    for _ in range(2):
        t.end(skip=True)
        if len(t.state["conflicts"]) > conflicts:
            result: dict[str, Any] = t.state["conflicts"][-1]
            return result
    raise AssertionError("the Conflict did not end")


def test_the_support_table_starts_a_game() -> None:
    t = started(BOB)
    assert [p["seat_id"] for p in t.state["players"]] == [BOB, ANN]
    assert (t.state["turn_seat_id"], t.state["actions_left"]) == (BOB, 1)
