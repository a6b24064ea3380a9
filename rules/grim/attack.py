"""An Attack resolved: its Target(s), Stamina, damage, the Statuses it uses up, side damage, Knockouts
(rulebook: The Turns, If Attacking; The Elements & Attack Resolution; The Status & Spirit Bonus).

``damage`` is the Attack's printed base damage and ``element`` the one it is
launched with (the Grim's own or its attached one). The Attacker pays half
the base damage in Stamina, rounded up, once, even when the Target turns out
Immune (The Reaction) and when it hits two Targets. Damage follows
``rules.grim.damage``, each Target calculated on its own (FAQ: "there are two
'calculated Attack damages' involved"). Then the Statuses that triggered
clear; Grapple deals half the damage to the Attacker's Ally and Confusion
half to the Attacker (rounded up), and every Grim brought to 0 Health is
knocked out (the Targets first, FAQ: "the damage will hit the Opponent of
that Grim first").

Reading (docs/rules/grim.md): with two Targets, the Attacker's own Status
(Burn, Fear, Grapple, Confusion) counts for the first Target's calculation
only (FAQ: a Grapple Reaction "only applies to one of those damage calcs").
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx
from rules.grim import turns
from rules.grim import validate as v
from rules.grim.common import card, knockouts, who
from rules.grim.damage import compute, cost_of, half_up
from rules.grim.state import Grim, ally_of, elements_of, find_grim, grim_path
from rules.i18n import gettext as _

ATTACKER_CLEARS = ("Burn", "Fear", "Freeze", "Grapple", "Confusion")
"""Statuses on the Attacker that its Attack uses up (Freeze: "or otherwise Attacks")."""
TARGET_CLEARS = ("Blight", "Curse")
"""Statuses on the Target that the next Attack against it uses up, even if it is Immune."""
SPREAD_BONUS = "Earth"
"""The Spirit Bonus whose next Attack "targets both enemy Grim using the same Element"."""


def _targets(ctx: Ctx, p: Payload, attacker: Grim, allows: bool) -> list[Grim]:
    """The Target, and the second one when the Attack hits both enemy Grim; refused if one is the
    Attacker, its Ally (unless a card allows it) or the same Grim twice."""
    targets = [find_grim(ctx.state, v.grim_id(p, "target_id"), field="target_id")]
    if p.get("second_target_id") is not None:
        second = find_grim(ctx.state, v.grim_id(p, "second_target_id"), field="second_target_id")
        if second["id"] == targets[0]["id"]:
            raise RuleViolation(
                "same_target", _("The second Target must be another Grim."), {"field": "second_target_id"}
            )
        if not allows and attacker["spirit_bonus"] != SPREAD_BONUS:
            raise RuleViolation(
                "one_target",
                _(
                    "An Attack has one Target; both enemy Grim only with the Earth Spirit Bonus or a "
                    "card (tick %(card)s)."
                )
                % {"card": card()},
                {"field": "second_target_id"},
            )
        targets.append(second)
    for key, target in zip(("target_id", "second_target_id"), targets, strict=False):
        if target["id"] == attacker["id"]:
            raise RuleViolation("self_target", _("A Grim cannot Attack itself."), {"field": key})
        if target["seat_id"] == attacker["seat_id"] and not allows:
            raise RuleViolation(
                "ally_target",
                _("%(grim)s cannot Attack its Ally %(ally)s unless a card says so (tick %(card)s).")
                % {"grim": attacker["name"], "ally": target["name"], "card": card()},
                {"field": key},
            )
    return targets


def _check_attacker(attacker: Grim, element: str, base: int, allows: bool) -> int:
    """The Element must be the Attacker's, a Frozen Grim cannot choose its higher Attack, and the
    Stamina must cover the cost; the cost."""
    if element not in elements_of(attacker):
        raise RuleViolation(
            "not_its_element",
            _("%(grim)s can only Attack with %(elements)s.")
            % {"grim": attacker["name"], "elements": _(" or ").join(elements_of(attacker))},
            {"field": "element", "elements": elements_of(attacker)},
        )
    printed = [int(a) for a in attacker.get("attacks") or []]
    if attacker["status"] == "Freeze" and not allows and len(set(printed)) == 2 and base >= max(printed):
        raise RuleViolation(
            "frozen",
            _(
                "%(grim)s is Frozen: it cannot choose its higher Attack (%(high)s); its lower one "
                "(%(low)s) is open."
            )
            % {"grim": attacker["name"], "high": max(printed), "low": min(printed)},
            {"field": "damage"},
        )
    cost = cost_of(base)
    if attacker["stamina"] < cost:
        raise RuleViolation(
            "not_enough_stamina",
            _("%(grim)s has %(n)s Stamina; this Attack costs %(cost)s.")
            % {"grim": attacker["name"], "n": attacker["stamina"], "cost": cost},
            {"field": "damage", "cost": cost, "stamina": attacker["stamina"]},
        )
    return cost


def _hit(ctx: Ctx, target: Grim, status: str | None, p: dict[str, Any]) -> dict[str, Any]:
    """One calculated Attack damage against one Target, recorded; what the log needs."""
    result = compute(
        p["base"],
        p["element"],
        elements_of(target),
        attacker_status=status,
        target_status=target["status"],
        strong=p["strong"],
        weak=p["weak"],
        flat=p["flat"],
        fire_bonus=p["fire_bonus"],
    )
    tid = int(target["id"])
    before = int(target["health"])
    after = ctx.rec.add(grim_path(tid, "health"), -result.amount, lo=0)
    cleared = None
    if target["status"] in TARGET_CLEARS:
        cleared = {**who(target), "status": target["status"]}
        ctx.rec.set(grim_path(tid, "status"), None)
    return {
        "target_id": tid,
        "target": target["name"],
        "target_seat_id": target["seat_id"],
        "damage": result.amount,
        "missed": result.missed,
        "result": result.result,
        "breakdown": result.breakdown,
        "health_before": before,
        "health_after": after,
        "cleared": cleared,
    }


def read_attack(p: Payload) -> dict[str, Any]:
    """The Attack's own numbers from the payload, checked before anything about the table."""
    calc: dict[str, Any] = {
        "base": v.integer(p, "damage", _("The Attack's base damage"), 0, v.MAX_NUMBER),
        "element": v.required_element(p),
        "strong": v.flag(p, "strong", _("Strong")),
        "weak": v.flag(p, "weak", _("Weak")),
        "flat": v.integer(p, "flat", _("The flat modifier"), -v.MAX_NUMBER, v.MAX_NUMBER, default=0),
    }
    if calc["strong"] and calc["weak"]:
        raise RuleViolation(
            "strong_and_weak", _("An Attack cannot be forced both Strong and Weak."), {"field": "weak"}
        )
    return calc


