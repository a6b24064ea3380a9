"""The issue's correctness sweep of the fast path (fixed seed, no timing asserted)."""

from __future__ import annotations

import random

from rules.grimhand.poker import Category, evaluate
from rules.tests.poker_sweep import (
    five_of_a_kind_hands,
    flush_or_better_hands,
    full_sweep,
    straight_flush_hands,
)
from rules.tests.reference_poker import reference_evaluate


def test_sweep_finds_no_mismatch() -> None:
    result = full_sweep(seed=20240601, random_count=60_000, flush_count=5_000, exhaustive=True)
    assert result.mismatches == []
    assert result.checked == 60_000 + 5_000 + 10 * 990 + 30 * 990


def test_sweep_sets_are_what_they_claim() -> None:
    rng = random.Random(7)
    for hand in flush_or_better_hands(rng, 200):
        assert len(set(hand)) == 7
        assert reference_evaluate(hand)[0] >= Category.FLUSH
    five_kinds = list(five_of_a_kind_hands())
    straight_flushes = list(straight_flush_hands())
    assert len(five_kinds) == 9_900 and len(straight_flushes) == 29_700
    assert all(evaluate(h).category is Category.FIVE_OF_A_KIND for h in five_kinds[::97])
    assert all(evaluate(h).category >= Category.STRAIGHT_FLUSH for h in straight_flushes[::97])
