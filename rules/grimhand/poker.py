"""Grim Hand poker hands: categories, values and the fast evaluator (§5.1).

The ten categories, low to high, with the game's titles, Attack bonus and XP
multiplier are those of §5.1 ("Desperate Scramble" ... "Monolithic
Quintessence"). The best hand is the best 5 of up to 7 cards; inside a
category the usual tiebreakers apply (ranks grouped by count, then by rank; a
straight by its top card). With this 50-card deck a full house is more common
than a flush, but the rulebook's order stands.

With fewer than 5 cards (an equipment row of 3 items) only the groups that fit
count: pair, two pair, three and four of a kind.

Speed: a hand's value is one ``int`` (category in bits 20+, up to five
tiebreak ranks in 4-bit nibbles below). Non-flush values come from a table
keyed on the product of one prime per rank (a rank multiset), built at import
for every multiset of 1..7 ranks; a flush is spotted by adding one nibble per
affinity and, only then, looked up in a small table keyed on the flush
affinity's rank bitmask.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from itertools import combinations, combinations_with_replacement

from rules.errors import RuleViolation
from rules.grimhand.cards import DECK_SIZE, MAX_RANK, Card
from rules.i18n import gettext as _
from rules.i18n import gettext_noop


class Category(IntEnum):
    """Hand categories of §5.1, low to high; the value is the Attack bonus."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def attack_bonus(self) -> int:
        """Attack added in combat for holding this hand (§5.1: +0 .. +9)."""
        return int(self)

    @property
    def xp_multiplier(self) -> int:
        """XP multiplier of §5.1 and §11: x1 for high card and pair, then x2 .. x9."""
        return max(1, int(self))

    @property
    def title(self) -> str:
        """The game's name for the hand, e.g. "Dual Grip" for two pair (§5.1)."""
        return _TITLES[self]

    @property
    def common_name(self) -> str:
        """The traditional poker name, e.g. "Two Pair", in the active language."""
        return _(_COMMON_NAMES[self])


_COMMON_NAMES: dict[Category, str] = {
    Category.HIGH_CARD: gettext_noop("High Card"),
    Category.PAIR: gettext_noop("Pair"),
    Category.TWO_PAIR: gettext_noop("Two Pair"),
    Category.THREE_OF_A_KIND: gettext_noop("Three Of A Kind"),
    Category.STRAIGHT: gettext_noop("Straight"),
    Category.FLUSH: gettext_noop("Flush"),
    Category.FULL_HOUSE: gettext_noop("Full House"),
    Category.FOUR_OF_A_KIND: gettext_noop("Four Of A Kind"),
    Category.STRAIGHT_FLUSH: gettext_noop("Straight Flush"),
    Category.FIVE_OF_A_KIND: gettext_noop("Five Of A Kind"),
}
"""The traditional poker names (marked here, translated where shown)."""


_TITLES: dict[Category, str] = {
    Category.HIGH_CARD: "Desperate Scramble",
    Category.PAIR: "Unified Effort",
    Category.TWO_PAIR: "Dual Grip",
    Category.THREE_OF_A_KIND: "Triad Impact",
    Category.STRAIGHT: "Unfettered Path",
    Category.FLUSH: "Pure Affinity",
    Category.FULL_HOUSE: "Anchored Power",
    Category.FOUR_OF_A_KIND: "Resonant Force",
    Category.STRAIGHT_FLUSH: "Primal Current",
    Category.FIVE_OF_A_KIND: "Monolithic Quintessence",
}

CATEGORY_SHIFT = 20
MAX_HAND_CARDS = 7


def encode(category: Category, tiebreak: Sequence[int]) -> int:
    """Pack a category and up to five tiebreak ranks into one comparable int."""
    score = int(category) << CATEGORY_SHIFT
    shift = CATEGORY_SHIFT - 4
    for rank in tiebreak:
        score |= rank << shift
        shift -= 4
    return score


def decode(score: int) -> tuple[Category, tuple[int, ...]]:
    """Inverse of ``encode``: the category and the non-zero tiebreak ranks."""
    ranks = tuple(nibble for shift in range(CATEGORY_SHIFT - 4, -1, -4) if (nibble := (score >> shift) & 0xF))
    return Category(score >> CATEGORY_SHIFT), ranks


