"""Quest outcomes: complete or fail a quest and apply its effects (§9.1).

- ``quest.complete`` / ``quest.fail`` apply the quest's success or failure
  effects. After a failure the quest stays open for a later challenge (§9.1:
  "players may attempt another Quest Challenge"), unless ``give_up: true``.

Effects: a counter now (LE/AP capped at max, nothing below 0); a stat for good
(permanent modifier) or for a while (temporary modifier with its expiry); what
the sheet cannot compute (damage taken, hand size...) is listed as a reminder.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand.table.catalogue import EffectFacts
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.quests import active_quest, campaign_block, replace_quest, require_qp
from rules.grimhand.table.state import COUNTERS, STAT_NAMES, Character, characters, maximum
from rules.i18n import gettext as _
from rules.validate import fields, flag, text


def _modifier_id(ctx: Ctx, char: Character) -> int:
    """A new modifier id, unused on the character."""
    return ctx.new_id(31, lambda v: any(m["id"] == v for m in char["modifiers"]))


def apply_effect(ctx: Ctx, char: Character, effect: EffectFacts, source: str) -> dict[str, Any]:
    """One quest effect on one character, recorded for the log."""
    note: dict[str, Any] = {
        "character_id": char["id"],
        "character": char["name"],
        "stat": effect.stat,
        "amount": effect.amount,
    }
    if effect.duration == "now" and effect.stat in COUNTERS:
        top = maximum(char, effect.stat)
        before = int(char[effect.stat])
        after = max(0, before + effect.amount)
        after = after if top is None else min(after, top)
        if after != before:
            ctx.do(counter_op(char, effect.stat, after))
        return {**note, "kind": "counter", "before": before, "after": after}
    expiry = None if effect.duration == "permanent" else effect.duration
    modifier = {
        "id": _modifier_id(ctx, char),
        "stat": effect.stat,
        "amount": effect.amount,
        "source": source,
        "expiry": expiry,
    }
    if effect.stat not in STAT_NAMES:
        modifier["reminder"] = True  # listed on the sheet, not computed
    ctx.do({"op": "list_add", "character_id": char["id"], "list": "modifiers", "entry": modifier})
    return {**note, "kind": "reminder" if modifier.get("reminder") else "modifier", "expiry": expiry}


def complete(ctx: Ctx, payload: Payload) -> EventBody:
    """Only a passed challenge completes a quest (§9.1): ``quest.resolve`` or the solo combat does it.

    ``{override: true, note}`` completes it by hand (a printed card says so),
    whatever its challenge, and the log says it was an override and why.
    """
    fields(payload, ("character_id", "quest", "override", "note"))
    char = ctx.owned(payload)
    index, quest = active_quest(char, payload)
    challenge = quest["challenge"] or {}
    if flag(payload, "override", "override"):
        note = text(payload, "note", "A note (why the quest is done)", 120)
        event_type, body = settle_quest(ctx, char, index, True)
        kind = challenge.get("challenge")
        return event_type, {**body, "override": True, "note": note, "challenge": kind}
    require_qp(char, quest)
    if not challenge:
        raise RuleViolation(
            "challenge_needed",
            _(
                "Roll %(quest)s's challenge first: a quest is completed by passing its "
                "challenge (§9.1). A card that completes it anyway: complete it by hand "
                "with a note."
            )
            % {"quest": quest["name"]},
            {"quest": quest["name"], "field": ""},
        )
    solo = challenge["challenge"] == "Threat Manifestation"
    how = "fight it alone (a solo combat)" if solo else "resolve it"
    raise RuleViolation(
        "challenge_not_passed",
        _(
            "%(quest)s's %(challenge)s is not passed yet: %(how)s (§9.1). A card "
            "that completes the quest anyway: complete it by hand with a note."
        )
        % {"quest": quest["name"], "challenge": challenge["challenge"], "how": how},
        {"quest": quest["name"], "challenge": challenge["challenge"], "field": ""},
    )


def fail(ctx: Ctx, payload: Payload) -> EventBody:
    """The players give the challenge up: the quest's penalty; it stays open for a later try unless
    ``give_up`` (§9.1: "players may attempt another Quest Challenge")."""
    fields(payload, ("character_id", "quest", "give_up"))
    char = ctx.owned(payload)
    index, quest = active_quest(char, payload)
    give_up = flag(payload, "give_up", "give_up")
    require_qp(char, quest)
    if quest["challenge"] is None and not give_up:
        raise RuleViolation(
            "challenge_needed",
            _("Roll %(quest)s's challenge first: a quest is completed or failed by its challenge (§9.1).")
            % {"quest": quest["name"]},
            {"quest": quest["name"]},
        )
    return settle_quest(ctx, char, index, False, give_up=give_up)


def settle_quest(ctx: Ctx, char: Character, index: int, success: bool, *, give_up: bool = False) -> EventBody:
    """Apply the quest's reward or penalty and close or reopen it (§9.1)."""
    quest = char["quests"][index]
    facts = ctx.catalogue.quest(quest["name"])
    effects = facts.success_effects if success else facts.failure_effects
    source = f"quest {facts.name}"
    applied: list[dict[str, Any]] = []
    for effect in effects:
        targets = [char] if effect.who == "self" else list(characters(ctx.state).values())
        applied.extend(apply_effect(ctx, target, effect, source) for target in targets)
    current = char["quests"][index]
    if success:
        after = {**current, "status": "completed"}
    elif give_up:
        after = {**current, "status": "failed", "failures": current["failures"] + 1}
    else:
        after = {**current, "challenge": None, "failures": current["failures"] + 1,
                 "retry_after": int(campaign_block(ctx).get("resolved", 0))}  # fmt: skip
    replace_quest(ctx, char, current, after)
    text = facts.success_text if success else facts.failure_text
    body = {**head(char), "quest": facts.name, "status": after["status"], "text": text, "effects": applied}
    return ("quest.completed" if success else "quest.failed"), body
