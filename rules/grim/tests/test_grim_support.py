"""Shared helpers for the GRIM rules tests: a table that applies commands and keeps the log."""

from __future__ import annotations

from typing import Any, ClassVar

from rules.grim import GrimRules
from rules.tests import harness

RULES = GrimRules()
ANN, BOB, CAT = 1, 2, 3
NAMES = {ANN: "Ann", BOB: "Bob"}
SEATS = (ANN, BOB)


class Table(harness.Table):
    """A GRIM table in a test (``rules.tests.harness.Table``), with shortcuts for its Grim.

    Every accepted command's log line is checked to name each number it changed.
    """

    rules = RULES
    seat_names = NAMES
    default_seats: ClassVar[tuple[int, ...]] = SEATS

    @classmethod
    def new(cls, fmt: str = "standard") -> Table:
        return cls(RULES.initial_state({"format": fmt}))

    def enter(self, name: str, element: str, health: int, speed: int, seat: int = ANN, **extra: Any) -> int:
        card = {"name": name, "element": element, "health": health, "speed": speed}
        return self.made("grim", "grim.enter", {"seat_id": seat, **card, **extra}, seat)

    def grim(self, grim_id: int) -> dict[str, Any]:
        return self.find("grims", grim_id)

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


unnamed_numbers = Table.unnamed_numbers


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
