"""Exact flop odds against a brute-force count with the public evaluator."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from rules.errors import RuleViolation
from rules.grimhand.cards import DECK, parse_cards
from rules.grimhand.odds import flop_odds
from rules.grimhand.poker import best_hand, evaluate


def test_flop_odds_match_a_direct_count() -> None:
    rng = random.Random(12)
    dealt = rng.sample(DECK, 4 * 2 + 2 * 2 + 3 + 8)
    players = [dealt[i * 2 : i * 2 + 2] for i in range(4)]
    threats = [dealt[8:10], dealt[10:12]]
    flop, dead = dealt[12:15], dealt[15:]
    odds = flop_odds(players, threats, flop, dead)
    remaining = [c for c in DECK if c not in dealt]
    assert odds.runouts == len(list(combinations(remaining, 2))) == 351
    assert odds.evaluations == 351 * 6
    wins = ties = 0
    for turn, river in combinations(remaining, 2):
        mine = evaluate([*players[1], *flop, turn, river])
        theirs = evaluate([*threats[0], *flop, turn, river])
        wins += mine > theirs
        ties += mine == theirs
    assert odds.wins[1][0] == wins and odds.ties[1][0] == ties
    assert odds.wins[1][0] + odds.ties[1][0] + odds.losses[1][0] == 351
    assert sum(odds.player_categories[2].values()) == 351
    assert odds.win_probability(1, 0) == wins / 351


def test_master_with_three_active_cards_is_supported() -> None:
    players = [parse_cards("7BL 7SH 3IR")]
    threats = [parse_cards("1SH 5BO")]
    flop = parse_cards("7BO 3BL 9NA")
    odds = flop_odds(players, threats, flop)
    remaining = [c for c in DECK if c not in (*players[0], *threats[0], *flop)]
    wins = sum(
        best_hand([*players[0], *flop, t, r]) > evaluate([*threats[0], *flop, t, r])
        for t, r in combinations(remaining, 2)
    )
    assert odds.wins[0][0] == wins


def test_duplicate_cards_are_refused() -> None:
    with pytest.raises(RuleViolation) as info:
        flop_odds([parse_cards("7BL 7SH")], [parse_cards("7BL 5BO")], parse_cards("1BL 2BL 3BL"))
    assert info.value.code == "duplicate_card"
