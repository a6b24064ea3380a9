"""Chances on the flop before it is scored (issue #33 item 7; §7.4.2, §7.4.4, §7.4.7, §7.4.9).

A brute force deals every flop out of the unseen cards and scores each side
with the combat rules' own ``score_street`` (Card objects, ``best_hand``,
the flop's Critical Hit) and ``exchange``: a second path that shares none of
``flop_chances``'s lookup tables. The sampled estimate is checked against
the exact count within its own margin, and to be the same on every call.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

from rules.errors import RuleViolation
from rules.grimhand.cards import DECK, Affinity, Card, parse_cards
from rules.grimhand.combat.damage import exchange
from rules.grimhand.combat.scoring import Street, score_street
from rules.grimhand.flop_chances import flop_chances
from rules.grimhand.odds import Matchup, OddsSide

A = Affinity
BY_ORDER = {a.order: a for a in Affinity}


def side(cards: str, base: int, affinity: Affinity, reduction: int = 0) -> OddsSide:
    return OddsSide(tuple(parse_cards(cards)), base, affinity.order, damage_reduction=reduction)


def attack(s: OddsSide, flop: Sequence[Card]) -> int:
    return score_street(Street.FLOP, s.fixed, BY_ORDER[s.affinity_order], s.active, flop).attack


def brute(
    players: Sequence[OddsSide], threats: Sequence[OddsSide], shown: Sequence[Card], seen: Sequence[Card]
) -> list[list[tuple[int, int, int, int, int, int]]]:
    """(runouts, higher, equal, lower, dealt, taken) per player and threat, by the combat rules."""
    known = {c for s in (*players, *threats) for c in s.active} | set(shown) | set(seen)
    remaining = [c for c in DECK if c not in known]
    out = [[[0] * 6 for _ in threats] for _ in players]
    for drawn in itertools.combinations(remaining, 3 - len(shown)):
        flop = [*shown, *drawn]
        p_att = [attack(p, flop) for p in players]
        t_att = [attack(t, flop) for t in threats]
        for i, p in enumerate(players):
            for j in range(len(threats)):
                row = out[i][j]
                hit = exchange(p_att[i], t_att[j], p.damage_reduction)
                diff = p_att[i] - t_att[j]
                row[0] += 1
                row[1 if diff > 0 else 2 if diff == 0 else 3] += 1
                row[4] += hit.to_threat
                row[5] += hit.to_player
    return [[(r[0], r[1], r[2], r[3], r[4], r[5]) for r in row] for row in out]


def counts(m: Matchup) -> tuple[int, int, int, int, int, int]:
    return (m.runouts, m.higher, m.equal, m.lower, m.dealt, m.taken)


def test_every_flop_counted_matches_the_combat_rules_and_a_swap_is_a_hand_with_its_card() -> None:
    # A Master (three active cards), a player with a reduction, a Critical Hit in reach (pairs in hand).
    ann = side("2BL 2SH 9NA", 5, A.BLOOD)
    bo = side("7IR 8IR", 4, A.IRON, reduction=1)
    ogre = side("10SH 10BO", 9, A.SHADOW)
    seen = parse_cards("1NA 1BO 3BO 4BO 5BO 6BO 7BO 8BO 9BO 1SH 3SH 4SH 5SH 6SH 7SH 8SH 9SH")
    inactive = [parse_cards("5NA"), ()]
    result = flop_chances([ann, bo], [ogre], (), seen, inactive)
    assert result.exact and result.runouts == 2300  # C(25, 3): 50 - 7 held - 17 seen - 1 inactive
    expected = brute([ann, bo], [ogre], (), [*seen, *parse_cards("5NA")])
    assert [[counts(m) for m in row] for row in result.matchups] == expected
    swaps = {(card_in.code, card_out.code): m for card_in, card_out, m in result.swaps[0]}
    assert sorted(swaps) == [("5NA", "2BL"), ("5NA", "2SH"), ("5NA", "9NA")]
    as_swapped = side("2BL 2SH 5NA", 5, A.BLOOD)
    out = [*seen, *parse_cards("9NA 7IR 8IR")]  # the card swapped out, and Bo's
    assert [counts(m) for m in swaps[("5NA", "9NA")]] == brute([as_swapped], [ogre], (), out)[0]
    assert result.swaps[1] == ()


def test_the_flop_shown_is_one_runout_scored_as_the_table_will_score_it() -> None:
    """Critical Hit +1 for trips on the flop, resonance +1 per flop card of the affinity (§7.4.9, §7.4.2)."""
    ann = side("5BL 5SH", 4, A.BLOOD)
    grunt = side("10IR 10SH", 4, A.IRON)
    shown = parse_cards("5IR 1BL 9NA")
    result = flop_chances([ann], [grunt], shown)
    assert result.exact and result.runouts == 1
    # Ann: trips 3 + crit 1 + Blood resonance 1 = 4 + 5 = 9; the Grunt: pair 1 + Iron resonance 1 = 6.
    assert counts(result.matchups[0][0]) == (1, 1, 0, 0, 3, 0)


def test_too_many_flops_are_sampled_seeded_within_their_margin() -> None:
    ann = side("2BL 7SH", 5, A.BLOOD)
    bo = side("3IR 3NA", 4, A.IRON)
    grunt = side("10IR 9SH", 6, A.IRON)
    inactive = [parse_cards("4BO 8NA"), parse_cards("6SH 1BL")]
    exact = flop_chances([ann, bo], [grunt], (), (), inactive)
    sampled = flop_chances([ann, bo], [grunt], (), (), inactive, exact_limit=0)
    assert exact.exact and not sampled.exact and sampled.runouts == 6000
    assert flop_chances([ann, bo], [grunt], (), (), inactive, exact_limit=0) == sampled  # seeded by the table
    for true_row, row in zip(exact.matchups, sampled.matchups, strict=True):
        for truth, guess in zip(true_row, row, strict=True):
            p, q = truth.higher / truth.runouts, guess.higher / guess.runouts
            # Two 95% margins (about four standard errors); a share near 0 has no margin, hence 1%.
            assert abs(p - q) <= 2 * sampled.margin(q) or abs(p - q) < 0.01
    assert exact.margin(0.5) == 0.0 and 0.01 < sampled.margin(0.5) < 0.013


def test_a_flop_of_two_cards_or_a_card_twice_is_refused() -> None:
    ann = side("2BL 7SH", 5, A.BLOOD)
    grunt = side("10IR 9SH", 6, A.IRON)
    with pytest.raises(RuleViolation) as info:
        flop_chances([ann], [grunt], parse_cards("1NA 2NA"))
    assert info.value.code == "no_odds_now"
    with pytest.raises(RuleViolation) as info:
        flop_chances([ann], [grunt], parse_cards("2BL 1NA 3NA"))
    assert info.value.code == "duplicate_card"
