"""Threats, mobs, the active limit and the queue (§7.4.3).

Threats of the same affinity pair up into mobs in reveal order (at most 2 per
mob). A mob is one entity for dealing, targeting and hand comparison: base
attack = highest member's + 2 per extra member, LE = the members' sum (one
shared pool). At most ``active limit`` entities (default: party size) fight at
once; the rest queue in reveal order and enter when a slot opens: on the turn
(+1 attack) or on the river (+2); a slot opened by the river fills at the next
round's start with no bonus.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.i18n import gettext as _

MOB_SIZE = 2
MOB_ATTACK_PER_EXTRA = 2


@dataclass(frozen=True, slots=True)
class Threat:
    """A threat card: its base attack is its rank (spec), ``life`` its LE."""

    name: str
    rank: int
    affinity: Affinity
    life: int

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 10 or self.life < 1:
            raise RuleViolation(
                "bad_threat", _("threat %(name)r needs rank 1..10 and LE of at least 1") % {"name": self.name}
            )


@dataclass(frozen=True, slots=True)
class Mob:
    """One combat entity: a solo threat or a mob of up to two same-affinity threats.

    ``key`` names it by reveal positions ("T1", "T2+T4") so identical threats
    stay distinguishable.
    """

    key: str
    members: tuple[Threat, ...]

    @property
    def affinity(self) -> Affinity:
        """The members' shared affinity."""
        return self.members[0].affinity

    @property
    def base_attack(self) -> int:
        """Highest member rank + 2 per additional member (§7.4.3)."""
        return max(t.rank for t in self.members) + MOB_ATTACK_PER_EXTRA * (len(self.members) - 1)

    @property
    def life(self) -> int:
        """The shared LE pool: the members' LE summed."""
        return sum(t.life for t in self.members)

    @property
    def ranks(self) -> tuple[int, ...]:
        """Member ranks, for gold and XP (§11)."""
        return tuple(t.rank for t in self.members)

    @property
    def name(self) -> str:
        """Display name, e.g. "Rabid Wolf & Creeping Vine"."""
        return " & ".join(t.name for t in self.members)


def form_mobs(threats: Sequence[Threat]) -> tuple[Mob, ...]:
    """Group revealed threats into mobs of up to two by affinity, in reveal order."""
    groups: list[list[int]] = []
    for index, threat in enumerate(threats):
        open_group = next(
            (g for g in groups if len(g) < MOB_SIZE and threats[g[0]].affinity is threat.affinity),
            None,
        )
        if open_group is None:
            groups.append([index])
        else:
            open_group.append(index)
    return tuple(Mob("+".join(f"T{i + 1}" for i in g), tuple(threats[i] for i in g)) for g in groups)


@dataclass(frozen=True, slots=True)
class Lineup:
    """The entities fighting now and those waiting in the queue."""

    active: tuple[Mob, ...]
    queue: tuple[Mob, ...]
    active_limit: int | None = None
    """The limit the lineup was made with; ``start_round`` keeps it for every round (issue #10)."""


def line_up(threats: Sequence[Threat], party_size: int, active_limit: int | None = None) -> Lineup:
    """Form mobs, then fill ``active_limit`` slots (default: party size); queue the rest."""
    limit = party_size if active_limit is None else active_limit
    if limit < 1:
        raise RuleViolation(
            "bad_active_limit", _("the active limit must be at least 1, got %(limit)s") % {"limit": limit}
        )
    mobs = form_mobs(threats)
    return Lineup(mobs[:limit], mobs[limit:], limit)
