"""The equipment market (§7.3, §8): five cards, bought with gold in initiative order.

- ``market.open {cards: [{rank, affinity} | "7BL"] x1..5}``: before level 1 and
  after each level (the preparation phase, or a rest); ranks the equipment
  deck holds now (1..5, one more after each level: §3.1, §7.2).
- The order (§7.3 "The player with the initiative chooses first"): the
  initiative holder, then to the left in seating order, skipping the defeated
  (a defeated holder: the next to their left). Before level 1 nobody holds the
  token yet: the first seat starts (Reading).
- Each player in turn has one option (Reading): a buy or a pass. The setting
  ``market_picks`` (default 1) is how many cards an option may buy; 0: any
  number until the player passes. Once everyone has had the option no more
  cards are sold (§7.3: they go back to the deck when the market closes).
- ``market.buy {character_id, card, to?: equipment | inventory, out_of_turn?, note?}``:
  gold minus the card's gold value, by the player in turn; ``out_of_turn: true``
  with a ``note`` when a card allows it, and the log says so. The item gets its
  rarity as it enters the character's hands (spec Decision) and goes onto the
  equipment row, or into the inventory when asked or when the 5 slots are full.
- ``market.pass`` (``market.next``, its older name): the player in turn passes.
- ``market.sell {character_id, item}`` (or ``card``): a carried or equipped card goes back for
  its gold value at any time while the market is open (§8: discarded gold is refunded only at the
  market).
- ``market.close``: the unsold cards go back to the deck.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand import said
from rules.grimhand.cards import parse_cards
from rules.grimhand.equipment import MAX_EQUIPPED
from rules.grimhand.table import items
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op, owner_of
from rules.grimhand.table.session import campaign, party, require_deck_rank, require_phase, require_player
from rules.grimhand.table.state import Character
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import fields, flag, text

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
                "bad_card",
                _("Write one card as rank and affinity, e.g. 7BL: not %(raw)r.") % {"raw": raw},
                {"field": field},
            )
        raw = {"rank": cards[0].rank, "affinity": cards[0].affinity.value}
    if not isinstance(raw, dict):
        raise RuleViolation("bad_card", _("Name a card by rank and affinity, e.g. 7BL."), {"field": field})
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
    """Seats in buying order: the initiative holder first, then to the left, the defeated skipped."""
    seats = [int(c["seat_id"]) for c in party(ctx)]
    table = [int(s) for s in ctx.actor.seat_ids] or seats
    holder = campaign(ctx)["initiative"]["seat_id"]
    if holder not in table:
        return seats
    at = table.index(holder)
    return [s for s in table[at:] + table[:at] if s in seats]


def had_option(market: dict[str, Any]) -> list[int]:
    """The seats that have had their option (a buy or a pass); older snapshots kept a turn count."""
    done = market.get("had_option")
    if done is None:
        done = market["order"][: int(market.get("turn", 0))]
    return [int(s) for s in done]


def chooser(market: dict[str, Any]) -> int | None:
    """The seat whose option it is now (None: everyone has had the option)."""
    done = had_option(market)
    return next((int(s) for s in market["order"] if int(s) not in done), None)


def _name_of(ctx: Ctx, seat: int | None) -> Any:
    name = next((str(c["name"]) for c in party(ctx, with_defeated=True) if c["seat_id"] == seat), None)
    return name or said.gettext_lazy("someone")


def _next_words(ctx: Ctx, market: dict[str, Any], verb: str = "next", *, capital: bool = False) -> Any:
    seat = chooser(market)
    if seat is None:
        if capital:
            return said.gettext_lazy("Everyone has had the option: close the market")
        return said.gettext_lazy("everyone has had the option: close the market")
    who = _name_of(ctx, seat)
    if verb == "first":
        return said.gettext_lazy("%(who)s chooses first", who=who)
    if verb == "now":
        return said.gettext_lazy("%(who)s chooses now", who=who)
    return said.gettext_lazy("%(who)s chooses next", who=who)


def open_market(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ("cards",))
    require_player(ctx)
    require_phase(ctx, "preparation", "rest", doing=gettext_noop("open the market"))
    market = campaign(ctx)["market"]
    if market["open"]:
        raise RuleViolation("market_open", _("The market is already open."), {"field": "cards"})
    raw = payload.get("cards")
    if isinstance(raw, str):
        raw = raw.replace(";", ",").split(",") if "," in raw or ";" in raw else raw.split()
    if not isinstance(raw, list) or not 1 <= len(raw) <= MARKET_SIZE:
        raise RuleViolation(
            "bad_field", _("Lay out up to 5 equipment cards, e.g. 3BL, 7IR."), {"field": "cards"}
        )
    cards = [_card_ref(ctx, c, "cards") for c in raw]
    for card in cards:
        require_deck_rank(
            ctx,
            int(card["rank"]),
            "equipment",
            _("%(name)s is rank %(rank)s") % {"name": card["name"], "rank": card["rank"]},
            "cards",
        )
    seen: set[str] = set()
    for card in cards:
        if card["card"] in seen:
            raise RuleViolation(
                "duplicate_card",
                _("%(card)s is in the market twice.") % {"card": card["name"]},
                {"field": "cards"},
            )
        seen.add(card["card"])
        held = owner_of(ctx.state, card["card"])
        if held is not None:
            raise RuleViolation(
                "card_in_use",
                _("%(card)s is with %(value)s: the table has one of each card.")
                % {"card": card["name"], "value": held[0]["name"]},
                {"field": "cards"},
            )
    order = _order(ctx)
    block = {"open": True, "cards": [{**c, "sold_to": None} for c in cards], "order": order, "had_option": []}
    ctx.rec.set(["campaign", "market"], block)
    listed = said.join(
        said.gettext_lazy(
            "%(card)s (%(rank)s %(affinity)s, %(gold)s gold)",
            card=c["name"],
            rank=c["rank"],
            affinity=c["affinity"],
            gold=c["gold"],
        )
        for c in cards
    )
    line = said.gettext_lazy(
        "The market opens: %(cards)s. %(next)s.",
        cards=listed,
        next=_next_words(ctx, block, "first", capital=True),
    )
    return said.event("market.opened", {"cards": cards, "order": order}, line)


def _open(ctx: Ctx) -> dict[str, Any]:
    market: dict[str, Any] = campaign(ctx)["market"]
    if not market["open"]:
        raise RuleViolation("market_closed", _("The market is closed: it opens before each level (§7.3)."))
    return market


def _require_turn(ctx: Ctx, market: dict[str, Any], char: Character, payload: Payload) -> str | None:
    """The buyer's turn (§7.3), or the note of a card that lets them buy out of turn."""
    if flag(payload, "out_of_turn", "out_of_turn"):
        return text(payload, "note", "A note (which card allows it)", 120)
    seat = chooser(market)
    if seat is None:
        raise RuleViolation(
            "market_done",
            _("Everyone has had the option to buy (§7.3): close the market; the unsold cards go back."),
            {"field": "card"},
        )
    if int(char["seat_id"]) != seat:
        raise RuleViolation(
            "not_your_turn",
            _(
                "%(value)s chooses now: the initiative holder chooses first, then to "
                "the left (§7.3). A card that lets %(who)s buy now: buy out of turn "
                "with a note."
            )
            % {"value": said.render(_name_of(ctx, seat)), "who": char["name"]},
            {"field": "character_id", "seat_id": seat},
        )
    return None


