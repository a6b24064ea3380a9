"""River odds of the combat helper against a brute-force enumeration (issue #10).

The brute force deals every ordered turn and river out of the unseen cards and
scores each side street by street with the combat rules' own ``score_street``
(Card objects, ``best_hand``, ``ChainState``): a second path that shares none
of ``river_odds``'s lookup tables or chain shortcuts.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from rules.errors import RuleViolation
from rules.grimhand.cards import DECK, Affinity, Card, parse_cards
from rules.grimhand.combat.scoring import ChainState, Street, score_street
from rules.grimhand.odds import Matchup, OddsSide, river_odds


@dataclass(frozen=True)
class Side:
    active: tuple[Card, ...]
    base: int
    affinity: Affinity
    flop_cards: tuple[Card, ...] = ()  # the hole cards it held on the flop (for its chain)
    reduction: int = 0


def _river_attack(side: Side, community: Sequence[Card], turn_known: bool) -> int:
    flop = list(community[:3])
    chain: ChainState | None = score_street(
        Street.FLOP, side.base, side.affinity, side.flop_cards or side.active, flop
    ).chain
    chain = score_street(Street.TURN, side.base, side.affinity, side.active, community[:4], chain).chain
    return score_street(Street.RIVER, side.base, side.affinity, side.active, community[:5], chain).attack


def brute(
    players: Sequence[Side], threats: Sequence[Side], community: Sequence[Card], seen: Sequence[Card]
) -> list[list[tuple[int, int, int, int, int, int]]]:
    known = {c for s in (*players, *threats) for c in s.active} | set(community) | set(seen)
    known |= {c for s in (*players, *threats) for c in s.flop_cards}
    remaining = [c for c in DECK if c not in known]
    runs = list(itertools.permutations(remaining, 5 - len(community)))
    out = [[[0, 0, 0, 0, 0, 0] for _ in threats] for _ in players]
    for run in runs:
        board = [*community, *run]
        p_att = [_river_attack(p, board, True) for p in players]
        t_att = [_river_attack(t, board, True) for t in threats]
        for i, p in enumerate(players):
            for j in range(len(threats)):
                row = out[i][j]
                row[0] += 1
                diff = p_att[i] - t_att[j]
                if diff > 0:
                    row[1] += 1
                    row[4] += diff
                elif diff == 0:
                    row[2] += 1
                else:
                    row[3] += 1
                    row[5] += max(0, -diff - p.reduction)
    return [[tuple(r) for r in row] for row in out]  # type: ignore[misc]


def _odds_side(side: Side, community: Sequence[Card]) -> OddsSide:
    """The chain state after the last scored street, as the table keeps it."""
    flop = list(community[:3])
    score = score_street(Street.FLOP, side.base, side.affinity, side.flop_cards or side.active, flop)
    chain = score.chain
    if len(community) == 4:
        chain = score_street(Street.TURN, side.base, side.affinity, side.active, community, chain).chain
    return OddsSide(
        side.active, side.base, side.affinity.order, chain.alive, chain.last_hand.score, side.reduction
    )


def _counts(m: Matchup) -> tuple[int, int, int, int, int, int]:
    return (m.runouts, m.higher, m.equal, m.lower, m.dealt, m.taken)


CASES = [
    # A flop trips keeps the chain alive for both (ordered turn and river matter).
    (
        [Side(parse_cards("7SH 7BO"), 4, Affinity.BLOOD, reduction=1)],
        [Side(parse_cards("3SH 3BO"), 4, Affinity.IRON)],
        parse_cards("7BL 3BL 9NA"),
    ),
    # Two players, no chains; one with a flush draw in its affinity.
    (
        [Side(parse_cards("2NA 5NA"), 3, Affinity.NATURE), Side(parse_cards("10IR 1SH"), 5, Affinity.IRON)],
        [Side(parse_cards("4BO 4SH"), 6, Affinity.BONE)],
        parse_cards("6NA 8NA 1BO"),
    ),
    # On the turn: one river card left; the player's chain is alive from a flop set.
    (
        [Side(parse_cards("9SH 9BO"), 4, Affinity.SHADOW)],
        [Side(parse_cards("2IR 5IR"), 7, Affinity.IRON), Side(parse_cards("6BL 6NA"), 2, Affinity.BLOOD)],
        parse_cards("9IR 1BL 10NA 3IR"),
    ),
]


@pytest.mark.parametrize(("players", "threats", "community"), CASES)
def test_river_odds_equal_the_brute_force_enumeration(
    players: list[Side], threats: list[Side], community: tuple[Card, ...]
) -> None:
    # Keep the deck small so the brute force stays quick: the unseen cards leave out most of it.
    seen = [
        c
        for c in DECK
        if c.rank >= 9 and c not in community and all(c not in s.active for s in players + threats)
    ]
    expected = brute(players, threats, community, seen)
    got = river_odds(
        [_odds_side(p, community) for p in players],
        [_odds_side(t, community) for t in threats],
        community,
        seen,
    )
    assert [[_counts(m) for m in row] for row in got.matchups] == expected
    assert got.runouts == expected[0][0][0]


def test_a_swap_is_the_same_as_holding_the_swapped_hand() -> None:
    community = parse_cards("6NA 8NA 1BO")
    seen = [c for c in DECK if c.rank == 10 or c.rank == 4]
    player = Side(parse_cards("2NA 5SH"), 3, Affinity.NATURE)
    threat = Side(parse_cards("4BO 4SH"), 6, Affinity.BONE)
    inactive = parse_cards("7NA 3IR")
    seen_now = [c for c in seen if c not in threat.active]
    got = river_odds(
        [_odds_side(player, community)], [_odds_side(threat, community)], community, seen_now, [inactive]
    )
    assert [(a.code, b.code) for a, b, _ in got.swaps[0]] == [
        ("7NA", "2NA"),
        ("7NA", "5SH"),
        ("3IR", "2NA"),
        ("3IR", "5SH"),
    ]
    _, card_out, matchups = got.swaps[0][1]
    swapped = Side(parse_cards("2NA 7NA"), 3, Affinity.NATURE)
    # The swapped-out 5SH and the other inactive card stay out of the deck.
    expected = brute([swapped], [threat], community, [*seen_now, card_out, parse_cards("3IR")[0]])
    assert [_counts(m) for m in matchups] == expected[0]


def test_odds_need_a_flop_or_a_turn() -> None:
    side = OddsSide(parse_cards("2NA 5SH"), 3, 0)
    with pytest.raises(RuleViolation) as refused:
        river_odds([side], [side], parse_cards("1BL 2BL"))
    assert refused.value.code == "no_odds_now"
