"""Dice at the table: the table's dice, or the faces of physical dice typed by a player (§10, App. I).

Every roll of the campaign takes an optional ``dice`` list: the faces a
player read off real dice (1..6; on the affinity die 1 Blood, 2 Bone,
3 Shadow, 4 Iron, 5 Nature, 6 Wild), or nothing, and the table rolls.
"""

from __future__ import annotations

import random

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand.dice import DieFace, roll_affinity_dice, roll_dice
from rules.validate import is_int


def _faces(payload: Payload, key: str, count: int, what: str) -> list[int] | None:
    raw = payload.get(key)
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(is_int(d) and 1 <= d <= 6 for d in raw):
        raise RuleViolation(
            "bad_dice", f"{what}: type each die's face as a number from 1 to 6.", {"field": key}
        )
    if len(raw) != count:
        raise RuleViolation(
            "bad_dice_count",
            f"{what} uses {count} {'die' if count == 1 else 'dice'}; {len(raw)} were entered.",
            {"field": key, "expected": count},
        )
    return [int(d) for d in raw]


def affinity_dice(
    rng: random.Random, payload: Payload, count: int, what: str, key: str = "dice"
) -> tuple[DieFace, ...]:
    """``count`` affinity dice: the typed faces, or the table's roll."""
    faces = _faces(payload, key, count, what)
    if faces is None:
        return roll_affinity_dice(rng, count)
    return tuple(DieFace(f) for f in faces)


def plain_dice(rng: random.Random, payload: Payload, count: int, what: str, key: str = "dice") -> list[int]:
    """``count`` plain d6: the typed results, or the table's roll."""
    faces = _faces(payload, key, count, what)
    return list(roll_dice(rng, count)) if faces is None else faces


def face_names(dice: tuple[DieFace, ...]) -> list[str]:
    """The faces for the log: "Blood", "Wild"..."""
    return [d.name.capitalize() for d in dice]
