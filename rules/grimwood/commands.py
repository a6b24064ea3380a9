"""The Grimwood table's turn commands (issue 13: the Grimwood contract): handlers ``(ctx, payload) -> event``.

The start, the turn's actions, draws and steals, its end, and the corrections
by hand; the combos' commands are ``rules.grimwood.combos`` (cards entering
the table) and ``rules.grimwood.powers``. Every handler reads and checks its
whole payload first, then records its changes through ``ctx.rec`` (so undo
and redo are exact), and returns the event's type and a body that names
every number it moved, before and after, for the log line.

Who may do what: the actions, draws, steals and the end of a turn belong to
the player whose turn it is (or whoever the table lets act for them,
``turns.turn_player``); a player sets their own hand count (another seat's
only if the host or the table allows, ``Actor.require_edit``). Spectators
change nothing.
"""

from __future__ import annotations

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimwood import turns
from rules.grimwood import validate as v
from rules.grimwood.cards import (
    DEAL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RUNE,
    RUNE_ACTIONS,
    SUPERNATURALS,
    TURN_ACTIONS,
    TWO_PLAYER_REMOVED,
    deck_total,
)
from rules.grimwood.combos import play_card, take_from_hand
from rules.grimwood.state import new_player, player_index, require_playing, require_started
from rules.i18n import gettext as _
from rules.i18n import ngettext
from rules.turns import begin_turn
from rules.validate import no_change

# --- set-up ----------------------------------------------------------------------------------------------


def start(ctx: Ctx, payload: Payload) -> EventBody:
    """``game.start {seat_ids?, start_seat_id?}``: the players in playing order, and who goes first.

    Rulebook, Starting the Game: 3 cards dealt to each player, the rest is the
    draw deck: 68 playable cards, 64 with 2 players (2 Runes and 2 Amulets
    removed). ``seat_ids`` defaults to every seat at the table;
    ``start_seat_id`` to the sender (the rulebook: whoever has the next
    birthday).
    """
    p = v.fields(payload, ("seat_ids", "start_seat_id"))
    seats = v.seats(p, ctx.actor)
    first = v.seat(p, ctx.actor, "start_seat_id")
    v.participant(ctx.actor)
    if ctx.state["players"]:
        raise RuleViolation("already_started", _("The game has already started: undo to start again."))
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise RuleViolation(
            "player_count",
            _("Grimwood is played by %(min)s to %(max)s players, not %(n)s.")
            % {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "n": len(seats)},
            {"field": "seat_ids", "min": MIN_PLAYERS, "max": MAX_PLAYERS},
        )
    if first not in seats:
        raise RuleViolation(
            "not_a_player", _("The first player must be one of the players."), {"field": "start_seat_id"}
        )
    state = ctx.state
    before = {
        "total": int(state["deck"]["total"]),
        "remaining": int(state["deck"]["remaining"]),
        "turn": int(state["turn"]),
        "actions": int(state["actions_left"]),
    }
    deck = deck_total(len(seats))
    remaining = deck - DEAL * len(seats)
    for seat_id in seats:
        ctx.rec.insert(["players"], new_player(seat_id, DEAL))
    ctx.rec.put(["deck", "total"], deck)
    ctx.rec.put(["deck", "remaining"], remaining)
    begin_turn(ctx, first, TURN_ACTIONS, number=1)
    return "game.started", {
        "seat_ids": seats,
        "start_seat_id": first,
        "deck": deck,
        "removed": TWO_PLAYER_REMOVED if len(seats) == MIN_PLAYERS else None,
        "dealt": DEAL,
        "remaining": remaining,
        "before": before,
        "actions": TURN_ACTIONS,
    }


# --- actions and the turn --------------------------------------------------------------------------------

ACTION_KINDS = ("play", "power", "rune")
"""What ``action.use`` counts: a card played, a power used, a Rune (drawing and stealing as actions are
``turn.draw`` / ``turn.steal`` with ``via: "action"``)."""

