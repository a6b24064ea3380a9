"""Strength/Agility checks, affinity checks, corruption, meditation, dice (§10, App. I)."""

from __future__ import annotations

import random

import pytest

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.grimhand.checks import (
    CheckKind,
    Meditation,
    affinity_check,
    meditate,
    roll_affinity_check,
    roll_skill_check,
    skill_check,
)
from rules.grimhand.dice import DieFace, roll_affinity_dice

D = DieFace
A = Affinity


def test_die_faces_follow_appendix_one() -> None:
    assert [D.from_roll(n).affinity for n in range(1, 7)] == [*Affinity, None]
    with pytest.raises(RuleViolation) as info:
        D.from_roll(7)
    assert info.value.code == "bad_roll"


def test_strength_check_counts_affinity_and_wild_plus_explore_alignment() -> None:
    result = skill_check(
        CheckKind.STRENGTH, [D.BLOOD, D.WILD, D.IRON], A.BLOOD, A.BLOOD, current=3, maximum=10
    )
    assert result.successes == 3
    assert (result.le_gain, result.ap_gain, result.doubt_gain) == (3, 0, 0)
    assert result.corruption_gain == 0


def test_agility_gain_is_capped_at_max() -> None:
    result = skill_check(CheckKind.AGILITY, [D.BONE, D.BONE, D.BONE], A.BONE, current=5, maximum=6)
    assert result.successes == 3 and result.ap_gain == 1 and result.le_gain == 0


def test_no_success_still_gives_one_but_adds_doubt() -> None:
    result = skill_check(CheckKind.STRENGTH, [D.IRON, D.NATURE], A.SHADOW, A.BLOOD, current=2, maximum=9)
    assert result.successes == 0
    assert (result.le_gain, result.doubt_gain) == (1, 1)


def test_two_wilds_corrupt() -> None:
    one = skill_check(CheckKind.AGILITY, [D.WILD, D.IRON], A.IRON, current=0, maximum=5)
    two = skill_check(CheckKind.AGILITY, [D.WILD, D.WILD], A.IRON, current=0, maximum=5)
    assert one.corruption_gain == 0 and two.corruption_gain == 1
    check = affinity_check([D.WILD, D.WILD, D.BONE, D.BONE, D.BONE], A.IRON, A.NATURE)
    assert check.corruption_gain == 1


def test_rolled_check_uses_the_stat_as_dice_count() -> None:
    result = roll_skill_check(random.Random(2), CheckKind.STRENGTH, 6, A.NATURE, current=1, maximum=20)
    assert len(result.dice) == 6
    assert result == roll_skill_check(
        random.Random(2), CheckKind.STRENGTH, 6, A.NATURE, current=1, maximum=20
    )


def test_affinity_check_bonuses_and_pass_mark() -> None:
    dice = [D.SHADOW, D.IRON, D.BLOOD, D.NATURE, D.BONE]
    # One die of the checked affinity only.
    assert affinity_check(dice, A.SHADOW, A.IRON).successes == 1
    # +1 for having the checked affinity, +1 for matching the explore card.
    matched = affinity_check(dice, A.SHADOW, A.SHADOW, A.SHADOW)
    assert matched.successes == 3 and matched.passed
    assert not affinity_check(dice, A.SHADOW, A.SHADOW).passed
    assert affinity_check([D.WILD, D.SHADOW, D.SHADOW, D.IRON, D.IRON], A.SHADOW, A.IRON).passed
    with pytest.raises(RuleViolation):
        affinity_check(dice[:4], A.SHADOW, A.IRON)
    assert len(roll_affinity_check(random.Random(1), A.BONE, A.BONE).dice) == 5


def test_meditation_options_capped() -> None:
    assert meditate(Meditation.LIFE, le=3, max_le=10, ap=1, max_ap=5) == meditate(
        Meditation.LIFE, le=3, max_le=10, ap=4, max_ap=5
    )
    life = meditate(Meditation.LIFE, le=3, max_le=10, ap=1, max_ap=5)
    assert (life.le_gain, life.ap_gain) == (2, 0)
    split = meditate(Meditation.SPLIT, le=3, max_le=10, ap=1, max_ap=5)
    assert (split.le_gain, split.ap_gain) == (1, 1)
    capped = meditate(Meditation.ACTION, le=3, max_le=10, ap=4, max_ap=5)
    assert (capped.le_gain, capped.ap_gain) == (0, 1)


def test_dice_rolls_are_deterministic_per_seed() -> None:
    assert roll_affinity_dice(random.Random(9), 10) == roll_affinity_dice(random.Random(9), 10)
    with pytest.raises(RuleViolation):
        roll_affinity_dice(random.Random(9), -1)
