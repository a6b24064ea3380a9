"""The end of the game: corruption redemption and trophies (§13).

- Redemption: every uncorrupted player rolls an affinity check in which Wilds
  do NOT count; only dice of the roller's own affinity succeed. All successes
  form one pool that lowers the corrupted players' Corruption in the order the
  players choose; those still corrupted then fight the party.
- Trophies: most XP 1, most gold 1, most quests 1, most threats 2, best
  equipment hand 2; tied players all score; an award nobody earned goes to
  nobody. An overall tie is broken by each tied player drawing five cards:
  the best poker hand wins.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rules.errors import RuleViolation
from rules.grimhand.cards import DECK, Affinity, Card
from rules.grimhand.character import CORRUPTION_THRESHOLD
from rules.grimhand.dice import DieFace, count_matches, roll_affinity_dice
from rules.grimhand.poker import HandValue, evaluate
from rules.i18n import gettext as _

REDEMPTION_DICE = 5


def redemption_successes(dice: Sequence[DieFace], roller_affinity: Affinity) -> int:
    """Successes of one redemption roll: dice of the roller's affinity, Wilds excluded."""
    if len(dice) != REDEMPTION_DICE:
        raise RuleViolation(
            "bad_dice_count", _("a redemption roll uses 5 dice, got %(n)s") % {"n": len(dice)}
        )
    return count_matches(dice, roller_affinity, wild_counts=False)


def roll_redemption(rng: random.Random, roller_affinity: Affinity) -> tuple[tuple[DieFace, ...], int]:
    """Roll one uncorrupted player's redemption dice and count their successes."""
    dice = roll_affinity_dice(rng, REDEMPTION_DICE)
    return dice, redemption_successes(dice, roller_affinity)


@dataclass(frozen=True)
class Redemption:
    """Corruption after spending the pool, who is still corrupted, and what was left."""

    corruption: dict[str, int]
    still_corrupted: tuple[str, ...]
    unused: int


def redeem(
    corruption: Mapping[str, int],
    pool: int,
    order: Sequence[str],
    threshold: int = CORRUPTION_THRESHOLD,
) -> Redemption:
    """Spend the party's success ``pool`` on the corrupted players in ``order`` (§13).

    Each player in turn receives what brings them just below the threshold, or
    everything left. §13: corruption 7 and 12 with 9 successes: 4 redeem the
    first, the second drops to 7 and stays corrupted.
    """
    if pool < 0:
        raise RuleViolation("negative_value", _("the pool cannot be negative, got %(pool)s") % {"pool": pool})
    unknown = [seat for seat in order if seat not in corruption]
    if unknown:
        raise RuleViolation("unknown_seat", _("%(0)r has no corruption score") % {"0": unknown[0]})
    after = dict(corruption)
    for seat in order:
        if after[seat] < threshold:
            continue
        spend = min(pool, after[seat] - (threshold - 1))
        after[seat] -= spend
        pool -= spend
    still = tuple(seat for seat, value in after.items() if value >= threshold)
    return Redemption(after, still, pool)


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """What a player achieved over the campaign (§13); also the single-player record."""

    seat: str
    xp: int
    gold: int
    quests: int
    threats: int
    equipment_hand: HandValue | None


TROPHY_AWARDS: tuple[tuple[str, int], ...] = (
    ("xp", 1),
    ("gold", 1),
    ("quests", 1),
    ("threats", 2),
    ("equipment_hand", 2),
)


@dataclass(frozen=True)
class TrophyResult:
    """Trophies per seat, who earned each award, and the leaders (several = tie)."""

    trophies: dict[str, int]
    awards: dict[str, tuple[str, ...]]
    leaders: tuple[str, ...]


def award_trophies(records: Sequence[PlayerRecord]) -> TrophyResult:
    """Count trophies (§13); every player sharing the best value of an award scores it.

    Reading: "Highest Number of Quests" needs a number to be highest: an award
    nobody earned (no quest completed, no kill, no XP or gold, no equipment)
    goes to nobody rather than to everyone with none.
    """
    if not records:
        raise RuleViolation("no_players", _("trophies need at least one player"))
    trophies = {r.seat: 0 for r in records}
    awards: dict[str, tuple[str, ...]] = {}
    for name, points in TROPHY_AWARDS:
        key: Callable[[PlayerRecord], tuple[int, int]] = _award_key(name)
        best = max(key(r) for r in records)
        winners = tuple(r.seat for r in records if key(r) == best) if best > NOTHING else ()
        awards[name] = winners
        for seat in winners:
            trophies[seat] += points
    top = max(trophies.values())
    return TrophyResult(trophies, awards, tuple(s for s, n in trophies.items() if n == top))


NOTHING = (1, 0)
"""An award's key for a player with none of what it counts (no equipment ranks below it)."""


def _award_key(name: str) -> Callable[[PlayerRecord], tuple[int, int]]:
    if name == "equipment_hand":
        # Players without equipment rank below any hand (and below NOTHING: they never score it).
        return lambda r: (0, -1) if r.equipment_hand is None else (2, r.equipment_hand.score)
    return lambda r: (1, int(getattr(r, name)))


def break_tie(hands: Mapping[str, Sequence[Card]]) -> tuple[str, ...]:
    """Tied players' five drawn cards decide: the best hand wins (equal hands stay tied)."""
    for seat, cards in hands.items():
        if len(cards) != 5:
            raise RuleViolation(
                "bad_hand_size", _("%(seat)r must draw 5 cards, got %(n)s") % {"seat": seat, "n": len(cards)}
            )
    values = {seat: evaluate(cards) for seat, cards in hands.items()}
    best = max(values.values())
    return tuple(seat for seat, value in values.items() if value == best)


def draw_tie_break(rng: random.Random, seats: Sequence[str]) -> dict[str, tuple[Card, ...]]:
    """Deal five cards to each tied seat from one shuffled deck."""
    if len(seats) * 5 > len(DECK):
        raise RuleViolation("too_many_players", _("not enough cards for every tied player"))
    deck = list(DECK)
    rng.shuffle(deck)
    return {seat: tuple(deck[i * 5 : i * 5 + 5]) for i, seat in enumerate(seats)}
