"""The deck checker (rulebook 5 Deck Construction, 6 Card Factions; spec 8; issue 12)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import RuleViolation
from rules.grimterra import check_deck

HEROES = [
    {"name": "Vex", "fates": ["Fortutidas", "Tenebris"]},
    {"name": "Mira", "fates": ["Agilitas"]},
    {"name": "Oran", "fates": ["blue"]},
]


def cards(count: int, fate: str = "Agilitas", copies: int = 4) -> list[dict[str, Any]]:
    return [{"name": f"{fate} card {i}", "fate": fate, "copies": copies} for i in range(count)]


def test_a_legal_deck_of_sixty() -> None:
    deck = cards(5, "Agilitas") + cards(5, "Fortutidas") + cards(5, "Intellectus")
    assert check_deck(HEROES, deck) == {"valid": True, "violations": [], "heroes": 3, "cards": 60}


def test_every_violation_is_reported_at_once() -> None:
    heroes = HEROES[:2]
    deck = [
        {"name": "Pounce", "fate": "Agilitas", "copies": 3},
        {"name": " pounce ", "fate": "Agilitas", "copies": 2},  # the same card: 5 copies
        {"name": "Mind Spike", "fate": "Intellectus", "copies": 2},  # nobody is Intellectus now
        {"name": "Mind Spike", "fate": "Intellectus", "copies": 1},  # reported once
        {"name": "Hex", "fate": "Tenebris", "copies": 4},  # usable by all
        {"name": "Swiftness Within", "fate": "green"},  # one copy by default
    ]
    result = check_deck(heroes, deck)
    assert result["valid"] is False and result["cards"] == 13 and result["heroes"] == 2
    assert [v["code"] for v in result["violations"]] == [
        "hero_count",
        "too_few_cards",
        "too_many_copies",
        "unusable_card",
    ]
    messages = [v["message"] for v in result["violations"]]
    assert messages == [
        "A deck has exactly 3 heroes; this one has 2.",
        "A deck has at least 60 cards; this one has 13.",
        "Pounce: 5 copies; at most 4 of any card.",
        "Mind Spike is an Intellectus card and no hero has that Fate "
        "(the heroes' Fates: Agilitas, Fortutidas, Tenebris).",
    ]


def test_tenebris_cards_are_usable_by_all_and_four_copies_are_fine() -> None:
    heroes = [{"name": n, "fates": ["Agilitas"]} for n in ("A", "B", "C")]
    deck = cards(10, "Tenebris") + cards(5, "Agilitas")
    assert check_deck(heroes, deck)["valid"]
    result = check_deck(heroes, [*deck, {"name": "Tenebris card 0", "fate": "Tenebris", "copies": 1}])
    assert [v["code"] for v in result["violations"]] == ["too_many_copies"]


def test_four_heroes_are_too_many() -> None:
    result = check_deck([*HEROES, {"name": "Kel", "fates": ["Agilitas"]}], cards(15))
    assert [v["code"] for v in result["violations"]] == ["hero_count"]


@pytest.mark.parametrize(
    ("heroes", "deck", "code", "field"),
    [
        (None, [], "missing_field", "heroes"),
        (HEROES, "Pounce x4", "bad_field", "cards"),
        (HEROES, [{"name": "P", "fate": "Agilitas", "copies": "4"}], "bad_field", "cards[0].copies"),
        (HEROES, [{"name": "P", "fate": "Agilitas", "copies": True}], "bad_field", "cards[0].copies"),
        (HEROES, [{"name": "P", "fate": "Agilitas", "copies": 0}], "out_of_range", "cards[0].copies"),
        (HEROES, [{"name": "P", "fate": "Fire"}], "unknown_fate", "cards[0].fate"),
        (HEROES, [{"fate": "Agilitas"}], "missing_field", "cards[0].name"),
        (HEROES, [{"name": "P", "fate": "Agilitas", "cost": 2}], "unknown_field", "cards[0].cost"),
        (HEROES, ["Pounce"], "bad_field", "cards[0]"),
        ([{"name": "Vex", "fates": []}], [], "bad_field", "heroes[0].fates"),
    ],
)
def test_unreadable_lists_are_refused_by_field(heroes: Any, deck: Any, code: str, field: str) -> None:
    with pytest.raises(RuleViolation) as info:
        check_deck(heroes, deck)
    assert (info.value.code, info.value.extra["field"]) == (code, field)
