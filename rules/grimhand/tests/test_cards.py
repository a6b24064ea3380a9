"""Cards, affinities and card parsing (§5)."""

from __future__ import annotations

import pytest

from rules.errors import RuleViolation
from rules.grimhand.cards import (
    DECK,
    Affinity,
    Card,
    card_from_index,
    format_cards,
    parse_cards,
)


@pytest.mark.parametrize("text", ["Blood", "blood", "BLOOD", " bLoOd ", "BL", "bl"])
def test_affinity_is_case_insensitive_and_accepts_codes(text: str) -> None:
    assert Affinity(text) is Affinity.BLOOD


def test_affinity_rejects_unknown_names() -> None:
    with pytest.raises(ValueError):
        Affinity("Fire")
    with pytest.raises(RuleViolation) as info:
        Affinity.parse("Fire")
    assert info.value.code == "bad_affinity"
    assert "Fire" in str(info.value)


def test_wild_means_nature_for_cards_and_people_alike() -> None:
    """Spec Decision: the suit "Wild" is Nature; one reader for every affinity a command names."""
    assert Affinity.parse("Wild") is Affinity.NATURE and Affinity("wild") is Affinity.NATURE
    assert Affinity.parse("Iron") is Affinity.IRON


def test_deck_has_fifty_distinct_cards_indexed_densely() -> None:
    assert len(DECK) == 50
    assert len(set(DECK)) == 50
    assert [c.index for c in DECK] == list(range(50))
    assert all(card_from_index(c.index) == c for c in DECK)
    assert {c.rank for c in DECK} == set(range(1, 11))


@pytest.mark.parametrize("rank", [0, 11, -1])
def test_card_rank_must_be_one_to_ten(rank: int) -> None:
    with pytest.raises(RuleViolation) as info:
        Card(rank, Affinity.IRON)
    assert info.value.code == "bad_rank"


def test_card_equality_ignores_cached_index() -> None:
    assert Card(7, Affinity.BLOOD) == Card(7, Affinity("blood"))
    assert hash(Card(7, Affinity.BLOOD)) == hash(Card(7, Affinity.BLOOD))
    assert Card(7, Affinity.BLOOD) != Card(7, Affinity.BONE)


def test_parse_long_and_compact_forms() -> None:
    expected = (Card(7, Affinity.BLOOD), Card(10, Affinity.NATURE))
    assert parse_cards("7 Blood, 10 Nature") == expected
    assert parse_cards("7BL 10NA") == expected
    assert parse_cards("7bl,10na") == expected
    assert parse_cards("7 blood 10 NATURE") == expected
    assert parse_cards("7 bl; 10na") == expected
    assert parse_cards("   ") == ()


def test_parse_round_trips_every_card() -> None:
    assert parse_cards(format_cards(list(DECK))) == DECK


@pytest.mark.parametrize(
    ("text", "token"),
    [("7 Blood, 11 Nature", "11 nature"), ("7BL X", "x"), ("7XX", "7xx"), ("Blood 7", "blood")],
)
def test_parse_errors_name_the_bad_token(text: str, token: str) -> None:
    with pytest.raises(RuleViolation) as info:
        parse_cards(text)
    assert info.value.code == "bad_card"
    assert token in info.value.message
    assert info.value.extra["token"] == token
