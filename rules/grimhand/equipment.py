"""Equipped items: the equipment hand, alignment and sets (§8, Appendix I).

Up to five items are equipped; their ranks (and affinities, for flushes) form
a poker hand that grants a passive bonus (Appendix I). Unlike combat, the row
is taken as it is: there is no "best 5 of 7", and fewer than five items only
make the groups that fit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity, Card
from rules.grimhand.charts import DEFAULT_CHARTS, GameCharts, StatBonus
from rules.grimhand.poker import Category, HandValue, evaluate_exact
from rules.i18n import gettext as _

MAX_EQUIPPED = 5


@dataclass(frozen=True, slots=True)
class EquippedItem:
    """An equipped item: its rank 1..10, affinity and stored rarity (§8)."""

    rank: int
    affinity: Affinity
    rarity: str = "Common"
    name: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.rank, bool) or not 1 <= self.rank <= 10:
            raise RuleViolation(
                "bad_item",
                _("item rank must be 1..10, got %(rank)r") % {"rank": self.rank},
                {"rank": self.rank},
            )

    @property
    def card(self) -> Card:
        """The item as a card of the deck, for hand evaluation."""
        return Card(self.rank, self.affinity)


@dataclass(frozen=True, slots=True)
class EquipmentHand:
    """The hand formed by the equipped items and its passive bonus (App. I)."""

    category: Category
    title: str
    bonus: StatBonus
    value: HandValue

    @property
    def description(self) -> str:
        """Bonus text for the sheet, e.g. "+1 AT"."""
        return self.bonus.description

    @property
    def damage_reduction(self) -> int:
        """Damage taken reduced per hit (Full House: 1)."""
        return self.bonus.damage_reduction


def check_equipment(items: Sequence[EquippedItem]) -> None:
    """Refuse more than five equipped items (§8: a sixth needs one discarded)."""
    if len(items) > MAX_EQUIPPED:
        raise RuleViolation(
            "too_many_items",
            _("at most %(MAX_EQUIPPED)s items can be equipped, got %(n)s")
            % {"MAX_EQUIPPED": MAX_EQUIPPED, "n": len(items)},
            {"count": len(items)},
        )


def equipment_hand(
    items: Sequence[EquippedItem], tables: GameCharts = DEFAULT_CHARTS
) -> EquipmentHand | None:
    """The equipment hand of the equipped items, or ``None`` with nothing equipped."""
    check_equipment(items)
    if not items:
        return None
    value = evaluate_exact([item.card for item in items])
    category = value.category
    return EquipmentHand(category, category.title, tables.equipment_hand_bonus(category), value)


def aligned_count(items: Sequence[EquippedItem], affinity: Affinity) -> int:
    """Items sharing the character's affinity; each gives +1 to one stat (App. I)."""
    return sum(1 for item in items if item.affinity is affinity)
