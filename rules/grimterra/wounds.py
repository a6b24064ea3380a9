"""Wounds and dark counters (rulebook 2, 7): dealt, removed and moved, and what follows from them.

Wounds and dark counters are usually dealt by the *other* player's card, so
these are anyone's at the table; flips, deaths and the win are worked out by
``rules.grimterra.resolve``.
"""

from __future__ import annotations

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimterra import resolve
from rules.grimterra import validate as v
from rules.grimterra.common import any_hero
from rules.grimterra.resolve import who
from rules.grimterra.state import Hero, hero_path, refuse_when_over
from rules.i18n import gettext as _
from rules.i18n import ngettext


def _health_now(hero: Hero) -> int:
    return int(hero["empowered_health"] if hero["side"] == "empowered" else hero["health"])


def wound(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.wound {hero_id, amount}``: wounds accumulate on the current side (rulebook 2, Wounds; 7).

    A normal hero whose wounds reach its Health flips at the end of the
    combat round (at once outside combat); an empowered hero whose wounds
    reach its Empowered Health dies.
    """
    p = v.fields(payload, ("hero_id", "amount"))
    amount = v.integer(p, "amount", _("The wounds"), 1, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    hero = any_hero(ctx, p)
    side = hero["side"]
    of = _health_now(hero)
    before = int(hero["wounds"])
    after = ctx.rec.add(hero_path(int(hero["id"]), "wounds"), amount)
    result = resolve.aftermath(ctx)
    return "hero.wounded", {
        **who(hero),
        "amount": amount,
        "side": side,
        "before": before,
        "after": after,
        "out_of": of,
        "result": result,
    }


def heal(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.heal {hero_id, amount}``: a card removes wounds (rulebook 2, Wounds)."""
    p = v.fields(payload, ("hero_id", "amount"))
    amount = v.integer(p, "amount", _("The wounds removed"), 1, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    hero = any_hero(ctx, p)
    before = int(hero["wounds"])
    if before == 0:
        raise RuleViolation(
            "no_wounds", _("%(name)s has no wounds.") % {"name": hero["name"]}, {"field": "hero_id"}
        )
    after = ctx.rec.add(hero_path(int(hero["id"]), "wounds"), -amount, lo=0)
    return "hero.healed", {
        **who(hero),
        "before": before,
        "after": after,
        "out_of": _health_now(hero),
        "result": resolve.aftermath(ctx),
    }


def dark(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.dark {hero_id, by}``: dark counters only grow; 6 or more kill at once (rulebook 2)."""
    p = v.fields(payload, ("hero_id", "by"))
    by = v.integer(p, "by", _("The dark counters"), 1, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    hero = any_hero(ctx, p)
    before = int(hero["dark"])
    after = ctx.rec.add(hero_path(int(hero["id"]), "dark"), by)
    result = resolve.aftermath(ctx)
    return "hero.darkened", {**who(hero), "by": by, "before": before, "after": after, "result": result}


def move_dark(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.move_dark {from_id, to_id, count}``: a card shifts dark counters onto another hero (rulebook 2).

    Counters can come off a dead hero too (they are never removed, only
    moved); the hero receiving them must be alive, and dies at 6 or more.
    """
    p = v.fields(payload, ("from_id", "to_id", "count"))
    count = v.integer(p, "count", _("The dark counters moved"), 1, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    source = any_hero(ctx, p, "from_id", living=False)
    target = any_hero(ctx, p, "to_id")
    if source["id"] == target["id"]:
        raise RuleViolation("same_hero", _("Move dark counters to another hero."), {"field": "to_id"})
    if source["dark"] < count:
        raise RuleViolation(
            "not_enough_dark",
            ngettext(
                "%(name)s has only %(n)s dark counter.",
                "%(name)s has only %(n)s dark counters.",
                source["dark"],
            )
            % {"name": source["name"], "n": source["dark"]},
            {"field": "count", "dark": source["dark"]},
        )
    from_before = int(source["dark"])
    to_before = int(target["dark"])
    ctx.rec.add(hero_path(int(source["id"]), "dark"), -count)
    ctx.rec.add(hero_path(int(target["id"]), "dark"), count)
    return "hero.dark_moved", {
        "count": count,
        "from": {**who(source), "before": from_before, "after": from_before - count},
        "to": {**who(target), "before": to_before, "after": to_before + count},
        "result": resolve.aftermath(ctx),
    }
