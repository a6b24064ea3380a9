"""Gold and XP for the threats that fall in a combat at the table (§11; spec Decisions).

Recorded through ``ctx.rec`` and ``ctx.do``, so undo and redo are the generic ones (see ``combat``).
"""

from __future__ import annotations

from typing import Any

from rules.grimhand import said
from rules.grimhand.combat.round import Despatch
from rules.grimhand.poker import Category
from rules.grimhand.said import Said
from rules.grimhand.table import session
from rules.grimhand.table.combat_state import (
    char_of,
    players,
    set_side,
    side_of,
)
from rules.grimhand.table.context import Ctx
from rules.grimhand.table.ops import counter_op


def grant(
    ctx: Ctx, combat: dict[str, Any], fallen: list[Despatch], hands: dict[str, Category], street: str
) -> dict[str, Any]:
    """Gold and XP for the threats that fell together (§11; spec Decisions): one entry per street.

    The entry's ``said`` words each player's gold and XP as before → after, or
    says nobody was left in the fight to collect them (the line has said "despatched").
    """
    ranks = [r for d in fallen for r in d.mob.ranks]
    explore = 0 if combat["explore_paid"] else int(combat["explore_rank"])
    collectors = players(combat)
    if explore and collectors:
        ctx.rec.set(["combat", "explore_paid"], True)
    gold = explore + sum(ranks)
    xp: dict[str, int] = {}
    gains: list[Said] = []
    for side in collectors:
        category = hands.get(side["id"], Category.HIGH_CARD)
        award = (explore + sum(ranks)) * int(combat["ante"]) * category.xp_multiplier
        xp[side["id"]] = award
        char = char_of(ctx, side)
        gold_before, xp_before = int(char["gold"]), int(char["xp"])
        ctx.do(counter_op(char, "gold", gold_before + gold))
        ctx.do(counter_op(char, "xp", xp_before + award))
        gains.append(
            said.gettext_lazy(
                "%(who)s gold %(gold)s, XP %(xp)s",
                who=char["name"],
                gold=f"{gold_before} \u2192 {gold_before + gold}",
                xp=f"{xp_before} \u2192 {xp_before + award}",
            )
        )
        earned = side["earned"]
        set_side(ctx, side["id"], "earned", {"gold": earned["gold"] + gold, "xp": earned["xp"] + award})
    for d in fallen:
        if d.final_blow is not None:
            for member in d.mob.members:
                session.add_kill(ctx, char_of(ctx, side_of(combat, d.final_blow)), member.name)
    entry = {
        "round": combat["round"], "street": street, "threats": [d.mob.key for d in fallen],
        "names": [d.mob.name for d in fallen], "explore_rank": explore if collectors else 0, "ranks": ranks,
        "gold": gold if collectors else 0, "xp": xp,
        "final_blow": {d.mob.key: d.final_blow for d in fallen},
        "loot": {d.mob.key: None for d in fallen},
    }  # fmt: skip
    ctx.rec.insert(["combat", "rewards"], entry)
    names = " & ".join(entry["names"])
    if gains:
        return {
            **entry,
            "said": said.gettext_lazy(
                "%(names)s's gold and XP: %(gains)s", names=names, gains=said.join(gains, "; ")
            ),
        }
    return {
        **entry,
        "said": said.gettext_lazy(
            "nobody is left in the fight to collect %(names)s's gold and XP", names=names
        ),
    }
