"""Stature abilities: choose, remove and use one (§9)."""

from __future__ import annotations

from rules.engine import Payload, require
from rules.errors import RuleViolation
from rules.grimhand.table.availability import StatureOrder, ability_block
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.quests import Entry
from rules.grimhand.table.state import Character
from rules.i18n import gettext as _


def choose_ability(ctx: Ctx, payload: Payload) -> EventBody:
    """One stature ability card per stature reached (Novice .. Legend)."""
    char = ctx.owned(payload)
    facts = ctx.catalogue.ability(require(payload, "ability", str, "An ability"))
    block = ability_block(StatureOrder(ctx.tables), char, facts)
    if block == "taken":
        raise RuleViolation(
            "ability_taken",
            _("%(who)s already has %(name)s.") % {"who": char["name"], "name": facts.name},
            {"ability": facts.name},
        )
    if block == "stature":
        raise RuleViolation(
            "ability_locked",
            _("%(name)s is a %(stature)s card; %(who)s is %(value)s.")
            % {
                "name": facts.name,
                "stature": facts.stature,
                "who": char["name"],
                "value": char["derived"]["stature"],
            },
            {"ability": facts.name, "stature": facts.stature},
        )
    if block == "slot":
        raise RuleViolation(
            "ability_slot_taken",
            _("%(who)s already chose a %(stature)s card: one per stature (§9).")
            % {"who": char["name"], "stature": facts.stature},
            {"stature": facts.stature},
        )
    entry = {"stature": facts.stature, "name": facts.name, "effect": facts.effect, "ap_cost": facts.ap_cost}
    ctx.do({"op": "list_add", "character_id": char["id"], "list": "abilities", "entry": entry})
    return "character.ability_chosen", {**head(char), "ability": facts.name, "stature": facts.stature}


def _chosen(char: Character, payload: Payload) -> Entry:
    """The stature ability a payload names, among the character's (§9)."""
    name = str(require(payload, "ability", str, "An ability")).lower()
    for entry in char["abilities"]:
        if entry["name"].lower() == name:
            return dict(entry)
    raise RuleViolation(
        "unknown_ability",
        _("%(who)s has no such stature ability.") % {"who": char["name"]},
        {"ability": name},
    )


def remove_ability(ctx: Ctx, payload: Payload) -> EventBody:
    """``character.remove_ability``: a chosen card given back, its stature slot free again (§9)."""
    char = ctx.owned(payload)
    entry = _chosen(char, payload)
    ctx.do({"op": "list_remove", "character_id": char["id"], "list": "abilities", "entry": entry})
    return "character.ability_removed", {**head(char), "ability": entry["name"]}


def use_ability(ctx: Ctx, payload: Payload) -> EventBody:
    """Using a stature ability costs its AP (1 for every card: §9)."""
    char = ctx.owned(payload)
    entry = _chosen(char, payload)
    cost = int(entry["ap_cost"])
    if char["ap"] < cost:
        raise RuleViolation(
            "not_enough_ap",
            _("%(entry)s costs %(cost)s AP; %(who)s has %(ap)s.")
            % {"entry": entry["name"], "cost": cost, "who": char["name"], "ap": char["ap"]},
            {"ap": char["ap"]},
        )
    before = int(char["ap"])
    ctx.do(counter_op(char, "ap", before - cost))
    return "character.ability_used", {
        **head(char),
        "ability": entry["name"],
        "before": before,
        "after": before - cost,
    }
