"""A Grim's Action: Attack, Heal or Swap, one per Turn, on its own Turn (rulebook: The Turns, Action Phase).

"The Grim will choose to Attack, Heal, or Swap. You can always forego your
action." The acting Grim's one Action is ``state["action_taken"]``; a second
is refused (``action_taken``), as is an Action by a Grim whose Turn it is not
(``not_its_turn``) and an Attack on an Ally (``ally_target``: "A Grim cannot
declare an Attack on its Ally unless express language forces it to").

A printed card wins (spec): ``card_allows: true`` (with an optional ``note``)
records an Action the Turn's rules would refuse (a Passive's Attack, a
Synergy's Heal, an Attack a card forces on an Ally, the Wind Spirit Bonus's
Swap). Such an Action is the card's, not the Turn's: it leaves the Turn's
Action to take. The Electric Spirit Bonus's extra Attack is the same without
the flag ("this does not replace its Turn's Action").
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload, State
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grim import turns
from rules.grim import validate as v
from rules.grim.attack import read_attack, resolve_attack
from rules.grim.common import (
    CARD_KEYS,
    card,
    card_fields,
    card_word,
    owned_grim,
    place_grim,
    settle_light,
    who,
)
from rules.grim.state import SPIRITS_FOR_BONUS, Grim, find_grim, grim_path, heal_cap, refuse_when_over
from rules.i18n import gettext as _
from rules.i18n import gettext_noop

PAST = {
    "attack": gettext_noop("it attacked"),
    "heal": gettext_noop("it healed"),
    "swap": gettext_noop("it swapped"),
}
NOUN = {"attack": gettext_noop("an Attack"), "heal": gettext_noop("a Heal"), "swap": gettext_noop("a Swap")}


def check_turn(state: State, grim: Grim, kind: str) -> None:
    """Refuse an Action of ``kind`` unless it is ``grim``'s Turn and its Action is still to take."""
    acting = state.get("acting")
    if acting is None:
        raise RuleViolation(
            "not_its_turn",
            _("No Grim is taking its Turn now: %(action)s out of Turn needs a card (tick %(card)s).")
            % {"action": _(NOUN[kind]), "card": card()},
            {"field": "grim_id"},
        )
    if acting != grim["id"]:
        now = find_grim(state, int(acting), in_play=False)["name"]
        raise RuleViolation(
            "not_its_turn",
            _("It is %(now)s's Turn, not %(grim)s's: %(action)s out of Turn needs a card (tick %(card)s).")
            % {"now": now, "grim": grim["name"], "action": _(NOUN[kind]), "card": card()},
            {"field": "grim_id", "acting_id": acting},
        )
    taken = state.get("action_taken")
    if taken is not None:
        raise RuleViolation(
            "action_taken",
            _(
                "%(grim)s has already taken its Action this Turn (%(past)s): one Action per Turn, "
                "unless a card allows more."
            )
            % {"grim": grim["name"], "past": _(PAST[str(taken)])},
            {"field": "grim_id", "action": taken},
        )


def take_action(ctx: Ctx, kind: str, card_allows: bool) -> bool:
    """Record the Turn's Action (unless it is a card's); whether it was the Turn's."""
    if card_allows:
        return False
    ctx.rec.set(["action_taken"], kind)
    return True


