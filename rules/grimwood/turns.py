"""Turns, the deck count, the hand limit and the last round (rulebook: Starting the Game; Turn Overview).

A turn has up to 2 actions (a Rune grants 2 more) and closes with a draw or
a steal; with the table option ``turn_order: "draw_first"`` (German rules:
Alternativen zum Spiel) the draw or steal opens it instead, and the player
ends it. At its end a hand over 7 is discarded down to 7. The companion keeps
the deck count (68, or 64 with 2 players, minus 3 per player, minus the cards
drawn); when the last card is drawn, every other player has one last turn,
then the game ends and the combos on the table are scored (rulebook: "The
game ends when the last card is drawn. Each subsequent player then finishes
one last turn").
"""

from __future__ import annotations

from typing import Any

from rules import turns as kit
from rules.errors import RuleViolation
from rules.game import Ctx
from rules.grimwood.cards import HAND_LIMIT, TURN_ACTIONS
from rules.grimwood.state import draws_first, player_index, rescore, scores, winners
from rules.i18n import gettext as _
from rules.i18n import ngettext


def turn_player(ctx: Ctx) -> int:
    """The seat whose turn it is, once the sender may act for it (own seat, host, or everyone edits)."""
    return kit.turn_player(ctx.actor, int(ctx.state["turn_seat_id"]))


def require_action(ctx: Ctx) -> int:
    """One of the turn's actions is free; the actions left before spending it."""
    left = int(ctx.state["actions_left"])
    if left <= 0:
        raise RuleViolation(
            "no_actions_left",
            _("No actions are left this turn (a Rune gives 2 more): close the turn with a draw or a steal."),
            {"actions_left": left},
        )
    return left


def require_drawn(ctx: Ctx, field: str) -> None:
    """Where the turn opens with its draw or steal, the actions come after it."""
    if draws_first(ctx.state) and not ctx.state.get("drawn"):
        raise RuleViolation(
            "draw_first",
            _("At this table a turn begins with a draw or a steal: draw or steal first, then play."),
            {"field": field},
        )


def opening(ctx: Ctx, via: str) -> bool:
    """Whether this draw or steal is the one that opens the turn (draw first); refused when that
    one has happened already."""
    if via != "turn" or not draws_first(ctx.state):
        return False
    if ctx.state.get("drawn"):
        raise RuleViolation(
            "already_drawn",
            _("This turn's draw or steal is done: play your actions, then end the turn."),
            {"field": "via"},
        )
    return True


def start_last_round(ctx: Ctx, seat_id: int) -> dict[str, Any]:
    """The last card is drawn: every other player gets one last turn (spec: Turn and end)."""
    others = len(ctx.state["players"]) - 1
    last_round = {"started_by": seat_id, "remaining_turns": others}
    ctx.rec.set(["last_round"], last_round)
    return last_round


def draw_cards(ctx: Ctx, seat_id: int, count: int, field: str = "count") -> dict[str, Any]:
    """``count`` cards from the deck to the hand; the last one starts the last round."""
    state = ctx.state
    remaining = int(state["deck"]["remaining"])
    if remaining == 0:
        raise RuleViolation(
            "deck_empty",
            _("The deck is empty: steal a card, or end the turn."),
            {"field": field, "remaining": 0},
        )
    if count > remaining:
        raise RuleViolation(
            "not_enough_cards",
            ngettext(
                "Only %(n)s card is left in the deck.", "Only %(n)s cards are left in the deck.", remaining
            )
            % {"n": remaining},
            {"field": field, "remaining": remaining},
        )
    index = player_index(state, seat_id)
    hand_before = int(state["players"][index]["hand"])
    ctx.rec.add(["deck", "remaining"], -count)
    ctx.rec.add(["players", index, "hand"], count)
    last_round = None
    if remaining == count and state["last_round"] is None:
        last_round = start_last_round(ctx, seat_id)
    return {
        "count": count,
        "hand_before": hand_before,
        "hand_after": hand_before + count,
        "deck_before": remaining,
        "remaining": remaining - count,
        "last_round": last_round,
    }


def end_turn(ctx: Ctx, seat_id: int) -> dict[str, Any]:
    """The turn of ``seat_id`` ends: the hand limit, the last round's count, then the next turn or the end.

    A hand over 7 is discarded down to 7 (rulebook: "they must discard their
    cards down to 7 by the end of their turn"), recorded and announced. In
    the last round every turn of a player other than the one who drew the
    last card counts down; after the last of them the game is over and the
    most points win (a tie is shared: the rulebook has no tie-break). The
    result names every number it moved, before and after, for the log line.
    """
    state = ctx.state
    index = player_index(state, seat_id)
    hand = int(state["players"][index]["hand"])
    hand_limit = None
    if hand > HAND_LIMIT:
        hand_limit = {"seat_id": seat_id, "hand": hand, "discard": hand - HAND_LIMIT}
        ctx.rec.put(["players", index, "hand"], HAND_LIMIT)
    ctx.rec.set(["hand_limit"], hand_limit)
    ctx.rec.set(["drawn"], False)
    result: dict[str, Any] = {
        "seat_id": seat_id,
        "hand_limit": hand_limit,
        "last_round": None,
        "next_seat_id": None,
        "turn": None,
        "actions": None,
        "over": False,
        "winners": None,
        "scores": None,
    }
    last_round = state["last_round"]
    if last_round is not None:
        before = remaining = int(last_round["remaining_turns"])
        if seat_id != last_round["started_by"]:
            remaining = ctx.rec.add(["last_round", "remaining_turns"], -1, lo=0)
        result["last_round"] = {
            "started_by": last_round["started_by"],
            "before": before,
            "remaining_turns": remaining,
        }
        if remaining == 0:
            ctx.rec.set(["over"], True)
            ctx.rec.set(["turn_seat_id"], None)
            rescore(ctx)
            result["over"] = True
            result["winners"] = winners(state)
            result["scores"] = scores(state)
            return result
    turn = int(state["turn"])
    ctx.rec.add(["turn"], 1)
    following = kit.next_seat(state["players"], seat_id)
    ctx.rec.set(["turn_seat_id"], following)
    actions = int(state["actions_left"])
    ctx.rec.put(["actions_left"], TURN_ACTIONS)
    result["next_seat_id"] = following
    result["turn"] = {"before": turn, "after": turn + 1}
    result["actions"] = {"before": actions, "after": TURN_ACTIONS}
    return result
