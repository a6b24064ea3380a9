"""What several Grimterra commands share: players' records, a hero by id, cards to and from the hand.

Read helpers check and raise before anything is recorded; the others record
through ``ctx.rec`` like the handlers that call them.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload, State
from rules.errors import RuleViolation
from rules.game import Ctx
from rules.grimterra import validate as v
from rules.grimterra.state import HAND_SIZE, Hero, find_hero, new_player, player_index
from rules.i18n import gettext as _
from rules.turns import next_seat


def ensure_player(ctx: Ctx, seat_id: int) -> int:
    """The index of the seat's record, made the first time a command names the seat."""
    index = player_index(ctx.state, seat_id)
    if index is None:
        index = ctx.rec.insert(["players"], new_player(seat_id))
    return index


def require_player(state: State, seat_id: int, field: str = "seat_id") -> int:
    """The index of the seat's record; refused when the seat has no heroes here yet."""
    index = player_index(state, seat_id)
    if index is None:
        raise RuleViolation(
            "not_a_player",
            _("That seat has no heroes at this table yet."),
            {"field": field, "seat_id": seat_id},
        )
    return index


def owned_hero(ctx: Ctx, payload: Payload, key: str = "hero_id", *, living: bool = True) -> Hero:
    hero = find_hero(ctx.state, v.hero_id(payload, key), field=key, alive=living)
    ctx.actor.require_edit(int(hero["seat_id"]))
    return hero


def any_hero(ctx: Ctx, payload: Payload, key: str = "hero_id", *, living: bool = True) -> Hero:
    hero = find_hero(ctx.state, v.hero_id(payload, key), field=key, alive=living)
    v.participant(ctx.actor)
    return hero


def from_hand(ctx: Ctx, index: int, discard: bool, field: str) -> int:
    """One card leaves the player's hand (to the discard pile when ``discard``); the hand after."""
    player = ctx.state["players"][index]
    if player["hand"] <= 0:
        raise RuleViolation(
            "empty_hand",
            _("That player has no cards in hand (correct the count with player.adjust if it is wrong)."),
            {"field": field, "seat_id": player["seat_id"]},
        )
    after = ctx.rec.add(["players", index, "hand"], -1)
    if discard:
        ctx.rec.add(["players", index, "discard"], 1)
    return after


def draw_cards(ctx: Ctx, index: int, count: int) -> dict[str, Any]:
    """The player draws ``count`` cards: from the counted deck, short when it runs out."""
    player = ctx.state["players"][index]
    deck = player["deck"]
    drawn = count if deck is None else min(count, int(deck))
    if deck is not None:
        ctx.rec.add(["players", index, "deck"], -drawn)
    hand = ctx.rec.add(["players", index, "hand"], drawn)
    return {
        "seat_id": player["seat_id"],
        "drew": drawn,
        "hand": hand,
        "deck": ctx.state["players"][index]["deck"],
        "empty": drawn < count,
    }


def draw_up(ctx: Ctx) -> tuple[list[dict[str, Any]], list[int]]:
    """Start of a turn: every player still in draws until they hold 5 (rulebook 3, Draw)."""
    draws = []
    empty = []
    for index, player in enumerate(ctx.state["players"]):
        if player["lost"]:
            continue
        need = max(0, HAND_SIZE - int(player["hand"]))
        if need:
            drawn = draw_cards(ctx, index, need)
            draws.append(drawn)
            if drawn["empty"]:
                empty.append(int(player["seat_id"]))
    return draws, empty


def next_player(state: State, seat_id: int | None) -> int | None:
    """The next player in seating order who is still in (``seat_id`` itself if nobody else is)."""
    return next_seat(state["players"], seat_id, out=lambda player: bool(player["lost"]))
