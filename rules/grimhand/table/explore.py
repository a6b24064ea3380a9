"""The explore cards of a level (§7.2, §9.1): reveal, the event roll, resolve.

- ``explore.reveal {name} | {rank, affinity, name?}``: card n of the level's 5,
  of a rank the explore deck holds now (ranks 1..5, one more after each
  level: §3.1, §7.2); the initiative token passes to the left on each next card.
- ``explore.event_roll {dice?}``: the initiative holder's affinity dice, as many
  as the card's rank: one event card per die of the card's affinity or Wild;
  resolve places, then threats, then NPCs (§7.2).
- ``explore.resolve``: quest points = rank to every character of the card's
  affinity (§9.1); "for the next explore card" modifiers end. After the 5th
  card the level ends and the preparation phase (market, healing) starts.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand import said
from rules.grimhand.campaign import event_draws
from rules.grimhand.cards import Affinity
from rules.grimhand.table.catalogue import MAX_RANK, MIN_RANK, parse_affinity
from rules.grimhand.table.context import Ctx, EventBody
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.session import (
    CARDS_PER_LEVEL,
    campaign,
    current_card,
    party,
    pass_boundary,
    require_deck_rank,
    require_phase,
    require_player,
    seats_in_quest,
    set_phase,
)
from rules.grimhand.table.state import FIRST_DECK_RANK
from rules.grimhand.table.typed_input import affinity_dice, face_names
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import fields, integer, text

EVENT_ORDER = ("places", "threats", "NPCs")
"""Event cards drawn on one explore card resolve in this order (§7.2)."""


def _next_holder(ctx: Ctx, holder: int) -> int:
    """The next seat to the left that still has a character in the quest (§7.2)."""
    seats = seats_in_quest(ctx)
    if not seats:
        return holder
    order = list(ctx.actor.seat_ids) or seats
    if holder not in order:
        return seats[0]
    start = order.index(holder)
    for step in range(1, len(order) + 1):
        seat = order[(start + step) % len(order)]
        if seat in seats:
            return seat
    return holder


def _card_from(ctx: Ctx, payload: Payload) -> dict[str, Any]:
    name = payload.get("name")
    known = ctx.catalogue.explore_card(name) if isinstance(name, str) and name.strip() else None
    if known is not None and "rank" not in payload:
        return {
            "rank": known.rank,
            "affinity": known.affinity,
            "name": known.name,
            "kind": known.kind,
            "text": known.text,
        }
    rank = integer(payload, "rank", "The explore card's rank", MIN_RANK, MAX_RANK)
    if "affinity" not in payload:
        raise RuleViolation(
            "missing_field", _("The explore card's affinity is required."), {"field": "affinity"}
        )
    suit = parse_affinity(payload["affinity"], "bad_field")
    typed = text(payload, "name", "The card's name", 60) if isinstance(name, str) and name.strip() else ""
    facts = known if known is not None and known.rank == rank and known.affinity == suit else None
    facts = facts or ctx.catalogue.explore_by_card(rank, suit)
    return {
        "rank": rank,
        "affinity": suit,
        "name": typed or (facts.name if facts else f"{rank} of {suit}"),
        "kind": facts.kind if facts and (not typed or facts.name == typed) else "",
        "text": facts.text if facts and (not typed or facts.name == typed) else "",
    }


def reveal(ctx: Ctx, payload: Payload) -> EventBody:
    """Turn over the next of the level's 5 explore cards (§7.2)."""
    fields(payload, ("name", "rank", "affinity"))
    require_player(ctx)
    require_phase(ctx, "explore", doing=gettext_noop("reveal an explore card"))
    camp = campaign(ctx)
    card = current_card(ctx)
    if card is not None and not card["resolved"]:
        raise RuleViolation(
            "card_unresolved",
            _("Resolve %(card)s before the next card.") % {"card": card["name"]},
            {"field": ""},
        )
    n = int(camp["card"]) + 1
    if n > CARDS_PER_LEVEL:
        raise RuleViolation("level_done", _("This level's 5 cards are done."), {"field": ""})
    holder = camp["initiative"]["seat_id"]
    if holder is None:
        raise RuleViolation(
            "no_initiative",
            _("Roll for the initiative first: its holder rolls the event dice."),
            {"field": ""},
        )
    passed = None
    if n > 1:
        new_holder = _next_holder(ctx, int(holder))
        if new_holder != holder:
            ctx.rec.set(["campaign", "initiative", "seat_id"], new_holder)
            passed = new_holder
        holder = new_holder
    facts = _card_from(ctx, payload)
    field = "rank" if "rank" in payload else "name"
    what = _("%(name)s is rank %(rank)s") % {"name": facts["name"], "rank": facts["rank"]}
    require_deck_rank(ctx, int(facts["rank"]), "explore", what, field)
    entry = {"n": n, **facts, "holder": holder, "events": None, "resolved": False}
    ctx.rec.insert(["campaign", "explore"], entry)
    ctx.rec.set(["campaign", "card"], n)
    holder_name = next((c["name"] for c in party(ctx) if c["seat_id"] == holder), None)
    values = {
        "n": n,
        "of": CARDS_PER_LEVEL,
        "change": f"{n - 1} \u2192 {n}",
        "card": facts["name"],
        "rank": facts["rank"],
        "affinity": facts["affinity"],
        "who": holder_name or said.gettext_lazy("someone"),
    }
    if passed:
        line = said.gettext_lazy(
            "Explore card %(n)s of %(of)s (card %(change)s): %(card)s (rank %(rank)s %(affinity)s); "
            "%(who)s takes the initiative.",
            **values,
        )
    else:
        line = said.gettext_lazy(
            "Explore card %(n)s of %(of)s (card %(change)s): %(card)s (rank %(rank)s %(affinity)s); "
            "%(who)s holds the initiative.",
            **values,
        )
    return said.event("explore.revealed", {"card": entry}, line)


