"""The element chart, Statuses and Spirit Bonuses of GRIM, as data (rulebook: Elements & Attack Resolution).

The 11 Elements form a cycle in the rulebook's order: each is strong against
the next (Poison wraps round to be strong against Water), weak against the
previous one, and every Element resists itself. The Status and the Spirit
Bonus of each Element follow the same order (rulebook: The Status & Spirit
Bonus; spec: Elements).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.i18n import gettext_noop

ELEMENTS: tuple[str, ...] = (
    "Water",
    "Fire",
    "Plant",
    "Earth",
    "Electric",
    "Wind",
    "Light",
    "Dark",
    "Ghost",
    "Psychic",
    "Poison",
)
"""The 11 Elements in rulebook order."""

STATUSES: tuple[str, ...] = (
    "Freeze",
    "Burn",
    "Root",
    "Grapple",
    "Paralysis",
    "Throw",
    "Blindness",
    "Fear",
    "Curse",
    "Confusion",
    "Blight",
)
"""The 11 Statuses, each the Status of the Element at the same place in ``ELEMENTS``."""

STATUS_OF: dict[str, str] = dict(zip(ELEMENTS, STATUSES, strict=True))
"""Element -> its Status (a Status Reaction discards a Grim of that Element)."""

STRONG_AGAINST: dict[str, str] = {
    "Water": "Fire",
    "Fire": "Plant",
    "Plant": "Earth",
    "Earth": "Electric",
    "Electric": "Wind",
    "Wind": "Light",
    "Light": "Dark",
    "Dark": "Ghost",
    "Ghost": "Psychic",
    "Psychic": "Poison",
    "Poison": "Water",
}
"""Attacking Element -> the defending Element its Attacks are Strong against (the next in the cycle)."""

SPIRIT_BONUSES: dict[str, str] = {
    "Water": gettext_noop("+8 Stamina split between this Grim and its Ally"),
    "Fire": gettext_noop("next Attack +6 and cannot be Immune"),
    "Plant": gettext_noop("heal 8 and cure"),
    "Earth": gettext_noop("next Attack hits both enemies"),
    "Electric": gettext_noop("declare an extra Attack now"),
    "Wind": gettext_noop("swap with a hand Grim, adding Health or Stamina"),
    "Light": gettext_noop("keep Spirits; no Reactions to its Attacks"),
    "Dark": gettext_noop("next Knockout this Round counts as two"),
    "Ghost": gettext_noop("damage both enemies by the opponent's hand size"),
    "Psychic": gettext_noop("move Elements / replace the Afterworld"),
    "Poison": gettext_noop("inflict both enemies' own Statuses"),
}
"""Each Element's Spirit Bonus, in the short words of the spec (for the UI and the log)."""

STRONG = "strong"
WEAK = "weak"
IMMUNE = "immune"
NEUTRAL = "neutral"

STRONG_BONUS = 2
"""A Strong Attack adds two damage, a Weak Attack subtracts two (rulebook: Attacking Plant / Fire)."""


def single(attacking: str, defending: str) -> str:
    """One chart cell: how ``attacking`` damage fares against one defending Element."""
    if STRONG_AGAINST[attacking] == defending:
        return STRONG
    if attacking == defending:
        return WEAK  # every Element resists itself
    if STRONG_AGAINST[defending] == attacking:
        return IMMUNE  # the defender is strong against the attacking Element
    return NEUTRAL


@dataclass(frozen=True)
class Matchup:
    """The chart's verdict on an Attack against one or two defending Elements.

    ``result`` is ``strong``, ``weak``, ``immune`` or ``neutral``; ``modifier``
    the damage it adds (0 when Immune); ``parts`` each defending Element's own
    cell, for the breakdown.
    """

    result: str
    modifier: int
    parts: tuple[tuple[str, str], ...]

    @property
    def immune(self) -> bool:
        return self.result == IMMUNE


def matchup(attacking: str, defending_elements: Iterable[str] | str) -> Matchup:
    """The chart against a Grim's Elements: both modifiers added, any Immunity trumping all.

    Rulebook: "Resolve against each Element to calculate damage (e.g., Fire
    damage against a Plant/Fire Grim would offset ...). The existence of any
    Immunity always trumps all other interactions". An Element named twice
    (a Grim with its own Element attached) counts once.
    """
    if isinstance(defending_elements, str):
        defending_elements = (defending_elements,)
    seen: list[str] = []
    for element in defending_elements:
        if element not in seen:
            seen.append(element)
    parts = tuple((element, single(attacking, element)) for element in seen)
    if any(cell == IMMUNE for _, cell in parts):
        return Matchup(IMMUNE, 0, parts)
    modifier = sum(
        STRONG_BONUS if cell == STRONG else -STRONG_BONUS if cell == WEAK else 0 for _, cell in parts
    )
    result = STRONG if modifier > 0 else WEAK if modifier < 0 else NEUTRAL
    return Matchup(result, modifier, parts)
