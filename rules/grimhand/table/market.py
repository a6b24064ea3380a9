"""The equipment market (§7.3, §8): five cards, bought with gold in initiative order.

- ``market.open {cards: [{rank, affinity} | "7BL"] x1..5}``: before level 1 and
  after each level (the preparation phase, or a rest).
- ``market.buy {character_id, card, to?: equipment | inventory}``: gold minus the
  card's gold value; the item gets its rarity as it enters the character's
  hands (spec Decision) and goes onto the equipment row, or into the
  inventory when asked or when the 5 slots are full and ``to`` says so.
- ``market.sell {character_id, item}`` (or ``card``): a carried or equipped card goes back for
  its gold value (§8: discarded gold is refunded only at the market).
- ``market.next``: the next player in turn chooses; ``market.close``.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand.cards import parse_cards
from rules.grimhand.equipment import MAX_EQUIPPED
from rules.grimhand.table import items
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op, owner_of
from rules.grimhand.table.session import campaign, party, require_phase, require_player
from rules.validate import fields

MARKET_SIZE = 5


def _card_ref(ctx: Ctx, raw: Any, field: str) -> dict[str, Any]:
    """A base equipment card named as "7BL" or {rank, affinity}; its facts from the catalogue."""
    if isinstance(raw, str):
        try:
            cards = parse_cards(raw)
        except RuleViolation:
            cards = ()
        if len(cards) != 1:
            raise RuleViolation(
                "bad_card", f"Write one card as rank and affinity, e.g. 7BL: not {raw!r}.", {"field": field}
            )
        raw = {"rank": cards[0].rank, "affinity": cards[0].affinity.value}
    if not isinstance(raw, dict):
        raise RuleViolation("bad_card", "Name a card by rank and affinity, e.g. 7BL.", {"field": field})
    try:
        facts = ctx.catalogue.card(raw.get("rank"), raw.get("affinity"))
    except RuleViolation as exc:
        raise RuleViolation(exc.code, exc.message, {**exc.extra, "field": field}) from None
    return {
        "rank": facts.rank,
        "affinity": facts.affinity,
        "name": facts.name,
        "gold": facts.gold_value,
        "card": f"{facts.affinity}-{facts.rank}",
    }


def _order(ctx: Ctx) -> list[int]:
    """Seats in buying order: the initiative holder first, then to the left (§7.3)."""
    seats = [int(c["seat_id"]) for c in party(ctx)]
    holder = campaign(ctx)["initiative"]["seat_id"]
    if holder in seats:
        at = seats.index(holder)
        seats = seats[at:] + seats[:at]
    return seats


def open_market(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ("cards",))
    require_player(ctx)
    require_phase(ctx, "preparation", "rest", doing="open the market")
    market = campaign(ctx)["market"]
    if market["open"]:
        raise RuleViolation("market_open", "The market is already open.", {"field": "cards"})
    raw = payload.get("cards")
    if isinstance(raw, str):
        raw = raw.replace(";", ",").split(",") if "," in raw or ";" in raw else raw.split()
    if not isinstance(raw, list) or not 1 <= len(raw) <= MARKET_SIZE:
        raise RuleViolation(
            "bad_field", "Lay out up to 5 equipment cards, e.g. 3BL, 7IR.", {"field": "cards"}
        )
    cards = [_card_ref(ctx, c, "cards") for c in raw]
    seen: set[str] = set()
    for card in cards:
        if card["card"] in seen:
            raise RuleViolation(
                "duplicate_card", f"{card['name']} is in the market twice.", {"field": "cards"}
            )
        seen.add(card["card"])
        held = owner_of(ctx.state, card["card"])
        if held is not None:
            raise RuleViolation(
                "card_in_use",
                f"{card['name']} is with {held[0]['name']}: the table has one of each card.",
                {"field": "cards"},
            )
    order = _order(ctx)
    ctx.rec.set(
        ["campaign", "market"],
        {"open": True, "cards": [{**c, "sold_to": None} for c in cards], "order": order, "turn": 0},
    )
    listed = ", ".join(f"{c['name']} ({c['rank']} {c['affinity']}, {c['gold']} gold)" for c in cards)
    return "market.opened", {"cards": cards, "order": order, "line": f"The market opens: {listed}."}


def _open(ctx: Ctx) -> dict[str, Any]:
    market: dict[str, Any] = campaign(ctx)["market"]
    if not market["open"]:
        raise RuleViolation("market_closed", "The market is closed: it opens before each level (§7.3).")
    return market


def buy(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ("character_id", "card", "to"))
    market = _open(ctx)
    char = ctx.owned(payload)
    if "card" not in payload:
        raise RuleViolation("missing_field", "Say which card to buy.", {"field": "card"})
    wanted = _card_ref(ctx, payload["card"], "card")
    index = next((i for i, c in enumerate(market["cards"]) if c["card"] == wanted["card"]), None)
    if index is None:
        raise RuleViolation("not_in_market", f"{wanted['name']} is not in the market.", {"field": "card"})
    offer = market["cards"][index]
    if offer["sold_to"] is not None:
        raise RuleViolation("sold", f"{offer['name']} is already sold.", {"field": "card"})
    price = int(offer["gold"])
    if int(char["gold"]) < price:
        raise RuleViolation(
            "not_enough_gold",
            f"{offer['name']} costs {price} gold; {char['name']} has {char['gold']}.",
            {"field": "card", "price": price, "gold": char["gold"]},
        )
    to = payload.get("to") or "equipment"
    if to not in ("equipment", "inventory"):
        raise RuleViolation(
            "bad_field", "A bought card goes to the equipment or the inventory.", {"field": "to"}
        )
    if to == "equipment" and len(char["equipment"]) >= MAX_EQUIPPED:
        raise RuleViolation(
            "too_many_items",
            f"{char['name']} has {MAX_EQUIPPED} items equipped: "
            "unequip one first, or carry it in the inventory.",
            {"field": "to"},
        )
    gold_before = int(char["gold"])
    ctx.do(counter_op(char, "gold", gold_before - price))
    template = items.card_template(ctx, {"rank": offer["rank"], "affinity": offer["affinity"]})
    item = items.new_item(ctx, template)
    items.move(ctx, item, items.where(None, None), items.where(char, to))
    ctx.rec.set(["campaign", "market", "cards", index, "sold_to"], int(char["id"]))
    line = (
        f"{char['name']} bought {item['name']} ({item['rarity']}) for {price} gold "
        f"(gold {gold_before} \u2192 {gold_before - price})"
    )
    return "market.bought", {**head(char), "item": item, "price": price, "to": to, "line": line}


def sell(ctx: Ctx, payload: Payload) -> EventBody:
    """A card back to the market for its gold value (§8); ``item`` (or ``card``) names it."""
    fields(payload, ("character_id", "item", "card"))
    _open(ctx)
    char = ctx.owned(payload)
    key = "item" if "item" in payload else "card"
    if key not in payload:
        raise RuleViolation("missing_field", "Say which item to sell.", {"field": "item"})
    raw = payload[key]
    if isinstance(raw, dict) and isinstance(raw.get("card"), str) and "-" in raw["card"]:
        suit, _, rank = raw["card"].partition("-")  # an item as the sheet carries it: "Iron-7"
        raw = {"rank": int(rank) if rank.isdigit() else rank, "affinity": suit}
    wanted = _card_ref(ctx, raw, key)
    held = owner_of(ctx.state, wanted["card"])
    if held is None or held[0] is not char:
        raise RuleViolation("not_yours", f"{char['name']} does not hold {wanted['name']}.", {"field": key})
    _, place, index = held
    item = dict(char[place][index])
    items.move(ctx, item, items.where(char, place, index), items.where(None, None))
    before = int(char["gold"])
    ctx.do(counter_op(char, "gold", before + int(wanted["gold"])))
    market = campaign(ctx)["market"]
    for index, offer in enumerate(market["cards"]):
        if offer["card"] == wanted["card"]:  # bought here and brought back: on offer again
            ctx.rec.set(["campaign", "market", "cards", index, "sold_to"], None)
    line = (
        f"{char['name']} sold {item['name']} for {wanted['gold']} gold (gold {before} \u2192 {char['gold']})"
    )
    return "market.sold", {**head(char), "item": item, "price": wanted["gold"], "line": line}


def next_turn(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ())
    require_player(ctx)
    market = _open(ctx)
    order = market["order"]
    turn = int(market["turn"]) + 1
    ctx.rec.set(["campaign", "market", "turn"], turn)
    names = {int(c["seat_id"]): c["name"] for c in party(ctx)}
    if turn >= len(order):
        return "market.turn", {"turn": turn, "line": "Everyone has had their turn at the market."}
    return "market.turn", {"turn": turn, "line": f"{names.get(order[turn], 'The next player')} chooses next."}


def close_market(ctx: Ctx) -> list[str]:
    """The unsold cards go back to the deck (§7.3); their names, for the log."""
    market = campaign(ctx)["market"]
    unsold = [c["name"] for c in market["cards"] if c["sold_to"] is None]
    ctx.rec.set(["campaign", "market"], {"open": False, "cards": [], "order": [], "turn": 0})
    return unsold


def close(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ())
    require_player(ctx)
    _open(ctx)
    unsold = close_market(ctx)
    back = f": {', '.join(unsold)} go back into the deck" if unsold else ""
    return "market.closed", {"unsold": unsold, "line": f"The market closes{back}."}