def event_roll(ctx: Ctx, payload: Payload) -> EventBody:
    """The initiative holder's event dice for the current card (§7.2)."""
    fields(payload, ("dice",))
    require_player(ctx)
    require_phase(ctx, "explore", doing=gettext_noop("roll the event dice"))
    card = current_card(ctx)
    if card is None or card["resolved"]:
        raise RuleViolation("no_card", _("Reveal an explore card first."), {"field": ""})
    if card["events"] is not None:
        raise RuleViolation(
            "already_rolled", _("The event dice for this card are already rolled."), {"field": ""}
        )
    rank = int(card["rank"])
    dice = affinity_dice(ctx.rng, payload, rank, _("A rank %(rank)s card's event roll") % {"rank": rank})
    rolled = event_draws(dice, rank, Affinity(card["affinity"]))
    faces = face_names(dice)
    events = {
        "dice": [d.value for d in dice],
        "faces": faces,
        "draws": rolled.draws,
        "order": list(EVENT_ORDER),
    }
    index = len(campaign(ctx)["explore"]) - 1
    ctx.rec.set(["campaign", "explore", index, "events"], events)
    draws = rolled.draws
    values = {"card": card["name"], "faces": ", ".join(faces)}
    if draws:
        line = said.ngettext_lazy(
            "Event roll for %(card)s: %(faces)s: draw %(n)s event card; "
            "resolve places, then threats, then NPCs.",
            "Event roll for %(card)s: %(faces)s: draw %(n)s event cards; "
            "resolve places, then threats, then NPCs.",
            draws,
            n=draws,
            **values,
        )
    else:
        line = said.gettext_lazy("Event roll for %(card)s: %(faces)s: no event cards.", **values)
    return said.event("explore.event_rolled", {"n": card["n"], "events": events}, line)


