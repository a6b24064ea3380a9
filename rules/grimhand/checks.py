"""Skill checks, affinity checks and meditation (§10, §7.5).

- Strength / Agility check: roll as many affinity dice as the current stat;
  each die of the player's affinity is a success, a Wild counts as any (one
  success); +1 if the explore card shares the player's affinity. Each success
  gives +1 LE (Strength) or +1 AP (Agility), capped at the maximum; no success
  still gives +1 but also +1 Doubt.
- Affinity check: 5 dice; successes are dice of the checked affinity plus
  Wilds, +1 if the player has that affinity, +1 if the player's affinity
  matches the explore card; 3 successes pass.
- Two or more Wilds on any of these checks: +1 Corruption ("Affinity
  Corruption Resonance").
- Meditation instead of a check: +2 LE, +2 AP or +1 of each.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.grimhand.character import clamp_current
from rules.grimhand.dice import DieFace, count_matches, count_wilds, roll_affinity_dice
from rules.i18n import gettext as _

AFFINITY_CHECK_DICE = 5
AFFINITY_CHECK_PASS = 3
CORRUPTING_WILDS = 2


class CheckKind(Enum):
    """Which stat a skill check tests and which pool it restores (§10)."""

    STRENGTH = "strength"
    AGILITY = "agility"


@dataclass(frozen=True, slots=True)
class SkillCheckResult:
    """Outcome of a Strength or Agility check (§10)."""

    kind: CheckKind
    dice: tuple[DieFace, ...]
    successes: int
    le_gain: int
    ap_gain: int
    doubt_gain: int
    corruption_gain: int


def _corruption(dice: Sequence[DieFace]) -> int:
    return 1 if count_wilds(dice) >= CORRUPTING_WILDS else 0


def skill_check(
    kind: CheckKind,
    dice: Sequence[DieFace],
    player_affinity: Affinity,
    explore_affinity: Affinity | None = None,
    *,
    current: int,
    maximum: int,
) -> SkillCheckResult:
    """Score a Strength/Agility check from its dice (§10).

    ``current``/``maximum`` are the LE (Strength) or AP (Agility) pool, so the
    gain reported is what actually fits under the maximum.
    """
    successes = count_matches(dice, player_affinity, wild_counts=True)
    if explore_affinity is not None and explore_affinity is player_affinity:
        successes += 1
    doubt = 0 if successes else 1
    raw_gain = successes if successes else 1
    gain = clamp_current(current + raw_gain, maximum) - clamp_current(current, maximum)
    return SkillCheckResult(
        kind=kind,
        dice=tuple(dice),
        successes=successes,
        le_gain=gain if kind is CheckKind.STRENGTH else 0,
        ap_gain=gain if kind is CheckKind.AGILITY else 0,
        doubt_gain=doubt,
        corruption_gain=_corruption(dice),
    )


def roll_skill_check(
    rng: random.Random,
    kind: CheckKind,
    stat_value: int,
    player_affinity: Affinity,
    explore_affinity: Affinity | None = None,
    *,
    current: int,
    maximum: int,
) -> SkillCheckResult:
    """Roll ``stat_value`` affinity dice (the current Strength or Agility) and score them."""
    dice = roll_affinity_dice(rng, stat_value)
    return skill_check(kind, dice, player_affinity, explore_affinity, current=current, maximum=maximum)


@dataclass(frozen=True, slots=True)
class AffinityCheckResult:
    """Outcome of an affinity check (§10) or a redemption roll (§13)."""

    dice: tuple[DieFace, ...]
    successes: int
    passed: bool
    corruption_gain: int


def affinity_check(
    dice: Sequence[DieFace],
    checked: Affinity,
    player_affinity: Affinity,
    explore_affinity: Affinity | None = None,
) -> AffinityCheckResult:
    """Score an affinity check's 5 dice (§10): 3 successes pass."""
    if len(dice) != AFFINITY_CHECK_DICE:
        raise RuleViolation(
            "bad_dice_count", _("an affinity check rolls 5 dice, got %(n)s") % {"n": len(dice)}
        )
    successes = count_matches(dice, checked, wild_counts=True)
    if player_affinity is checked:
        successes += 1
    if explore_affinity is not None and explore_affinity is player_affinity:
        successes += 1
    return AffinityCheckResult(tuple(dice), successes, successes >= AFFINITY_CHECK_PASS, _corruption(dice))


def roll_affinity_check(
    rng: random.Random,
    checked: Affinity,
    player_affinity: Affinity,
    explore_affinity: Affinity | None = None,
) -> AffinityCheckResult:
    """Roll and score an affinity check (§10)."""
    dice = roll_affinity_dice(rng, AFFINITY_CHECK_DICE)
    return affinity_check(dice, checked, player_affinity, explore_affinity)


class Meditation(Enum):
    """The three ways to meditate (§7.5, §10)."""

    LIFE = "le"
    ACTION = "ap"
    SPLIT = "split"


@dataclass(frozen=True, slots=True)
class MeditationResult:
    """LE and AP gained by meditating, after capping at the maximums."""

    le_gain: int
    ap_gain: int


def meditate(choice: Meditation, *, le: int, max_le: int, ap: int, max_ap: int) -> MeditationResult:
    """Meditate instead of a check: +2 LE, +2 AP or +1 each, capped at max (§10)."""
    le_raw, ap_raw = {Meditation.LIFE: (2, 0), Meditation.ACTION: (0, 2), Meditation.SPLIT: (1, 1)}[choice]
    return MeditationResult(
        clamp_current(le + le_raw, max_le) - clamp_current(le, max_le),
        clamp_current(ap + ap_raw, max_ap) - clamp_current(ap, max_ap),
    )
