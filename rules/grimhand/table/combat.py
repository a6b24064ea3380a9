"""The combat helper at the table (§7.4, Appendix II): commands ``combat.*`` (issue #10).

``combat_setup`` starts a combat and takes the deals and swaps,
``combat_flop`` lays the flop down before it is scored,
``combat_street`` scores a street (``combat_street_record`` writes it down,
``combat_rewards`` pays the gold and XP), ``combat_round`` the next round,
a retreat and the end,
``combat_manual`` the overrides and loot, ``combat_state`` the snapshot's
combat block and the odds view.

The pure rules (``rules.grimhand.combat``) decide every number; these
handlers read the payload, rebuild the pure state from ``state["combat"]``
(``combat_state``), and record each change through ``ctx.rec`` (the combat
block, the campaign) or ``ctx.do`` (the characters' LE, AP, gold and XP), so
undo and redo are the generic ones. Every refusal raises before the first
recorded change, so a refused command leaves the state as it was.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.engine import Payload
from rules.grimhand.table.combat_flop import show_flop
from rules.grimhand.table.combat_manual import adjust, loot
from rules.grimhand.table.combat_round import end, next_round_, retreat
from rules.grimhand.table.combat_setup import deal, start, swap
from rules.grimhand.table.combat_street import street
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
