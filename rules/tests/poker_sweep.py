"""Correctness sweep of the fast evaluator against the reference (issue: Speed).

Shared by the test suite and ``bench/bench_poker.py`` so both check the same
hands: random 7-card hands, random flush-or-better hands, and every 7-card hand
that contains a five of a kind or a straight flush.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from rules.grimhand.cards import AFFINITIES, DECK, MAX_RANK, Card
from rules.grimhand.poker import decode, score_ids
from rules.tests.reference_poker import RefValue, reference_evaluate


def fast_value(cards: Sequence[Card]) -> RefValue:
    """The fast evaluator's answer in the reference's shape."""
    category, tiebreak = decode(score_ids([c.index for c in cards]))
    return int(category), tiebreak


def random_hands(rng: random.Random, count: int, size: int = 7) -> list[list[Card]]:
    """``count`` uniformly random hands of ``size`` distinct cards."""
    return [rng.sample(DECK, size) for _ in range(count)]


def flush_or_better_hands(rng: random.Random, count: int) -> list[list[Card]]:
    """7-card hands that hold at least five cards of one affinity."""
    hands = []
    for _ in range(count):
        affinity = rng.choice(AFFINITIES)
        suited = [Card(r, affinity) for r in rng.sample(range(1, MAX_RANK + 1), 5)]
        rest = rng.sample([c for c in DECK if c not in suited], 2)
        hands.append(suited + rest)
    return hands


def _with_two_more(core: list[Card]) -> Iterator[list[Card]]:
    others = [c for c in DECK if c not in core]
    for extra in combinations(others, 2):
        yield core + list(extra)


def five_of_a_kind_hands() -> Iterator[list[Card]]:
    """Every 7-card hand containing five of a kind (10 x C(45, 2))."""
    for rank in range(1, MAX_RANK + 1):
        yield from _with_two_more([Card(rank, a) for a in AFFINITIES])


def straight_flush_hands() -> Iterator[list[Card]]:
    """Every 7-card hand containing a straight flush (30 cores x C(45, 2), repeats kept)."""
    for affinity in AFFINITIES:
        for low in range(1, MAX_RANK - 3):
            yield from _with_two_more([Card(r, affinity) for r in range(low, low + 5)])


@dataclass
class SweepResult:
    """How many hands were compared and which ones disagreed."""

    checked: int = 0
    mismatches: list[tuple[list[Card], RefValue, RefValue]] = field(default_factory=list)


def compare(hands: Iterator[list[Card]] | list[list[Card]], result: SweepResult) -> None:
    """Compare fast and reference values of every hand, recording disagreements."""
    for hand in hands:
        result.checked += 1
        fast, ref = fast_value(hand), reference_evaluate(hand)
        if fast != ref:
            result.mismatches.append((hand, fast, ref))


def full_sweep(seed: int, random_count: int, flush_count: int, exhaustive: bool) -> SweepResult:
    """The issue's sweep: random hands, flush-or-better hands, and the exhaustive sets."""
    rng = random.Random(seed)
    result = SweepResult()
    compare(random_hands(rng, random_count), result)
    compare(flush_or_better_hands(rng, flush_count), result)
    if exhaustive:
        compare(five_of_a_kind_hands(), result)
        compare(straight_flush_hands(), result)
    return result
