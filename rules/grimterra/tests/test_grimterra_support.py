"""Shared helpers for the Grimterra rules tests: a table that applies commands and keeps the log."""

from __future__ import annotations

from typing import Any, ClassVar

from rules.grimterra import GrimterraRules
from rules.tests import harness

RULES = GrimterraRules()
ANN, BOB, CAT, DAN = 1, 2, 3, 4
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat"}
SEATS = (ANN, BOB, CAT)


class Table(harness.Table):
    """A Grimterra table in a test (``rules.tests.harness.Table``), with shortcuts for its heroes."""

    rules = RULES
    seat_names = NAMES
    default_seats: ClassVar[tuple[int, ...]] = SEATS

    def add(
        self, name: str, fates: list[str], health: int, empowered: int, seat: int = ANN, **extra: Any
    ) -> int:
        card = {"name": name, "fates": fates, "health": health, "empowered_health": empowered}
        return self.made("hero", "hero.add", {"seat_id": seat, **card, **extra}, seat)

    def hero(self, hero_id: int) -> dict[str, Any]:
        return self.find("heroes", hero_id)

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
