"""Rarity by the d100 table, sets and the equipment hand (§8, App. I)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.grimhand.charts import DEFAULT_CHARTS
from rules.grimhand.equipment import EquippedItem, aligned_count, equipment_hand
from rules.grimhand.poker import Category
from rules.grimhand.rarity import assign_rarity, roll_rarity, set_rarity


class FixedD100(random.Random):
    """A random source whose d100 shows chosen values, to test table edges."""

    def __init__(self, *values: int) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 100)
        return self.values.pop(0)


@pytest.mark.parametrize(
    ("roll", "rarity"),
    [
        (1, "Common"),
        (45, "Common"),
        (46, "Uncommon"),
        (76, "Uncommon"),
        (77, "Rare"),
        (90, "Rare"),
        (91, "Ultra Rare"),
        (96, "Ultra Rare"),
        (97, "Legendary"),
        (99, "Legendary"),
        (100, "Mythic"),
    ],
)
def test_d100_edges(roll: int, rarity: str) -> None:
    assert roll_rarity(FixedD100(roll)) == rarity


def test_rarity_is_reproducible_and_roughly_follows_the_table() -> None:
    first = [roll_rarity(random.Random(5)) for _ in range(3)]
    assert first == [roll_rarity(random.Random(5)) for _ in range(3)]
    rng = random.Random(11)
    counts = Counter(roll_rarity(rng) for _ in range(20_000))
    assert 0.42 < counts["Common"] / 20_000 < 0.48
    assert 0.28 < counts["Uncommon"] / 20_000 < 0.34
    assert counts["Mythic"] > 0


def test_printed_rarity_setting() -> None:
    assert assign_rarity(FixedD100(100), "Un-Common", use_printed=True) == "Uncommon"
    assert assign_rarity(FixedD100(100), "Un-Common") == "Mythic"


def test_set_needs_five_items_of_one_rarity() -> None:
    assert set_rarity(["Rare"] * 5) == "Rare"
    assert set_rarity(["Rare"] * 4) is None
    assert set_rarity(["Rare"] * 4 + ["Mythic"]) is None
    assert set_rarity(["Un-Common", "Uncommon", "uncommon", "Uncommon", "UNCOMMON"]) == "Uncommon"


def items(spec: str) -> tuple[EquippedItem, ...]:
    out = []
    for token in spec.split():
        rank, code = token[:-2], token[-2:]
        out.append(EquippedItem(int(rank), Affinity(code)))
    return tuple(out)


@pytest.mark.parametrize(
    ("spec", "category", "description"),
    [
        ("7BL 7BO 3SH", Category.PAIR, "+1 AT"),
        ("7BL 7BO 3SH 3IR", Category.TWO_PAIR, "+1 AP"),
        ("2BL 3BO 4SH 5IR 6NA", Category.STRAIGHT, "+1 AG"),
        ("2BL 4BL 6BL 8BL 9BL", Category.FLUSH, "+1 LE"),
        ("2BL 2BO 2SH 9IR 9NA", Category.FULL_HOUSE, "Reduce damage taken by 1"),
        ("2BL 3BL 4BL 5BL 6BL", Category.STRAIGHT_FLUSH, "+2 LE +1 AP"),
        ("8BL 8BO 8SH 8IR 8NA", Category.FIVE_OF_A_KIND, "+3 AT"),
        ("1BL 5BO 9SH", Category.HIGH_CARD, "No bonus"),
    ],
)
def test_equipment_hand(spec: str, category: Category, description: str) -> None:
    hand = equipment_hand(items(spec))
    assert hand is not None
    assert hand.category is category
    assert hand.title == category.title
    assert hand.description == description
    assert hand.damage_reduction == (1 if category is Category.FULL_HOUSE else 0)


def test_no_items_no_hand_and_at_most_five() -> None:
    assert equipment_hand(()) is None
    with pytest.raises(RuleViolation) as info:
        equipment_hand(items("1BL 2BL 3BL 4BL 5BL 6BL"))
    assert info.value.code == "too_many_items"


def test_house_rule_tables_change_the_bonus() -> None:
    import dataclasses

    from rules.grimhand.charts import StatBonus

    generous = dataclasses.replace(
        DEFAULT_CHARTS,
        equipment_hand_bonuses=((Category.PAIR, StatBonus(attack=4)),),
    )
    hand = equipment_hand(items("7BL 7BO"), generous)
    assert hand is not None and hand.bonus.attack == 4


def test_aligned_items_are_counted_per_affinity() -> None:
    assert aligned_count(items("7BL 7BO 3BL"), Affinity.BLOOD) == 2
    assert aligned_count(items("7BL 7BO 3BL"), Affinity.IRON) == 0
