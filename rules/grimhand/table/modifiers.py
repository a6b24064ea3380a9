"""Permanent and temporary modifiers, and the campaign's settings (§8, §12; spec).

- ``modifier.add`` ``{character_id, stat, amount, source, expiry?}``: ``stat`` is
  a derived stat (max_le, max_ap, strength, agility, attack); no ``expiry``
  means permanent ("+1 Agility permanently"), otherwise it lasts until that
  expiry ("next_combat", "next_exploration", or the group's own words).
- ``modifier.remove`` ``{character_id, modifier_id}``.
- ``modifier.expire`` ``{character_id, expiry}``: ends every temporary
  modifier with that expiry (e.g. when the combat is over).
- ``settings.set`` ``{key, value}`` (host): ``printed_rarity`` (bool),
  ``corruption_threshold`` (spec Decision: 4), ``explore_level``.
"""

from __future__ import annotations

from typing import Any

from rules.engine import NotAllowed, Payload, require
from rules.errors import RuleViolation
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.state import STAT_NAMES
from rules.i18n import gettext as _
from rules.validate import text

MAX_AMOUNT = 100
MAX_MODIFIERS = 100
SETTINGS: dict[str, tuple[type, int, int]] = {
    "printed_rarity": (bool, 0, 1),
    "corruption_threshold": (int, 1, 100),
    "explore_level": (int, 1, 50),
    "heal_gold_per_le": (int, 0, 100),
    "active_limit": (int, 0, 12),
    "market_picks": (int, 0, 5),
}


def _modifier_id(ctx: Ctx, modifiers: list[dict[str, Any]]) -> int:
    return ctx.new_id(31, lambda v: any(m["id"] == v for m in modifiers))


def add(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    stat = require(payload, "stat", str, "A stat")
    if stat not in STAT_NAMES:
        raise RuleViolation(
            "unknown_stat",
            _("A modifier changes one of %(value)s.") % {"value": ", ".join(STAT_NAMES)},
            {"field": "stat", "stat": stat},
        )
    amount = require(payload, "amount", int, "An amount")
    if amount == 0 or abs(amount) > MAX_AMOUNT:
        raise RuleViolation(
            "bad_field",
            _("An amount from -%(MAX_AMOUNT)s to %(MAX_AMOUNT)s, not 0.") % {"MAX_AMOUNT": MAX_AMOUNT},
            {"field": "amount"},
        )
    source = text(payload, "source", "A source (what gives it)", 60, code="bad_field")
    expiry = payload.get("expiry")
    if expiry is not None:
        expiry = text(payload, "expiry", "An expiry", 40, code="bad_field")
    if len(char["modifiers"]) >= MAX_MODIFIERS:
        raise RuleViolation(
            "too_many_modifiers",
            _("A character can hold at most %(MAX_MODIFIERS)s modifiers.") % {"MAX_MODIFIERS": MAX_MODIFIERS},
        )
    modifier = {
        "id": _modifier_id(ctx, char["modifiers"]),
        "stat": stat,
        "amount": amount,
        "source": source,
        "expiry": expiry,
    }
    ctx.do({"op": "list_add", "character_id": char["id"], "list": "modifiers", "entry": modifier})
    return "modifier.added", {**head(char), "modifier": modifier}


def remove(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    modifier_id = require(payload, "modifier_id", int, "modifier_id")
    for entry in char["modifiers"]:
        if entry["id"] == modifier_id:
            ctx.do(
                {"op": "list_remove", "character_id": char["id"], "list": "modifiers", "entry": dict(entry)}
            )
            return "modifier.removed", {**head(char), "modifier": entry}
    raise RuleViolation(
        "unknown_modifier", _("That modifier is not on this character."), {"modifier_id": modifier_id}
    )


def expire(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    expiry = text(payload, "expiry", "An expiry", 40, code="bad_field")
    ended = [dict(m) for m in char["modifiers"] if m.get("expiry") == expiry]
    if not ended:
        raise RuleViolation(
            "no_change", _("No modifier lasts until %(expiry)s.") % {"expiry": expiry}, {"field": "expiry"}
        )
    for entry in ended:
        ctx.do({"op": "list_remove", "character_id": char["id"], "list": "modifiers", "entry": entry})
    return "modifier.expired", {**head(char), "expiry": expiry, "modifiers": ended}


def set_setting(ctx: Ctx, payload: Payload) -> EventBody:
    if not ctx.actor.is_host:
        raise NotAllowed("host_only", _("Only the host can change the campaign's settings."))
    key = require(payload, "key", str, "A setting")
    if key not in SETTINGS:
        raise RuleViolation(
            "unknown_setting", _("Settings are %(value)s.") % {"value": ", ".join(SETTINGS)}, {"field": "key"}
        )
    kind, low, high = SETTINGS[key]
    value = payload.get("value")
    if kind is bool:
        if not isinstance(value, bool):
            raise RuleViolation(
                "bad_field", _("%(key)s is true or false.") % {"key": key}, {"field": "value"}
            )
    elif isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleViolation(
            "bad_field",
            _("%(key)s is a whole number from %(low)s to %(high)s.") % {"key": key, "low": low, "high": high},
            {"field": "value"},
        )
    before = ctx.settings.get(key)
    if before == value:
        raise RuleViolation(
            "no_change", _("%(key)s is already %(value)s.") % {"key": key, "value": value}, {"field": "value"}
        )
    ctx.do({"op": "setting", "key": key, "before": before, "after": value})
    return "settings.changed", {"key": key, "before": before, "after": value}
