"""Shared helpers for the Grimwood rules tests: a table that applies commands and keeps the log."""

from __future__ import annotations

from typing import Any, ClassVar

from rules.grimwood import GrimwoodRules
from rules.tests import harness

RULES = GrimwoodRules()
ANN, BOB, CAT, DAN = 1, 2, 3, 4
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat", DAN: "Dan"}
SEATS = (ANN, BOB)


class Table(harness.Table):
    """A Grimwood table in a test (``rules.tests.harness.Table``), with shortcuts for hands and combos.

    A command a test sends from no seat comes from the seat whose turn it is (else the first seat).
    """

    rules = RULES
    seat_names = NAMES
    default_seats: ClassVar[tuple[int, ...]] = SEATS

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
        return self.made("combo", "combo.place", payload, seat)

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


unnamed_numbers = Table.unnamed_numbers


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
