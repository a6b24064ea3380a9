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
from dataclasses import dataclass, replace
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
from rules.i18n import gettext as _

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


def _pair_values(bases: Sequence[tuple[int, int, list[int]]], a: int, b: int) -> list[int]:
    """Each side's river hand value with turn ``a`` and river ``b``."""
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
    return values


def _category_counts(counts: list[int]) -> dict[Category, int]:
    return {Category(i): n for i, n in enumerate(counts) if n}


def flop_odds(
    players: Sequence[Sequence[Card]],
    threats: Sequence[Sequence[Card]],
    flop: Sequence[Card],
    dead: Sequence[Card] = (),
) -> FlopOdds:
    """Count river outcomes over every unseen turn+river pair (exact, no sampling)."""
    if len(flop) != FLOP_SIZE:
        raise RuleViolation("bad_community", _("the flop has 3 cards, got %(n)s") % {"n": len(flop)})
    sides = [list(s) for s in (*players, *threats)]
    known = [c.index for side in sides for c in side] + [c.index for c in (*flop, *dead)]
    if len(set(known)) != len(known):
        raise RuleViolation("duplicate_card", _("a card is dealt twice in the odds request"))
    remaining = [i for i in range(DECK_SIZE) if i not in set(known)]
    flop_ids = [c.index for c in flop]
    bases = [_side_scorer([c.index for c in side] + flop_ids) for side in sides]
    n_players = len(players)
    wins = [[0] * len(threats) for _ in players]
    ties = [[0] * len(threats) for _ in players]
    categories = [[0] * len(Category) for _ in sides]
    runouts = 0
    for a, b in combinations(remaining, 2):
        runouts += 1
        values = _pair_values(bases, a, b)
        for s, value in enumerate(values):
            categories[s][value >> CATEGORY_SHIFT] += 1
        for p in range(n_players):
            mine = values[p]
            row_w, row_t = wins[p], ties[p]
            for t, theirs in enumerate(values[n_players:]):
                if mine > theirs:
                    row_w[t] += 1
                elif mine == theirs:
                    row_t[t] += 1
    losses = tuple(
        tuple(runouts - w - t for w, t in zip(wr, tr, strict=True)) for wr, tr in zip(wins, ties, strict=True)
    )
    return FlopOdds(
        runouts=runouts,
        evaluations=runouts * len(sides),
        wins=tuple(tuple(r) for r in wins),
        ties=tuple(tuple(r) for r in ties),
        losses=losses,
        player_categories=tuple(_category_counts(c) for c in categories[:n_players]),
        threat_categories=tuple(_category_counts(c) for c in categories[n_players:]),
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


SwapKey = tuple[int, Card, Card]
"""(player index, inactive card swapped in, active card swapped out)."""


def swap_variants(
    players: Sequence[OddsSide], inactive: Sequence[Sequence[Card]]
) -> tuple[list[OddsSide], list[SwapKey]]:
    """The players, then each player as if one inactive card replaced one active card."""
    variants: list[OddsSide] = list(players)
    swap_keys: list[SwapKey] = []
    for p, cards in enumerate(inactive):
        for card_in in cards:
            for card_out in players[p].active:
                hand = tuple(card_in if c == card_out else c for c in players[p].active)
                variants.append(replace(players[p], active=hand))
                swap_keys.append((p, card_in, card_out))
    return variants, swap_keys


def unseen_ids(
    sides: Sequence[OddsSide], shown: Sequence[Card], inactive: Sequence[Sequence[Card]]
) -> list[int]:
    """The ids still in the deck; a card named twice in the request is refused."""
    known = [c.index for s in sides for c in s.active]
    known += [c.index for c in shown] + [c.index for cards in inactive for c in cards]
    known_set = set(known)
    if len(known_set) != len(known):
        raise RuleViolation("duplicate_card", _("A card is counted twice in the odds request."))
    return [i for i in range(DECK_SIZE) if i not in known_set]


@dataclass(frozen=True)
class _Prepared:
    """Per side, what the runout loop reads: hand ids, lookup keys, fixed attack, chain reference."""

    ids_of: list[list[int]]
    aff: list[int]
    fixed: list[int]
    reduction: list[int]
    fast: list[bool]
    base_product: list[int]
    base_counters: list[int]
    chain_ref: list[dict[int, int] | None]


def _prepare(sides: Sequence[OddsSide], community: Sequence[Card], remaining: Sequence[int]) -> _Prepared:
    community_ids = [c.index for c in community]
    ids_of = [[c.index for c in s.active] + community_ids for s in sides]
    resonance_now = [sum(1 for c in community if c.affinity.order == s.affinity_order) for s in sides]
    return _Prepared(
        ids_of=ids_of,
        aff=[s.affinity_order for s in sides],
        fixed=[s.fixed + resonance_now[k] for k, s in enumerate(sides)],
        reduction=[s.damage_reduction for s in sides],
        fast=[len(ids) + 2 <= MAX_HAND_CARDS for ids in ids_of],
        base_product=[math.prod(PRIME_OF[i] for i in ids) for ids in ids_of],
        base_counters=[sum(AFFINITY_NIBBLE_OF[i] for i in ids) for ids in ids_of],
        chain_ref=_chain_references(sides, ids_of, len(community) == 3, remaining),
    )


def _chain_references(
    sides: Sequence[OddsSide], ids_of: Sequence[list[int]], on_flop: bool, remaining: Sequence[int]
) -> list[dict[int, int] | None]:
    """Which sides can still earn a river chain bonus, and the hand the river must beat (§7.4.9).

    On the flop a chain stays alive after the turn only on a strictly better turn
    hand, so the reference is the turn hand, per turn card that keeps it alive;
    on the turn it is the last scored hand (key -1).
    """
    refs: list[dict[int, int] | None] = []
    for k, s in enumerate(sides):
        if not s.chain_alive:
            refs.append(None)
        elif on_flop:
            per_turn = {c: _value([*ids_of[k], c]) for c in remaining}
            refs.append({c: v for c, v in per_turn.items() if v > s.last_score})
        else:
            refs.append({-1: s.last_score})
    return refs


class Tally:
    """Counts and summed damage of every variant against every threat, weighted per runout."""

    def __init__(self, n_var: int, n_threats: int, reduction: Sequence[int]) -> None:
        self.n_var, self.n_threats, self.reduction = n_var, n_threats, reduction
        self.runouts = 0
        self.higher = [[0] * n_threats for _ in range(n_var)]
        self.equal = [[0] * n_threats for _ in range(n_var)]
        self.dealt = [[0] * n_threats for _ in range(n_var)]
        self.taken = [[0] * n_threats for _ in range(n_var)]

    def add(self, attacks: Sequence[int], weight: int) -> None:
        self.runouts += weight
        n_var = self.n_var
        for v in range(n_var):
            mine = attacks[v]
            red = self.reduction[v]
            row_h, row_e, row_d, row_t = self.higher[v], self.equal[v], self.dealt[v], self.taken[v]
            for t in range(self.n_threats):
                diff = mine - attacks[n_var + t]
                if diff > 0:
                    row_h[t] += weight
                    row_d[t] += diff * weight
                elif diff == 0:
                    row_e[t] += weight
                elif -diff > red:
                    row_t[t] += (-diff - red) * weight

    def matchups(self, v: int) -> tuple[Matchup, ...]:
        n, h, e = self.runouts, self.higher[v], self.equal[v]
        return tuple(
            Matchup(n, h[t], e[t], n - h[t] - e[t], self.dealt[v][t], self.taken[v][t])
            for t in range(self.n_threats)
        )


def _attacks_before_chain(
    prep: _Prepared, drawn: tuple[int, ...], values: list[int], attacks: list[int]
) -> None:
    """Each side's river hand value and its attack without the chain bonus, in place."""
    product = 1
    counters = 0
    for c in drawn:
        product *= PRIME_OF[c]
        counters += AFFINITY_NIBBLE_OF[c]
    for k in range(len(values)):
        if prep.fast[k]:
            value = RANK_TABLE[prep.base_product[k] * product]
            total = prep.base_counters[k] + counters
            if (total + FLUSH_BIAS) & FLUSH_TEST:
                value = max(value, flush_value((*prep.ids_of[k], *drawn), total))
        else:
            value = _value([*prep.ids_of[k], *drawn])
        values[k] = value
        res = 0
        for c in drawn:
            if c // 10 == prep.aff[k]:
                res += 1
        attacks[k] = prep.fixed[k] + (value >> CATEGORY_SHIFT) + res


def _count_runouts(prep: _Prepared, remaining: Sequence[int], on_flop: bool, tally: Tally) -> None:
    """Deal every river (on the turn) or every turn, river pair (on the flop) into ``tally``."""
    n_sides = len(prep.ids_of)
    attacks = [0] * n_sides
    values = [0] * n_sides
    any_chain = any(ref is not None for ref in prep.chain_ref)
    rivers: list[tuple[int, ...]] = list(combinations(remaining, 2)) if on_flop else [(c,) for c in remaining]
    for drawn in rivers:
        _attacks_before_chain(prep, drawn, values, attacks)
        if not on_flop:
            for k, ref in enumerate(prep.chain_ref):
                if ref is not None and values[k] > ref[-1]:
                    attacks[k] += RIVER_CHAIN_BONUS
            tally.add(attacks, 1)
        elif not any_chain:
            # Without a live chain the order of turn and river does not matter: count both.
            tally.add(attacks, 2)
        else:
            plain = attacks[:]
            for turn in drawn:
                attacks[:] = plain
                for k, ref in enumerate(prep.chain_ref):
                    if ref is not None and turn in ref and values[k] > ref[turn]:
                        attacks[k] += RIVER_CHAIN_BONUS
                tally.add(attacks, 1)


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
        raise RuleViolation("no_odds_now", _("Odds by the river are computed on the flop and on the turn."))
    variants, swap_keys = swap_variants(players, inactive)
    remaining = unseen_ids([*players, *threats], [*community, *seen], inactive)
    sides = [*variants, *threats]
    prep = _prepare(sides, community, remaining)
    tally = Tally(len(variants), len(threats), prep.reduction)
    _count_runouts(prep, remaining, len(community) == 3, tally)
    per_player: list[list[tuple[Card, Card, tuple[Matchup, ...]]]] = [[] for _ in players]
    for offset, (p, card_in, card_out) in enumerate(swap_keys):
        per_player[p].append((card_in, card_out, tally.matchups(len(players) + offset)))
    return RiverOdds(
        tally.runouts,
        tuple(tally.matchups(p) for p in range(len(players))),
        tuple(tuple(rows) for rows in per_player),
    )
