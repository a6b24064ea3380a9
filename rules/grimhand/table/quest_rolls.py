"""Quest challenge rolls (§9.1).

- ``quest.challenge_roll`` ``{character_id, quest?, dice?}``: 4d6 (or the
  physical dice) read in the stature's column; refused before the quest's QP
  is reached, and while the current explore card is unresolved.
- ``quest.reroll`` costs 1 AP (§9.1).
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand.campaign import (
    gold_offering,
    quest_challenge,
    roll_quest_challenge,
    threat_manifestation_rank,
)
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.quests import Entry, active_quest, campaign_block, replace_quest, require_qp
from rules.grimhand.table.state import Character
from rules.i18n import gettext as _


def _roll(ctx: Ctx, char: Character, payload: Payload) -> dict[str, Any]:
    """4d6 (or the typed dice) read in the stature's column; a gold offering or a threat's rank (§9.1)."""
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
        level = int(campaign_block(ctx).get("level") or 0) or int(ctx.settings.get("explore_level", 1))
        out["gold"] = gold_offering(level)
    if roll.challenge == "Threat Manifestation":
        out["threat_rank"] = threat_manifestation_rank(roll.stature, ctx.tables)
    return out


def _require_moment(ctx: Ctx, quest: Entry) -> None:
    """A challenge waits for the current explore card; a retry for the next one (§9.1)."""
    camp = campaign_block(ctx)
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
    """``quest.challenge_roll``: the challenge once the QP is reached and the moment has come (§9.1)."""
    char = ctx.owned(payload)
    _unused, quest = active_quest(char, payload)
    require_qp(char, quest)
    _require_moment(ctx, quest)
    if quest["challenge"] is not None:
        raise RuleViolation(
            "already_rolled",
            _("The challenge is already rolled; a re-roll costs 1 AP (quest.reroll)."),
            {"quest": quest["name"]},
        )
    roll = _roll(ctx, char, payload)
    replace_quest(ctx, char, quest, {**quest, "challenge": roll})
    return "quest.challenge_rolled", {**head(char), "quest": quest["name"], "roll": roll}


def reroll(ctx: Ctx, payload: Payload) -> EventBody:
    """``quest.reroll``: the challenge rolled again for 1 AP (§9.1)."""
    char = ctx.owned(payload)
    _unused, quest = active_quest(char, payload)
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
    replace_quest(ctx, char, quest, {**quest, "challenge": roll})
    return "quest.challenge_rerolled", {
        **head(char),
        "quest": quest["name"],
        "roll": roll,
        "previous": quest["challenge"],
        "ap": {"before": ap, "after": ap - 1},
    }