VIAS = ("turn", "action", "power")
"""How a draw or a steal happens: the turn's own (Action C: it closes the turn, or opens it where the
table draws first), as one of the turn's actions, or by a supernatural's power (Mage, Dracula,
Goblins, ...), which costs no further action."""


def _played(p: Payload) -> tuple[str, str | None, int | None]:
    """The action's kind, and for a card played the card and the combo it joins (rulebook: Action A)."""
    kind = v.choice(p, "kind", ACTION_KINDS, _("The action"), default="play")
    card = v.card(p) if p.get("card") is not None else None
    combo_id = v.identifier(p, "combo_id", _("A combo")) if p.get("combo_id") is not None else None
    if card == RUNE and kind in ("play", "rune"):
        kind, card = "rune", None  # a Rune named is a Rune played
    if kind != "play":
        for key, value in (("card", card), ("combo_id", combo_id)):
            if value is not None:
                raise RuleViolation(
                    "bad_field", _("Only a supernatural played names its card and combo."), {"field": key}
                )
        return kind, None, None
    if card is None:
        raise v.missing("card", _("The card played"))
    if card not in SUPERNATURALS:
        raise RuleViolation(
            "not_playable",
            _(
                "Only a supernatural or a Rune is played (rulebook: Action A); %(card)s is not. "
                "Animal and settings cards are placed as combos."
            )
            % {"card": card},
            {"field": "card", "card": card},
        )
    return kind, card, combo_id


def use_action(ctx: Ctx, payload: Payload) -> EventBody:
    """``action.use {kind?, card?, combo_id?, note?}``: one of the turn's actions (rulebook: Action A).

    ``play`` (default): a supernatural (``card``) from the hand is placed in
    front of the player, a new combo or into their own ``combo_id``; ``power``:
    a card's power used; ``rune``: a Rune is played from the hand to the
    discard pile and grants 2 more actions (so 3 remain of a fresh turn).
    """
    p = v.fields(payload, ("kind", "card", "combo_id", "note"))
    kind, card, combo_id = _played(p)
    note = v.optional_text(p, "note", _("A note"), v.MAX_NOTE)
    require_playing(ctx.state)
    seat_id = turns.turn_player(ctx)
    turns.require_drawn(ctx, "kind")
    before = turns.require_action(ctx)
    index = player_index(ctx.state, seat_id)
    placed: dict[str, object] = {}
    hand = None
    if card is not None:
        placed = play_card(ctx, seat_id, card, combo_id)
        hand = placed.pop("hand")
    elif kind == "rune":
        hand_before, hand_after = take_from_hand(ctx, index, 1, "kind")
        hand = {"before": hand_before, "after": hand_after}
    after = ctx.rec.add(["actions_left"], -1 + (RUNE_ACTIONS if kind == "rune" else 0))
    return "action.used", {
        "seat_id": seat_id,
        "kind": kind,
        "card": RUNE if kind == "rune" else card,
        "before": before,
        "actions_left": after,
        "hand": hand,
        **placed,
        "note": note,
    }


def _spend(ctx: Ctx, via: str) -> dict[str, int] | None:
    """A draw or a steal as one of the turn's actions spends one (checked by ``_may_spend`` first)."""
    if via != "action":
        return None
    before = int(ctx.state["actions_left"])
    return {"before": before, "after": ctx.rec.add(["actions_left"], -1)}


def _may_spend(ctx: Ctx, via: str) -> None:
    """As an action: after the opening draw where the table draws first, with an action left."""
    if via == "action":
        turns.require_drawn(ctx, "via")
        turns.require_action(ctx)


