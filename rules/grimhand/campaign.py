"""The explore loop: ante, initiative, event rolls, quest points, quest challenges.

- Ante (§7.1): at the first card of level N each player pays N LE (the
  progression is a setting); a player who cannot pay (LE <= ante) is defeated.
- Initiative (§7.2): each player rolls 1d6, highest holds the token, ties
  re-roll among the tied; on each next explore card the token passes left.
- Event roll (§7.2): the initiative holder rolls as many affinity dice as the
  explore card's rank; each die showing the card's affinity or Wild draws one
  event card; places resolve first, then threats, then NPCs.
- Quest points (§9.1): players sharing the resolved card's affinity gain QP
  equal to its rank.
- Quest challenge (§9.1): 4d6 read in the player's stature column; a re-roll
  costs 1 AP. Gold Offering costs explore level x 5 gold.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import TypeVar

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.grimhand.charts import DEFAULT_CHARTS, GameCharts
from rules.grimhand.dice import DieFace, count_matches, roll_affinity_dice, roll_dice
from rules.i18n import gettext as _

QUEST_DICE = 4
_Event = TypeVar("_Event")
GOLD_OFFERING_PER_LEVEL = 5


def ante_for_level(level: int, progression: Sequence[int] | None = None) -> int:
    """LE each player pays at the start of explore level ``level`` (§7.1).

    The default is the rulebook's example, level N costs N; a campaign may set
    its own ``progression`` (the ante of level 1, 2, ...).
    """
    if level < 1:
        raise RuleViolation(
            "bad_level", _("explore levels start at 1, got %(level)s") % {"level": level}, {"level": level}
        )
    if progression is None:
        return level
    if level > len(progression):
        raise RuleViolation(
            "bad_level", _("no ante set for level %(level)s") % {"level": level}, {"level": level}
        )
    return progression[level - 1]


@dataclass(frozen=True, slots=True)
class AnteResult:
    """A player's LE after the ante, and whether they had to leave the quest."""

    ante: int
    le: int
    defeated: bool


def pay_ante(le: int, level: int, progression: Sequence[int] | None = None) -> AnteResult:
    """Pay the ante (§7.1); with LE not above the ante the player is defeated (spec)."""
    ante = ante_for_level(level, progression)
    if le <= ante:
        return AnteResult(ante, le, defeated=True)
    return AnteResult(ante, le - ante, defeated=False)


@dataclass(frozen=True, slots=True)
class InitiativeResult:
    """Who holds the initiative token and every round of rolls that decided it."""

    holder: str
    rounds: tuple[dict[str, int], ...]


def initiative_leaders(rolls: Mapping[str, int]) -> tuple[str, ...]:
    """Players sharing the highest roll, in the given order (several means a re-roll)."""
    if not rolls:
        raise RuleViolation("no_players", _("initiative needs at least one player"))
    best = max(rolls.values())
    return tuple(seat for seat, roll in rolls.items() if roll == best)


def roll_initiative(rng: random.Random, seats: Sequence[str], max_rounds: int = 100) -> InitiativeResult:
    """Each seat rolls 1d6, the tied leaders re-roll until one is highest (§7.2)."""
    contenders = tuple(seats)
    rounds: list[dict[str, int]] = []
    while len(rounds) < max_rounds:
        rolls = {seat: roll_dice(rng, 1)[0] for seat in contenders}
        rounds.append(rolls)
        contenders = initiative_leaders(rolls)
        if len(contenders) == 1:
            return InitiativeResult(contenders[0], tuple(rounds))
    raise RuleViolation("initiative_tied", _("initiative is still tied after many re-rolls"))


def next_initiative(seats: Sequence[str], holder: str) -> str:
    """The seat to the holder's left, who takes the token on the next explore card (§7.2)."""
    if holder not in seats:
        raise RuleViolation(
            "unknown_seat", _("%(holder)r is not at the table") % {"holder": holder}, {"seat": holder}
        )
    return seats[(seats.index(holder) + 1) % len(seats)]


