"""Cards from and to the hand (rulebook 3, 6, 7, 8): used, bluffed, revealed illegal, drawn, discarded.

A player uses cards with their own heroes; in combat both sides reveal at
once. Whether a card may be used now is ``rules.grimterra.cards``.
"""

from __future__ import annotations

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimterra import resolve
from rules.grimterra import validate as v
from rules.grimterra.cards import check_fate, check_timing
from rules.grimterra.common import draw_cards, ensure_player, from_hand, owned_hero, require_player
from rules.grimterra.resolve import who
from rules.grimterra.state import (
    KINDS,
    LIMITED,
    find_hero,
    hero_path,
    in_combat,
    refuse_when_over,
    require_started,
)
from rules.i18n import gettext as _
from rules.i18n import ngettext


def use_card(ctx: Ctx, payload: Payload) -> EventBody:
    """``card.use {hero_id, kind, fate, requirement, name?, passive?}`` (rulebook 3, 6, 7; spec 3-4).

    ``kind``: spell, equipment, power, attack or defense. The Fate and skill
    check and the timing are ``rules.grimterra.cards``. A card leaves the
    hand: Spells, Attacks and Defenses to the discard pile, Equipment into
    play. A Power is the hero's own (no card; ``fate`` and ``requirement``
    optional, checked when given); ``passive`` Powers just happen and do not
    count. A Tenebris card adds ``requirement`` dark counters to the hero,
    who dies at 6 or more.
    """
    p = v.fields(payload, ("hero_id", "kind", "fate", "requirement", "name", "passive"))
    kind = v.choice(p, "kind", KINDS, _("The card type"))
    power = kind == "power"
    fate = v.fate(p) if not power or p.get("fate") is not None else None
    requirement = v.integer(
        p, "requirement", _("The requirement"), 0, v.MAX_NUMBER, default=0 if power else None
    )
    name = v.optional_text(p, "name", _("The card's name"), v.MAX_NAME, blank_is_absent=False)
    passive = v.flag(p, "passive", _("Passive"))
    if passive and not power:
        raise RuleViolation("bad_field", _("Only a Power can be passive."), {"field": "passive"})
    state = ctx.state
    require_started(state)
    refuse_when_over(state)
    hero = owned_hero(ctx, p)
    check_timing(state, hero, kind, passive)
    checked = check_fate(hero, fate, requirement) if fate is not None else None
    seat_id = int(hero["seat_id"])
    index = require_player(state, seat_id, "hero_id")
    hand = None
    if not power:
        hand = from_hand(ctx, index, kind != "equipment", "kind")
    if kind in LIMITED and not passive:
        ctx.rec.set(["players", index, "used", kind], True)
    dark_before = int(hero["dark"])
    added = checked.dark if checked is not None else 0
    if added:
        ctx.rec.add(hero_path(int(hero["id"]), "dark"), added)
    return "card.used", {
        **who(hero),
        "kind": kind,
        "fate": fate,
        "requirement": requirement,
        "skill": checked.skill if checked is not None else None,
        "card": name,
        "passive": passive,
        "hand": hand,
        "discard": ctx.state["players"][index]["discard"]
        if hand is not None and kind != "equipment"
        else None,
        "dark_before": dark_before,
        "dark_after": dark_before + added,
        "result": resolve.aftermath(ctx),
    }


def _combat_seat(ctx: Ctx, seat_id: int) -> None:
    """A seat whose hero fights in the running combat."""
    combat = ctx.state["turn"]["combat"]
    if combat is None:
        raise RuleViolation("not_in_combat", _("There is no combat running."), {"field": "seat_id"})
    seats = {find_hero(ctx.state, int(combat[k]), alive=False)["seat_id"] for k in ("attacker", "target")}
    if seat_id not in seats:
        raise RuleViolation(
            "not_in_this_combat", _("That player has no hero in this combat."), {"field": "seat_id"}
        )


def bluff(ctx: Ctx, payload: Payload) -> EventBody:
    """``card.bluff {seat_id?}``: "bluff" at the reveal; face down to the discard pile (rulebook 8)."""
    p = v.fields(payload, ("seat_id",))
    seat_id = v.seat(p, ctx.actor)
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    _combat_seat(ctx, seat_id)
    index = require_player(ctx.state, seat_id)
    hand = from_hand(ctx, index, True, "seat_id")
    return "card.bluffed", {
        "seat_id": seat_id,
        "hand": hand,
        "discard": ctx.state["players"][index]["discard"],
    }


def illegal(ctx: Ctx, payload: Payload) -> EventBody:
    """``card.illegal {seat_id?, card?}``: a card revealed in combat that its hero may not play.

    Rulebook 8, How to bluff: "If an illegal card is revealed (ex. Spells,
    Equipment, Fate color not met), then it is discarded and the other
    player may change or retract his or her card. In addition, his or her
    card effects will automatically trigger for that round." The card goes
    from the hand to the discard pile; the line tells the other player what
    they may do (their card's wounds are entered as usual).
    """
    p = v.fields(payload, ("seat_id", "card"))
    seat_id = v.seat(p, ctx.actor)
    card = v.optional_text(p, "card", _("The card's name"), v.MAX_NAME, blank_is_absent=False)
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    _combat_seat(ctx, seat_id)
    combat = ctx.state["turn"]["combat"]
    seats = [
        int(find_hero(ctx.state, int(combat[k]), alive=False)["seat_id"]) for k in ("attacker", "target")
    ]
    other = next(s for s in seats if s != seat_id)
    index = require_player(ctx.state, seat_id)
    hand = from_hand(ctx, index, True, "seat_id")
    return "card.illegal_revealed", {
        "seat_id": seat_id,
        "card": card,
        "other_seat_id": other,
        "hand": hand,
        "discard": ctx.state["players"][index]["discard"],
    }


def draw(ctx: Ctx, payload: Payload) -> EventBody:
    """``card.draw {seat_id?, count}``: a card's effect draws (Pounce, rulebook 8); an empty deck loses."""
    p = v.fields(payload, ("seat_id", "count"))
    seat_id = v.seat(p, ctx.actor)
    count = v.integer(p, "count", _("The cards drawn"), 1, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = ensure_player(ctx, seat_id)
    drawn = draw_cards(ctx, index, count)
    empty = [seat_id] if drawn["empty"] else []
    result = resolve.decide(ctx, empty_deck=empty, heroes=not in_combat(ctx.state))
    return "card.drawn", {**drawn, "count": count, "result": result}


def discard(ctx: Ctx, payload: Payload) -> EventBody:
    """``card.discard {seat_id?, count}``: cards from hand to the discard pile (rulebook 3, Discard)."""
    p = v.fields(payload, ("seat_id", "count"))
    seat_id = v.seat(p, ctx.actor)
    count = v.integer(p, "count", _("The cards discarded"), 1, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = require_player(ctx.state, seat_id)
    hand = int(ctx.state["players"][index]["hand"])
    if count > hand:
        raise RuleViolation(
            "not_enough_cards",
            ngettext("That player holds only %(n)s card.", "That player holds only %(n)s cards.", hand)
            % {"n": hand},
            {"field": "count", "hand": hand},
        )
    ctx.rec.add(["players", index, "hand"], -count)
    after = ctx.rec.add(["players", index, "discard"], count)
    return "card.discarded", {"seat_id": seat_id, "count": count, "hand": hand - count, "discard": after}
