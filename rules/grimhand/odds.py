"""Exact odds from the flop: every remaining turn and river pair (§7.4.4-§7.4.6).

For a party and its threats with known active cards and flop, every unseen
turn+river pair is dealt out and each side's river hand is scored with the
fast integer evaluator; the result counts, for each player against each
threat, the runouts the player's hand wins, ties and loses, plus each side's
river category distribution. Cards known to be out of the deck (inactive hole
cards, discards) are passed as ``dead``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from rules.errors import RuleViolation
from rules.grimhand.cards import DECK_SIZE, Card
from rules.grimhand.poker import (
    AFFINITY_NIBBLE_OF,
    CATEGORY_SHIFT,
    FLUSH_BIAS,
    FLUSH_TEST,
    MAX_HAND_CARDS,
    PRIME_OF,
    RANK_TABLE,
    Category,
    flush_value,
    score_ids,
)

FLOP_SIZE = 3


@dataclass(frozen=True)
class FlopOdds:
    """Outcome counts over all ``runouts`` turn+river pairs."""

    runouts: int
    evaluations: int
    wins: tuple[tuple[int, ...], ...]
    ties: tuple[tuple[int, ...], ...]
    losses: tuple[tuple[int, ...], ...]
    player_categories: tuple[dict[Category, int], ...]
    threat_categories: tuple[dict[Category, int], ...]

    def win_probability(self, player: int, threat: int) -> float:
        """Share of runouts where player ``player``'s river hand beats threat ``threat``'s."""
        return self.wins[player][threat] / self.runouts if self.runouts else 0.0


def _side_scorer(ids: list[int]) -> tuple[int, int, list[int]]:
    product = 1
    counters = 0
    for i in ids:
        product *= PRIME_OF[i]
        counters += AFFINITY_NIBBLE_OF[i]
    return product, counters, ids


def flop_odds(
    players: Sequence[Sequence[Card]],
    threats: Sequence[Sequence[Card]],
    flop: Sequence[Card],
    dead: Sequence[Card] = (),
) -> FlopOdds:
    """Count river outcomes over every unseen turn+river pair (exact, no sampling)."""
    if len(flop) != FLOP_SIZE:
        raise RuleViolation("bad_community", f"the flop has 3 cards, got {len(flop)}")
    sides = [list(s) for s in (*players, *threats)]
    known = [c.index for side in sides for c in side] + [c.index for c in (*flop, *dead)]
    if len(set(known)) != len(known):
        raise RuleViolation("duplicate_card", "a card is dealt twice in the odds request")
    remaining = [i for i in range(DECK_SIZE) if i not in set(known)]
    flop_ids = [c.index for c in flop]
    bases = [_side_scorer([c.index for c in side] + flop_ids) for side in sides]
    n_players = len(players)
    n_sides = len(sides)
    wins = [[0] * len(threats) for _ in players]
    ties = [[0] * len(threats) for _ in players]
    categories = [[0] * len(Category) for _ in sides]
    runouts = 0
    for a, b in combinations(remaining, 2):
        runouts += 1
        pair_product = PRIME_OF[a] * PRIME_OF[b]
        pair_counters = AFFINITY_NIBBLE_OF[a] + AFFINITY_NIBBLE_OF[b]
        values = []
        for product, counters, ids in bases:
            if len(ids) + 2 > MAX_HAND_CARDS:
                # A Master's third active card: fall back to the general path.
                value = max(score_ids(seven) for seven in combinations([*ids, a, b], 7))
            else:
                value = RANK_TABLE[product * pair_product]
                total = counters + pair_counters
                if (total + FLUSH_BIAS) & FLUSH_TEST:
                    value = max(value, flush_value((*ids, a, b), total))
            values.append(value)
        for s in range(n_sides):
            categories[s][values[s] >> CATEGORY_SHIFT] += 1
        for p in range(n_players):
            mine = values[p]
            row_w, row_t = wins[p], ties[p]
            for t in range(n_players, n_sides):
                theirs = values[t]
                if mine > theirs:
                    row_w[t - n_players] += 1
                elif mine == theirs:
                    row_t[t - n_players] += 1
    losses = tuple(
        tuple(runouts - w - t for w, t in zip(wr, tr, strict=True)) for wr, tr in zip(wins, ties, strict=True)
    )

    def as_dict(counts: list[int]) -> dict[Category, int]:
        return {Category(i): n for i, n in enumerate(counts) if n}

    return FlopOdds(
        runouts=runouts,
        evaluations=runouts * n_sides,
        wins=tuple(tuple(r) for r in wins),
        ties=tuple(tuple(r) for r in ties),
        losses=losses,
        player_categories=tuple(as_dict(c) for c in categories[:n_players]),
        threat_categories=tuple(as_dict(c) for c in categories[n_players:]),
    )