def attack(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.attack {grim_id, target_id, second_target_id?, damage, element, strong?, weak?, flat?,
    card_allows?, note?}``: the Attack, its Stamina, its damage and what follows (``rules.grim.attack``).

    Refused when it is not the Attacker's Turn, its Action is taken, the
    Target is its Ally, it began its Turn Thrown, or it is Frozen and names
    its higher Attack, unless a card allows it; a pending Electric Spirit
    Bonus makes it the Bonus's extra Attack instead of the Turn's Action.
    """
    p = v.fields(
        payload,
        (
            "grim_id",
            "target_id",
            "second_target_id",
            "damage",
            "element",
            "strong",
            "weak",
            "flat",
            "card_allows",
            "note",
        ),
    )
    calc = read_attack(p)
    allows, note = card_word(p)
    refuse_when_over(ctx.state)
    attacker = owned_grim(ctx, p)
    extra = attacker["spirit_bonus"] == "Electric" and not allows
    if not allows and not extra:
        check_turn(ctx.state, attacker, "attack")
        if attacker["status"] == "Throw" and ctx.state.get("turn_status") == "Throw":
            raise RuleViolation(
                "thrown",
                _("%(grim)s is Thrown: it cannot Attack as its Action this Turn (it may Heal or Swap).")
                % {"grim": attacker["name"]},
                {"field": "grim_id"},
            )
    body = resolve_attack(ctx, p, calc, attacker, allows)
    action = False
    if extra:
        ctx.rec.set(grim_path(int(attacker["id"]), "spirit_bonus"), None)
    else:
        action = take_action(ctx, "attack", allows)
    return "grim.attacked", {
        **body,
        "action": action,
        "extra_attack": "Electric" if extra else None,
        "card_allows": allows,
        "note": note,
    }


def _spend(p: Payload) -> tuple[int, int, bool]:
    stamina = v.integer(p, "stamina", _("Stamina spent"), 0, v.MAX_NUMBER, default=0)
    bonds = v.integer(p, "bonds", _("Bond Cards spent"), 0, SPIRITS_FOR_BONUS + 1, default=0)
    return stamina, bonds, v.flag(p, "element_first", _("Element first"))


def _check_heal(state: State, grim: Grim, stamina: int, bonds: int) -> None:
    """Refuse a Heal the Grim cannot pay for, or one past the table's cap (Key Terms: Heal)."""
    if stamina > grim["stamina"]:
        raise RuleViolation(
            "not_enough_stamina",
            _("%(grim)s has only %(n)s Stamina.") % {"grim": grim["name"], "n": grim["stamina"]},
            {"field": "stamina", "stamina": grim["stamina"]},
        )
    held = int(grim["spirits"]) + (1 if grim["attached"] is not None else 0)
    if bonds > held:
        raise RuleViolation(
            "not_enough_bonds",
            _("%(grim)s has only %(n)s Bond Cards attached.") % {"grim": grim["name"], "n": held},
            {"field": "bonds", "bonds": held},
        )
    cap = heal_cap(state, grim)
    if cap is None:
        return
    room = cap - int(grim["health"])
    if room <= 0:
        raise RuleViolation(
            "at_cap",
            _("%(grim)s is at %(n)s Health, the most this table allows: it cannot Heal.")
            % {"grim": grim["name"], "n": grim["health"]},
            {"field": "grim_id", "cap": cap},
        )
    if stamina + bonds > room:
        raise RuleViolation(
            "over_cap",
            _("Healing stops at %(cap)s Health here: %(grim)s can Heal at most %(room)s.")
            % {"cap": cap, "grim": grim["name"], "room": room},
            {"field": "stamina" if stamina else "bonds", "cap": cap, "most": room},
        )


def _record_heal(ctx: Ctx, grim: Grim, stamina: int, bonds: int, element_first: bool) -> dict[str, Any]:
    """Spend Stamina and Bonds 1:1 for Health and cure the Status; the numbers for the log.

    The Bonds spent are the Spirits first, keeping the Element (it counts for
    damage and Synergy), unless ``element_first``.
    """
    gid = int(grim["id"])
    spend_element = grim["attached"] is not None and (element_first or bonds > grim["spirits"]) and bonds > 0
    spirits_spent = bonds - (1 if spend_element else 0)
    report = {
        "stamina": stamina,
        "bonds": bonds,
        "element_spent": grim["attached"] if spend_element else None,
        "stamina_before": int(grim["stamina"]),
        "spirits_before": int(grim["spirits"]),
        "before": int(grim["health"]),
        "cured": grim["status"],
    }
    ctx.rec.add(grim_path(gid, "stamina"), -stamina)
    if spirits_spent:
        ctx.rec.add(grim_path(gid, "spirits"), -spirits_spent)
        ctx.rec.set(grim_path(gid, "spirit_bonus_due"), False)
    if spend_element:
        ctx.rec.set(grim_path(gid, "attached"), None)
    after = ctx.rec.add(grim_path(gid, "health"), stamina + bonds)
    ctx.rec.set(grim_path(gid, "status"), None)
    return {
        **report,
        "stamina_after": report["stamina_before"] - stamina,
        "spirits_after": report["spirits_before"] - spirits_spent,
        "after": after,
        "cap": heal_cap(ctx.state, grim),
        "light": settle_light(ctx, gid),
    }


def heal(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.heal {grim_id, stamina?, bonds?, element_first?, card_allows?, note?}``: 1 Health per point.

    Key Terms, Heal: "The Grim may expend any amount of available Stamina and
    attached Bond Cards to Heal 1-to-1. Any Healing Cures all Status ... you
    cannot Heal for 0 Health". As the Action, it is the acting Grim's one;
    a Synergy's or a Passive's Heal is recorded with ``card_allows``. Health
    stops at the table's cap (``heal_cap`` option; default none).
    """
    p = v.fields(payload, ("grim_id", "stamina", "bonds", "element_first", "card_allows", "note"))
    stamina, bonds, element_first = _spend(p)
    allows, note = card_word(p)
    refuse_when_over(ctx.state)
    grim = owned_grim(ctx, p)
    if stamina + bonds == 0:
        raise RuleViolation(
            "zero_heal", _("Healing for 0 is not allowed: spend Stamina or Bond Cards."), {"field": "stamina"}
        )
    if not allows:
        check_turn(ctx.state, grim, "heal")
    _check_heal(ctx.state, grim, stamina, bonds)
    healed = _record_heal(ctx, grim, stamina, bonds, element_first)
    action = take_action(ctx, "heal", allows)
    turns.reorder(ctx)  # a cured Paralysis, a spent Electric Element
    return "grim.healed", {**who(grim), **healed, "action": action, "card_allows": allows, "note": note}


def _check_swap(grim: Grim, stamina: int, bonds: int) -> None:
    """Swap: "CAN ONLY BE USED BY A GRIM THAT IS BELOW ITS BASE HEALTH" and "Heal to or above full Health"."""
    base, health = int(grim["base_health"]), int(grim["health"])
    if health >= base:
        raise RuleViolation(
            "not_hurt",
            _("Only a Grim below its printed Health can Swap: %(grim)s has %(health)s of %(base)s.")
            % {"grim": grim["name"], "health": health, "base": base},
            {"field": "grim_id"},
        )
    if health + stamina + bonds < base:
        raise RuleViolation(
            "swap_short",
            _(
                "%(grim)s must Heal to its full %(base)s Health to Swap: spend at least %(least)s "
                "(Stamina and Bond Cards)."
            )
            % {"grim": grim["name"], "base": base, "least": base - health},
            {"field": "stamina", "least": base - health},
        )


def _swap_out(ctx: Ctx, grim_id: int) -> dict[str, Any]:
    """The Grim leaves play for the one from hand; the Bond Cards it carries over (its Spirits and
    attached Element); it leaves the Turn order unless it has acted."""
    out = find_grim(ctx.state, grim_id)
    carried = {"spirits": int(out["spirits"]), "attached": out["attached"]}
    ctx.rec.put(grim_path(grim_id, "spirits"), 0)
    for key, value in (("attached", None), ("spirit_bonus", None), ("spirit_bonus_due", False)):
        ctx.rec.set(grim_path(grim_id, key), value)
    ctx.rec.set(grim_path(grim_id, "in_play"), False)
    ctx.rec.set(grim_path(grim_id, "swapped_out"), True)
    if grim_id in ctx.state["turn_order"] and grim_id not in ctx.state["acted"]:
        ctx.rec.remove(["turn_order"], grim_id)
    return carried


SWAP_KEYS = ("grim_id", "stamina", "bonds", "element_first", *CARD_KEYS, "card_allows", "note")


def swap(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.swap {grim_id, stamina?, bonds?, element_first?, name, element, health, speed, attacks?,
    card_allows?, note?}``: Heal to full, then the Grim from hand (its printed numbers) takes its place.

    The Turns, If Swapping: "Any unspent attached Bond Cards will attach to
    the newly placed Grim ... This new Grim may get a Turn within the Round
    that it's placed if it's slower than the current active Speed tier."
    Spirit Bonuses stay behind (Spirit Bonuses: "Grim do not share Spirit
    Bonuses between Swaps"); three Spirits carried over call for a new one.
    With ``card_allows`` (the Wind Spirit Bonus) no Heal is needed.
    """
    p = v.fields(payload, SWAP_KEYS)
    stamina, bonds, element_first = _spend(p)
    card = card_fields(p)
    allows, note = card_word(p)
    refuse_when_over(ctx.state)
    grim = owned_grim(ctx, p)
    if not allows:
        check_turn(ctx.state, grim, "swap")
        _check_swap(grim, stamina, bonds)
    if stamina + bonds:
        _check_heal(ctx.state, grim, stamina, bonds)
    healed = _record_heal(ctx, grim, stamina, bonds, element_first) if stamina + bonds else None
    carried = _swap_out(ctx, int(grim["id"]))
    incoming = place_grim(ctx, int(grim["seat_id"]), card, carried["attached"], carried["spirits"])
    acts = turns.acts_this_round(ctx.state, incoming)
    if acts:
        turns.reorder(ctx, [int(incoming["id"])])
    action = take_action(ctx, "swap", allows)
    return "grim.swapped", {
        **who(grim),
        "healed": healed,
        "carried": carried,
        "incoming": dict(incoming),
        "acts_this_round": acts,
        "catalogue": card,
        "action": action,
        "card_allows": allows,
        "note": note,
    }
