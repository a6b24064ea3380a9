"""The campaign at the table: levels, ante, initiative and the explore cards (§6, §7.1, §7.2, §9.1).

- ``campaign.start {levels?, ante?}``: 1..6 explore levels (default 3); ``ante``
  is a house progression (the LE paid at level 1, 2, ...; default level N
  costs N). The party starts in the preparation phase: the market opens at
  the beginning of level 1 (§7.3).
- ``level.start``: every character pays the level's ante in LE (§7.1); one who
  cannot (LE <= ante) is defeated and leaves the quest.
- ``initiative.roll {rolls?: {seat_id: 1..6}}``: physical rolls, or the table's
  dice; ties re-roll among the tied only (§7.2). The token passes left on
  each next explore card, skipping the defeated.
- ``explore.reveal {name} | {rank, affinity, name?}``: card n of the level's 5.
- ``explore.event_roll {dice?}``: the initiative holder's affinity dice, as many
  as the card's rank: one event card per die of the card's affinity or Wild;
  resolve places, then threats, then NPCs (§7.2).
- ``explore.resolve``: quest points = rank to every character of the card's
  affinity (§9.1); "for the next explore card" modifiers end. After the 5th
  card the level ends and the preparation phase (market, healing) starts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand.campaign import event_draws, initiative_leaders
from rules.grimhand.cards import Affinity
from rules.grimhand.table import endgame, market, rest
from rules.grimhand.table.catalogue import MAX_RANK, MIN_RANK, parse_affinity
from rules.grimhand.table.context import Ctx, EventBody
from rules.grimhand.table.dicein import affinity_dice, face_names
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.session import (
    CARDS_PER_LEVEL,
    MAX_LEVELS,
    ante,
    campaign,
    current_card,
    defeat,
    party,
    pass_boundary,
    require_phase,
    require_player,
    set_phase,
)
from rules.grimhand.table.state import FIRST_DECK_RANK, Character, characters
from rules.validate import fields, integer, is_int, text

EVENT_ORDER = ("places", "threats", "NPCs")
"""Event cards drawn on one explore card resolve in this order (§7.2)."""


def _names(chars: list[Character]) -> str:
    return ", ".join(c["name"] for c in chars) or "nobody"


def start(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ("levels", "ante"))
    require_player(ctx)
    require_phase(ctx, "setup", doing="start the campaign")
    if not characters(ctx.state):
        raise RuleViolation(
            "no_characters", "Create at least one character before the campaign starts.", {"field": ""}
        )
    levels = integer(payload, "levels", "The number of explore levels", 1, MAX_LEVELS, default=3)
    progression = payload.get("ante")
    if progression is not None:
        if not isinstance(progression, list) or len(progression) < levels:
            raise RuleViolation(
                "bad_field", f"Give the ante of each of the {levels} levels (LE).", {"field": "ante"}
            )
        if not all(is_int(a) and 0 <= a <= 50 for a in progression):
            raise RuleViolation("bad_field", "Each ante is a whole number of LE, 0 to 50.", {"field": "ante"})
        ctx.rec.set(["campaign", "ante"], list(progression[:levels]))
    ctx.rec.set(["campaign", "levels"], levels)
    set_phase(ctx, "preparation")
    antes = [ante(ctx, n) for n in range(1, levels + 1)]
    line = (
        f"The campaign starts: {levels} explore level{'s' if levels > 1 else ''}, "
        f"ante {', '.join(map(str, antes))} LE. The market opens before level 1."
    )
    return "campaign.started", {"levels": levels, "ante": antes, "line": line}


def start_level(ctx: Ctx, payload: Payload) -> EventBody:
    """Pay the ante at the start of a new explore level (§7.1)."""
    fields(payload, ())
    require_player(ctx)
    require_phase(ctx, "preparation", "rest", doing="start a new level")
    camp = campaign(ctx)
    level = int(camp["level"]) + 1
    if level > int(camp["levels"]):
        raise RuleViolation(
            "campaign_over",
            f"All {camp['levels']} levels are done: end the campaign to see the trophies.",
            {"field": ""},
        )
    if camp["market"]["open"]:
        market.close_market(ctx)
    cost = ante(ctx, level)
    payments: list[dict[str, Any]] = []
    for char in party(ctx):
        before = int(char["le"])
        if before <= cost:
            defeat(ctx, char)
            payments.append(
                {
                    "character_id": char["id"],
                    "character": char["name"],
                    "before": before,
                    "after": before,
                    "defeated": True,
                }
            )
            continue
        ctx.do(counter_op(char, "le", before - cost))
        payments.append(
            {
                "character_id": char["id"],
                "character": char["name"],
                "before": before,
                "after": before - cost,
                "defeated": False,
            }
        )
    ctx.rec.set(["campaign", "level"], level)
    ctx.rec.set(["campaign", "card"], 0)
    ctx.rec.set(["campaign", "explore"], [])
    ctx.rec.set(["campaign", "initiative"], {"seat_id": None, "rolls": [], "tied": []})
    set_phase(ctx, "explore")
    paid = "; ".join(
        f"{p['character']} cannot pay and is defeated (LE {p['before']})"
        if p["defeated"]
        else f"{p['character']} LE {p['before']} \u2192 {p['after']}"
        for p in payments
    )
    line = f"Level {level} begins: ante {cost} LE. {paid}."
    return "level.started", {"level": level, "ante": cost, "payments": payments, "line": line}


def _contenders(ctx: Ctx) -> list[int]:
    return [int(c["seat_id"]) for c in party(ctx)]


def _typed_rolls(payload: Payload, seats: list[int]) -> dict[int, int]:
    raw = payload["rolls"]
    if not isinstance(raw, dict):
        raise RuleViolation("bad_field", "rolls maps each seat to its d6.", {"field": "rolls"})
    rolls: dict[int, int] = {}
    for key, value in raw.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else key
        if seat not in seats:
            raise RuleViolation(
                "bad_field", "Only the players still rolling for the initiative roll now.", {"field": "rolls"}
            )
        if not is_int(value) or not 1 <= value <= 6:
            raise RuleViolation("bad_dice", "An initiative roll is a d6: 1 to 6.", {"field": "rolls"})
        rolls[int(seat)] = int(value)
    if set(rolls) != set(seats):
        raise RuleViolation(
            "bad_dice_count", "Every player still rolling needs a roll.", {"field": "rolls", "seats": seats}
        )
    return rolls


def roll_initiative(ctx: Ctx, payload: Payload) -> EventBody:
    """1d6 each, the highest holds the token; ties re-roll among the tied only (§7.2)."""
    fields(payload, ("rolls",))
    require_player(ctx)
    require_phase(ctx, "explore", doing="roll for the initiative")
    camp = campaign(ctx)
    card = current_card(ctx)
    if card is not None and not card["resolved"]:
        raise RuleViolation(
            "card_unresolved", "Finish the explore card first; the initiative is rolled between cards."
        )
    state = camp["initiative"]
    seats = [int(s) for s in state["tied"]] or _contenders(ctx)
    if not seats:
        raise RuleViolation("no_characters", "Nobody is left to roll.")
    rounds: list[list[dict[str, int]]] = [] if not state["tied"] else [list(r) for r in state["rolls"]]
    names = {int(c["seat_id"]): c["name"] for c in party(ctx)}
    if payload.get("rolls") is not None:
        rolls = _typed_rolls(payload, seats)
        rounds.append([{"seat_id": s, "roll": rolls[s]} for s in seats])
        leaders = list(initiative_leaders({str(s): rolls[s] for s in seats}))
        tied = [int(s) for s in leaders] if len(leaders) > 1 else []
    else:
        tied = []
        contenders = seats
        for _ in range(100):
            rolled = {s: ctx.rng.randint(1, 6) for s in contenders}
            rounds.append([{"seat_id": s, "roll": rolled[s]} for s in contenders])
            leaders = list(initiative_leaders({str(s): rolled[s] for s in contenders}))
            if len(leaders) == 1:
                break
            contenders = [int(s) for s in leaders]
    holder = None if tied else int(leaders[0])
    ctx.rec.set(["campaign", "initiative"], {"seat_id": holder, "rolls": rounds, "tied": tied})
    last = ", ".join(f"{names.get(r['seat_id'], 'a seat')} {r['roll']}" for r in rounds[-1])
    if tied:
        line = f"Initiative: {last}. Tied: {', '.join(names.get(s, 'a seat') for s in tied)} roll again."
    else:
        line = f"Initiative: {last}. {names.get(holder or 0, 'A seat')} holds the token."
    return "initiative.rolled", {"rolls": rounds, "seat_id": holder, "tied": tied, "line": line}


def _next_holder(ctx: Ctx, holder: int) -> int:
    """The next seat to the left that still has a character in the quest (§7.2)."""
    seats = _contenders(ctx)
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
            "missing_field", "The explore card's affinity is required.", {"field": "affinity"}
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
    require_phase(ctx, "explore", doing="reveal an explore card")
    camp = campaign(ctx)
    card = current_card(ctx)
    if card is not None and not card["resolved"]:
        raise RuleViolation("card_unresolved", f"Resolve {card['name']} before the next card.", {"field": ""})
    n = int(camp["card"]) + 1
    if n > CARDS_PER_LEVEL:
        raise RuleViolation("level_done", "This level's 5 cards are done.", {"field": ""})
    holder = camp["initiative"]["seat_id"]
    if holder is None:
        raise RuleViolation(
            "no_initiative", "Roll for the initiative first: its holder rolls the event dice.", {"field": ""}
        )
    passed = None
    if n > 1:
        new_holder = _next_holder(ctx, int(holder))
        if new_holder != holder:
            ctx.rec.set(["campaign", "initiative", "seat_id"], new_holder)
            passed = new_holder
        holder = new_holder
    facts = _card_from(ctx, payload)
    entry = {"n": n, **facts, "holder": holder, "events": None, "resolved": False}
    ctx.rec.insert(["campaign", "explore"], entry)
    ctx.rec.set(["campaign", "card"], n)
    holder_name = next((c["name"] for c in party(ctx) if c["seat_id"] == holder), "someone")
    line = (
        f"Explore card {n} of {CARDS_PER_LEVEL}: {facts['name']} (rank {facts['rank']} {facts['affinity']})"
    )
    line += f"; {holder_name} {'takes' if passed else 'holds'} the initiative."
    return "explore.revealed", {"card": entry, "line": line}


def event_roll(ctx: Ctx, payload: Payload) -> EventBody:
    """The initiative holder's event dice for the current card (§7.2)."""
    fields(payload, ("dice",))
    require_player(ctx)
    require_phase(ctx, "explore", doing="roll the event dice")
    card = current_card(ctx)
    if card is None or card["resolved"]:
        raise RuleViolation("no_card", "Reveal an explore card first.", {"field": ""})
    if card["events"] is not None:
        raise RuleViolation(
            "already_rolled", "The event dice for this card are already rolled.", {"field": ""}
        )
    rank = int(card["rank"])
    dice = affinity_dice(ctx.rng, payload, rank, f"A rank {rank} card's event roll")
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
    todo = (
        f"draw {draws} event card{'s' if draws != 1 else ''}; resolve places, then threats, then NPCs"
        if draws
        else "no event cards"
    )
    line = f"Event roll for {card['name']}: {', '.join(faces)}: {todo}."
    return "explore.event_rolled", {"n": card["n"], "events": events, "line": line}


