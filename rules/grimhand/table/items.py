"""Equipment and inventory at the table (§8; spec: rarity, sets, max 5 equipped).

A card is named by ``{rank, affinity}`` (a base card) or ``{homebrew_id}``
(the campaign's homebrew). One physical card exists per rank and affinity at
the table, so a card is held by at most one character, equipped or carried.

- ``character.equip``: from the table or the character's inventory onto the
  equipment row (at most 5: §8).
- ``character.unequip`` ``{..., to: "inventory" | "discard"}``.
- ``character.stash``: into the inventory without equipping it.
- ``character.discard``: back to the table (no gold: §8, only the market refunds).
- ``character.give`` ``{..., to_character_id}``: a trade into another's inventory.

Rarity is assigned once, when a card first enters a character's hands, by the
d100 table with the table's dice (or the printed rarity, campaign setting),
and travels with it: re-equipping or trading never re-rolls it (spec Decision).
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload, require
from rules.errors import RuleViolation
from rules.grimhand.equipment import MAX_EQUIPPED
from rules.grimhand.rarity import assign_rarity
from rules.grimhand.table.catalogue import parse_affinity
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import owner_of
from rules.grimhand.table.state import Character, find_character
from rules.i18n import gettext as _
from rules.validate import text

MAX_HOMEBREW = 100
Item = dict[str, Any]


def _homebrew(state: dict[str, Any], homebrew_id: object) -> Item:
    for card in state.get("homebrew", {}).get("equipment", []):
        if card["id"] == homebrew_id:
            return dict(card)
    raise RuleViolation(
        "unknown_card", _("There is no such homebrew card at this table."), {"homebrew_id": homebrew_id}
    )


def card_template(ctx: Ctx, payload: Payload) -> Item:
    """The card a payload names, without a rarity yet; ``unknown_card`` if none."""
    if "homebrew_id" in payload:
        card = _homebrew(ctx.state, payload["homebrew_id"])
        return {
            "card": card["id"],
            "rank": card["rank"],
            "affinity": card["affinity"],
            "name": card["name"],
            "printed_rarity": card["printed_rarity"],
            "homebrew": True,
        }
    if "rank" not in payload or "affinity" not in payload:
        raise RuleViolation(
            "missing_field",
            _("Say which card: its rank and affinity."),
            {"field": "rank" if "rank" not in payload else "affinity"},
        )
    facts = ctx.catalogue.card(payload["rank"], payload["affinity"])
    return {
        "card": f"{facts.affinity}-{facts.rank}",
        "rank": facts.rank,
        "affinity": facts.affinity,
        "name": facts.name,
        "printed_rarity": facts.printed_rarity,
    }


def _label(item: Item) -> str:
    return f"{item['name']} ({item['rank']} {item['affinity']})"


def new_item(ctx: Ctx, template: Item) -> Item:
    rarity = assign_rarity(
        ctx.rng,
        template["printed_rarity"],
        use_printed=bool(ctx.settings.get("printed_rarity")),
        tables=ctx.tables,
    )
    item = {k: template[k] for k in ("card", "rank", "affinity", "name")}
    item["rarity"] = rarity
    if template.get("homebrew"):
        item["homebrew"] = True
    return item


def where(char: Character | None, place: str | None, index: int | None = None) -> dict[str, Any]:
    return {"character_id": None if char is None else char["id"], "place": place, "index": index}


def _in_use(template: Item, holder: Character) -> RuleViolation:
    return RuleViolation(
        "card_in_use",
        _("%(value)s is already with %(holder)s: the table has one of each card.")
        % {"value": _label(template), "holder": holder["name"]},
        {"card": template["card"], "character_id": holder["id"]},
    )


def _room(char: Character) -> None:
    if len(char["equipment"]) >= MAX_EQUIPPED:
        raise RuleViolation(
            "too_many_items",
            _("%(who)s already has %(MAX_EQUIPPED)s items equipped: unequip or discard one first (§8).")
            % {"who": char["name"], "MAX_EQUIPPED": MAX_EQUIPPED},
            {"character_id": char["id"], "count": len(char["equipment"])},
        )


def move(ctx: Ctx, item: Item, source: dict[str, Any], target: dict[str, Any]) -> None:
    if target["place"] is not None and target["index"] is None:
        holder = find_character(ctx.state, target["character_id"])
        target = {**target, "index": len(holder[target["place"]])}
    ctx.do({"op": "move", "item": item, "from": source, "to": target})


def _body(char: Character, item: Item, source: str, target: str) -> dict[str, Any]:
    return {**head(char), "item": item, "from": source, "to": target}


def equip(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    template = card_template(ctx, payload)
    held = owner_of(ctx.state, template["card"])
    if held is None:
        _room(char)
        item = new_item(ctx, template)
        move(ctx, item, where(None, None), where(char, "equipment"))
        return "character.equipped", _body(char, item, "table", "equipment")
    holder, place, index = held
    if holder is not char:
        raise _in_use(template, holder)
    if place == "equipment":
        raise RuleViolation(
            "already_equipped",
            _("%(value)s is already equipped.") % {"value": _label(template)},
            {"card": template["card"]},
        )
    _room(char)
    item = char["inventory"][index]
    move(ctx, item, where(char, "inventory", index), where(char, "equipment"))
    return "character.equipped", _body(char, item, "inventory", "equipment")


def _held_by(ctx: Ctx, char: Character, payload: Payload, places: tuple[str, ...]) -> tuple[Item, str, int]:
    template = card_template(ctx, payload)
    held = owner_of(ctx.state, template["card"])
    if held is not None and held[0] is not char:
        raise _in_use(template, held[0])
    if held is None or held[1] not in places:
        if places == ("equipment",):
            message = _("%(who)s has no %(item)s equipped.")
        else:
            message = _("%(who)s has no %(item)s held.")
        raise RuleViolation(
            "not_held",
            message % {"who": char["name"], "item": _label(template)},
            {"card": template["card"]},
        )
    _unused, place, index = held
    return char[place][index], place, index


def unequip(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    to = payload.get("to", "inventory")
    if to not in ("inventory", "discard"):
        raise RuleViolation("bad_field", _("Unequip to the inventory or discard it."), {"field": "to"})
    item, place, index = _held_by(ctx, char, payload, ("equipment",))
    target = where(char, "inventory") if to == "inventory" else where(None, None)
    move(ctx, item, where(char, place, index), target)
    return "character.unequipped", _body(
        char, item, "equipment", "inventory" if to == "inventory" else "table"
    )


def stash(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    template = card_template(ctx, payload)
    held = owner_of(ctx.state, template["card"])
    if held is None:
        item = new_item(ctx, template)
        move(ctx, item, where(None, None), where(char, "inventory"))
        return "character.stashed", _body(char, item, "table", "inventory")
    holder, place, index = held
    if holder is not char:
        raise _in_use(template, holder)
    if place == "inventory":
        raise RuleViolation(
            "already_held",
            _("%(value)s is already in the inventory.") % {"value": _label(template)},
            {"card": template["card"]},
        )
    item = char["equipment"][index]
    move(ctx, item, where(char, "equipment", index), where(char, "inventory"))
    return "character.stashed", _body(char, item, "equipment", "inventory")


def discard(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    item, place, index = _held_by(ctx, char, payload, ("equipment", "inventory"))
    move(ctx, item, where(char, place, index), where(None, None))
    return "character.discarded", _body(char, item, place, "table")


def give(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    other = find_character(ctx.state, require(payload, "to_character_id", int, "to_character_id"))
    if other is char:
        raise RuleViolation(
            "no_change", _("Give the card to another character."), {"field": "to_character_id"}
        )
    item, place, index = _held_by(ctx, char, payload, ("equipment", "inventory"))
    move(ctx, item, where(char, place, index), where(other, "inventory"))
    body = _body(char, item, place, "inventory")
    body["to_character_id"] = other["id"]
    body["to_character"] = other["name"]
    return "character.item_given", body


def add_homebrew(ctx: Ctx, payload: Payload) -> EventBody:
    """A campaign's own equipment card, seen only at this table (issue: homebrew)."""
    ctx.actor.require_edit(ctx.actor.seat_id)
    cards: list[Item] = ctx.state.setdefault("homebrew", {}).setdefault("equipment", [])
    if len(cards) >= MAX_HOMEBREW:
        raise RuleViolation(
            "too_many_cards",
            _("A table can add at most %(MAX_HOMEBREW)s homebrew cards.") % {"MAX_HOMEBREW": MAX_HOMEBREW},
        )
    name = text(payload, "name", "A card name", 60, code="bad_name")
    if any(c["name"].lower() == name.lower() for c in cards):
        raise RuleViolation(
            "duplicate_name",
            _("This table already has a homebrew card called %(name)s.") % {"name": name},
            {"field": "name"},
        )
    rank = require(payload, "rank", int, "A rank")
    if not 1 <= rank <= 10:
        raise RuleViolation("bad_field", _("A card's rank runs from 1 to 10."), {"field": "rank"})
    affinity = parse_affinity(require(payload, "affinity", str, "An affinity"))
    printed = ctx.tables.rarity(str(payload.get("printed_rarity") or "Common"))
    gold = payload.get("gold_value", 0)
    if isinstance(gold, bool) or not isinstance(gold, int) or not 0 <= gold <= 1000:
        raise RuleViolation(
            "bad_field", _("A gold value is a whole number from 0 to 1000."), {"field": "gold_value"}
        )
    effect = str(payload.get("effect") or "").strip()[:200]
    taken = {c["id"] for c in cards}
    card = {
        "id": f"h{ctx.new_id(32, lambda v: f'h{v}' in taken)}",
        "name": name,
        "rank": rank,
        "affinity": affinity,
        "printed_rarity": printed,
        "gold_value": gold,
        "effect": effect,
    }
    ctx.do({"op": "homebrew_add", "card": card})
    return "homebrew.equipment_added", {"seat_id": ctx.actor.seat_id, "card": card}


def remove_homebrew(ctx: Ctx, payload: Payload) -> EventBody:
    ctx.actor.require_edit(ctx.actor.seat_id)
    card = _homebrew(ctx.state, payload.get("homebrew_id"))
    holder = owner_of(ctx.state, card["id"])
    if holder is not None:
        raise _in_use({**card, "card": card["id"]}, holder[0])
    ctx.do({"op": "homebrew_remove", "card": card})
    return "homebrew.equipment_removed", {"seat_id": ctx.actor.seat_id, "card": card}
