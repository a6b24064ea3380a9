"""Checks, meditation and healing (§10, §7.3, §7.5).

- ``check.roll {character_id, kind: strength | agility | affinity, affinity?, dice?}``:
  a Strength/Agility check rolls as many affinity dice as the current stat;
  each die of the character's affinity (or Wild) is a success, +1 when the
  explore card shares the character's affinity; every success +1 LE
  (Strength) or +1 AP (Agility) up to the maximum; no success still +1 but
  +1 Doubt. An affinity check rolls 5 dice: dice of the checked affinity and
  Wilds, +1 for a character of that affinity, +1 for the explore card's; 3
  pass. Two or more Wilds on any check: +1 Corruption.
- ``rest.meditate {character_id, choice: le | ap | both}``: +2 LE, +2 AP or +1/+1.
- ``rest.start`` / ``rest.end``: a rest between explore cards or in the preparation phase.
- ``rest.heal {character_id, le, gold?}``: LE bought with gold at the campaign's
  price per LE (a house setting: the rulebook prints no price).
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand import said
from rules.grimhand.cards import Affinity
from rules.grimhand.checks import CheckKind, Meditation, affinity_check, skill_check
from rules.grimhand.checks import meditate as meditation
from rules.grimhand.said import Said
from rules.grimhand.table import words
from rules.grimhand.table.catalogue import parse_affinity
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.session import (
    campaign,
    card_affinity,
    current_card,
    is_defeated,
    phase_words,
    require_phase,
    require_player,
    set_phase,
)
from rules.grimhand.table.state import Character, maximum
from rules.grimhand.table.typed_input import affinity_dice, face_names
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import fields, integer, optional_integer

CHECK_PHASES = ("explore", "preparation", "rest")
REST_PHASES = ("preparation", "rest")
MEDITATION = {"le": Meditation.LIFE, "ap": Meditation.ACTION, "both": Meditation.SPLIT}


def _in_quest(ctx: Ctx, char: Character) -> None:
    if is_defeated(ctx, char):
        raise RuleViolation(
            "defeated",
            _("%(who)s has left the quest (defeated).") % {"who": char["name"]},
            {"field": "character_id"},
        )


def _bump(ctx: Ctx, char: Character, stat: str, by: int) -> dict[str, int] | None:
    """Add ``by`` to a counter, LE/AP capped at the maximum; the change for the log (None if none)."""
    before = int(char[stat])
    after = max(0, before + by)
    top = maximum(char, stat)
    after = after if top is None else min(after, top)
    if after == before:
        return None
    ctx.do(counter_op(char, stat, after))
    return {"before": before, "after": after}


def run_check(
    ctx: Ctx, char: Character, kind: str, payload: Payload, checked: str | None = None
) -> dict[str, Any]:
    """Roll (or read) one check for ``char`` and apply it; the result for the event (§10)."""
    explore = card_affinity(ctx)
    explore_affinity = Affinity(explore) if explore else None
    own = Affinity(char["affinity"])
    changes: dict[str, Any] = {}
    if kind in ("strength", "agility"):
        count = int(char["derived"]["stats"][kind])
        check = (_("%(who)s's Strength check") if kind == "strength" else _("%(who)s's Agility check")) % {
            "who": char["name"]
        }
        dice = affinity_dice(ctx.rng, payload, count, check)
        pool = "le" if kind == "strength" else "ap"
        result = skill_check(
            CheckKind(kind),
            dice,
            own,
            explore_affinity,
            current=int(char[pool]),
            maximum=int(maximum(char, pool) or 0),
        )
        gain = result.le_gain if kind == "strength" else result.ap_gain
        changes[pool] = _bump(ctx, char, pool, gain) if gain else None
        if result.doubt_gain:
            changes["doubt"] = _bump(ctx, char, "doubt", result.doubt_gain)
        successes, passed, corruption = result.successes, result.successes > 0, result.corruption_gain
    elif kind == "affinity":
        target = Affinity(checked or char["affinity"])
        dice = affinity_dice(ctx.rng, payload, 5, _("%(who)s's affinity check") % {"who": char["name"]})
        aff = affinity_check(dice, target, own, explore_affinity)
        successes, passed, corruption = aff.successes, aff.passed, aff.corruption_gain
    else:
        raise RuleViolation("bad_field", _("A check is strength, agility or affinity."), {"field": "kind"})
    if corruption:
        changes["corruption"] = _bump(ctx, char, "corruption", corruption)
    return {
        "kind": kind,
        "affinity": checked if kind == "affinity" else None,
        "dice": [d.value for d in dice],
        "faces": face_names(dice),
        "successes": successes,
        "passed": passed,
        "changes": {k: v for k, v in changes.items() if v is not None},
        "explore_bonus": explore == char["affinity"],
    }


def check_words(char: Character, result: dict[str, Any], *, stop: bool = True) -> Said:
    """ "Grum's Strength check: Iron, Wild, Bone: 2 successes, LE 9 → 11." (worded when shown)"""
    kind = result["kind"]
    n = result["successes"]
    values = {
        "who": char["name"],
        "faces": ", ".join(result["faces"]),
        "successes": said.ngettext_lazy("%(n)s success", "%(n)s successes", n, n=n),
    }
    parts: list[Any]
    if kind == "affinity":
        parts = [
            said.gettext_lazy(
                "%(who)s's %(affinity)s affinity check: %(faces)s: %(successes)s",
                affinity=result["affinity"],
                **values,
            ),
            said.gettext_lazy("passed") if result["passed"] else said.gettext_lazy("failed"),
        ]
    elif kind == "strength":
        parts = [said.gettext_lazy("%(who)s's Strength check: %(faces)s: %(successes)s", **values)]
    elif kind == "agility":
        parts = [said.gettext_lazy("%(who)s's Agility check: %(faces)s: %(successes)s", **values)]
    else:
        parts = [
            said.gettext_lazy(
                "%(who)s's %(check)s check: %(faces)s: %(successes)s", check=kind.capitalize(), **values
            )
        ]
    for stat, change in result["changes"].items():
        parts.append(words.moved(stat, change["before"], change["after"]))
    joined = said.join(parts)
    return said.gettext_lazy("%(line)s.", line=joined) if stop else joined


def check_roll(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ("character_id", "kind", "affinity", "dice"))
    require_phase(ctx, *CHECK_PHASES, doing=gettext_noop("roll a check"))
    char = ctx.owned(payload)
    _in_quest(ctx, char)
    kind = payload.get("kind")
    if kind not in ("strength", "agility", "affinity"):
        raise RuleViolation("bad_field", _("A check is strength, agility or affinity."), {"field": "kind"})
    checked = None
    if kind == "affinity":
        checked = parse_affinity(payload.get("affinity") or char["affinity"], "bad_field")
    result = run_check(ctx, char, str(kind), payload, checked)
    return said.event("check.rolled", {**head(char), "check": result}, check_words(char, result))


def meditate(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ("character_id", "choice"))
    require_phase(ctx, *REST_PHASES, doing=gettext_noop("meditate"))
    char = ctx.owned(payload)
    _in_quest(ctx, char)
    choice = payload.get("choice")
    if choice not in MEDITATION:
        raise RuleViolation("bad_field", _("Meditate for LE, AP or both."), {"field": "choice"})
    top_le, top_ap = int(maximum(char, "le") or 0), int(maximum(char, "ap") or 0)
    result = meditation(
        MEDITATION[str(choice)], le=int(char["le"]), max_le=top_le, ap=int(char["ap"]), max_ap=top_ap
    )
    if not result.le_gain and not result.ap_gain:
        raise RuleViolation(
            "no_change",
            _("%(who)s's LE and AP are already full.") % {"who": char["name"]},
            {"field": "choice"},
        )
    changes = {
        k: v
        for k, v in (
            ("le", _bump(ctx, char, "le", result.le_gain)),
            ("ap", _bump(ctx, char, "ap", result.ap_gain)),
        )
        if v
    }
    line = said.gettext_lazy(
        "%(who)s meditates: %(changes)s.", who=char["name"], changes=words.changes(changes)
    )
    return said.event("rest.meditated", {**head(char), "choice": choice, "changes": changes}, line)


def heal(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ("character_id", "le", "gold"))
    require_phase(ctx, *REST_PHASES, doing=gettext_noop("buy healing"))
    char = ctx.owned(payload)
    _in_quest(ctx, char)
    le = integer(payload, "le", "The LE to heal", 1, 1000)
    price = int(ctx.settings.get("heal_gold_per_le", 2))
    cost = le * price
    offered = optional_integer(payload, "gold", "The gold paid", 0, 10**9)
    if offered is not None and offered != cost:
        raise RuleViolation(
            "wrong_price",
            _("%(le)s LE costs %(cost)s gold at this table (%(price)s per LE).")
            % {"le": le, "cost": cost, "price": price},
            {"field": "gold"},
        )
    missing = int(maximum(char, "le") or 0) - int(char["le"])
    if le > missing:
        raise RuleViolation(
            "above_max",
            _("%(who)s is only %(missing)s LE below the maximum.")
            % {"who": char["name"], "missing": missing},
            {"field": "le"},
        )
    if int(char["gold"]) < cost:
        raise RuleViolation(
            "not_enough_gold",
            _("%(le)s LE costs %(cost)s gold; %(who)s has %(gold)s.")
            % {"le": le, "cost": cost, "who": char["name"], "gold": char["gold"]},
            {"field": "le"},
        )
    gold = _bump(ctx, char, "gold", -cost) or {"before": char["gold"], "after": char["gold"]}
    life = _bump(ctx, char, "le", le) or {"before": char["le"], "after": char["le"]}
    line = said.gettext_lazy(
        "%(who)s pays %(cost)s gold to heal %(le)s LE (LE %(life)s, gold %(gold)s).",
        who=char["name"],
        cost=cost,
        le=le,
        life=f"{life['before']} \u2192 {life['after']}",
        gold=f"{gold['before']} \u2192 {gold['after']}",
    )
    return said.event("rest.healed", {**head(char), "le": le, "gold": cost}, line)


def start_rest(ctx: Ctx, payload: Payload) -> EventBody:
    """The party rests (§7.5): checks, meditation, healing; then it goes on where it was."""
    fields(payload, ())
    require_player(ctx)
    require_phase(ctx, "explore", "preparation", doing=gettext_noop("rest"))
    card = current_card(ctx)
    if card is not None and not card["resolved"] and campaign(ctx)["phase"] == "explore":
        raise RuleViolation(
            "card_unresolved", _("Resolve %(card)s before resting.") % {"card": card["name"]}, {"field": ""}
        )
    ctx.rec.set(["campaign", "rest_from"], campaign(ctx)["phase"])
    set_phase(ctx, "rest")
    return said.event(
        "rest.started", {}, said.gettext_lazy("The party rests: checks, meditation and healing.")
    )


def end_rest(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ())
    require_player(ctx)
    require_phase(ctx, "rest", doing=gettext_noop("end the rest"))
    back = str(campaign(ctx).get("rest_from") or "explore")
    ctx.rec.delete(["campaign", "rest_from"])
    set_phase(ctx, back)
    return said.event(
        "rest.ended", {}, said.gettext_lazy("The rest is over: %(phase)s.", phase=phase_words(ctx))
    )
