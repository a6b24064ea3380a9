"""Benchmark of the Grim Hand poker evaluator (issue "Speed"), run by ``make bench``.

Measures, in one run, on the same number of random 7-card hands:
- ``rules.grimhand.poker.evaluate`` (public API, Card objects) and its integer
  fast path ``score_ids``;
- the brute-force reference (best of all 21 five-card subsets,
  ``rules.tests.reference_poker``);
- ``treys`` 7-card evaluation on its own 52-card deck (bench-only dependency);
plus the lookup-table build time, the exact flop odds for a party of 4 against
2 threats, and the correctness sweep against the reference. Exits 1 if any
hand disagrees with the reference; timings are reported, never asserted.

Usage: ``python -m bench.bench_poker [--quick] [--seed N]``
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from rules.grimhand import poker
from rules.grimhand.cards import DECK, Card
from rules.grimhand.odds import flop_odds
from rules.tests.poker_sweep import full_sweep, random_hands
from rules.tests.reference_poker import reference_evaluate

TARGET_VS_REFERENCE = 20.0
TARGET_VS_TREYS = 2.0
TARGET_MAX_US = 5.0
TARGET_ODDS_MS = 100.0
TARGET_BUILD_MS = 150.0


def _time_per_call(func: Callable[[], object], repeats: int) -> float:
    """Best of ``repeats`` wall times of ``func``, in seconds (best damps noise)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


def _treys_hands(rng: random.Random, count: int) -> list[tuple[list[int], list[int]]]:
    deck = [TreysCard.new(r + s) for r in "23456789TJQKA" for s in "shdc"]
    hands = []
    for _ in range(count):
        seven = rng.sample(deck, 7)
        hands.append((seven[:5], seven[5:]))
    return hands


def _rebuild_tables_ms() -> float:
    start = time.perf_counter()
    poker._build_rank_table()
    poker._build_flush_table()
    return (time.perf_counter() - start) * 1000


def _odds_case(rng: random.Random) -> tuple[list[list[Card]], list[list[Card]], list[Card], list[Card]]:
    dealt = rng.sample(DECK, 4 * 4 + 2 * 2 + 3)
    players = [dealt[i * 4 : i * 4 + 2] for i in range(4)]
    inactive = [c for i in range(4) for c in dealt[i * 4 + 2 : i * 4 + 4]]
    threats = [dealt[16:18], dealt[18:20]]
    return players, threats, dealt[20:23], inactive


def _line(label: str, seconds: float, count: int) -> float:
    per_us = seconds / count * 1e6
    print(f"  {label:<34} {count / seconds:>12,.0f} evals/s  {per_us:>9.2f} us/eval")
    return per_us


def _evaluation(rng: random.Random, count: int, repeats: int, quick: bool) -> tuple[float, float, float]:
    """7-card evaluation against the reference and treys: both ratios and our µs a hand."""
    hands = random_hands(rng, count)
    id_hands = [[c.index for c in h] for h in hands]
    treys_hands = _treys_hands(rng, count)
    treys = TreysEvaluator()
    evaluate, score_ids = poker.evaluate, poker.score_ids

    print(f"7-card evaluation, {count:,} random hands each:")
    ours = _line(
        "ours: evaluate(cards)", _time_per_call(lambda: [evaluate(h) for h in hands], repeats), count
    )
    _line(
        "ours: score_ids(ints), fast path",
        _time_per_call(lambda: [score_ids(h) for h in id_hands], repeats),
        count,
    )
    ref_count = count if not quick else min(count, 1_000)
    reference = _line(
        "brute-force reference (21 subsets)",
        _time_per_call(lambda: [reference_evaluate(h) for h in hands[:ref_count]], 1),
        ref_count,
    )
    treys_us = _line(
        "treys 0.1.8 (52-card deck)",
        _time_per_call(lambda: [treys.evaluate(board, hole) for board, hole in treys_hands], repeats),
        count,
    )
    vs_ref, vs_treys = reference / ours, treys_us / ours
    print(
        f"  ratio vs reference: {vs_ref:.1f}x (target >= {TARGET_VS_REFERENCE:.0f}x)  "
        f"ratio vs treys: {vs_treys:.1f}x (target >= {TARGET_VS_TREYS:.0f}x)  "
        f"ours {ours:.2f} us (target <= {TARGET_MAX_US:.0f} us)"
    )
    return vs_ref, vs_treys, ours


def _odds(rng: random.Random, repeats: int) -> float:
    """Exact flop odds for a party of 4 against 2 threats; milliseconds a call."""
    players, threats, flop, dead = _odds_case(rng)
    odds_seconds = _time_per_call(lambda: flop_odds(players, threats, flop, dead), repeats)
    odds = flop_odds(players, threats, flop, dead)
    print(
        f"Exact flop odds, party of 4 vs 2 threats: {odds.runouts} turn+river runouts, "
        f"{odds.evaluations:,} evaluations in {odds_seconds * 1000:.2f} ms "
        f"({odds.evaluations / odds_seconds:,.0f} evals/s; target < {TARGET_ODDS_MS:.0f} ms)"
    )
    return odds_seconds * 1000


def _sweep(seed: int, quick: bool) -> int:
    """The fast evaluator against the reference on many hands; how many disagreed."""
    sweep_args = (2_000, 200, False) if quick else (60_000, 5_000, True)
    start = time.perf_counter()
    sweep = full_sweep(seed, *sweep_args)
    print(
        f"Correctness sweep: {sweep.checked:,} hands "
        f"({sweep_args[0]:,} random, {sweep_args[1]:,} flush-or-better"
        f"{', all five-of-a-kind and straight-flush 7-card hands' if sweep_args[2] else ''}) "
        f"in {time.perf_counter() - start:.1f} s: {len(sweep.mismatches)} mismatches"
    )
    for hand, fast, ref in sweep.mismatches[:10]:
        print(f"  MISMATCH {' '.join(c.code for c in hand)}: fast {fast} reference {ref}")
    return len(sweep.mismatches)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; return the process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small counts for a CI smoke run")
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args(argv)
    quick: bool = args.quick
    count = 2_000 if quick else 50_000
    repeats = 2 if quick else 5
    rng = random.Random(args.seed)

    print(f"Grim Hand poker benchmark ({'quick' if quick else 'full'}, seed {args.seed})")
    print(
        f"Table build at import: {poker.TABLE_BUILD_SECONDS * 1000:.1f} ms "
        f"(rebuild now: {_rebuild_tables_ms():.1f} ms; target < {TARGET_BUILD_MS:.0f} ms); "
        f"{len(poker.RANK_TABLE):,} rank multisets, {len(poker.FLUSH_TABLE)} flush masks"
    )

    vs_ref, vs_treys, ours = _evaluation(rng, count, repeats, quick)
    odds_ms = _odds(rng, repeats)
    mismatches = _sweep(args.seed, quick)
    met = (
        vs_ref >= TARGET_VS_REFERENCE
        and vs_treys >= TARGET_VS_TREYS
        and ours <= TARGET_MAX_US
        and odds_ms < TARGET_ODDS_MS
    )
    print(f"Speed targets {'met' if met else 'NOT met'} on this run.")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
