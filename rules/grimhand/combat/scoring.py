"""Street scoring: hand bonus, Affinity Resonance, Critical Hit and Chain (§7.4.2, §7.4.9).

Street attack = base Attack (a threat: its rank; a mob: see ``lineup``) + the
hand's Attack bonus + Affinity Resonance (+1 per community card of the side's
affinity) + the crit/chain bonus of that street + queue entry bonus + temporary
modifiers. The same rules apply to players and threats.

Critical Hit and Chain (§7.4.9), not cumulative: trips or better on the flop
gives +1 on the flop; only then, a strictly better hand on the turn gives +2 on
the turn; only if the chain is still alive, a strictly better hand on the river
gives +3 on the river. "Strictly better" compares full values, tiebreakers
included.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity, Card
from rules.grimhand.poker import Category, HandValue, best_hand
from rules.i18n import gettext as _

CRITICAL_HIT_MINIMUM = Category.THREE_OF_A_KIND


class Street(IntEnum):
    """A scoring moment of a combat round; the value is the community card count."""

    FLOP = 3
    TURN = 4
    RIVER = 5

    @property
    def critical_bonus(self) -> int:
        """+1 on the flop, +2 on the turn, +3 on the river (§7.4.9)."""
        return self.value - 2

    @property
    def entry_bonus(self) -> int:
        """Attack bonus for a queued threat entering on this street (§7.4.3)."""
        return self.value - 3

    @property
    def next(self) -> Street | None:
        """The street after this one in the round, or ``None`` after the river."""
        return None if self is Street.RIVER else Street(self.value + 1)


@dataclass(frozen=True, slots=True)
class ChainState:
    """Where a side stands in the Critical Hit / Chain sequence of this round."""

    alive: bool
    last_hand: HandValue
    street: Street


def critical_bonus(street: Street, hand: HandValue, chain: ChainState | None) -> tuple[int, ChainState]:
    """The crit/chain bonus for ``hand`` on ``street`` and the chain state after it.

    ``chain`` is the state after the previous street, or ``None`` when the side
    did not score it (e.g. a threat that entered from the queue): without a flop
    Critical Hit no chain bonus is possible.
    """
    if street is Street.FLOP:
        hit = hand.category >= CRITICAL_HIT_MINIMUM
        return (street.critical_bonus if hit else 0), ChainState(hit, hand, street)
    alive = chain is not None and chain.alive and chain.street.next is street and hand > chain.last_hand
    return (street.critical_bonus if alive else 0), ChainState(alive, hand, street)


def resonance(affinity: Affinity, community: Sequence[Card]) -> int:
    """Affinity Resonance: +1 Attack per community card of the side's affinity (§7.4.2)."""
    return sum(1 for card in community if card.affinity is affinity)


@dataclass(frozen=True, slots=True)
class StreetScore:
    """One side's attack on one street, with each part shown."""

    street: Street
    hand: HandValue
    base: int
    hand_bonus: int
    resonance: int
    critical: int
    entry_bonus: int
    modifiers: int
    chain: ChainState

    @property
    def attack(self) -> int:
        """The street attack compared in damage resolution (§7.4.7)."""
        return (
            self.base + self.hand_bonus + self.resonance + self.critical + self.entry_bonus + self.modifiers
        )

    def breakdown(self) -> list[tuple[str, int]]:
        """(source, amount) lines for display; they sum to ``attack``."""
        lines = [
            ("base", self.base),
            (self.hand.title, self.hand_bonus),
            ("Affinity Resonance", self.resonance),
            ("Critical Hit" if self.street is Street.FLOP else "Critical Chain", self.critical),
            ("queue entry", self.entry_bonus),
            ("modifiers", self.modifiers),
        ]
        return [line for line in lines if line[1] or line[0] == "base"]


def score_street(
    street: Street,
    base_attack: int,
    affinity: Affinity,
    active: Sequence[Card],
    community: Sequence[Card],
    chain: ChainState | None = None,
    *,
    entry_bonus: int = 0,
    modifiers: int = 0,
) -> StreetScore:
    """Score one side (player, threat or mob) on one street (§7.4.4-§7.4.6, §7.4.9)."""
    if len(community) != street.value:
        raise RuleViolation(
            "bad_community",
            _("the %(value)s has %(value2)s community cards, got %(n)s")
            % {"value": street.name.lower(), "value2": street.value, "n": len(community)},
            {"street": street.name.lower(), "count": len(community)},
        )
    if not active:
        raise RuleViolation("no_active_cards", _("a side needs its active hole cards to score"))
    hand = best_hand([*active, *community])
    bonus, after = critical_bonus(street, hand, chain)
    return StreetScore(
        street=street,
        hand=hand,
        base=base_attack,
        hand_bonus=hand.category.attack_bonus,
        resonance=resonance(affinity, community),
        critical=bonus,
        entry_bonus=entry_bonus,
        modifiers=modifiers,
        chain=after,
    )
