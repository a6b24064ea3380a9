"""What players type at the table: the faces of their dice, and cards (§5, §10, App. I).

Every roll of the campaign takes an optional ``dice`` list: the faces a
player read off real dice (1..6; on the affinity die 1 Blood, 2 Bone,
3 Shadow, 4 Iron, 5 Nature, 6 Wild), or nothing, and the table rolls.
Cards are written "7BL", "7 Blood" or ``{rank, affinity}``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity, Card, parse_cards
from rules.grimhand.dice import DieFace, roll_affinity_dice, roll_dice
from rules.i18n import gettext as _
from rules.i18n import ngettext
from rules.validate import is_int

MAX_CARDS_IN_FIELD = 8


def _faces(payload: Payload, key: str, count: int, what: str) -> list[int] | None:
    raw = payload.get(key)
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(is_int(d) and 1 <= d <= 6 for d in raw):
        raise RuleViolation(
            "bad_dice",
            _("%(what)s: type each die's face as a number from 1 to 6.") % {"what": what},
            {"field": key},
        )
    if len(raw) != count:
        raise RuleViolation(
            "bad_dice_count",
            ngettext(
                "%(what)s uses %(count)s die; %(n)s were entered.",
                "%(what)s uses %(count)s dice; %(n)s were entered.",
                count,
            )
            % {"what": what, "count": count, "n": len(raw)},
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


def read_card(value: object, field: str) -> Card:
    """One card written "7BL" / "7 Blood" or ``{rank, affinity}``."""
    if isinstance(value, Mapping):
        rank, affinity = value.get("rank"), value.get("affinity")
        if isinstance(rank, bool) or not isinstance(rank, int) or not isinstance(affinity, str):
            raise RuleViolation("bad_card", _("A card needs a whole rank and an affinity."), {"field": field})
        try:
            return Card(rank, Affinity.parse(affinity))
        except RuleViolation as problem:
            raise RuleViolation("bad_card", problem.message, {"field": field}) from None
    if isinstance(value, str):
        try:
            cards = parse_cards(value)
        except RuleViolation as problem:
            raise RuleViolation("bad_card", problem.message, {"field": field}) from None
        if len(cards) == 1:
            return cards[0]
    raise RuleViolation(
        "bad_card", _("Write one card like 7BL or 10NA in %(field)s.") % {"field": field}, {"field": field}
    )


def read_cards(payload: Mapping[str, Any], key: str, counts: Sequence[int]) -> list[Card]:
    """A list of cards (or one string of several) of one of the allowed ``counts``."""
    raw = payload.get(key)
    if raw is None:
        raise RuleViolation("missing_field", _("Enter the cards (%(key)s).") % {"key": key}, {"field": key})
    if isinstance(raw, str):
        try:
            cards = list(parse_cards(raw))
        except RuleViolation as problem:
            raise RuleViolation("bad_card", problem.message, {"field": key}) from None
    elif isinstance(raw, list) and len(raw) <= MAX_CARDS_IN_FIELD:
        cards = [read_card(item, key) for item in raw]
    else:
        raise RuleViolation("bad_field", _("%(key)s must be a list of cards.") % {"key": key}, {"field": key})
    if len(cards) not in counts:
        wanted = " or ".join(str(n) for n in counts)
        raise RuleViolation(
            "wrong_card_count",
            _("%(key)s needs %(wanted)s cards, got %(n)s.") % {"key": key, "wanted": wanted, "n": len(cards)},
            {"field": key},
        )
    if len({c.index for c in cards}) != len(cards):
        raise RuleViolation("duplicate_card", _("The same card is entered twice."), {"field": key})
    return cards
