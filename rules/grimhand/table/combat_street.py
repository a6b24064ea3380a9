"""A street laid down at the table and scored for every side (§7.4.4-9, Appendix II).

A refusal raises before the first recorded change (see ``combat``).
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand import said
from rules.grimhand.combat.round import resolve_street
from rules.grimhand.table.combat_flop import redeal, street_cards
from rules.grimhand.table.combat_state import (
    STREET_OF,
    active_threats,
    block,
    cards_of,
    char_of,
    codes,
    players,
    require_host,
    set_side,
    settle_over,
    to_pure,
)
from rules.grimhand.table.combat_street_record import record_street
from rules.grimhand.table.context import Ctx, EventBody
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import fields

NEXT_STREET = {"deal": "flop", "flop": "turn", "turn": "river"}


def street(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.street {cards?, redeal?: {side_id, cards}}``: the flop (3), turn (1) or river (1) is
    scored for every side (§7.4.4-9); a flop shown first (``combat.show_flop``) is scored without
    ``cards``; a Legend may re-deal the flop as it is laid down (``redeal``)."""
    fields(payload, ("cards", "redeal"))
    require_host(ctx, gettext_noop("lay down the community cards"))
    combat = block(ctx)
    now = combat["street"]
    if now not in NEXT_STREET:
        raise RuleViolation("round_over", _("The round is over: start the next round or end the combat."))
    name = NEXT_STREET[now]
    new_cards = street_cards(ctx, combat, payload, name)
    redealt = redeal(ctx, combat, payload, name, new_cards)
    for side in (*players(combat), *active_threats(combat)):
        if not side["active"]:
            raise RuleViolation(
                "missing_hole_cards",
                _("%(side)s has no active cards yet.") % {"side": side["name"]},
                {"side_id": side["id"]},
            )
    lines = _from_the_sheets(ctx, combat)
    if redealt is not None:
        new_cards = redealt[1]
    community = [*combat["community"], *codes(new_cards)]
    before = to_pure(combat)
    _unused, report = resolve_street(before, STREET_OF[name], cards_of(community))
    ctx.rec.set(["combat", "community"], community)
    ctx.rec.set(["combat", "street"], name)
    lines.extend(record_street(ctx, combat, name, report))
    settle_over(ctx)
    line = said.join(lines, "; ")
    if redealt is not None:
        line = said.gettext_lazy("%(redeal)s: %(street)s", redeal=redealt[0], street=line)
    return said.event("combat.street_scored", {"street": name, "cards": codes(new_cards)}, line)


def _from_the_sheets(ctx: Ctx, combat: dict[str, Any]) -> list[Any]:
    """A player's base attack, Full House reduction and LE are read from the sheet now: a temporary
    modifier gained mid-combat counts from this street on. What moved, in words."""
    changed: list[Any] = []
    for side in players(combat):
        char = char_of(ctx, side)
        derived = char["derived"]
        now = {
            "base_attack": int(derived["stats"]["attack"]),
            "damage_reduction": int(derived.get("damage_reduction", 0)),
            "le": int(char["le"]),
        }
        for key, label in (
            ("base_attack", said.gettext_lazy("%(side)s's base attack %(change)s (the sheet)")),
            ("damage_reduction", said.gettext_lazy("%(side)s's damage taken %(change)s (the sheet)")),
            ("le", said.gettext_lazy("%(side)s's LE %(change)s (the sheet)")),
        ):
            if int(side[key]) != now[key]:
                sign = "\u2212" if key == "damage_reduction" else ""
                change = f"{sign}{side[key]} \u2192 {sign}{now[key]}"
                changed.append({**label, "v": {"side": side["name"], "change": change}})
            set_side(ctx, side["id"], key, now[key])
    return changed