def _offer(ctx: Ctx, market: dict[str, Any], payload: Payload) -> tuple[int, dict[str, Any]]:
    """The market card a buy names, still unsold, with its place in the market (§7.3)."""
    if "card" not in payload:
        raise RuleViolation("missing_field", _("Say which card to buy."), {"field": "card"})
    wanted = _card_ref(ctx, payload["card"], "card")
    index = next((i for i, c in enumerate(market["cards"]) if c["card"] == wanted["card"]), None)
    if index is None:
        raise RuleViolation(
            "not_in_market",
            _("%(wanted)s is not in the market.") % {"wanted": wanted["name"]},
            {"field": "card"},
        )
    offer: dict[str, Any] = market["cards"][index]
    if offer["sold_to"] is not None:
        raise RuleViolation(
            "sold", _("%(offer)s is already sold.") % {"offer": offer["name"]}, {"field": "card"}
        )
    return index, offer


def _require_gold_and_room(char: Character, offer: dict[str, Any], payload: Payload) -> str:
    """The buyer pays the card's gold value and has room where it goes (§7.3, §8); where it goes."""
    price = int(offer["gold"])
    if int(char["gold"]) < price:
        raise RuleViolation(
            "not_enough_gold",
            _("%(offer)s costs %(price)s gold; %(who)s has %(gold)s.")
            % {"offer": offer["name"], "price": price, "who": char["name"], "gold": char["gold"]},
            {"field": "card", "price": price, "gold": char["gold"]},
        )
    to = payload.get("to") or "equipment"
    if to not in ("equipment", "inventory"):
        raise RuleViolation(
            "bad_field", _("A bought card goes to the equipment or the inventory."), {"field": "to"}
        )
    if to == "equipment" and len(char["equipment"]) >= MAX_EQUIPPED:
        raise RuleViolation(
            "too_many_items",
            _("%(who)s has %(MAX_EQUIPPED)s items equipped: unequip one first, or carry it in the inventory.")
            % {"who": char["name"], "MAX_EQUIPPED": MAX_EQUIPPED},
            {"field": "to"},
        )
    return str(to)


