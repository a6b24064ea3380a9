"""A deliberately simple second poker evaluator, the yardstick for the fast one.

It shares no code with ``rules.grimhand.poker``: it scores exactly five cards
with a plain if-chain (§5.1 order) and takes the best of every 5-card subset.
Values are ``(category number, tiebreak ranks)`` tuples, compared as tuples.
Used by the tests and by ``bench/bench_poker.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rules.grimhand.cards import Card

RefValue = tuple[int, tuple[int, ...]]


def _groups(ranks: Sequence[int]) -> list[int]:
    """Distinct ranks, most frequent first, then highest first."""
    distinct = set(ranks)
    return sorted(distinct, key=lambda r: (ranks.count(r), r), reverse=True)


def reference_score_five(cards: Sequence[Card]) -> RefValue:
    """Score exactly five cards, the slow and obvious way."""
    ranks = [c.rank for c in cards]
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    groups = _groups(ranks)
    high_first = sorted(ranks, reverse=True)
    is_flush = len({c.affinity for c in cards}) == 1
    is_straight = len(set(ranks)) == 5 and max(ranks) - min(ranks) == 4
    if counts == [5]:
        return 9, (ranks[0],)
    if is_straight and is_flush:
        return 8, (max(ranks),)
    if counts == [4, 1]:
        return 7, tuple(groups)
    if counts == [3, 2]:
        return 6, tuple(groups)
    if is_flush:
        return 5, tuple(high_first)
    if is_straight:
        return 4, (max(ranks),)
    if counts == [3, 1, 1]:
        return 3, tuple(groups)
    if counts == [2, 2, 1]:
        return 2, tuple(groups)
    if counts == [2, 1, 1, 1]:
        return 1, tuple(groups)
    return 0, tuple(high_first)


def reference_score_small(cards: Sequence[Card]) -> RefValue:
    """Fewer than five cards: only pair, two pair, trips and quads can form."""
    ranks = [c.rank for c in cards]
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    groups = tuple(_groups(ranks))
    if counts[0] == 4:
        return 7, groups
    if counts[0] == 3:
        return 3, groups
    if counts[:2] == [2, 2]:
        return 2, groups
    if counts[0] == 2:
        return 1, groups
    return 0, groups


def reference_evaluate(cards: Sequence[Card]) -> RefValue:
    """Best hand from 1..7 cards: the best scored 5-card subset."""
    if len(cards) < 5:
        return reference_score_small(cards)
    return max(reference_score_five(five) for five in combinations(cards, 5))