class EventKind(IntEnum):
    """Event cards resolve in this order: places, then threats, then NPCs (§7.2)."""

    PLACE = 0
    THREAT = 1
    NPC = 2


@dataclass(frozen=True, slots=True)
class EventRoll:
    """The progressive event roll for one explore card (§7.2)."""

    dice: tuple[DieFace, ...]
    draws: int


def event_draws(dice: Sequence[DieFace], explore_rank: int, explore_affinity: Affinity) -> EventRoll:
    """Score the event dice: one event card per die of the card's affinity or Wild."""
    if len(dice) != explore_rank:
        raise RuleViolation(
            "bad_dice_count",
            _("a rank %(explore_rank)s explore card rolls %(explore_rank)s dice, got %(n)s")
            % {"explore_rank": explore_rank, "n": len(dice)},
        )
    return EventRoll(tuple(dice), count_matches(dice, explore_affinity, wild_counts=True))


def roll_events(rng: random.Random, explore_rank: int, explore_affinity: Affinity) -> EventRoll:
    """Roll the event dice for an explore card of ``explore_rank`` (§7.2)."""
    return event_draws(roll_affinity_dice(rng, explore_rank), explore_rank, explore_affinity)


def resolution_order(events: Sequence[_Event], kind: Callable[[_Event], EventKind]) -> list[_Event]:
    """Events in resolution order (places, threats, NPCs), stable within a kind."""
    return sorted(events, key=kind)


def quest_points(explore_rank: int, explore_affinity: Affinity, player_affinity: Affinity) -> int:
    """QP a player gains when an explore card is resolved (§9.1)."""
    return explore_rank if explore_affinity is player_affinity else 0


@dataclass(frozen=True, slots=True)
class QuestChallengeRoll:
    """The 4d6 quest challenge roll and the challenge it selects (§9.1)."""

    dice: tuple[int, ...]
    total: int
    stature: str
    challenge: str


def quest_challenge(
    dice: Sequence[int], stature: str, tables: GameCharts = DEFAULT_CHARTS
) -> QuestChallengeRoll:
    """Read the quest challenge table for physical 4d6 ``dice`` (§9.1)."""
    if len(dice) != QUEST_DICE or any(not 1 <= d <= 6 for d in dice):
        raise RuleViolation(
            "bad_roll", _("a quest challenge needs 4 dice of 1..6, got %(value)s") % {"value": list(dice)}
        )
    total = sum(dice)
    name = tables.stature(stature).name
    return QuestChallengeRoll(tuple(dice), total, name, tables.quest_challenge(total, name))


def roll_quest_challenge(
    rng: random.Random, stature: str, tables: GameCharts = DEFAULT_CHARTS
) -> QuestChallengeRoll:
    """Roll 4d6 for a quest challenge (§9.1)."""
    return quest_challenge(roll_dice(rng, QUEST_DICE), stature, tables)


def reroll_quest_challenge(
    rng: random.Random, stature: str, ap: int, tables: GameCharts = DEFAULT_CHARTS
) -> tuple[QuestChallengeRoll, int]:
    """Re-roll the challenge for 1 AP (§9.1); returns the roll and the AP left."""
    if ap < 1:
        raise RuleViolation("not_enough_ap", _("re-rolling a quest challenge costs 1 AP"), {"ap": ap})
    return roll_quest_challenge(rng, stature, tables), ap - 1


def gold_offering(explore_level: int) -> int:
    """Tribute for the Gold Offering challenge: explore level x 5 gold (§9.1)."""
    if explore_level < 1:
        raise RuleViolation(
            "bad_level",
            _("explore levels start at 1, got %(explore_level)s") % {"explore_level": explore_level},
        )
    return explore_level * GOLD_OFFERING_PER_LEVEL


def threat_manifestation_rank(stature: str, tables: GameCharts = DEFAULT_CHARTS) -> int:
    """Rank of the threat fought alone in a Threat Manifestation challenge (§9.1)."""
    return tables.threat_manifestation_rank(stature)
