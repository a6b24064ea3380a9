"""The combat helper at the table (§7.4, Appendix II): commands ``combat.*`` (issue #10).

``combat_setup`` starts a combat and takes the deals and swaps,
``combat_flop`` lays the flop down before it is scored,
``combat_round`` plays the streets (retreat, next round, end),
``combat_manual`` the overrides and loot, ``combat_state`` the snapshot's
combat block and the odds view.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.engine import Payload
from rules.grimhand.table.combat_flop import show_flop
from rules.grimhand.table.combat_manual import adjust, loot
from rules.grimhand.table.combat_round import end, next_round_, retreat, street
from rules.grimhand.table.combat_setup import deal, start, swap
from rules.grimhand.table.context import Ctx, EventBody

COMBAT_HANDLERS: dict[str, Callable[[Ctx, Payload], EventBody]] = {
    "combat.start": start,
    "combat.deal": deal,
    "combat.swap": swap,
    "combat.show_flop": show_flop,
    "combat.street": street,
    "combat.retreat": retreat,
    "combat.next_round": next_round_,
    "combat.end": end,
    "combat.adjust": adjust,
    "combat.loot": loot,
}
