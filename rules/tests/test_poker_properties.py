"""Property tests of the evaluator against the brute-force reference (§5.1)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.grimhand.cards import DECK, Card
from rules.grimhand.poker import evaluate
from rules.tests.poker_sweep import fast_value
from rules.tests.reference_poker import reference_evaluate


def hands(min_size: int, max_size: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(DECK), min_size=min_size, max_size=max_size, unique=True)


@settings(max_examples=400, deadline=None)
@given(hands(5, 7))
def test_evaluate_agrees_with_brute_force_reference(cards: list[Card]) -> None:
    assert fast_value(cards) == reference_evaluate(cards)


@settings(max_examples=200, deadline=None)
@given(hands(1, 4))
def test_small_hands_agree_with_reference(cards: list[Card]) -> None:
    assert fast_value(cards) == reference_evaluate(cards)


@settings(max_examples=300, deadline=None)
@given(hands(5, 7), hands(5, 7), hands(5, 7))
def test_hand_values_form_a_total_order(a: list[Card], b: list[Card], c: list[Card]) -> None:
    x, y, z = evaluate(a), evaluate(b), evaluate(c)
    assert [x < y, x == y, x > y].count(True) == 1
    assert (x <= y) == (not x > y)
    if x <= y and y <= z:
        assert x <= z
    # The order agrees with the reference's, which is an independent oracle.
    assert (x < y) == (reference_evaluate(a) < reference_evaluate(b))


@settings(max_examples=300, deadline=None)
@given(hands(2, 7))
def test_adding_a_card_never_lowers_the_best_hand(cards: list[Card]) -> None:
    *before, extra = cards
    assert evaluate([*before, extra]) >= evaluate(before)


@settings(max_examples=100, deadline=None)
@given(hands(5, 7))
def test_chosen_cards_make_the_same_hand(cards: list[Card]) -> None:
    hand = evaluate(cards)
    assert len(hand.cards) == 5
    assert set(hand.cards) <= set(cards)
    assert evaluate(hand.cards) == hand
