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
- the explore cards are ``explore.py``'s, the market ``market.py``'s, rest and
  checks ``rest.py``'s, the end of the game ``finale.py`` and ``endgame.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.describing import before_after
from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand import said
from rules.grimhand.campaign import initiative_leaders
from rules.grimhand.said import Said
from rules.grimhand.table import endgame, explore, finale, market, rest
from rules.grimhand.table.context import Ctx, EventBody
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.session import (
    MAX_LEVELS,
    ante,
    campaign,
    current_card,
    defeat,
    party,
    require_phase,
    require_player,
    seats_in_quest,
    set_phase,
)
from rules.grimhand.table.state import characters
from rules.i18n import gettext as _
from rules.i18n import gettext_noop, ngettext
from rules.validate import fields, integer, is_int

EVENT_ORDER = ("places", "threats", "NPCs")
"""Event cards drawn on one explore card resolve in this order (§7.2)."""


def start(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ("levels", "ante"))
    require_player(ctx)
    require_phase(ctx, "setup", doing=gettext_noop("start the campaign"))
    if not characters(ctx.state):
        raise RuleViolation(
            "no_characters", _("Create at least one character before the campaign starts."), {"field": ""}
        )
    levels = integer(payload, "levels", "The number of explore levels", 1, MAX_LEVELS, default=3)
    progression = payload.get("ante")
    if progression is not None:
        if not isinstance(progression, list) or len(progression) < levels:
            raise RuleViolation(
                "bad_field",
                _("Give the ante of each of the %(levels)s levels (LE).") % {"levels": levels},
                {"field": "ante"},
            )
        if not all(is_int(a) and 0 <= a <= 50 for a in progression):
            raise RuleViolation(
                "bad_field", _("Each ante is a whole number of LE, 0 to 50."), {"field": "ante"}
            )
        ctx.rec.set(["campaign", "ante"], list(progression[:levels]))
    default = int(campaign(ctx)["levels"])
    ctx.rec.set(["campaign", "levels"], levels)
    set_phase(ctx, "preparation")
    antes = [ante(ctx, n) for n in range(1, levels + 1)]
    length = (
        said.ngettext_lazy("%(n)s explore level", "%(n)s explore levels", levels, n=levels)
        if levels == default
        else said.gettext_lazy("explore levels %(change)s", change=before_after(default, levels))
    )
    line = said.gettext_lazy(
        "The campaign starts: %(length)s, ante %(antes)s LE. The market opens before level 1.",
        length=length,
        antes=", ".join(map(str, antes)),
    )
    return said.event("campaign.started", {"levels": levels, "ante": antes}, line)


def _next_level(ctx: Ctx) -> int:
    """The level about to start, or a refusal once the campaign's last level is done (§7.1)."""
    camp = campaign(ctx)
    level = int(camp["level"]) + 1
    if level > int(camp["levels"]):
        raise RuleViolation(
            "campaign_over",
            _("All %(levels)s levels are done: end the campaign to see the trophies.")
            % {"levels": camp["levels"]},
            {"field": ""},
        )
    return level


def _pay_ante(ctx: Ctx, cost: int) -> list[dict[str, Any]]:
    """Each character pays the ante in LE; one who cannot pay it is defeated (§7.1)."""
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
    return payments


def _paid_words(payments: list[dict[str, Any]]) -> Said:
    """The ante payments in words for the log (§7.1)."""
    return said.join(
        (
            said.gettext_lazy(
                "%(who)s cannot pay and is defeated (LE %(le)s)", who=p["character"], le=p["before"]
            )
            if p["defeated"]
            else said.gettext_lazy(
                "%(who)s LE %(change)s", who=p["character"], change=before_after(p["before"], p["after"])
            )
            for p in payments
        ),
        "; ",
    )


def start_level(ctx: Ctx, payload: Payload) -> EventBody:
    """Pay the ante at the start of a new explore level (§7.1)."""
    fields(payload, ())
    require_player(ctx)
    require_phase(ctx, "preparation", "rest", doing=gettext_noop("start a new level"))
    camp = campaign(ctx)
    level = _next_level(ctx)
    if camp["market"]["open"]:
        market.close_market(ctx)
    cost = ante(ctx, level)
    payments = _pay_ante(ctx, cost)
    cards_before = int(camp["card"])
    ctx.rec.set(["campaign", "level"], level)
    ctx.rec.set(["campaign", "card"], 0)
    ctx.rec.set(["campaign", "explore"], [])
    ctx.rec.set(["campaign", "initiative"], {"seat_id": None, "rolls": [], "tied": []})
    set_phase(ctx, "explore")
    paid = _paid_words(payments)
    values = {"level": level, "levels": before_after(level - 1, level), "ante": cost, "paid": paid}
    if cards_before:
        line = said.gettext_lazy(
            "Level %(level)s begins (level %(levels)s, explore card %(cards)s): ante %(ante)s LE. %(paid)s.",
            cards=before_after(cards_before, 0),
            **values,
        )
    else:
        line = said.gettext_lazy(
            "Level %(level)s begins (level %(levels)s): ante %(ante)s LE. %(paid)s.", **values
        )
    return said.event("level.started", {"level": level, "ante": cost, "payments": payments}, line)


