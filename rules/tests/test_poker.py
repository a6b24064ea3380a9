"""Hand categories, values and tiebreakers (§5.1)."""

from __future__ import annotations

import pytest

from rules.errors import RuleViolation
from rules.grimhand.cards import parse_cards
from rules.grimhand.poker import Category, evaluate, evaluate_exact


def value(text: str) -> tuple[Category, tuple[int, ...]]:
    hand = evaluate(parse_cards(text))
    return hand.category, hand.tiebreak


def test_category_titles_bonuses_and_multipliers_follow_the_rulebook() -> None:
    assert [c.title for c in Category] == [
        "Desperate Scramble",
        "Unified Effort",
        "Dual Grip",
        "Triad Impact",
        "Unfettered Path",
        "Pure Affinity",
        "Anchored Power",
        "Resonant Force",
        "Primal Current",
        "Monolithic Quintessence",
    ]
    assert [c.attack_bonus for c in Category] == list(range(10))
    assert [c.xp_multiplier for c in Category] == [1, 1, 2, 3, 4, 5, 6, 7, 8, 9]


@pytest.mark.parametrize(
    ("text", "category", "tiebreak"),
    [
        ("2BL 5BO 7SH 9IR 1NA", Category.HIGH_CARD, (9, 7, 5, 2, 1)),
        ("1BL 1BO 3SH 7IR 9NA", Category.PAIR, (1, 9, 7, 3)),
        ("4BL 4BO 8SH 8IR 10NA", Category.TWO_PAIR, (8, 4, 10)),
        ("7BL 7BO 7SH 2IR 9NA", Category.THREE_OF_A_KIND, (7, 9, 2)),
        ("1BL 2BO 3SH 4IR 5NA", Category.STRAIGHT, (5,)),
        ("10SH 9SH 6SH 4SH 2SH", Category.FLUSH, (10, 9, 6, 4, 2)),
        ("10BL 10BO 10SH 5IR 5NA", Category.FULL_HOUSE, (10, 5)),
        ("7BL 7BO 7SH 7IR 8NA", Category.FOUR_OF_A_KIND, (7, 8)),
        ("6BL 7BL 8BL 9BL 10BL", Category.STRAIGHT_FLUSH, (10,)),
        ("1BL 1BO 1SH 1IR 1NA", Category.FIVE_OF_A_KIND, (1,)),
    ],
)
def test_rulebook_example_hands(text: str, category: Category, tiebreak: tuple[int, ...]) -> None:
    assert value(text) == (category, tiebreak)


def test_straights_do_not_wrap() -> None:
    assert value("7BL 8BO 9SH 10IR 1NA")[0] is Category.HIGH_CARD
    assert value("6BL 7BO 8SH 9IR 10NA") == (Category.STRAIGHT, (10,))


def test_best_five_of_seven_is_chosen() -> None:
    hand = evaluate(parse_cards("7BL 7SH 3BL 7BO 3IR 9NA 1BL"))
    assert hand.category is Category.FULL_HOUSE
    assert sorted(c.rank for c in hand.cards) == [3, 3, 7, 7, 7]
    # Five of one affinity among seven cards beats the straight they also hold.
    flush = evaluate(parse_cards("2BL 3BO 4BL 5BL 6SH 9BL 10BL"))
    assert flush.category is Category.FLUSH
    assert {c.rank for c in flush.cards} == {2, 4, 5, 9, 10}


def test_full_house_from_two_trips_uses_the_higher_as_trips() -> None:
    assert value("4BL 4BO 4SH 9IR 9NA 9BL 1BO") == (Category.FULL_HOUSE, (9, 4))


def test_quads_kicker_may_come_from_a_pair() -> None:
    assert value("3BL 3BO 3SH 3IR 8NA 8BL 2BO") == (Category.FOUR_OF_A_KIND, (3, 8))


def test_fewer_than_five_cards_count_only_groups_that_fit() -> None:
    assert value("4BL 4BO 9SH") == (Category.PAIR, (4, 9))
    assert value("4BL 4BO 9SH 9IR") == (Category.TWO_PAIR, (9, 4))
    assert value("4BL 4BO 4SH") == (Category.THREE_OF_A_KIND, (4,))
    assert value("4BL 4BO 4SH 4IR") == (Category.FOUR_OF_A_KIND, (4,))
    # Four suited, sequential cards are neither a flush nor a straight.
    assert value("1BL 2BL 3BL 4BL")[0] is Category.HIGH_CARD
    assert value("9SH") == (Category.HIGH_CARD, (9,))


def test_tiebreakers_order_hands_within_a_category() -> None:
    assert evaluate(parse_cards("8BL 8BO 5SH 5IR 2NA")) > evaluate(parse_cards("8SH 8IR 4SH 4IR 10NA"))
    assert evaluate(parse_cards("8BL 8BO 5SH 5IR 3NA")) > evaluate(parse_cards("8SH 8IR 5BL 5BO 2NA"))
    six_high = evaluate(parse_cards("2BL 3BO 4SH 5IR 6NA"))
    assert six_high > evaluate(parse_cards("1BL 2BO 3SH 4IR 5NA"))
    same_a = evaluate(parse_cards("9BL 9BO 7SH 5IR 3NA"))
    same_b = evaluate(parse_cards("9SH 9IR 7BL 5BO 3IR"))
    assert same_a == same_b
    assert hash(same_a) == hash(same_b)


def test_category_order_is_the_rulebooks_even_where_odds_disagree() -> None:
    full_house = evaluate(parse_cards("2BL 2BO 2SH 3IR 3NA"))
    flush = evaluate(parse_cards("10SH 9SH 7SH 4SH 2SH"))
    pair = evaluate(parse_cards("10BL 10BO 9SH 8IR 7NA"))
    two_pair = evaluate(parse_cards("2BL 2BO 3SH 3IR 4NA"))
    assert full_house > flush
    assert two_pair > pair


def test_duplicate_cards_are_refused() -> None:
    with pytest.raises(RuleViolation) as info:
        evaluate(parse_cards("7BL 7BL 3SH"))
    assert info.value.code == "duplicate_card"
    assert "7BL" in info.value.message


@pytest.mark.parametrize("count", [0, 8])
def test_hand_size_limits(count: int) -> None:
    cards = parse_cards("1BL 2BL 3BL 4BL 5BL 6BL 7BL 8BL")[:count]
    with pytest.raises(RuleViolation) as info:
        evaluate(cards)
    assert info.value.code == "bad_hand_size"


def test_exact_evaluation_allows_repeated_items() -> None:
    # Two copies of the same equipment card still pair up.
    hand = evaluate_exact(parse_cards("7BL 7BL 7BL 2BL 5BL"))
    assert hand.category is Category.FLUSH
    assert evaluate_exact(parse_cards("7BL 7BL 3SH")).category is Category.PAIR


def test_describe_names_title_and_cards() -> None:
    text = evaluate(parse_cards("7BL 7SH 3BL 7BO 3IR")).describe()
    assert text.startswith("Anchored Power (Full House):")
    assert "7BL" in text and "3IR" in text
