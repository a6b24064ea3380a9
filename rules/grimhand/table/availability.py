"""Which quests and stature abilities a character may take now (§9, §9.1).

One answer for the command and the page: ``quest.take`` and
``character.choose_ability`` refuse with the reason these functions give,
and the board lists exactly the cards they leave open, so no client works it
out again.

- A quest is open to a character of the quest's affinity who has reached its
  stature and has not taken it yet (§9.1).
- A stature ability card is open once its stature is reached, if the
  character has no card of that stature yet: one card per stature (§9).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from rules.grimhand.charts import GameCharts
from rules.grimhand.table.catalogue import AbilityFacts, Catalogue, QuestFacts

QuestBlock = Literal["taken", "affinity", "stature"]
AbilityBlock = Literal["taken", "stature", "slot"]


class StatureOrder:
    """Stature positions by name (aliases too), each looked up once (§9)."""

    def __init__(self, tables: GameCharts) -> None:
        self._tables = tables
        self._known: dict[str, int] = {}

    def __call__(self, name: str) -> int:
        if name not in self._known:
            self._known[name] = self._tables.stature_index(name)
        return self._known[name]


def reached(order: StatureOrder, char: Mapping[str, Any], stature: str) -> bool:
    """Whether ``char`` has reached ``stature`` (§9), by the catalogue's stature table."""
    return order(char["derived"]["stature"]) >= order(stature)


def quest_block(order: StatureOrder, char: Mapping[str, Any], quest: QuestFacts) -> QuestBlock | None:
    """Why ``char`` may not take ``quest`` now, or None when it may (§9.1)."""
    if any(q["name"] == quest.name for q in char["quests"]):
        return "taken"
    if quest.affinity != char["affinity"]:
        return "affinity"
    if not reached(order, char, quest.stature):
        return "stature"
    return None


def ability_block(order: StatureOrder, char: Mapping[str, Any], ability: AbilityFacts) -> AbilityBlock | None:
    """Why ``char`` may not choose ``ability`` now, or None when it may (§9)."""
    if any(a["name"] == ability.name for a in char["abilities"]):
        return "taken"
    if not reached(order, char, ability.stature):
        return "stature"
    if any(a["stature"] == ability.stature for a in char["abilities"]):
        return "slot"
    return None


def available_quests(char: Mapping[str, Any], catalogue: Catalogue) -> list[QuestFacts]:
    """The quests ``char`` may take now, in catalogue order (§9.1)."""
    order = StatureOrder(catalogue.tables)
    return [q for q in catalogue.quests if quest_block(order, char, q) is None]


def available_abilities(char: Mapping[str, Any], catalogue: Catalogue) -> list[AbilityFacts]:
    """The stature ability cards ``char`` may choose now, in catalogue order (§9)."""
    order = StatureOrder(catalogue.tables)
    return [a for a in catalogue.abilities if ability_block(order, char, a) is None]
