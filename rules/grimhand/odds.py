"""Exact odds from the flop: every remaining turn and river pair (§7.4.4-§7.4.6).

For a party and its threats with known active cards and flop, every unseen
turn+river pair is dealt out and each side's river hand is scored with the
fast integer evaluator; the result counts, for each player against each
threat, the runouts the player's hand wins, ties and loses, plus each side's
river category distribution. Cards known to be out of the deck (inactive hole
cards, discards) are passed as ``dead``.
"""

from __future__ import annotations

import math
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


# --- Street attack by the river: the combat helper's odds (issue #10) -------------------------------

CRIT_TRIPS = int(Category.THREE_OF_A_KIND)
RIVER_CHAIN_BONUS = 3
TURN_CHAIN_BONUS = 2


@dataclass(frozen=True, slots=True)
class OddsSide:
    """What a side's river attack depends on, besides the cards still to come (§7.4.2, §7.4.9).

    ``fixed`` is everything that does not depend on the runout: base attack,
    modifiers and a queue entry bonus that applies on the river. ``chain_alive``
    and ``last_score`` are the Critical Hit / Chain state after the last scored
    street (``last_score`` a ``HandValue.score``).
    """

    active: tuple[Card, ...]
    fixed: int
    affinity_order: int
    chain_alive: bool = False
    last_score: int = 0
    damage_reduction: int = 0


@dataclass(frozen=True, slots=True)
class Matchup:
    """One player against one threat over every runout: counts and summed damage each way."""

    runouts: int
    higher: int
    equal: int
    lower: int
    dealt: int
    taken: int

    def as_json(self) -> dict[str, float | int]:
        """Probabilities and expected damage per runout, for the page and the API."""
        n = self.runouts or 1
        return {
            "runouts": self.runouts,
            "higher": self.higher / n,
            "equal": self.equal / n,
            "lower": self.lower / n,
            "expected_dealt": self.dealt / n,
            "expected_taken": self.taken / n,
        }


@dataclass(frozen=True)
class RiverOdds:
    """Every player x threat matchup, and each (inactive in, active out) swap's matchups."""

    runouts: int
    matchups: tuple[tuple[Matchup, ...], ...]
    swaps: tuple[tuple[tuple[Card, Card, tuple[Matchup, ...]], ...], ...]


def _value(ids: Sequence[int]) -> int:
    """Best 5 of the card ids (up to 7 through the tables, more through 7-card subsets)."""
    if len(ids) > MAX_HAND_CARDS:
        return max(score_ids(seven) for seven in combinations(ids, MAX_HAND_CARDS))
    return score_ids(ids)