def resolve_attack(
    ctx: Ctx, p: Payload, calc: dict[str, Any], attacker: Grim, allows: bool
) -> dict[str, Any]:
    """Check and record the Attack read by ``read_attack``; the event body (the first Target's
    numbers at the top level)."""
    base, element = int(calc["base"]), str(calc["element"])
    targets = _targets(ctx, p, attacker, allows)
    cost = _check_attacker(attacker, element, base, allows)
    aid = int(attacker["id"])
    status = attacker["status"]
    bonus = attacker["spirit_bonus"]
    stamina_before = int(attacker["stamina"])
    ctx.rec.add(grim_path(aid, "stamina"), -cost)
    calc = {**calc, "fire_bonus": bonus == "Fire"}
    hits = [_hit(ctx, t, status if i == 0 else None, calc) for i, t in enumerate(targets)]
    cleared = [h["cleared"] for h in hits if h["cleared"]]
    if status in ATTACKER_CLEARS:
        ctx.rec.set(grim_path(aid, "status"), None)
        cleared.insert(0, {**who(attacker), "status": status})
    if bonus in ("Fire", SPREAD_BONUS):
        ctx.rec.set(grim_path(aid, "spirit_bonus"), None)
    hurt: list[tuple[Grim, int]] = []
    dark = False
    for target, h in zip(targets, hits, strict=True):
        # Dark: the next Knockout by an Attack counts as two, "not via ... self or Ally damage".
        doubled = bonus == "Dark" and not dark and h["health_after"] <= 0
        doubled = doubled and target["seat_id"] != attacker["seat_id"]
        dark = dark or doubled
        hurt.append((target, 2 if doubled else 1))
    if dark:
        ctx.rec.set(grim_path(aid, "spirit_bonus"), None)
    side = _side_damage(ctx, attacker, status, hits[0]["damage"], hurt)
    knocked = knockouts(ctx, hurt)
    turns.reorder(ctx)  # cleared statuses (a Grim knocked out) change who acts next
    first = hits[0]
    return {
        "attacker_id": aid,
        "attacker": attacker["name"],
        "attacker_seat_id": attacker["seat_id"],
        **{k: first[k] for k in ("target_id", "target", "target_seat_id", "damage", "missed", "result")},
        **{k: first[k] for k in ("breakdown", "health_before", "health_after")},
        "hits": hits,
        **{k: calc[k] for k in ("element", "base", "strong", "weak", "flat")},
        "cost": cost,
        "stamina_before": stamina_before,
        "stamina_after": stamina_before - cost,
        "fire_bonus": calc["fire_bonus"],
        "dark_bonus": dark,
        "cleared": cleared,
        "side": side,
        "knockouts": knocked,
    }


def _side_damage(
    ctx: Ctx, attacker: Grim, status: str | None, damage: int, hurt: list[tuple[Grim, int]]
) -> list[dict[str, Any]]:
    """Grapple: half the calculated damage to the Attacker's Ally; Confusion: to the Attacker itself
    (rounded up; "before Synergy triggers"). Nothing when there is no Ally on the field."""
    if status not in ("Grapple", "Confusion"):
        return []
    victim = ally_of(ctx.state, attacker) if status == "Grapple" else attacker
    half = half_up(damage)
    if victim is None or half <= 0:
        return []
    victim = find_grim(ctx.state, int(victim["id"]))
    before = int(victim["health"])
    after = ctx.rec.add(grim_path(victim["id"], "health"), -half, lo=0)
    hurt.append((victim, 1))
    return [{**who(victim), "status": status, "damage": half, "before": before, "after": after}]