def score_exact(ranks: Sequence[int], flush: bool) -> int:
    """Value of exactly these cards (at most 5), all of them used.

    ``flush`` says whether five cards share one affinity. Used to build the
    lookup tables and for equipment rows, where identical items may repeat.
    """
    n = len(ranks)
    counts = [0] * (MAX_RANK + 1)
    for rank in ranks:
        counts[rank] += 1
    groups = sorted(((c, r) for r, c in enumerate(counts) if c), reverse=True)
    order = [r for _count, r in groups]
    top = groups[0][0]
    second = groups[1][0] if len(groups) > 1 else 0
    if n == 5:
        straight = len(groups) == 5 and order[0] - order[-1] == 4
        if top == 5:
            return encode(Category.FIVE_OF_A_KIND, order)
        if straight and flush:
            return encode(Category.STRAIGHT_FLUSH, order[:1])
        if top == 4:
            return encode(Category.FOUR_OF_A_KIND, order)
        if top == 3 and second == 2:
            return encode(Category.FULL_HOUSE, order)
        if flush:
            return encode(Category.FLUSH, sorted(ranks, reverse=True))
        if straight:
            return encode(Category.STRAIGHT, order[:1])
    if top == 4:
        return encode(Category.FOUR_OF_A_KIND, order)
    if top == 3:
        return encode(Category.THREE_OF_A_KIND, order)
    if top == 2 and second == 2:
        return encode(Category.TWO_PAIR, order)
    if top == 2:
        return encode(Category.PAIR, order)
    return encode(Category.HIGH_CARD, order)


# One prime per rank: the product of a hand's primes identifies its rank multiset.
RANK_PRIMES: tuple[int, ...] = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29)
_RANK_BITS: tuple[int, ...] = tuple(1 << r for r in range(MAX_RANK))
_AFFINITIES = DECK_SIZE // MAX_RANK
# Adding 3 to every 4-bit affinity counter sets its top bit exactly when it holds 5+.
FLUSH_BIAS = sum(3 << (4 * a) for a in range(_AFFINITIES))
FLUSH_TEST = sum(8 << (4 * a) for a in range(_AFFINITIES))