def draw(ctx: Ctx, payload: Payload) -> EventBody:
    """``turn.draw {via?, count?}``: the top card(s) of the deck to the turn player's hand.

    ``via: "turn"`` (default) is the turn's draw (Action C): it closes the
    turn, or opens it where the table draws first; ``"action"`` spends one
    of the turn's actions; ``"power"`` is a power's draw (the Mage draws 2:
    ``count``). Drawing the last card starts the last round.
    """
    p = v.fields(payload, ("via", "count"))
    via = v.choice(p, "via", VIAS, _("How the card is drawn"), default="turn")
    count = v.integer(p, "count", _("The number of cards"), 1, v.MAX_HAND, default=1)
    if count != 1 and via != "power":
        raise RuleViolation(
            "bad_field", _("A turn's draw takes one card; only a power draws more."), {"field": "count"}
        )
    require_playing(ctx.state)
    seat_id = turns.turn_player(ctx)
    opens = turns.opening(ctx, via)
    _may_spend(ctx, via)
    drawn = turns.draw_cards(ctx, seat_id, count)
    actions = _spend(ctx, via)
    if opens:
        ctx.rec.set(["drawn"], True)
    ended = turns.end_turn(ctx, seat_id) if via == "turn" and not opens else None
    return "cards.drawn", {
        "seat_id": seat_id,
        "via": via,
        "opens": opens,
        **drawn,
        "actions": actions,
        "turn_end": ended,
    }


STEAL_MIN_HAND = 2
"""A hand of fewer cards cannot be stolen from (German rules: 3.) Beende deinen Spielzug, Stehlen)."""


def steal(ctx: Ctx, payload: Payload) -> EventBody:
    """``turn.steal {victim_seat_id, blocked_by_amulet?, via?}``: one card at random from another hand.

    Only from a hand of 2 or more cards, never from combos (rulebook:
    Stehlen). ``via`` as for ``turn.draw``. An Amulet played by the victim
    (``blocked_by_amulet``) blocks the steal and is discarded: the thief
    gets nothing and loses the rest of the turn, unless the steal came from
    a power, where it blocks that one steal only (rulebook: Amulet).
    """
    p = v.fields(payload, ("victim_seat_id", "blocked_by_amulet", "via"))
    victim = v.seat(p, ctx.actor, "victim_seat_id", required=True)
    blocked = v.flag(p, "blocked_by_amulet", _("Blocked by an Amulet"))
    via = v.choice(p, "via", VIAS, _("How the card is stolen"), default="turn")
    require_playing(ctx.state)
    seat_id = turns.turn_player(ctx)
    victim_index = player_index(ctx.state, victim, "victim_seat_id")
    if victim == seat_id:
        raise RuleViolation("self_steal", _("Steal from another player's hand."), {"field": "victim_seat_id"})
    victim_hand = int(ctx.state["players"][victim_index]["hand"])
    if victim_hand < STEAL_MIN_HAND:
        raise RuleViolation(
            "hand_too_small",
            _("A player can only be stolen from with %(min)s or more cards in hand; this one holds %(n)s.")
            % {"min": STEAL_MIN_HAND, "n": victim_hand},
            {"field": "victim_seat_id", "hand": victim_hand},
        )
    opens = turns.opening(ctx, via)
    _may_spend(ctx, via)
    actions = _spend(ctx, via)
    index = player_index(ctx.state, seat_id)
    hand = int(ctx.state["players"][index]["hand"])
    ctx.rec.add(["players", victim_index, "hand"], -1)  # the stolen card, or the Amulet discarded
    if not blocked:
        ctx.rec.add(["players", index, "hand"], 1)
    ends = (via == "turn" and not opens) or (blocked and via != "power")
    if opens and not ends:
        ctx.rec.set(["drawn"], True)
    ended = turns.end_turn(ctx, seat_id) if ends else None
    return "card.stolen", {
        "seat_id": seat_id,
        "victim_seat_id": victim,
        "via": via,
        "opens": opens,
        "blocked": blocked,
        "hand": {"before": hand, "after": hand if blocked else hand + 1},
        "victim_hand": {"before": victim_hand, "after": victim_hand - 1},
        "actions": actions,
        "turn_end": ended,
    }