def buy(ctx: Ctx, payload: Payload) -> EventBody:
    """A card bought by the player in turn, or out of turn when a card allows it (§7.3)."""
    fields(payload, ("character_id", "card", "to", "out_of_turn", "note"))
    market = _open(ctx)
    char = ctx.owned(payload)
    index, offer = _offer(ctx, market, payload)
    allowed_by = _require_turn(ctx, market, char, payload)
    to = _require_gold_and_room(char, offer, payload)
    price = int(offer["gold"])
    gold_before = int(char["gold"])
    ctx.do(counter_op(char, "gold", gold_before - price))
    template = items.card_template(ctx, {"rank": offer["rank"], "affinity": offer["affinity"]})
    item = items.new_item(ctx, template)
    items.move(ctx, item, items.where(None, None), items.where(char, to))
    ctx.rec.set(["campaign", "market", "cards", index, "sold_to"], int(char["id"]))
    if allowed_by is not None:
        ctx.rec.set(["campaign", "market", "cards", index, "out_of_turn"], allowed_by)
    elif _option_used(ctx, market, char):
        _mark(ctx, market, int(char["seat_id"]))
    values = {
        "who": char["name"],
        "item": item["name"],
        "rarity": item["rarity"],
        "price": price,
        "change": f"{gold_before} \u2192 {gold_before - price}",
    }
    if allowed_by is not None:
        line = said.gettext_lazy(
            "%(who)s bought %(item)s (%(rarity)s) for %(price)s gold out of turn, as a card allows "
            "(%(allowed_by)s) (gold %(change)s); %(next)s.",
            allowed_by=allowed_by,
            next=_next_words(ctx, market, "now"),
            **values,
        )
    else:
        line = said.gettext_lazy(
            "%(who)s bought %(item)s (%(rarity)s) for %(price)s gold (gold %(change)s); %(next)s.",
            next=_next_words(ctx, market, "next"),
            **values,
        )
    return said.event("market.bought", {**head(char), "item": item, "price": price, "to": to}, line)


def _mark(ctx: Ctx, market: dict[str, Any], seat: int) -> None:
    """``seat`` has had its option (a market opened by an older version counted turns instead)."""
    if "had_option" not in market:
        ctx.rec.set(["campaign", "market", "had_option"], had_option(market))
    ctx.rec.insert(["campaign", "market", "had_option"], seat)


