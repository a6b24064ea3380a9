"""Stature and the rewards for despatched threats: gold, loot, XP (§9, §11, §7.4.8).

- Gold: every player gets the explore card's rank once plus the rank of each
  threat despatched (spec Decision: §11's "rank", not §7.4.8's "level").
- Loot: 5 affinity dice against the threat's affinity, Wilds count:
  1-2 matches give 1 card, 3-4 give 2, 5 give 3.
- XP per player: (explore rank + sum of threat ranks) x that player's ante x the
  multiplier of the hand they held when the threat fell (§11).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.grimhand.charts import DEFAULT_CHARTS, GameCharts, StatureRow
from rules.grimhand.dice import DieFace, count_matches, roll_affinity_dice
from rules.grimhand.poker import Category, HandValue
from rules.i18n import gettext as _

LOOT_DICE = 5


def _check_ranks(explore_rank: int, threat_ranks: Sequence[int]) -> None:
    for rank in (explore_rank, *threat_ranks):
        if not 1 <= rank <= 10:
            raise RuleViolation(
                "bad_rank", _("a card rank must be 1..10, got %(rank)s") % {"rank": rank}, {"rank": rank}
            )


def stature_for_xp(xp: int, tables: GameCharts = DEFAULT_CHARTS) -> StatureRow:
    """The stature reached with ``xp`` (§9; thresholds 0/200/600/1200/2000/3000)."""
    return tables.stature_for_xp(xp)


def stature_ability_slots(xp: int, tables: GameCharts = DEFAULT_CHARTS) -> int:
    """Stature ability cards a character may hold: one per stature above the first (§9)."""
    return tables.stature_index(tables.stature_for_xp(xp).name)


def gold_award(explore_rank: int, threat_ranks: Sequence[int]) -> int:
    """Gold each player receives when threats fall (§11): explore rank once + threat ranks."""
    _check_ranks(explore_rank, threat_ranks)
    return explore_rank + sum(threat_ranks)


def xp_award(explore_rank: int, threat_ranks: Sequence[int], ante: int, hand: HandValue | Category) -> int:
    """XP for one player (§11): ((explore rank + threat ranks) x ante) x hand multiplier.

    ``hand`` is the hand the player held when the threat fell, even without the
    final blow. §11's example: (3 + 4) x 2 x 2 = 28 with two pair.
    """
    _check_ranks(explore_rank, threat_ranks)
    if ante < 0:
        raise RuleViolation(
            "negative_value", _("ante cannot be negative, got %(ante)s") % {"ante": ante}, {"ante": ante}
        )
    category = hand.category if isinstance(hand, HandValue) else hand
    return (explore_rank + sum(threat_ranks)) * ante * category.xp_multiplier


def loot_cards(matches: int) -> int:
    """Loot cards for a despatched threat by dice matches (§11): 0, 1-2, 3-4, 5."""
    if not 0 <= matches <= LOOT_DICE:
        raise RuleViolation(
            "bad_matches",
            _("matches must be 0..5, got %(matches)s") % {"matches": matches},
            {"matches": matches},
        )
    return (matches + 1) // 2


@dataclass(frozen=True, slots=True)
class LootRoll:
    """The loot dice for one despatched threat and what they earn."""

    dice: tuple[DieFace, ...]
    matches: int
    cards: int


def loot_for_dice(dice: Sequence[DieFace], threat_affinity: Affinity) -> LootRoll:
    """Score 5 loot dice (physical or rolled) against the threat's affinity; Wilds match."""
    if len(dice) != LOOT_DICE:
        raise RuleViolation("bad_dice_count", _("loot needs 5 dice, got %(n)s") % {"n": len(dice)})
    matches = count_matches(dice, threat_affinity, wild_counts=True)
    return LootRoll(tuple(dice), matches, loot_cards(matches))


def roll_loot(rng: random.Random, threat_affinity: Affinity) -> LootRoll:
    """Roll the 5 loot dice for one despatched threat (§7.4.8, §11)."""
    return loot_for_dice(roll_affinity_dice(rng, LOOT_DICE), threat_affinity)