def resolve(ctx: Ctx, payload: Payload) -> EventBody:
    """The card is done: QP to its affinity (§9.1), short modifiers end, maybe the level ends (§7.3)."""
    fields(payload, ())
    require_player(ctx)
    require_phase(ctx, "explore", doing=gettext_noop("resolve the explore card"))
    camp = campaign(ctx)
    card = current_card(ctx)
    if card is None or card["resolved"]:
        raise RuleViolation("no_card", _("Reveal an explore card first."), {"field": ""})
    if card["events"] is None:
        raise RuleViolation(
            "not_rolled",
            _("Roll the event dice first: they say how many event cards to draw."),
            {"field": ""},
        )
    gains = _affinity_gains(ctx, card)
    index = len(camp["explore"]) - 1
    ctx.rec.set(["campaign", "explore", index, "resolved"], True)
    resolved = int(camp["resolved"])
    ctx.rec.add(["campaign", "resolved"], 1)
    ended = pass_boundary(ctx, "explore")
    line = _resolved_line(card, gains, f"{resolved} \u2192 {resolved + 1}")
    body: dict[str, Any] = {"n": card["n"], "qp": gains, "expired": ended}
    if int(card["n"]) >= CARDS_PER_LEVEL:
        line = said.join([line, _level_done(ctx, body)], ". ")
    return said.event("explore.resolved", body, said.gettext_lazy("%(line)s.", line=line))


def _affinity_gains(ctx: Ctx, card: dict[str, Any]) -> list[dict[str, Any]]:
    """Each character of the card's affinity gains QP equal to its rank (§9.1)."""
    gains = []
    for char in party(ctx):
        if char["affinity"] == card["affinity"]:
            before = int(char["qp"])
            after = before + int(card["rank"])
            ctx.do(counter_op(char, "qp", after))
            gains.append(
                {"character_id": char["id"], "character": char["name"], "before": before, "after": after}
            )
    return gains


def _resolved_line(card: dict[str, Any], gains: list[dict[str, Any]], change: str) -> Any:
    if not gains:
        return said.gettext_lazy(
            "%(card)s resolved (explore cards resolved %(change)s); nobody of %(affinity)s: no QP",
            card=card["name"],
            change=change,
            affinity=card["affinity"],
        )
    qp = said.join(
        (
            said.gettext_lazy(
                "%(who)s +%(qp)s QP (%(change)s)",
                who=g["character"],
                qp=card["rank"],
                change=f"{g['before']} \u2192 {g['after']}",
            )
            for g in gains
        ),
        "; ",
    )
    return said.gettext_lazy(
        "%(card)s resolved (explore cards resolved %(change)s): %(qp)s",
        card=card["name"],
        change=change,
        qp=qp,
    )


def _level_done(ctx: Ctx, body: dict[str, Any]) -> Any:
    """The 5th card ends the level: the party prepares; the decks take the next rank (§7.2, §7.3)."""
    camp = campaign(ctx)
    level = int(camp["level"])
    set_phase(ctx, "preparation")
    body["level_done"] = level
    words = said.gettext_lazy("Level %(level)s is done: the party prepares and the market opens", level=level)
    if level >= int(camp["levels"]):
        body["add_rank"] = None
        return said.gettext_lazy(
            "Level %(level)s is done: the party prepares and the market opens. "
            "That was the last level: end the campaign for the trophies",
            level=level,
        )
    before = int(camp["deck_rank"])
    deck_rank = min(MAX_RANK, FIRST_DECK_RANK + level)
    body["add_rank"] = deck_rank if deck_rank > before else None
    if deck_rank == before:
        return words
    ctx.rec.set(["campaign", "deck_rank"], deck_rank)
    return said.gettext_lazy(
        "Level %(level)s is done: the party prepares and the market opens. The decks grow (top rank "
        "%(change)s). Add the rank %(rank)s cards to the explore, event and equipment decks (not the "
        "discards) and shuffle",
        level=level,
        change=f"{before} \u2192 {deck_rank}",
        rank=deck_rank,
    )