def _option_used(ctx: Ctx, market: dict[str, Any], char: Character) -> bool:
    """Whether this buy ends the player's option: ``market_picks`` cards bought in turn (0: never)."""
    picks = int(ctx.settings.get("market_picks", 1))
    if not picks:
        return False
    bought = sum(1 for c in market["cards"] if c["sold_to"] == int(char["id"]) and not c.get("out_of_turn"))
    return bought >= picks


def sell(ctx: Ctx, payload: Payload) -> EventBody:
    """A card back to the market for its gold value (§8); ``item`` (or ``card``) names it."""
    fields(payload, ("character_id", "item", "card"))
    _open(ctx)
    char = ctx.owned(payload)
    key = "item" if "item" in payload else "card"
    if key not in payload:
        raise RuleViolation("missing_field", _("Say which item to sell."), {"field": "item"})
    raw = payload[key]
    if isinstance(raw, dict) and isinstance(raw.get("card"), str) and "-" in raw["card"]:
        suit, _dash, rank = raw["card"].partition("-")  # an item as the sheet carries it: "Iron-7"
        raw = {"rank": int(rank) if rank.isdigit() else rank, "affinity": suit}
    wanted = _card_ref(ctx, raw, key)
    held = owner_of(ctx.state, wanted["card"])
    if held is None or held[0] is not char:
        raise RuleViolation(
            "not_yours",
            _("%(who)s does not hold %(wanted)s.") % {"who": char["name"], "wanted": wanted["name"]},
            {"field": key},
        )
    _unused, place, index = held
    item = dict(char[place][index])
    items.move(ctx, item, items.where(char, place, index), items.where(None, None))
    before = int(char["gold"])
    ctx.do(counter_op(char, "gold", before + int(wanted["gold"])))
    market = campaign(ctx)["market"]
    for index, offer in enumerate(market["cards"]):
        if offer["card"] == wanted["card"]:  # bought here and brought back: on offer again
            ctx.rec.set(["campaign", "market", "cards", index, "sold_to"], None)
    line = said.gettext_lazy(
        "%(who)s sold %(item)s for %(price)s gold (gold %(change)s)",
        who=char["name"],
        item=item["name"],
        price=wanted["gold"],
        change=f"{before} \u2192 {char['gold']}",
    )
    return said.event("market.sold", {**head(char), "item": item, "price": wanted["gold"]}, line)


def pass_turn(ctx: Ctx, payload: Payload) -> EventBody:
    """``market.pass``: the player in turn has had the option without buying (more) (§7.3)."""
    fields(payload, ())
    require_player(ctx)
    market = _open(ctx)
    seat = chooser(market)
    if seat is None:
        raise RuleViolation(
            "market_done", _("Everyone has had the option to buy (§7.3): close the market."), {"field": ""}
        )
    ctx.actor.require_edit(seat)
    _mark(ctx, market, seat)
    line = said.gettext_lazy(
        "%(who)s passes; %(next)s.", who=_name_of(ctx, seat), next=_next_words(ctx, market)
    )
    return said.event("market.passed", {"seat_id": seat}, line)


def close_market(ctx: Ctx) -> list[str]:
    """The unsold cards go back to the deck (§7.3); their names, for the log."""
    market = campaign(ctx)["market"]
    unsold = [c["name"] for c in market["cards"] if c["sold_to"] is None]
    ctx.rec.set(["campaign", "market"], {"open": False, "cards": [], "order": [], "had_option": []})
    return unsold


def close(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ())
    require_player(ctx)
    _open(ctx)
    unsold = close_market(ctx)
    if unsold:
        line = said.ngettext_lazy(
            "The market closes: %(cards)s goes back into the deck.",
            "The market closes: %(cards)s go back into the deck.",
            len(unsold),
            cards=", ".join(unsold),
        )
    else:
        line = said.gettext_lazy("The market closes.")
    return said.event("market.closed", {"unsold": unsold}, line)
