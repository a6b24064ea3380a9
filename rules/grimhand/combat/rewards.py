"""Gold and XP per player for the threats despatched in one exploration (§11, §7.4.8).

Gold: explore rank once + every despatched threat's rank (a mob counts as its
members). XP: threats that fall on the same street are summed first; the
explore rank is added once, to the first group; each group is multiplied by
the player's ante and by the multiplier of the hand the player held on that
street. Players who retreated forfeit everything (§7.4.10).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.grimhand.combat.round import Despatch
from rules.grimhand.combat.scoring import Street
from rules.grimhand.progression import gold_award, xp_award


@dataclass(frozen=True, slots=True)
class Reward:
    """What one player earns from an exploration's combat."""

    gold: int
    xp: int
    trophies: tuple[str, ...]


def combat_rewards(
    despatched: Sequence[Despatch],
    explore_rank: int,
    antes: Mapping[str, int],
    retreated: Sequence[str] = (),
) -> dict[str, Reward]:
    """Gold, XP and kept threats (final blows) for every seat in ``antes``."""
    if not despatched:
        return {seat: Reward(0, 0, ()) for seat in antes}
    all_ranks = [rank for d in despatched for rank in d.mob.ranks]
    gold = gold_award(explore_rank, all_ranks)
    # Grouped by round AND street: a round-2 flop kill is its own group with its
    # own hands, not folded into round 1's flop (issue #10).
    by_street: dict[tuple[int, Street], list[Despatch]] = {}
    for d in despatched:
        by_street.setdefault((d.round, d.street), []).append(d)
    rewards: dict[str, Reward] = {}
    for seat, ante in antes.items():
        if seat in retreated:
            rewards[seat] = Reward(0, 0, ())
            continue
        xp = 0
        explore_added = False
        for group in by_street.values():
            ranks = [rank for d in group for rank in d.mob.ranks]
            hand = group[0].hands.get(seat)
            if hand is None:
                continue
            # The explore rank goes once per combat, to the first kill this player shares in.
            if explore_added:
                xp += sum(ranks) * ante * hand.category.xp_multiplier
            else:
                xp += xp_award(explore_rank, ranks, ante, hand)
                explore_added = True
        trophies = tuple(t.name for d in despatched if d.final_blow == seat for t in d.mob.members)
        rewards[seat] = Reward(gold, xp, trophies)
    return rewards
