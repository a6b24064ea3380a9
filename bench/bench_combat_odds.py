"""Benchmark of the combat helper's odds (issues #10, #33), run by ``make bench``.

A party of 4 (each with 2 active and 2 inactive cards, so 16 swap variants)
against 2 threats at the flop: ``rules.grimhand.odds.river_odds`` against the
same exact enumeration (every ordered turn and river, every side and swap
variant, the chain measured on the turn hand) with the brute-force reference
evaluator ``rules.tests.reference_poker``. Prints figures (target: <= 50 ms
and >= 10x the reference); exits 1 only if the two disagree on a count.

Before the flop (issue #33 item 7), the same party and threats:
``rules.grimhand.flop_chances.flop_chances`` over every flop the unseen cards
make, and over its seeded sample, against the same count by the reference
evaluator, with ``river_odds`` of that deal as the baseline of the same run
(target: <= 150 ms; no timed assertion, a figure).

Usage: ``python -m bench.bench_combat_odds [--quick] [--seed N]``
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations, permutations

from rules.grimhand.cards import DECK, Card
from rules.grimhand.flop_chances import FlopChances, flop_chances
from rules.grimhand.odds import OddsSide, RiverOdds, river_odds
from rules.grimhand.poker import Category, evaluate
from rules.tests.reference_poker import RefValue, reference_evaluate


def _best(func: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


def _deal(rng: random.Random) -> tuple[list[OddsSide], list[OddsSide], list[Card], list[list[Card]]]:
    deck = list(DECK)
    rng.shuffle(deck)
    flop, deck = deck[:3], deck[3:]
    players: list[OddsSide] = []
    inactive: list[list[Card]] = []
    for _ in range(4):
        active, hidden, deck = deck[:2], deck[2:4], deck[4:]
        hand = evaluate([*active, *flop])
        players.append(
            OddsSide(
                tuple(active),
                rng.randint(2, 8),
                rng.randrange(5),
                hand.category >= Category.THREE_OF_A_KIND,
                hand.score,
                rng.randint(0, 1),
            )
        )
        inactive.append(hidden)
    threats: list[OddsSide] = []
    for _ in range(2):
        active, deck = deck[:2], deck[2:]
        hand = evaluate([*active, *flop])
        threats.append(
            OddsSide(
                tuple(active),
                rng.randint(2, 10),
                rng.randrange(5),
                hand.category >= Category.THREE_OF_A_KIND,
                hand.score,
            )
        )
    return players, threats, flop, inactive


def _tally(counts: list[list[list[int]]], attacks: Sequence[int], reductions: Sequence[int]) -> None:
    """One runout into ``counts``: higher, equal, lower, damage dealt and taken, per variant and threat."""
    n = len(reductions)
    for v, reduction in enumerate(reductions):
        for t, row in enumerate(counts[v]):
            diff = attacks[v] - attacks[n + t]
            row[0] += diff > 0
            row[1] += diff == 0
            row[2] += diff < 0
            row[3] += max(0, diff)
            row[4] += max(0, -diff - reduction)


def _reference(
    players: Sequence[OddsSide],
    threats: Sequence[OddsSide],
    flop: Sequence[Card],
    inactive: Sequence[Sequence[Card]],
) -> list[list[tuple[int, int, int, int, int]]]:
    """The same counts, by brute force: 21 five-card subsets per hand, turn hands for the chain."""
    # (side, its damage reduction, the hole cards it held on the flop: the chain's start)
    variants: list[tuple[OddsSide, int, tuple[Card, ...]]] = [
        (p, p.damage_reduction, p.active) for p in players
    ]
    for p, cards in zip(players, inactive, strict=True):
        for card_in in cards:
            for card_out in p.active:
                hand = tuple(card_in if c == card_out else c for c in p.active)
                swapped = OddsSide(hand, p.fixed, p.affinity_order, p.chain_alive, p.last_score)
                variants.append((swapped, p.damage_reduction, p.active))
    known = {c for s in (*players, *threats) for c in s.active} | set(flop) | {c for h in inactive for c in h}
    remaining = [c for c in DECK if c not in known]
    # The chain starts from the flop hand: recompute it with the reference evaluator too.
    sides = [v for v, _, _ in variants] + list(threats)
    held = [cards for _, _, cards in variants] + [t.active for t in threats]
    flop_value: list[RefValue] = [reference_evaluate([*cards, *flop]) for cards in held]
    counts = [[[0, 0, 0, 0, 0] for _ in threats] for _ in variants]
    for turn, river in permutations(remaining, 2):
        attacks = []
        for k, s in enumerate(sides):
            turn_value = reference_evaluate([*s.active, *flop, turn])
            river_value = reference_evaluate([*s.active, *flop, turn, river])
            alive = s.chain_alive and turn_value > flop_value[k] and river_value > turn_value
            resonance = sum(1 for c in (*flop, turn, river) if c.affinity.order == s.affinity_order)
            attacks.append(s.fixed + river_value[0] + resonance + (3 if alive else 0))
        _tally(counts, attacks, [reduction for _, reduction, _ in variants])
    return [[(r[0], r[1], r[2], r[3], r[4]) for r in row] for row in counts]


def _fast_counts(odds: RiverOdds) -> list[list[tuple[int, int, int, int, int]]]:
    rows = [list(row) for row in odds.matchups]
    rows += [list(m) for swaps in odds.swaps for _, _, m in swaps]
    return [[(m.higher, m.equal, m.lower, m.dealt, m.taken) for m in row] for row in rows]


def _reference_flop(
    players: Sequence[OddsSide], threats: Sequence[OddsSide], inactive: Sequence[Sequence[Card]]
) -> list[list[tuple[int, int, int, int, int]]]:
    """Every flop's attacks by the reference evaluator: hand bonus, resonance, Critical Hit (§7.4.9)."""
    variants = list(players)
    for p, cards in zip(players, inactive, strict=True):
        for card_in in cards:
            for card_out in p.active:
                hand = tuple(card_in if c == card_out else c for c in p.active)
                variants.append(
                    OddsSide(hand, p.fixed, p.affinity_order, damage_reduction=p.damage_reduction)
                )
    known = {c for s in (*players, *threats) for c in s.active} | {c for h in inactive for c in h}
    remaining = [c for c in DECK if c not in known]
    sides = [*variants, *threats]
    counts = [[[0, 0, 0, 0, 0] for _ in threats] for _ in variants]
    for flop in combinations(remaining, 3):
        attacks = []
        for s in sides:
            category = reference_evaluate([*s.active, *flop])[0]
            resonance = sum(1 for c in flop if c.affinity.order == s.affinity_order)
            critical = 1 if category >= Category.THREE_OF_A_KIND else 0
            attacks.append(s.fixed + category + resonance + critical)
        _tally(counts, attacks, [v.damage_reduction for v in variants])
    return [[(r[0], r[1], r[2], r[3], r[4]) for r in row] for row in counts]