def _typed_rolls(payload: Payload, seats: list[int], names: dict[int, str]) -> dict[int, int]:
    """Each rolling player's typed d6; a refusal names the player and that player's field."""
    raw = payload["rolls"]
    if not isinstance(raw, dict):
        raise RuleViolation("bad_field", _("rolls maps each seat to its d6."), {"field": "rolls"})
    rolls: dict[int, int] = {}
    for key, value in raw.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else key
        if seat not in seats:
            raise RuleViolation(
                "bad_field",
                _("Only the players still rolling for the initiative roll now."),
                {"field": "rolls"},
            )
        if not is_int(value) or not 1 <= value <= 6:
            who = names.get(int(seat)) or _("A player")
            raise RuleViolation(
                "bad_dice",
                _("%(who)s's initiative roll is a d6: 1 to 6.") % {"who": who},
                {"field": f"rolls.{int(seat)}", "seat_id": int(seat)},
            )
        rolls[int(seat)] = int(value)
    if set(rolls) != set(seats):
        missing = [s for s in seats if s not in rolls]
        who = _(" and ").join(names.get(s) or _("a player") for s in missing)
        raise RuleViolation(
            "bad_dice_count",
            ngettext("%(who)s still needs a roll.", "%(who)s still need a roll.", len(missing))
            % {"who": who},
            {"field": f"rolls.{missing[0]}", "seats": seats},
        )
    return rolls


def roll_initiative(ctx: Ctx, payload: Payload) -> EventBody:
    """1d6 each, the highest holds the token; ties re-roll among the tied only (§7.2)."""
    fields(payload, ("rolls",))
    require_player(ctx)
    require_phase(ctx, "explore", doing=gettext_noop("roll for the initiative"))
    camp = campaign(ctx)
    card = current_card(ctx)
    if card is not None and not card["resolved"]:
        raise RuleViolation(
            "card_unresolved", _("Finish the explore card first; the initiative is rolled between cards.")
        )
    state = camp["initiative"]
    seats = [int(s) for s in state["tied"]] or seats_in_quest(ctx)
    if not seats:
        raise RuleViolation("no_characters", _("Nobody is left to roll."))
    rounds: list[list[dict[str, int]]] = [] if not state["tied"] else [list(r) for r in state["rolls"]]
    names = {int(c["seat_id"]): c["name"] for c in party(ctx)}
    if payload.get("rolls") is not None:
        rolls = _typed_rolls(payload, seats, names)
        rounds.append([{"seat_id": s, "roll": rolls[s]} for s in seats])
        leaders = list(initiative_leaders({str(s): rolls[s] for s in seats}))
        tied = [int(s) for s in leaders] if len(leaders) > 1 else []
    else:
        tied = []
        contenders = seats
        for _attempt in range(100):
            rolled = {s: ctx.rng.randint(1, 6) for s in contenders}
            rounds.append([{"seat_id": s, "roll": rolled[s]} for s in contenders])
            leaders = list(initiative_leaders({str(s): rolled[s] for s in contenders}))
            if len(leaders) == 1:
                break
            contenders = [int(s) for s in leaders]
    holder = None if tied else int(leaders[0])
    ctx.rec.set(["campaign", "initiative"], {"seat_id": holder, "rolls": rounds, "tied": tied})
    a_seat = said.gettext_lazy("a seat")
    last = said.join(
        said.gettext_lazy("%(who)s %(roll)s", who=names.get(r["seat_id"]) or a_seat, roll=r["roll"])
        for r in rounds[-1]
    )
    if tied:
        line = said.gettext_lazy(
            "Initiative: %(rolls)s. Tied: %(tied)s roll again.",
            rolls=last,
            tied=said.join(names.get(s) or a_seat for s in tied),
        )
    else:
        holder_name = names.get(holder or 0) or said.gettext_lazy("A seat")
        line = said.gettext_lazy(
            "Initiative: %(rolls)s. %(who)s holds the token.", rolls=last, who=holder_name
        )
    return said.event("initiative.rolled", {"rolls": rounds, "seat_id": holder, "tied": tied}, line)


CAMPAIGN_HANDLERS: dict[str, Callable[[Ctx, Payload], EventBody]] = {
    "campaign.start": start,
    "level.start": start_level,
    "initiative.roll": roll_initiative,
    "explore.reveal": explore.reveal,
    "explore.event_roll": explore.event_roll,
    "explore.resolve": explore.resolve,
    "rest.start": rest.start_rest,
    "rest.end": rest.end_rest,
    "market.open": market.open_market,
    "market.buy": market.buy,
    "market.sell": market.sell,
    "market.pass": market.pass_turn,
    "market.next": market.pass_turn,
    "market.close": market.close,
    "check.roll": rest.check_roll,
    "rest.meditate": rest.meditate,
    "rest.heal": rest.heal,
    "campaign.redeem": finale.redeem_corrupted,
    "campaign.final_fight": finale.final_fight,
    "campaign.end": endgame.end_campaign,
}
