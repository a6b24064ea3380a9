"""Quests: take one, gain QP (§9.1); the helpers the challenge modules share.

Quests:
- ``quest.take`` ``{character_id, quest}``: open to a character of the quest's
  affinity once it has reached the quest's stature.
- ``quest.progress`` ``{character_id, by}`` or ``{character_id, explore_rank,
  explore_affinity}``: QP; a resolved explore card gives its rank to the
  characters of its affinity (§9.1). QP is the character's running score.

The challenge is rolled in ``quest_rolls`` and settled in ``quest_outcomes``;
stature abilities (§9) are in ``stature_abilities``.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload, require
from rules.errors import RuleViolation
from rules.grimhand.table.availability import StatureOrder, quest_block
from rules.grimhand.table.catalogue import parse_affinity
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.state import Character
from rules.i18n import gettext as _

Entry = dict[str, Any]


def take(ctx: Ctx, payload: Payload) -> EventBody:
    """``quest.take``: a quest of the character's affinity, open once its stature is reached (§9.1)."""
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


def active_quest(char: Character, payload: Payload) -> tuple[int, Entry]:
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


def replace_quest(ctx: Ctx, char: Character, before: Entry, after: Entry) -> None:
    """One quest entry swapped for its changed copy (an invertible list op)."""
    ctx.do(
        {"op": "list_replace", "character_id": char["id"], "list": "quests", "before": before, "after": after}
    )


def progress(ctx: Ctx, payload: Payload) -> EventBody:
    """``quest.progress``: QP by hand, or a resolved explore card's rank for its affinity (§9.1)."""
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


def require_qp(char: Character, quest: Entry) -> None:
    """A challenge waits until the quest's QP is reached (§9.1)."""
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


def campaign_block(ctx: Ctx) -> dict[str, Any]:
    """The snapshot's campaign block (empty for a sheet kept without a campaign)."""
    block: dict[str, Any] = ctx.state.get("campaign") or {}
    return block
