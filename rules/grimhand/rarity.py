"""Item rarity and equipment sets (§8; spec Decision on rarity).

Rarity is rolled once, when an item enters a character's inventory, on the d100
table (Common 45, Uncommon 31, Rare 14, Ultra Rare 6, Legendary 3, Mythic 1)
and stored with the item; re-equipping never re-rolls it. A campaign may use
the card's printed rarity instead. Five equipped items of one rarity complete
a set.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.grimhand.charts import DEFAULT_CHARTS, GameCharts

SET_SIZE = 5


def roll_rarity(rng: random.Random, tables: GameCharts = DEFAULT_CHARTS) -> str:
    """Roll a d100 with ``rng`` and read the rarity table (§8)."""
    return tables.rarity_for_roll(rng.randint(1, 100))


def assign_rarity(
    rng: random.Random,
    printed: str | None = None,
    *,
    use_printed: bool = False,
    tables: GameCharts = DEFAULT_CHARTS,
) -> str:
    """Rarity for an item entering an inventory: printed (campaign setting) or rolled."""
    if use_printed and printed:
        return tables.rarity(printed)
    return roll_rarity(rng, tables)


def set_rarity(rarities: Sequence[str], tables: GameCharts = DEFAULT_CHARTS) -> str | None:
    """The completed set's rarity when five items share one rarity, else ``None`` (§8)."""
    if len(rarities) != SET_SIZE:
        return None
    canonical = {tables.rarity(r) for r in rarities}
    return canonical.pop() if len(canonical) == 1 else None
