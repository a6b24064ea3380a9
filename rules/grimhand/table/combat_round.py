"""The end of a round at the table: the next deal, a retreat, the end of the combat (§7.4.3, §7.4.10).

A refusal raises before the first recorded change (see ``combat``).
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand import said
from rules.grimhand.combat.round import (
    RETREAT_MIN_AP,
    RETREAT_MIN_LE,
    RetreatResult,
    next_round,
    retreat_check,
)
from rules.grimhand.table import challenges, session, words
from rules.grimhand.table.combat_state import (
    Side,
    active_threats,
    block,
    cards_of,
    char_of,
    players,
    require_host,
    set_side,
    settle_over,
    side_of,
    to_pure,
)
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.state import Character, find_character
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import fields


def next_round_(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.next_round``: a new deal after the river; queued threats fill open slots (§7.4.3)."""
    fields(payload, ())
    require_host(ctx, gettext_noop("start the next round"))
    combat = block(ctx)
    if combat["street"] != "river":
        raise RuleViolation("round_not_over", _("A new round starts after the river."))
    after = next_round(to_pure(combat), {}, {})
    entered = [e.key for e in after.entities if e.key in combat["queue"]]
    number = int(combat["round"])
    ctx.rec.set(["combat", "round"], number + 1)
    ctx.rec.set(["combat", "street"], "deal")
    ctx.rec.set(["combat", "community"], [])
    if combat.get("discarded"):
        ctx.rec.set(["combat", "discarded"], [])
    for side in combat["sides"]:
        for key, value in (("active", []), ("inactive", []), ("chain", None), ("entered_on", None)):
            set_side(ctx, side["id"], key, value)
    for key in entered:
        set_side(ctx, key, "status", "active")
    ctx.rec.set(["combat", "queue"], [m.key for m in after.queue])
    change = f"{number} \u2192 {number + 1}"
    if entered:
        line = said.gettext_lazy(
            "Round %(change)s: a new deal; %(threats)s enter", change=change, threats=", ".join(entered)
        )
    else:
        line = said.gettext_lazy("Round %(change)s: a new deal", change=change)
    return said.event("combat.next_round", {}, line)


def _passed_retreat(ctx: Ctx, combat: dict[str, Any], side: Side) -> tuple[Character, RetreatResult]:
    """The retreating player and a passed retreat check, or a refusal (§7.4.10)."""
    if side["kind"] != "player" or side["status"] != "fighting":
        raise RuleViolation("cannot_retreat", _("Only a fighting player can retreat."))
    char = char_of(ctx, side)
    ctx.actor.require_edit(int(char["seat_id"]))
    if int(char["ap"]) < RETREAT_MIN_AP or int(char["le"]) < RETREAT_MIN_LE:
        retreat_check(int(char["le"]), int(char["ap"]), (), ())  # refuses with the rule's own words
    if len(side["inactive"]) != 2 or not combat["community"]:
        raise RuleViolation(
            "retreat_refused", _("Retreat is checked on the board with the 2 inactive cards entered."), {}
        )
    result = retreat_check(
        int(char["le"]), int(char["ap"]), cards_of(side["inactive"]), cards_of(combat["community"])
    )
    if not result.success:
        raise RuleViolation(
            "retreat_refused",
            _(
                "Retreat needs two pair or better from the inactive cards and the board; "
                "%(who)s has %(hand)s (%(poker)s)."
            )
            % {"who": char["name"], "hand": result.hand.title, "poker": result.hand.category.common_name},
        )
    return char, result


def retreat(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.retreat {side_id}`` (§7.4.10): two pair from the inactive cards and the board."""
    fields(payload, ("side_id",))
    combat = block(ctx)
    side = side_of(combat, payload.get("side_id"))
    char, result = _passed_retreat(ctx, combat, side)
    before = {stat: int(char[stat]) for stat in ("le", "ap", "gold", "xp")}
    side_le = int(side["le"])
    earned = side["earned"]
    after = {
        "le": result.le,
        "ap": result.ap,
        # Retreating forfeits this exploration's rewards (§7.4.10): what the combat gave goes back.
        "gold": max(0, before["gold"] - int(earned["gold"])),
        "xp": max(0, before["xp"] - int(earned["xp"])),
    }
    for stat, value in after.items():
        ctx.do(counter_op(char, stat, value))
    set_side(ctx, side["id"], "earned", {"gold": 0, "xp": 0})
    set_side(ctx, side["id"], "status", "retreated")
    set_side(ctx, side["id"], "retreated", True)
    set_side(ctx, side["id"], "le", result.le)
    if combat["solo"] or len([s for s in combat["sides"] if s["kind"] == "player"]) == 1:
        # Single player: the threats are discarded (§7.4.10).
        ctx.rec.set(["combat", "street"], "over")
    settle_over(ctx)
    moved = {k: {"before": before[k], "after": v} for k, v in after.items() if before[k] != v}
    line = said.gettext_lazy(
        "%(who)s retreats with %(hand)s: %(changes)s",
        who=char["name"],
        hand=result.hand.title,
        changes=words.changes(moved),
    )
    if side_le != before["le"]:
        change = f"{side_le} \u2192 {result.le}"
        line = said.gettext_lazy("%(line)s (LE in the fight %(change)s)", line=line, change=change)
    if earned["gold"] or earned["xp"]:
        line = said.gettext_lazy("%(line)s (this exploration's gold and XP are forfeit)", line=line)
    return said.event("combat.retreated", head(char), line)


def end(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.end``: "until the end of the next combat" modifiers expire; the phase comes back."""
    fields(payload, ())
    require_host(ctx, gettext_noop("end the combat"))
    combat = block(ctx)
    won = not active_threats(combat) and not combat["queue"] and bool(players(combat))
    ended = session.pass_boundary(ctx, "combat")
    ctx.rec.set(["combat"], None)
    session.set_phase(ctx, combat["phase_before"])
    if won:
        line = said.gettext_lazy("Combat over: every threat despatched")
    else:
        line = said.gettext_lazy("Combat over: threats remain")
    if ended:
        gone = ", ".join(f"{m['character']} {m['stat']} {m['amount']:+d}" for m in ended)
        line = said.gettext_lazy("%(line)s; expired: %(modifiers)s", line=line, modifiers=gone)
    quest = combat.get("quest")
    if quest:
        # A Threat Manifestation challenge is decided by its solo combat (§9.1).
        hero = find_character(ctx.state, quest["character_id"])
        _unused, settled = challenges.finish_challenge(
            ctx, hero, quest["quest"], won, how=said.gettext_lazy("solo combat")
        )
        line = said.join([line, settled.get("said") or settled["line"]], ". ")
    return said.event("combat.ended", {"won": won}, line)