def resolve(ctx: Ctx, payload: Payload) -> EventBody:
    """The card is done: QP to its affinity (§9.1), short modifiers end, maybe the level ends (§7.3)."""
    fields(payload, ())
    require_player(ctx)
    require_phase(ctx, "explore", doing="resolve the explore card")
    camp = campaign(ctx)
    card = current_card(ctx)
    if card is None or card["resolved"]:
        raise RuleViolation("no_card", "Reveal an explore card first.", {"field": ""})
    if card["events"] is None:
        raise RuleViolation(
            "not_rolled", "Roll the event dice first: they say how many event cards to draw.", {"field": ""}
        )
    gains = []
    for char in party(ctx):
        if char["affinity"] == card["affinity"]:
            before = int(char["qp"])
            ctx.do(counter_op(char, "qp", before + int(card["rank"])))
            gains.append(
                {
                    "character_id": char["id"],
                    "character": char["name"],
                    "before": before,
                    "after": before + int(card["rank"]),
                }
            )
    index = len(camp["explore"]) - 1
    ctx.rec.set(["campaign", "explore", index, "resolved"], True)
    ctx.rec.add(["campaign", "resolved"], 1)
    ended = pass_boundary(ctx, "explore")
    line = f"{card['name']} resolved"
    line += (
        ": " + "; ".join(f"{g['character']} +{card['rank']} QP ({g['after']})" for g in gains)
        if gains
        else f" (nobody of {card['affinity']}: no QP)"
    )
    body: dict[str, Any] = {"n": card["n"], "qp": gains, "expired": ended}
    if int(card["n"]) >= CARDS_PER_LEVEL:
        level = int(camp["level"])
        deck_rank = min(MAX_RANK, FIRST_DECK_RANK + level)
        ctx.rec.set(["campaign", "deck_rank"], deck_rank)
        set_phase(ctx, "preparation")
        body["level_done"] = level
        body["add_rank"] = deck_rank if deck_rank > FIRST_DECK_RANK + level - 1 else None
        line += f". Level {level} is done: the party prepares and the market opens"
        if level < int(camp["levels"]):
            line += (
                f". Add the rank {deck_rank} cards to the explore, event and equipment decks "
                "(not the discards) and shuffle"
            )
        else:
            line += ". That was the last level: end the campaign for the trophies"
    body["line"] = line + "."
    return "explore.resolved", body


CAMPAIGN_HANDLERS: dict[str, Callable[[Ctx, Payload], EventBody]] = {
    "campaign.start": start,
    "level.start": start_level,
    "initiative.roll": roll_initiative,
    "explore.reveal": reveal,
    "explore.event_roll": event_roll,
    "explore.resolve": resolve,
    "rest.start": rest.start_rest,
    "rest.end": rest.end_rest,
    "market.open": market.open_market,
    "market.buy": market.buy,
    "market.sell": market.sell,
    "market.next": market.next_turn,
    "market.close": market.close,
    "check.roll": rest.check_roll,
    "rest.meditate": rest.meditate,
    "rest.heal": rest.heal,
    "campaign.end": endgame.end_campaign,
}
