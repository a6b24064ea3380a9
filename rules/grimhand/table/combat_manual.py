"""Manual overrides and loot in a combat (issue #10): ``combat.adjust`` and ``combat.loot`` (§7.4.8, §11)."""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand import said
from rules.grimhand.cards import Affinity
from rules.grimhand.combat.round import Despatch
from rules.grimhand.combat.scoring import Street
from rules.grimhand.dice import DieFace
from rules.grimhand.poker import Category
from rules.grimhand.progression import loot_for_dice, roll_loot
from rules.grimhand.table import session
from rules.grimhand.table.combat_rewards import grant
from rules.grimhand.table.combat_state import (
    STREET_OF,
    Side,
    active_threats,
    block,
    char_of,
    mob_of,
    require_host,
    set_side,
    settle_over,
    side_of,
)
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import fields, integer, text, whole

ADJUST_FIELDS = ("le", "attack")


def adjust(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.adjust {side_id, field: le | attack, by, note}``: a manual override, logged."""
    fields(payload, ("side_id", "field", "by", "note"))
    combat = block(ctx)
    side = side_of(combat, payload.get("side_id"))
    what = payload.get("field")
    if what not in ADJUST_FIELDS:
        raise RuleViolation(
            "bad_field", _("field is le or attack."), {"field": "field", "allowed": list(ADJUST_FIELDS)}
        )
    by = integer(payload, "by", "The change", -99, 99)
    note = text(payload, "note", "A note", 120)
    if side["kind"] == "player":
        ctx.actor.require_edit(int(char_of(ctx, side)["seat_id"]))
    else:
        require_host(ctx, gettext_noop("change a threat's numbers"))
    if side["status"] not in ("fighting", "active", "queued"):
        raise RuleViolation("not_fighting", _("%(side)s is out of this combat.") % {"side": side["name"]})
    if what == "attack":
        return _adjust_attack(ctx, side, by, note)
    if side["kind"] == "player":
        return _adjust_player_le(ctx, side, by, note)
    return _adjust_threat_le(ctx, combat, side, by, note)


def _adjust_attack(ctx: Ctx, side: Side, by: int, note: str) -> EventBody:
    """A side's attack modifier moved by hand (issue #10: a manual override, §7.4.7)."""
    before = int(side["modifiers"])
    set_side(ctx, side["id"], "modifiers", before + by)
    line = said.gettext_lazy(
        "%(side)s: attack %(by)s (%(note)s; attack modifier %(change)s)",
        side=side["name"],
        by=f"{by:+d}",
        note=note,
        change=f"{before} \u2192 {before + by}",
    )
    return said.event("combat.adjusted", {"side_id": side["id"]}, line)


def _adjust_player_le(ctx: Ctx, side: Side, by: int, note: str) -> EventBody:
    """A player's LE moved by hand, on the sheet and in the fight; at 0 the player is defeated (§7.4.7)."""
    char = char_of(ctx, side)
    before = int(char["le"])
    le = max(0, min(int(char["derived"]["stats"]["max_le"]), before + by))
    ctx.do(counter_op(char, "le", le))
    fight_le = int(side["le"])
    set_side(ctx, side["id"], "le", le)
    values = {"who": char["name"], "change": f"{before} \u2192 {le}", "note": note}
    if fight_le != before:
        values["fight"] = f"{fight_le} \u2192 {le}"
    if le <= 0:
        set_side(ctx, side["id"], "status", "defeated")
        session.defeat(ctx, char)
    settle_over(ctx)
    if "fight" in values:
        line = said.gettext_lazy("%(who)s: LE %(change)s (%(note)s; LE in the fight %(fight)s)", **values)
    else:
        line = said.gettext_lazy("%(who)s: LE %(change)s (%(note)s)", **values)
    if le <= 0:
        line = said.gettext_lazy("%(line)s, defeated", line=line)
    return said.event("combat.adjusted", head(char), line)


def _adjust_threat_le(ctx: Ctx, combat: dict[str, Any], side: Side, by: int, note: str) -> EventBody:
    """A threat's LE moved by hand; an active threat at 0 is despatched with its rewards (§7.4.7-8)."""
    before = int(side["le"])
    le = max(0, before + by)  # §7.4.7: LE stops at 0
    set_side(ctx, side["id"], "le", le)
    line = said.gettext_lazy(
        "%(who)s: LE %(change)s (%(note)s)", who=side["name"], change=f"{before} \u2192 {le}", note=note
    )
    if le <= 0 and side["status"] == "active":
        set_side(ctx, side["id"], "status", "despatched")
        set_side(ctx, side["id"], "despatched", True)
        scored = [
            s for s in combat["scores"] if s["round"] == combat["round"] and s["street"] == combat["street"]
        ]
        hands = {s["side_id"]: Category[s["category"].upper()] for s in scored}
        fallen = Despatch(
            mob_of(side), STREET_OF.get(combat["street"], Street.FLOP), None, {}, combat["round"]
        )
        entry = grant(ctx, combat, [fallen], hands, combat["street"])
        line = said.gettext_lazy("%(line)s, despatched; %(rewards)s", line=line, rewards=entry["said"])
        _fill_queue(ctx)
        settle_over(ctx)
    return said.event("combat.adjusted", {"side_id": side["id"]}, line)


def _fill_queue(ctx: Ctx) -> None:
    combat = block(ctx)
    queue = list(combat["queue"])
    while queue and len(active_threats(combat)) < int(combat["active_limit"]):
        key = queue.pop(0)
        set_side(ctx, key, "status", "active")
        ctx.rec.set(["combat", "queue"], list(queue))


def loot(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.loot {side_id, dice?}``: 5 affinity dice against a despatched threat (§7.4.8, §11)."""
    fields(payload, ("side_id", "dice"))
    combat = block(ctx)
    side = side_of(combat, payload.get("side_id"))
    index = next((i for i, r in enumerate(combat["rewards"]) if side["id"] in r["loot"]), None)
    if index is None or side["status"] != "despatched":
        raise RuleViolation("not_despatched", _("%(side)s has not fallen.") % {"side": side["name"]})
    if combat["rewards"][index]["loot"][side["id"]] is not None:
        raise RuleViolation(
            "loot_rolled", _("The loot of %(side)s is already rolled.") % {"side": side["name"]}
        )
    raw = payload.get("dice")
    affinity = Affinity(side["affinity"])
    if raw is None:
        session.require_player(ctx)
        roll = roll_loot(ctx.rng, affinity)
    else:
        if not isinstance(raw, list):
            raise RuleViolation("bad_field", _("dice is a list of 5 faces 1..6."), {"field": "dice"})
        faces = [whole(v, "dice", "A die", 1, 6) for v in raw]
        roll = loot_for_dice([DieFace(f) for f in faces], affinity)
    result = {"dice": [d.value for d in roll.dice], "matches": roll.matches, "cards": roll.cards}
    ctx.rec.set(["combat", "rewards", index, "loot", side["id"]], result)
    line = said.gettext_lazy(
        "Loot of %(side)s: %(matches)s matches, %(cards)s",
        side=side["name"],
        matches=roll.matches,
        cards=said.ngettext_lazy("%(n)s card", "%(n)s cards", roll.cards, n=roll.cards),
    )
    return said.event("combat.loot", {"side_id": side["id"], **result}, line)
