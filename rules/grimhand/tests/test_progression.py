"""Stature, XP, gold and loot (§9, §11, §7.4.8)."""

from __future__ import annotations

import random

import pytest

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity, parse_cards
from rules.grimhand.dice import DieFace
from rules.grimhand.poker import Category, evaluate
from rules.grimhand.progression import (
    gold_award,
    loot_cards,
    loot_for_dice,
    roll_loot,
    stature_ability_slots,
    stature_for_xp,
    xp_award,
)

D = DieFace


def test_section_eleven_xp_example() -> None:
    two_pair = evaluate(parse_cards("4BL 4BO 8SH 8IR 10NA"))
    assert xp_award(3, [4], 2, two_pair) == 28
    assert xp_award(3, [4], 2, Category.TWO_PAIR) == 28


def test_xp_sums_threats_first_and_uses_the_hand_multiplier() -> None:
    assert xp_award(2, [1, 3], 3, Category.FULL_HOUSE) == (2 + 1 + 3) * 3 * 6
    assert xp_award(5, [5], 1, Category.HIGH_CARD) == 10
    assert xp_award(5, [5], 1, Category.PAIR) == 10
    assert xp_award(5, [5], 0, Category.PAIR) == 0


def test_gold_counts_the_explore_rank_once() -> None:
    assert gold_award(3, [4]) == 7
    assert gold_award(3, [4, 2]) == 9
    with pytest.raises(RuleViolation) as info:
        gold_award(0, [4])
    assert info.value.code == "bad_rank"


@pytest.mark.parametrize(("matches", "cards"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_loot_cards_by_matches(matches: int, cards: int) -> None:
    assert loot_cards(matches) == cards


def test_loot_dice_count_wilds_as_matches() -> None:
    roll = loot_for_dice([D.IRON, D.WILD, D.BLOOD, D.IRON, D.NATURE], Affinity.IRON)
    assert roll.matches == 3 and roll.cards == 2
    with pytest.raises(RuleViolation):
        loot_cards(6)
    rolled = roll_loot(random.Random(4), Affinity.BONE)
    assert rolled == roll_loot(random.Random(4), Affinity.BONE)
    assert rolled.cards == loot_cards(rolled.matches)


@pytest.mark.parametrize(
    ("xp", "name", "slots"),
    [
        (0, "Recruit", 0),
        (199, "Recruit", 0),
        (200, "Novice", 1),
        (599, "Novice", 1),
        (600, "Adept", 2),
        (1200, "Veteran", 3),
        (2000, "Master", 4),
        (2999, "Master", 4),
        (3000, "Legend", 5),
    ],
)
def test_stature_by_xp(xp: int, name: str, slots: int) -> None:
    assert stature_for_xp(xp).name == name
    assert stature_ability_slots(xp) == slots


def test_negative_xp_is_refused() -> None:
    with pytest.raises(RuleViolation) as info:
        stature_for_xp(-1)
    assert info.value.code == "negative_value"