PRIME_OF: tuple[int, ...] = tuple(RANK_PRIMES[i % MAX_RANK] for i in range(DECK_SIZE))
"""Rank prime of each card index."""
AFFINITY_NIBBLE_OF: tuple[int, ...] = tuple(1 << (4 * (i // MAX_RANK)) for i in range(DECK_SIZE))
"""One per-affinity counter increment per card index."""
RANK_BIT_OF: tuple[int, ...] = tuple(_RANK_BITS[i % MAX_RANK] for i in range(DECK_SIZE))
AFFINITY_OF: tuple[int, ...] = tuple(i // MAX_RANK for i in range(DECK_SIZE))


def _build_rank_table() -> dict[int, int]:
    table: dict[int, int] = {}
    ranks = range(1, MAX_RANK + 1)
    for n in range(1, 6):
        for multiset in combinations_with_replacement(ranks, n):
            table[math.prod(RANK_PRIMES[r - 1] for r in multiset)] = score_exact(multiset, False)
    # Any 5 of 6 or 7 cards leave at least one card out, so the best of n cards
    # is the best over dropping each distinct rank once: reuse the smaller table.
    for n in (6, 7):
        for multiset in combinations_with_replacement(ranks, n):
            if max(multiset.count(r) for r in set(multiset)) > _AFFINITIES:
                continue
            product = math.prod(RANK_PRIMES[r - 1] for r in multiset)
            table[product] = max(table[product // RANK_PRIMES[r - 1]] for r in set(multiset))
    return table


def _build_flush_table() -> dict[int, int]:
    table: dict[int, int] = {}
    ranks = range(1, MAX_RANK + 1)
    for n in range(5, MAX_HAND_CARDS + 1):
        for chosen in combinations(ranks, n):
            mask = sum(_RANK_BITS[r - 1] for r in chosen)
            if n == 5:
                table[mask] = score_exact(chosen, True)
            else:
                table[mask] = max(table[mask ^ _RANK_BITS[r - 1]] for r in chosen)
    return table


_started = time.perf_counter()
RANK_TABLE: dict[int, int] = _build_rank_table()
FLUSH_TABLE: dict[int, int] = _build_flush_table()
TABLE_BUILD_SECONDS: float = time.perf_counter() - _started
"""Wall time spent building the lookup tables at import (reported by the bench)."""


def score_ids(ids: Sequence[int]) -> int:
    """Value of the best 5 of 1..7 distinct card indices (0..49), as an int.

    The fast entry point for odds and benchmarks: no objects, no sorting.
    Duplicates are NOT checked here; ``evaluate`` does that.
    """
    value = RANK_TABLE[math.prod(map(PRIME_OF.__getitem__, ids))]
    counters = sum(map(AFFINITY_NIBBLE_OF.__getitem__, ids))
    if (counters + FLUSH_BIAS) & FLUSH_TEST:
        return max(value, flush_value(ids, counters))
    return value


def flush_value(ids: Iterable[int], counters: int) -> int:
    """Best flush-path value of ``ids`` whose affinity ``counters`` show five of one affinity."""
    affinity = next(a for a in range(_AFFINITIES) if (counters >> (4 * a)) & 0xF >= 5)
    mask = 0
    for i in ids:
        if AFFINITY_OF[i] == affinity:
            mask |= RANK_BIT_OF[i]
    return FLUSH_TABLE[mask]


@dataclass(frozen=True, slots=True, order=True)
class HandValue:
    """The value of a poker hand: totally ordered, tiebreakers included (§5.1).

    Two values are equal when the hands are equally strong, whatever the
    cards. ``source`` keeps the cards it was computed from; ``cards`` picks the
    five that make the hand.
    """

    score: int
    source: tuple[Card, ...] = field(default=(), compare=False, repr=False)

    @property
    def category(self) -> Category:
        """The hand's category (§5.1)."""
        return Category(self.score >> CATEGORY_SHIFT)

    @property
    def tiebreak(self) -> tuple[int, ...]:
        """Ranks compared after the category: by group size, then by rank."""
        return decode(self.score)[1]

    @property
    def title(self) -> str:
        """The game's name for the hand, e.g. "Anchored Power"."""
        return self.category.title

    @property
    def cards(self) -> tuple[Card, ...]:
        """The (up to) five cards that form this hand, highest rank first."""
        if len(self.source) > 5:
            for chosen in combinations(self.source, 5):
                if score_ids([c.index for c in chosen]) == self.score:
                    return _by_rank(chosen)
        return _by_rank(self.source)

    def describe(self) -> str:
        """Short text for people, e.g. "Anchored Power (Full House): 7BL 7SH ..."."""
        shown = " ".join(card.code for card in self.cards)
        return f"{self.title} ({self.category.common_name}): {shown}"


def _by_rank(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (-c.rank, c.affinity.order)))


def evaluate(cards: Iterable[Card]) -> HandValue:
    """Best hand from 1..7 distinct cards (§5.1; best 5 of up to 7).

    Raises ``RuleViolation`` with code ``bad_hand_size`` for 0 or more than 7
    cards and ``duplicate_card`` if a card appears twice.
    """
    hand = tuple(cards)
    n = len(hand)
    if not 1 <= n <= MAX_HAND_CARDS:
        raise RuleViolation(
            "bad_hand_size", _("a hand needs 1 to 7 cards, got %(n)s") % {"n": n}, {"count": n}
        )
    ids = [card.index for card in hand]
    if len(set(ids)) != n:
        duplicate = next(c for i, c in enumerate(hand) if c in hand[:i])
        raise RuleViolation(
            "duplicate_card",
            _("card %(code)s appears more than once") % {"code": duplicate.code},
            {"card": duplicate.code},
        )
    return HandValue(score_ids(ids), hand)


def best_hand(cards: Sequence[Card]) -> HandValue:
    """Best 5 of any number of distinct cards.

    A Master's extra hole card can put 8 cards in play on the river; every
    5-card hand lies inside some 7-card subset, so the best 7-card value wins.
    """
    if len(cards) <= MAX_HAND_CARDS:
        return evaluate(cards)
    evaluate(cards[:MAX_HAND_CARDS])  # reject duplicates among the first seven early
    if len({c.index for c in cards}) != len(cards):
        raise RuleViolation("duplicate_card", _("a card appears more than once"))
    return max(evaluate(seven) for seven in combinations(cards, MAX_HAND_CARDS))


def evaluate_exact(cards: Sequence[Card]) -> HandValue:
    """Value of at most five cards taken as they are, repeats allowed.

    Equipment rows (§8) use it: they are never "best 5 of 7" and two copies of
    an item must not make the row invalid.
    """
    if not 1 <= len(cards) <= 5:
        raise RuleViolation(
            "bad_hand_size", _("expected 1 to 5 cards, got %(n)s") % {"n": len(cards)}, {"count": len(cards)}
        )
    flush = len(cards) == 5 and len({c.affinity for c in cards}) == 1
    return HandValue(score_exact([c.rank for c in cards], flush), tuple(cards))