def river_odds(
    players: Sequence[OddsSide],
    threats: Sequence[OddsSide],
    community: Sequence[Card],
    seen: Sequence[Card] = (),
    inactive: Sequence[Sequence[Card]] = (),
) -> RiverOdds:
    """Exact river attack comparison over every unseen turn and river (issue #10, §7.4.7).

    ``community`` holds the flop (3 cards: every ordered turn, river pair is
    dealt, since the turn card decides the chain) or the flop and turn (4: every
    river). ``seen`` are other cards known out of the deck; the players' and
    threats' active cards and ``inactive`` ones count as seen too. For each
    player's inactive card the same matchups are computed as if it were
    swapped in for each active card (is the swap worth 1 AP?).
    """
    if len(community) not in (3, 4):
        raise RuleViolation("no_odds_now", "Odds by the river are computed on the flop and on the turn.")
    variants: list[OddsSide] = list(players)
    swap_keys: list[tuple[int, Card, Card]] = []
    for p, cards in enumerate(inactive):
        for card_in in cards:
            for card_out in players[p].active:
                hand = tuple(card_in if c == card_out else c for c in players[p].active)
                variants.append(
                    OddsSide(
                        hand,
                        players[p].fixed,
                        players[p].affinity_order,
                        players[p].chain_alive,
                        players[p].last_score,
                        players[p].damage_reduction,
                    )
                )
                swap_keys.append((p, card_in, card_out))
    known = [c.index for s in (*players, *threats) for c in s.active]
    known += [c.index for c in (*community, *seen)] + [c.index for cards in inactive for c in cards]
    known_set = set(known)
    if len(known_set) != len(known):
        raise RuleViolation("duplicate_card", "A card is counted twice in the odds request.")
    remaining = [i for i in range(DECK_SIZE) if i not in known_set]
    sides = [*variants, *threats]
    n_var = len(variants)
    n_threats = len(threats)
    community_ids = [c.index for c in community]
    on_flop = len(community) == 3
    ids_of = [[c.index for c in s.active] + community_ids for s in sides]
    resonance_now = [sum(1 for c in community if c.affinity.order == s.affinity_order) for s in sides]
    aff = [s.affinity_order for s in sides]
    fixed = [s.fixed + resonance_now[k] for k, s in enumerate(sides)]
    reduction = [s.damage_reduction for s in sides]
    fast = [len(ids) + 2 <= MAX_HAND_CARDS for ids in ids_of]
    base_product = [math.prod(PRIME_OF[i] for i in ids) for ids in ids_of]
    base_counters = [sum(AFFINITY_NIBBLE_OF[i] for i in ids) for ids in ids_of]
    # Which sides can still earn a river chain bonus, and against which hand it is measured.
    chain_ref: list[dict[int, int] | None] = []
    for k, s in enumerate(sides):
        if not s.chain_alive:
            chain_ref.append(None)
        elif on_flop:
            # Alive after the turn only on a strictly better turn hand (+2 then); the river
            # must then beat the turn hand.
            per_turn = {c: _value([*ids_of[k], c]) for c in remaining}
            chain_ref.append({c: v for c, v in per_turn.items() if v > s.last_score})
        else:
            chain_ref.append({-1: s.last_score})
    any_chain = any(ref is not None for ref in chain_ref)

    higher = [[0] * n_threats for _ in range(n_var)]
    equal = [[0] * n_threats for _ in range(n_var)]
    dealt = [[0] * n_threats for _ in range(n_var)]
    taken = [[0] * n_threats for _ in range(n_var)]
    runouts = 0
    attacks = [0] * len(sides)
    values = [0] * len(sides)

    def tally(weight: int) -> None:
        for v in range(n_var):
            mine = attacks[v]
            red = reduction[v]
            row_h, row_e, row_d, row_t = higher[v], equal[v], dealt[v], taken[v]
            for t in range(n_threats):
                diff = mine - attacks[n_var + t]
                if diff > 0:
                    row_h[t] += weight
                    row_d[t] += diff * weight
                elif diff == 0:
                    row_e[t] += weight
                elif -diff > red:
                    row_t[t] += (-diff - red) * weight

    rivers: list[tuple[int, ...]] = (
        [pair for pair in combinations(remaining, 2)] if on_flop else [(c,) for c in remaining]
    )
    for drawn in rivers:
        product = 1
        counters = 0
        for c in drawn:
            product *= PRIME_OF[c]
            counters += AFFINITY_NIBBLE_OF[c]
        for k in range(len(sides)):
            if fast[k]:
                value = RANK_TABLE[base_product[k] * product]
                total = base_counters[k] + counters
                if (total + FLUSH_BIAS) & FLUSH_TEST:
                    value = max(value, flush_value((*ids_of[k], *drawn), total))
            else:
                value = _value([*ids_of[k], *drawn])
            values[k] = value
            res = 0
            for c in drawn:
                if c // 10 == aff[k]:
                    res += 1
            attacks[k] = fixed[k] + (value >> CATEGORY_SHIFT) + res
        if not on_flop:
            for k, ref in enumerate(chain_ref):
                if ref is not None and values[k] > ref[-1]:
                    attacks[k] += RIVER_CHAIN_BONUS
            runouts += 1
            tally(1)
            continue
        if not any_chain:
            # Without a live chain the order of turn and river does not matter: count both.
            runouts += 2
            tally(2)
            continue
        plain = attacks[:]
        for turn in drawn:
            attacks[:] = plain
            for k, ref in enumerate(chain_ref):
                if ref is not None and turn in ref and values[k] > ref[turn]:
                    attacks[k] += RIVER_CHAIN_BONUS
            runouts += 1
            tally(1)

    def matchups(v: int) -> tuple[Matchup, ...]:
        return tuple(
            Matchup(
                runouts,
                higher[v][t],
                equal[v][t],
                runouts - higher[v][t] - equal[v][t],
                dealt[v][t],
                taken[v][t],
            )
            for t in range(n_threats)
        )

    per_player: list[list[tuple[Card, Card, tuple[Matchup, ...]]]] = [[] for _ in players]
    for offset, (p, card_in, card_out) in enumerate(swap_keys):
        per_player[p].append((card_in, card_out, matchups(len(players) + offset)))
    return RiverOdds(
        runouts,
        tuple(matchups(p) for p in range(len(players))),
        tuple(tuple(rows) for rows in per_player),
    )