def end(ctx: Ctx, payload: Payload) -> EventBody:
    """``turn.end {note?}``: the turn ends.

    Where the table draws first, this is how every turn ends. Otherwise it
    ends a turn without a draw or a steal: a turn the Werewolf makes a
    player lose, and the last round when the deck is empty and nobody can
    be stolen from.
    """
    p = v.fields(payload, ("note",))
    note = v.optional_text(p, "note", _("A note"), v.MAX_NOTE)
    require_playing(ctx.state)
    seat_id = turns.turn_player(ctx)
    left = int(ctx.state["actions_left"])
    drawn = bool(ctx.state.get("drawn"))
    ended = turns.end_turn(ctx, seat_id)
    return "turn.ended", {
        "seat_id": seat_id,
        "skipped": left,
        "drawn": drawn,
        "note": note,
        "turn_end": ended,
    }


# --- corrections by hand ---------------------------------------------------------------------------------


def set_hand(ctx: Ctx, payload: Payload) -> EventBody:
    """``hand.set {count, seat_id?, note?}``: the cards in a hand, counted by hand.

    Powers the companion does not follow card by card (Amazon, Boogeyman,
    Dark Unicorn, Troll, the discard-pile powers) change hands: the players
    count and set them. A hand over 7 is only checked at its turn's end.
    """
    p = v.fields(payload, ("count", "seat_id", "note"))
    count = v.integer(p, "count", _("The number of cards in hand"), 0, v.MAX_HAND)
    seat_id = v.seat(p, ctx.actor)
    note = v.optional_text(p, "note", _("A note"), v.MAX_NOTE)
    require_started(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = player_index(ctx.state, seat_id)
    before = int(ctx.state["players"][index]["hand"])
    if before == count:
        raise no_change(
            ngettext("That hand already holds %(n)s card.", "That hand already holds %(n)s cards.", count)
            % {"n": count},
            "count",
        )
    ctx.rec.put(["players", index, "hand"], count)
    return "hand.set", {"seat_id": seat_id, "before": before, "after": count, "note": note}


def set_actions(ctx: Ctx, payload: Payload) -> EventBody:
    """``actions.set {actions_left, note}``: the actions left this turn, by hand (a card says otherwise)."""
    p = v.fields(payload, ("actions_left", "note"))
    left = v.integer(p, "actions_left", _("The actions left"), 0, v.MAX_ACTIONS)
    note = v.text(p, "note", _("A note"), v.MAX_NOTE, blank_is_absent=True)
    require_playing(ctx.state)
    seat_id = turns.turn_player(ctx)
    before = int(ctx.state["actions_left"])
    if before == left:
        raise no_change(
            ngettext("%(n)s action is already left.", "%(n)s actions are already left.", before)
            % {"n": before},
            "actions_left",
        )
    ctx.rec.put(["actions_left"], left)
    return "actions.set", {"seat_id": seat_id, "before": before, "after": left, "note": note}


def set_deck(ctx: Ctx, payload: Payload) -> EventBody:
    """``deck.set {remaining, note}``: the cards left in the deck, counted by hand.

    Setting 0 starts the last round (the turn player counts as having drawn
    the last card); setting cards back into the deck before the game ends
    calls the last round off.
    """
    p = v.fields(payload, ("remaining", "note"))
    state = ctx.state
    total = int(state["deck"]["total"])
    remaining = v.integer(p, "remaining", _("The cards left in the deck"), 0, total)
    note = v.text(p, "note", _("A note"), v.MAX_NOTE, blank_is_absent=True)
    require_playing(state)
    v.participant(ctx.actor)
    before = int(state["deck"]["remaining"])
    if before == remaining:
        raise no_change(
            ngettext("The deck already holds %(n)s card.", "The deck already holds %(n)s cards.", remaining)
            % {"n": remaining},
            "remaining",
        )
    ctx.rec.put(["deck", "remaining"], remaining)
    last_round = "unchanged"
    if remaining == 0 and state["last_round"] is None:
        turns.start_last_round(ctx, int(state["turn_seat_id"]))
        last_round = "started"
    elif remaining > 0 and state["last_round"] is not None:
        ctx.rec.set(["last_round"], None)
        last_round = "called_off"
    return "deck.set", {
        "before": before,
        "after": remaining,
        "note": note,
        "last_round": last_round,
        "started_by": state["turn_seat_id"] if last_round == "started" else None,
        "others": len(state["players"]) - 1,
    }
