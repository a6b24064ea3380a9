"""Chances on the flop, before it is scored: each player against each threat, and each swap.

Swaps cost 1 AP and may be made "before and during each phase of combat"
(§7.4.2, Timing): after the deal, before the flop is laid (Appendix II: the
player swaps, "Now we move to the flop"), and once the flop lies face up,
before it is scored (§7.4.4: players may spend AP swapping inactive cards
into active slots). So the combat helper answers before the flop is scored:
over every flop the unseen cards can make, or for the flop shown.

Flop attack = base and modifiers (``OddsSide.fixed``) + the hand's bonus
(§5.1) + Affinity Resonance, +1 per flop card of the side's affinity
(§7.4.2) + Critical Hit, +1 for trips or better (§7.4.9). Damage is the
difference, less a player's damage reduction when the player takes it
(§7.4.7).

Every flop is dealt out when ``flops x sides`` is at most ``EXACT_LIMIT``;
beyond that a sample of ``SAMPLES`` flops, drawn by a ``random.Random``
seeded from the cards on the table (every phone shows the same numbers),
with each share's 95% margin.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from rules.errors import RuleViolation
from rules.grimhand.cards import Card
from rules.grimhand.odds import Matchup, OddsSide, Tally, swap_variants, unseen_ids
from rules.grimhand.poker import (
    AFFINITY_NIBBLE_OF,
    CATEGORY_SHIFT,
    FLUSH_BIAS,
    FLUSH_TEST,
    PRIME_OF,
    RANK_TABLE,
    Category,
    flush_value,
)
from rules.i18n import gettext as _

FLOP_SIZE = 3
CRITICAL_HIT = int(Category.THREE_OF_A_KIND)
EXACT_LIMIT = 250_000
"""The most side evaluations (flops x sides) counted exactly: about 150 ms on the bench machine."""
SAMPLES = 6000
"""Flops drawn when there are too many to count: a share's 95% margin is then at most 1.3%."""
Z95 = 1.96


@dataclass(frozen=True)
class FlopChances:
    """Every player x threat matchup on the flop, each swap's, and how they were counted."""

    runouts: int
    exact: bool
    matchups: tuple[tuple[Matchup, ...], ...]
    swaps: tuple[tuple[tuple[Card, Card, tuple[Matchup, ...]], ...], ...]

    def margin(self, share: float) -> float:
        """A share's 95% margin: 0 when every flop was counted."""
        if self.exact or not self.runouts:
            return 0.0
        return Z95 * math.sqrt(share * (1 - share) / self.runouts)


@dataclass(frozen=True)
class _Hands:
    """Per side, what each flop's attack reads: hole card ids, their lookup keys, fixed attack."""

    ids: list[tuple[int, ...]]
    product: list[int]
    counters: list[int]
    affinity: list[int]
    fixed: list[int]


def _hands(sides: Sequence[OddsSide]) -> _Hands:
    ids = [tuple(c.index for c in s.active) for s in sides]
    return _Hands(
        ids=ids,
        product=[math.prod(PRIME_OF[i] for i in hole) for hole in ids],
        counters=[sum(AFFINITY_NIBBLE_OF[i] for i in hole) for hole in ids],
        affinity=[s.affinity_order for s in sides],
        fixed=[s.fixed for s in sides],
    )


def _flop_attacks(hands: _Hands, flop: tuple[int, ...], attacks: list[int]) -> None:
    """Each side's flop attack with ``flop``, in place (§7.4.2, §7.4.4, §7.4.9)."""
    product = PRIME_OF[flop[0]] * PRIME_OF[flop[1]] * PRIME_OF[flop[2]]
    counters = AFFINITY_NIBBLE_OF[flop[0]] + AFFINITY_NIBBLE_OF[flop[1]] + AFFINITY_NIBBLE_OF[flop[2]]
    affinities = (flop[0] // 10, flop[1] // 10, flop[2] // 10)
    for k in range(len(attacks)):
        value = RANK_TABLE[hands.product[k] * product]
        total = hands.counters[k] + counters
        if (total + FLUSH_BIAS) & FLUSH_TEST:
            value = max(value, flush_value((*hands.ids[k], *flop), total))
        category = value >> CATEGORY_SHIFT
        attacks[k] = (
            hands.fixed[k] + category + affinities.count(hands.affinity[k]) + (category >= CRITICAL_HIT)
        )


def _flops(
    remaining: list[int], shown: tuple[int, ...], rng: random.Random | None
) -> Iterator[tuple[int, ...]]:
    """Every flop the unseen cards complete (``rng`` None), or ``SAMPLES`` of them drawn by ``rng``."""
    need = FLOP_SIZE - len(shown)
    if rng is None:
        for drawn in combinations(remaining, need):
            yield (*shown, *drawn)
        return
    for _sample in range(SAMPLES):
        yield (*shown, *rng.sample(remaining, need))


def flop_chances(
    players: Sequence[OddsSide],
    threats: Sequence[OddsSide],
    shown: Sequence[Card] = (),
    seen: Sequence[Card] = (),
    inactive: Sequence[Sequence[Card]] = (),
    *,
    exact_limit: int = EXACT_LIMIT,
) -> FlopChances:
    """Each matchup's flop over every flop the unseen cards make (or a seeded sample of them).

    ``shown`` is the flop once it lies face up (3 cards: one flop, exact), or
    nothing before it is laid; ``seen`` other cards out of the deck. For each
    player's inactive card the same is counted as if it were swapped in for
    each active card: what 1 AP buys before the flop is scored (§7.4.2, §7.4.4).
    """
    if len(shown) not in (0, FLOP_SIZE):
        raise RuleViolation("no_odds_now", _("The flop is three cards."))
    variants, swap_keys = swap_variants(players, inactive)
    remaining = unseen_ids([*players, *threats], [*shown, *seen], inactive)
    sides = [*variants, *threats]
    shown_ids = tuple(c.index for c in shown)
    count = math.comb(len(remaining), FLOP_SIZE - len(shown_ids))
    exact = count * len(sides) <= exact_limit
    # Seeded from the cards on the table: the same numbers on every phone and after every render.
    known = sorted(c.index for s in sides for c in s.active) + sorted(c.index for c in seen)
    rng = None if exact else random.Random(",".join(map(str, known)))
    hands = _hands(sides)
    tally = Tally(len(variants), len(threats), [s.damage_reduction for s in sides])
    attacks = [0] * len(sides)
    for flop in _flops(remaining, shown_ids, rng):
        _flop_attacks(hands, flop, attacks)
        tally.add(attacks, 1)
    per_player: list[list[tuple[Card, Card, tuple[Matchup, ...]]]] = [[] for _ in players]
    for offset, (p, card_in, card_out) in enumerate(swap_keys):
        per_player[p].append((card_in, card_out, tally.matchups(len(players) + offset)))
    return FlopChances(
        tally.runouts,
        exact,
        tuple(tally.matchups(p) for p in range(len(players))),
        tuple(tuple(rows) for rows in per_player),
    )
