"""Grim Hand card catalogue data written as plain Python (§7, §8, §9, §9.1, Appendix I).

Races, classes, affinities, stature, rarity and the quest challenge table are
already the rules package's ``rules.grimhand.charts.DEFAULT_CHARTS``; this
package holds the rest: equipment, threats, exploration cards, quests, quest
challenges and stature abilities. Facts come from the reference data (with its
typos fixed); every text is our own one-line summary. ``load_gamedata`` writes
them to the database, which is the source the sheets use from then on; this
data is also the fallback before the catalogue is loaded.
"""

from __future__ import annotations

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from sheets.grimhand.catalogue_data.equipment import EQUIPMENT
from sheets.grimhand.catalogue_data.exploration import DECK_1, DECK_2, EXPLORATION
from sheets.grimhand.catalogue_data.quests import CHALLENGES, QUESTS
from sheets.grimhand.catalogue_data.stature_abilities import STATURE_ABILITIES
from sheets.grimhand.catalogue_data.threats import THREATS

__all__ = [
    "CHALLENGES",
    "DECK_1",
    "DECK_2",
    "EQUIPMENT",
    "EXPLORATION",
    "QUESTS",
    "STATURE_ABILITIES",
    "THREATS",
    "canonical_affinity",
]


def canonical_affinity(text: str) -> str:
    """The affinity name for ``text`` ("blood", "BL", "Wild" -> "Nature").

    Spec **Decision**: "Wild" on cards means Nature. Raises ``ValueError`` for
    anything else.
    """
    try:
        return Affinity.parse(text).value
    except RuleViolation as exc:
        raise ValueError(exc.message) from None
