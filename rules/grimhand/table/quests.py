"""Quests and stature abilities (§9, §9.1).

Quests:
- ``quest.take`` ``{character_id, quest}``: open to a character of the quest's
  affinity once it has reached the quest's stature.
- ``quest.progress`` ``{character_id, by}`` or ``{character_id, explore_rank,
  explore_affinity}``: QP; a resolved explore card gives its rank to the
  characters of its affinity (§9.1). QP is the character's running score.
- ``quest.challenge_roll`` ``{character_id, quest?, dice?}``: 4d6 (or the
  physical dice) read in the stature's column; refused before the quest's QP
  is reached. ``quest.reroll`` costs 1 AP (§9.1).
- ``quest.complete`` / ``quest.fail`` apply the quest's success or failure
  effects. After a failure the quest stays open for a later challenge (§9.1:
  "players may attempt another Quest Challenge"), unless ``give_up: true``.

Effects: a counter now (LE/AP capped at max, nothing below 0); a stat for good
(permanent modifier) or for a while (temporary modifier with its expiry); what
the sheet cannot compute (damage taken, hand size...) is listed as a reminder.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload, require
from rules.errors import RuleViolation
from rules.grimhand.campaign import (
    gold_offering,
    quest_challenge,
    roll_quest_challenge,
    threat_manifestation_rank,
)
from rules.grimhand.table.availability import StatureOrder, ability_block, quest_block
from rules.grimhand.table.catalogue import EffectFacts, parse_affinity
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.state import COUNTERS, STAT_NAMES, Character, characters, maximum
from rules.i18n import gettext as _
from rules.validate import fields, flag, text

Entry = dict[str, Any]


def take(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    facts = ctx.catalogue.quest(require(payload, "quest", str, "A quest"))
    block = quest_block(StatureOrder(ctx.tables), char, facts)
    if block == "taken":
        raise RuleViolation(
            "quest_taken",
            _("%(who)s has already taken %(name)s.") % {"who": char["name"], "name": facts.name},
            {"quest": facts.name},
        )
    if block == "affinity":
        raise RuleViolation(
            "quest_unavailable",
            _("%(name)s is a %(affinity)s quest; %(who)s is of %(affinity2)s.")
            % {
                "name": facts.name,
                "affinity": facts.affinity,
                "who": char["name"],
                "affinity2": char["affinity"],
            },
            {"quest": facts.name, "reason": "affinity"},
        )
    if block == "stature":
        raise RuleViolation(
            "quest_unavailable",
            _("%(name)s opens at %(stature)s stature; %(who)s is %(value)s.")
            % {
                "name": facts.name,
                "stature": facts.stature,
                "who": char["name"],
                "value": char["derived"]["stature"],
            },
            {"quest": facts.name, "reason": "stature"},
        )
    entry: Entry = {
        "name": facts.name,
        "affinity": facts.affinity,
        "stature": facts.stature,
        "qp_needed": facts.qp_needed,
        "status": "active",
        "challenge": None,
        "failures": 0,
    }
    ctx.do({"op": "list_add", "character_id": char["id"], "list": "quests", "entry": entry})
    return "quest.taken", {**head(char), "quest": facts.name, "qp_needed": facts.qp_needed}


def _active(char: Character, payload: Payload) -> tuple[int, Entry]:
    """The quest a payload means: named, or the only active one."""
    name = payload.get("quest")
    active = [(i, q) for i, q in enumerate(char["quests"]) if q["status"] == "active"]
    if name is not None:
        active = [(i, q) for i, q in active if q["name"].lower() == str(name).lower()]
    if len(active) == 1:
        return active[0]
    if not active:
        raise RuleViolation(
            "no_active_quest",
            _("%(who)s has no such quest under way.") % {"who": char["name"]},
            {"quest": name},
        )
    raise RuleViolation("which_quest", _("Say which quest (quest)."), {"field": "quest"})


def _replace(ctx: Ctx, char: Character, before: Entry, after: Entry) -> None:
    ctx.do(
        {"op": "list_replace", "character_id": char["id"], "list": "quests", "before": before, "after": after}
    )


def progress(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    if "explore_rank" in payload:
        rank = require(payload, "explore_rank", int, "explore_rank")
        if not 1 <= rank <= 10:
            raise RuleViolation(
                "bad_field", _("An explore card's rank runs from 1 to 10."), {"field": "explore_rank"}
            )
        card = parse_affinity(require(payload, "explore_affinity", str, "explore_affinity"))
        by = rank if card == char["affinity"] else 0
        if not by:
            raise RuleViolation(
                "no_change",
                _("Only characters of %(card)s gain QP from that card (§9.1).") % {"card": card},
                {"field": "explore_affinity"},
            )
    else:
        by = require(payload, "by", int, "The amount")
        if by <= 0:
            raise RuleViolation(
                "bad_field",
                _("Quest points only go up; use character.adjust to correct them."),
                {"field": "by"},
            )
    before = int(char["qp"])
    ctx.do(counter_op(char, "qp", before + by))
    return "quest.progressed", {**head(char), "by": by, "before": before, "after": before + by}


def _require_qp(char: Character, quest: Entry) -> None:
    if char["qp"] < quest["qp_needed"]:
        raise RuleViolation(
            "qp_not_reached",
            _("%(quest)s needs %(qp_needed)s QP before its challenge; %(who)s has %(qp)s.")
            % {
                "quest": quest["name"],
                "qp_needed": quest["qp_needed"],
                "who": char["name"],
                "qp": char["qp"],
            },
            {"quest": quest["name"], "qp": char["qp"], "qp_needed": quest["qp_needed"]},
        )


def _roll(ctx: Ctx, char: Character, payload: Payload) -> dict[str, Any]:
    stature = char["derived"]["stature"]
    dice = payload.get("dice")
    if dice is None:
        roll = roll_quest_challenge(ctx.rng, stature, ctx.tables)
    else:
        if not isinstance(dice, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) for d in dice
        ):
            raise RuleViolation("bad_field", _("dice must be four numbers from 1 to 6."), {"field": "dice"})
        roll = quest_challenge(dice, stature, ctx.tables)
    out: dict[str, Any] = {
        "dice": list(roll.dice),
        "total": roll.total,
        "stature": roll.stature,
        "challenge": roll.challenge,
    }
    if roll.challenge == "Gold Offering":
        level = int(_campaign(ctx).get("level") or 0) or int(ctx.settings.get("explore_level", 1))
        out["gold"] = gold_offering(level)
    if roll.challenge == "Threat Manifestation":
        out["threat_rank"] = threat_manifestation_rank(roll.stature, ctx.tables)
    return out


def _campaign(ctx: Ctx) -> dict[str, Any]:
    block: dict[str, Any] = ctx.state.get("campaign") or {}
    return block


def _require_moment(ctx: Ctx, quest: Entry) -> None:
    """A challenge waits for the current explore card; a retry for the next one (§9.1)."""
    camp = _campaign(ctx)
    if camp.get("phase", "setup") == "setup":
        return  # a sheet kept without a campaign at the table: the players judge the moment
    cards = camp.get("explore") or []
    if camp.get("phase") in ("explore", "combat") and cards and not cards[-1]["resolved"]:
        raise RuleViolation(
            "card_unresolved",
            _("The challenge waits until %(value)s is resolved (§9.1).") % {"value": cards[-1]["name"]},
            {"quest": quest["name"]},
        )
    after = quest.get("retry_after")
    if after is not None and int(camp.get("resolved", 0)) <= int(after):
        raise RuleViolation(
            "retry_later",
            _(
                "After a failed challenge, %(quest)s can be tried again once the next "
                "explore card is resolved (§9.1)."
            )
            % {"quest": quest["name"]},
            {"quest": quest["name"]},
        )


def challenge_roll(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    _unused, quest = _active(char, payload)
    _require_qp(char, quest)
    _require_moment(ctx, quest)
    if quest["challenge"] is not None:
        raise RuleViolation(
            "already_rolled",
            _("The challenge is already rolled; a re-roll costs 1 AP (quest.reroll)."),
            {"quest": quest["name"]},
        )
    roll = _roll(ctx, char, payload)
    _replace(ctx, char, quest, {**quest, "challenge": roll})
    return "quest.challenge_rolled", {**head(char), "quest": quest["name"], "roll": roll}


def reroll(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    _unused, quest = _active(char, payload)
    if quest["challenge"] is None:
        raise RuleViolation(
            "not_rolled", _("Roll the challenge first (quest.challenge_roll)."), {"quest": quest["name"]}
        )
    if char["ap"] < 1:
        raise RuleViolation(
            "not_enough_ap", _("A re-roll costs 1 AP and you have none (§9.1)."), {"ap": char["ap"]}
        )
    ap = int(char["ap"])
    ctx.do(counter_op(char, "ap", ap - 1))
    roll = _roll(ctx, char, payload)
    _replace(ctx, char, quest, {**quest, "challenge": roll})
    return "quest.challenge_rerolled", {
        **head(char),
        "quest": quest["name"],
        "roll": roll,
        "previous": quest["challenge"],
        "ap": {"before": ap, "after": ap - 1},
    }


def _modifier_id(ctx: Ctx, char: Character) -> int:
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
    index, quest = _active(char, payload)
    challenge = quest["challenge"] or {}
    if flag(payload, "override", "override"):
        note = text(payload, "note", "A note (why the quest is done)", 120)
        event_type, body = settle_quest(ctx, char, index, True)
        kind = challenge.get("challenge")
        return event_type, {**body, "override": True, "note": note, "challenge": kind}
    _require_qp(char, quest)
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
    index, quest = _active(char, payload)
    give_up = flag(payload, "give_up", "give_up")
    _require_qp(char, quest)
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
                 "retry_after": int(_campaign(ctx).get("resolved", 0))}  # fmt: skip
    _replace(ctx, char, current, after)
    text = facts.success_text if success else facts.failure_text
    body = {**head(char), "quest": facts.name, "status": after["status"], "text": text, "effects": applied}
    return ("quest.completed" if success else "quest.failed"), body


# --- stature abilities (§9) -------------------------------------------------------


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
