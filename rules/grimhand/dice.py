"""Dice: the d6 and the affinity die (Appendix I, §7.2, §10).

The affinity die reads 1 Blood, 2 Bone, 3 Shadow, 4 Iron, 5 Nature, 6 Wild. The
companion rolls with an injected ``random.Random`` or records physical rolls,
so every function that counts results takes the faces, not a generator.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import Enum

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.i18n import gettext as _


class DieFace(Enum):
    """A face of the affinity die (Appendix I); WILD is the sixth face."""

    BLOOD = 1
    BONE = 2
    SHADOW = 3
    IRON = 4
    NATURE = 5
    WILD = 6

    @property
    def affinity(self) -> Affinity | None:
        """The affinity shown, or ``None`` for Wild."""
        return None if self is DieFace.WILD else tuple(Affinity)[self.value - 1]

    @classmethod
    def of(cls, affinity: Affinity) -> DieFace:
        """The face that shows ``affinity``."""
        return cls(affinity.order + 1)

    @classmethod
    def from_roll(cls, value: int) -> DieFace:
        """The face for a physical d6 result 1..6 entered by a player."""
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            raise RuleViolation(
                "bad_roll", _("a d6 shows 1..6, got %(value)r") % {"value": value}, {"roll": value}
            )
        return cls(value)


def roll_d6(rng: random.Random) -> int:
    """One plain d6 (initiative, quest challenge)."""
    return rng.randint(1, 6)


def roll_dice(rng: random.Random, count: int) -> tuple[int, ...]:
    """``count`` plain d6 results."""
    _check_count(count)
    return tuple(roll_d6(rng) for _ in range(count))


def roll_affinity_dice(rng: random.Random, count: int) -> tuple[DieFace, ...]:
    """``count`` affinity dice (App. I)."""
    _check_count(count)
    return tuple(DieFace(roll_d6(rng)) for _ in range(count))


def _check_count(count: int) -> None:
    if count < 0:
        raise RuleViolation(
            "bad_dice_count", _("cannot roll %(count)s dice") % {"count": count}, {"count": count}
        )


def count_matches(dice: Iterable[DieFace], affinity: Affinity, *, wild_counts: bool) -> int:
    """Dice showing ``affinity``, plus Wilds when they count as any (§10, §11, §13)."""
    face = DieFace.of(affinity)
    return sum(1 for d in dice if d is face or (wild_counts and d is DieFace.WILD))


def count_wilds(dice: Sequence[DieFace]) -> int:
    """How many Wild faces were rolled (for the corruption rule of §10)."""
    return sum(1 for d in dice if d is DieFace.WILD)