def _preflop(
    deal: int, players: list[OddsSide], threats: list[OddsSide], inactive: list[list[Card]], repeats: int
) -> bool:
    """One deal before its flop: prints the figures; whether the exact count agrees with the reference."""
    fresh = [
        OddsSide(p.active, p.fixed, p.affinity_order, damage_reduction=p.damage_reduction) for p in players
    ]
    exact = _best(functools.partial(flop_chances, fresh, threats, (), (), inactive), repeats)
    sampled = _best(functools.partial(flop_chances, fresh, threats, (), (), inactive, exact_limit=0), repeats)
    start = time.perf_counter()
    expected = _reference_flop(fresh, threats, inactive)
    slow = time.perf_counter() - start
    odds: FlopChances = flop_chances(fresh, threats, (), (), inactive)
    print(
        f"  deal {deal} before the flop: {odds.runouts} flops, flop_chances {exact * 1000:7.2f} ms exact "
        f"(target <= 150), {sampled * 1000:7.2f} ms sampled; reference {slow * 1000:9.1f} ms, "
        f"{slow / exact:6.1f}x"
    )
    rows = [list(row) for row in odds.matchups] + [list(m) for swaps in odds.swaps for _, _, m in swaps]
    return [[(m.higher, m.equal, m.lower, m.dealt, m.taken) for m in row] for row in rows] == expected


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--seed", type=int, default=10)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    deals = 1 if args.quick else 3
    repeats = 3 if args.quick else 7
    print(f"Combat river odds: party of 4 (2 active + 2 inactive) vs 2 threats at the flop, seed {args.seed}")
    wrong = 0
    for n in range(deals):
        players, threats, flop, inactive = _deal(rng)
        fast = _best(functools.partial(river_odds, players, threats, flop, (), inactive), repeats)
        start = time.perf_counter()
        expected = _reference(players, threats, flop, inactive)
        slow = time.perf_counter() - start
        odds = river_odds(players, threats, flop, (), inactive)
        if _fast_counts(odds) != expected:
            wrong += 1
        chains = sum(s.chain_alive for s in (*players, *threats))
        print(
            f"  deal {n + 1}: {odds.runouts} runouts, {chains} live chains: "
            f"river_odds {fast * 1000:7.2f} ms (target <= 50), "
            f"reference {slow * 1000:9.1f} ms, {slow / fast:6.1f}x (target >= 10x)"
        )
        if not _preflop(n + 1, players, threats, inactive, repeats):
            wrong += 1
    if wrong:
        print(f"  {wrong} deal(s) where river_odds disagrees with the reference enumeration")
        return 1
    print("  counts identical to the reference enumeration")
    return 0


if __name__ == "__main__":
    sys.exit(main())
