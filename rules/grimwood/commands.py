"""The Grimwood table's commands (issue 13: the Grimwood contract): handlers ``(ctx, payload) -> event``.

Every handler reads and checks its whole payload first, then records its
changes through ``ctx.rec`` (so undo and redo are exact), and returns the
event's type and a body that names everything the log line needs. Every
handler that touches a combo ends with ``settle``: the scores are recomputed
from the combos each player holds now.

Who may do what: a player places and grows their own combos and sets their
own hand count (another seat's only if the host or the table allows,
``Actor.require_edit``); the actions, draws, steals and the end of a turn
belong to the player whose turn it is. Powers move, discard and take other
players' combos, so those are anyone's at the table; a combo's points by
hand are its holder's. Spectators change nothing.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimwood import turns
from rules.grimwood import validate as v
from rules.grimwood.cards import (
    DEAL,
    DRAGON,
    MALE,
    MAX_PLAYERS,
    MAX_SUPERNATURALS,
    MIN_PLAYERS,
    RUNE,
    RUNE_ACTIONS,
    SUPERNATURAL,
    SUPERNATURALS,
    TURN_ACTIONS,
    deck_counts,
    deck_total,
    label,
    score,
)
from rules.grimwood.state import (
    Combo,
    combo_path,
    combos_path,
    find_combo,
    holder_of,
    new_player,
    on_table,
    player_index,
    require_playing,
    require_started,
    settle,
)


def _no_change(what: str, field: str) -> RuleViolation:
    return RuleViolation("no_change", what, {"field": field})


def _brief(combo: Combo) -> dict[str, Any]:
    """A combo as the log keeps it (a copy: later changes do not rewrite the log)."""
    return {
        "id": combo["id"],
        "kind": combo["kind"],
        "cards": list(combo["cards"]),
        "points": combo["points"],
        "frozen": combo["frozen"],
    }


def _unfrozen(combo: Combo, seat_id: int, doing: str) -> None:
    """The Dragon protects its combo from every power and freezes it (rulebook: Dragon)."""
    if combo["frozen"]:
        raise RuleViolation(
            "frozen",
            f"That combo holds the Dragon: it is protected from powers and frozen, so it cannot be {doing}.",
            {"field": "combo_id", "combo_id": combo["id"], "seat_id": seat_id},
        )


def _check_deck(ctx: Ctx, cards: list[str]) -> None:
    """The cards placed must exist: a supernatural is printed once, an Owl nine times, and so on."""
    state = ctx.state
    counts = deck_counts(len(state["players"]))
    table = on_table(state)
    for card in dict.fromkeys(cards):
        wanted = table.get(card, 0) + cards.count(card)
        if wanted <= counts[card]:
            continue
        if card in SUPERNATURALS:
            holder = holder_of(state, card)
            raise RuleViolation(
                "card_on_table",
                f"{card} is printed once and is already in a combo on the table.",
                {"field": "cards", "card": card, "seat_id": holder},
            )
        raise RuleViolation(
            "too_many_cards",
            f"The deck holds only {counts[card]} {card}s and {table.get(card, 0)} are on the table already.",
            {"field": "cards", "card": card, "max": counts[card]},
        )


def _take_from_hand(ctx: Ctx, index: int, count: int, field: str) -> tuple[int, int]:
    """``count`` cards leave the hand (placed or played); refused when the hand count is short."""
    player = ctx.state["players"][index]
    hand = int(player["hand"])
    if hand < count:
        raise RuleViolation(
            "not_in_hand",
            f"By the companion's count this hand holds {hand} card{'s' if hand != 1 else ''}, "
            f"fewer than the {count} played: correct the hand count first (hand.set).",
            {"field": field, "seat_id": player["seat_id"], "hand": hand},
        )
    ctx.rec.add(["players", index, "hand"], -count)
    return hand, hand - count


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
        raise RuleViolation("already_started", "The game has already started: undo to start again.")
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise RuleViolation(
            "player_count",
            f"Grimwood is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(seats)}.",
            {"field": "seat_ids", "min": MIN_PLAYERS, "max": MAX_PLAYERS},
        )
    if first not in seats:
        raise RuleViolation(
            "not_a_player", "The first player must be one of the players.", {"field": "start_seat_id"}
        )
    deck = deck_total(len(seats))
    remaining = deck - DEAL * len(seats)
    for seat_id in seats:
        ctx.rec.insert(["players"], new_player(seat_id, DEAL))
    ctx.rec.put(["deck", "total"], deck)
    ctx.rec.put(["deck", "remaining"], remaining)
    ctx.rec.set(["turn_seat_id"], first)
    ctx.rec.put(["actions_left"], TURN_ACTIONS)
    ctx.rec.put(["turn"], 1)
    return "game.started", {
        "seat_ids": seats,
        "start_seat_id": first,
        "deck": deck,
        "dealt": DEAL,
        "remaining": remaining,
    }


# --- combos ----------------------------------------------------------------------------------------------


def place(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.place {cards, seat_id?}``: a combo from the hand onto the table (free, not an action).

    Validated against the combo table (``rules.grimwood.cards.score``). A
    combo holding the Dragon is frozen from the start. The cards leave the
    hand.
    """
    p = v.fields(payload, ("cards", "seat_id"))
    cards = v.cards(p)
    seat_id = v.seat(p, ctx.actor)
    kind, points = score(cards)
    require_playing(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = player_index(ctx.state, seat_id)
    _check_deck(ctx, cards)
    hand_before, hand_after = _take_from_hand(ctx, index, len(cards), "cards")
    combo_id = int(ctx.state["next_id"])
    ctx.rec.put(["next_id"], combo_id + 1)
    combo = {
        "id": combo_id,
        "kind": kind,
        "cards": cards,
        "points": points,
        "frozen": DRAGON in cards,
        "note": None,
    }
    ctx.rec.insert(combos_path(index), combo)
    changed = settle(ctx)
    return "combo.placed", {
        "seat_id": seat_id,
        "combo": _brief(combo),
        "hand_before": hand_before,
        "hand_after": hand_after,
        "scores": changed,
    }


def add(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.add {combo_id, card}``: a supernatural combo grows by one card from its holder's hand.

    Rulebook, About Placing Combos: supernaturals can be placed one at a
    time. Only supernatural combos grow, up to 5; a frozen combo (the
    Dragon's) takes no card, and a Dragon added freezes the combo. Points
    are recomputed from the table (a hand override is replaced).
    """
    p = v.fields(payload, ("combo_id", "card"))
    combo_id = v.identifier(p, "combo_id", "A combo")
    card = v.supernatural(p)
    require_playing(ctx.state)
    index, combo = find_combo(ctx.state, combo_id)
    seat_id = int(ctx.state["players"][index]["seat_id"])
    ctx.actor.require_edit(seat_id)
    if combo["kind"] != SUPERNATURAL:
        raise RuleViolation(
            "not_a_supernatural_combo",
            f"Only supernatural combos grow; {label(combo['kind'], combo['cards'])} is complete.",
            {"field": "combo_id", "combo_id": combo_id},
        )
    _unfrozen(combo, seat_id, "added to")
    if len(combo["cards"]) >= MAX_SUPERNATURALS:
        raise RuleViolation(
            "combo_too_big",
            f"That combo already holds {MAX_SUPERNATURALS} supernaturals (15 points), "
            "the most the rulebook scores.",
            {"field": "combo_id", "max": MAX_SUPERNATURALS},
        )
    _check_deck(ctx, [card])
    cards = [*combo["cards"], card]
    _, points = score(cards)
    hand_before, hand_after = _take_from_hand(ctx, index, 1, "card")
    before = _brief(combo)
    ctx.rec.insert(combo_path(index, combo_id, "cards"), card)
    ctx.rec.put(combo_path(index, combo_id, "points"), points)
    ctx.rec.set(combo_path(index, combo_id, "note"), None)
    if card == DRAGON:
        ctx.rec.set(combo_path(index, combo_id, "frozen"), True)
    changed = settle(ctx)
    return "combo.added", {
        "seat_id": seat_id,
        "card": card,
        "before": before,
        "combo": _brief(find_combo(ctx.state, combo_id)[1]),
        "hand_before": hand_before,
        "hand_after": hand_after,
        "scores": changed,
    }


def move(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.move {combo_id, to_seat_id?, power?}``: a combo changes hands (Sorceress, Highwayman).

    ``to_seat_id`` defaults to the sender (the Sorceress takes a combo "as
    your own"). Both players' scores are recomputed. A Dragon's combo is
    immune from powers.
    """
    p = v.fields(payload, ("combo_id", "to_seat_id", "power"))
    combo_id = v.identifier(p, "combo_id", "A combo")
    to_seat = v.seat(p, ctx.actor, "to_seat_id")
    power = v.power(p, ("Sorceress", "Highwayman"))
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index, combo = find_combo(ctx.state, combo_id)
    to_index = player_index(ctx.state, to_seat, "to_seat_id")
    from_seat = int(ctx.state["players"][index]["seat_id"])
    if to_index == index:
        raise _no_change("That player already holds that combo.", "to_seat_id")
    _unfrozen(combo, from_seat, "moved")
    ctx.rec.move(combos_path(index), combos_path(to_index), combo)
    changed = settle(ctx)
    return "combo.moved", {
        "combo": _brief(combo),
        "from_seat_id": from_seat,
        "to_seat_id": to_seat,
        "power": power,
        "by_seat_id": ctx.actor.seat_id,
        "scores": changed,
    }


def swap(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.swap {combo_id, other_combo_id, power?}``: two players exchange a combo each (Highwayman).

    One step instead of two ``combo.move`` (one undo). Neither may hold the
    Dragon.
    """
    p = v.fields(payload, ("combo_id", "other_combo_id", "power"))
    combo_id = v.identifier(p, "combo_id", "A combo")
    other_id = v.identifier(p, "other_combo_id", "The other combo")
    power = v.power(p, ("Highwayman",))
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index, combo = find_combo(ctx.state, combo_id)
    other_index, other = find_combo(ctx.state, other_id, "other_combo_id")
    if other_index == index:
        raise RuleViolation(
            "same_player",
            "A swap exchanges combos between two different players.",
            {"field": "other_combo_id"},
        )
    seat = int(ctx.state["players"][index]["seat_id"])
    other_seat = int(ctx.state["players"][other_index]["seat_id"])
    _unfrozen(combo, seat, "swapped")
    try:
        _unfrozen(other, other_seat, "swapped")
    except RuleViolation as refusal:
        refusal.extra["field"] = "other_combo_id"
        raise
    ctx.rec.move(combos_path(index), combos_path(other_index), combo)
    ctx.rec.move(combos_path(other_index), combos_path(index), other)
    changed = settle(ctx)
    return "combo.swapped", {
        "seat_id": seat,
        "combo": _brief(combo),
        "other_seat_id": other_seat,
        "other_combo": _brief(other),
        "power": power,
        "by_seat_id": ctx.actor.seat_id,
        "scores": changed,
    }


def discard(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.discard {combo_id, power?}``: a combo to the discard pile (Demon; a Sorceress's sacrifice).

    A Dragon's combo is immune from powers.
    """
    p = v.fields(payload, ("combo_id", "power"))
    combo_id = v.identifier(p, "combo_id", "A combo")
    power = v.power(p, ("Demon", "Sorceress"))
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index, combo = find_combo(ctx.state, combo_id)
    seat_id = int(ctx.state["players"][index]["seat_id"])
    _unfrozen(combo, seat_id, "discarded")
    ctx.rec.remove(combos_path(index), combo)
    changed = settle(ctx)
    return "combo.discarded", {
        "seat_id": seat_id,
        "combo": _brief(combo),
        "power": power,
        "by_seat_id": ctx.actor.seat_id,
        "scores": changed,
    }


def take(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.take {combo_id, card, to_seat_id?, power?}``: one supernatural out of a combo (Bride, Nymph).

    The card goes to the hand of ``to_seat_id`` (default: the sender), who
    may then place it (``combo.place`` / ``combo.add``). The Bride takes only
    a male supernatural (rulebook: Bride). The combo keeps the rest, scored
    again from the table (a hand override is replaced); an emptied combo is
    gone. A Dragon's combo is immune.
    """
    p = v.fields(payload, ("combo_id", "card", "to_seat_id", "power"))
    combo_id = v.identifier(p, "combo_id", "A combo")
    card = v.supernatural(p)
    to_seat = v.seat(p, ctx.actor, "to_seat_id")
    power = v.power(p, ("Bride", "Nymph"))
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index, combo = find_combo(ctx.state, combo_id)
    to_index = player_index(ctx.state, to_seat, "to_seat_id")
    from_seat = int(ctx.state["players"][index]["seat_id"])
    if card not in combo["cards"]:
        raise RuleViolation(
            "not_in_combo",
            f"{card} is not in that combo ({', '.join(combo['cards'])}).",
            {"field": "card", "cards": list(combo["cards"])},
        )
    if power == "Bride" and card not in MALE:
        raise RuleViolation(
            "not_male",
            f"The Bride takes only a male supernatural ({', '.join(MALE)}).",
            {"field": "card", "options": list(MALE)},
        )
    _unfrozen(combo, from_seat, "taken from")
    before = _brief(combo)
    rest = [c for c in combo["cards"] if c != card]
    after: dict[str, Any] | None = None
    if rest:
        _, points = score(rest)
        ctx.rec.remove(combo_path(index, combo_id, "cards"), card)
        ctx.rec.put(combo_path(index, combo_id, "points"), points)
        ctx.rec.set(combo_path(index, combo_id, "note"), None)
        after = _brief(find_combo(ctx.state, combo_id)[1])
    else:
        ctx.rec.remove(combos_path(index), combo)
    hand_before = int(ctx.state["players"][to_index]["hand"])
    ctx.rec.add(["players", to_index, "hand"], 1)
    changed = settle(ctx)
    return "combo.taken", {
        "card": card,
        "from_seat_id": from_seat,
        "to_seat_id": to_seat,
        "before": before,
        "combo": after,
        "power": power,
        "by_seat_id": ctx.actor.seat_id,
        "hand_before": hand_before,
        "hand_after": hand_before + 1,
        "scores": changed,
    }


def adjust(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.adjust {combo_id, points, note}``: a combo's points by hand; the printed card wins.

    The score follows at once. Allowed after the game is over, as a
    correction (the winners are worked out again).
    """
    p = v.fields(payload, ("combo_id", "points", "note"))
    combo_id = v.identifier(p, "combo_id", "A combo")
    points = v.integer(p, "points", "The combo's points", 0, v.MAX_POINTS)
    note = v.text(p, "note", "A note")
    require_started(ctx.state)
    index, combo = find_combo(ctx.state, combo_id)
    seat_id = int(ctx.state["players"][index]["seat_id"])
    ctx.actor.require_edit(seat_id)
    before = int(combo["points"])
    if before == points and combo["note"] == note:
        raise _no_change(f"That combo already scores {points}.", "points")
    ctx.rec.put(combo_path(index, combo_id, "points"), points)
    ctx.rec.set(combo_path(index, combo_id, "note"), note)
    changed = settle(ctx)
    return "combo.adjusted", {
        "seat_id": seat_id,
        "combo": _brief(combo),
        "before": before,
        "after": points,
        "note": note,
        "scores": changed,
        "winners": list(ctx.state["winner_seat_ids"]) if ctx.state["over"] else None,
    }


# --- actions and the turn --------------------------------------------------------------------------------

ACTION_KINDS = ("play", "power", "rune")
"""What ``action.use`` counts: a card played, a power used, a Rune (drawing and stealing as actions are
``turn.draw`` / ``turn.steal`` with ``via: "action"``)."""

VIAS = ("turn", "action", "power")
"""How a draw or a steal happens: closing the turn (Action C), as one of the turn's actions, or by a
supernatural's power (Mage, Dracula, Goblins, ...), which costs no further action."""


def use_action(ctx: Ctx, payload: Payload) -> EventBody:
    """``action.use {kind?, note?}``: one of the turn's actions (rulebook: Turn Overview, Action A).

    ``play`` (default): a supernatural or other card played; ``power``: a
    card's power used; ``rune``: a Rune is played from the hand to the
    discard pile and grants 2 more actions (so 3 remain of a fresh turn).
    """
    p = v.fields(payload, ("kind", "note"))
    kind = v.choice(p, "kind", ACTION_KINDS, "The action", default="play")
    note = v.optional_text(p, "note", "A note")
    require_playing(ctx.state)
    seat_id = turns.turn_player(ctx)
    before = turns.require_action(ctx)
    index = player_index(ctx.state, seat_id)
    hand = None
    if kind == "rune":
        hand_before, hand_after = _take_from_hand(ctx, index, 1, "kind")
        hand = {"before": hand_before, "after": hand_after}
    after = ctx.rec.add(["actions_left"], -1 + (RUNE_ACTIONS if kind == "rune" else 0))
    return "action.used", {
        "seat_id": seat_id,
        "kind": kind,
        "card": RUNE if kind == "rune" else None,
        "before": before,
        "actions_left": after,
        "hand": hand,
        "note": note,
    }


def draw(ctx: Ctx, payload: Payload) -> EventBody:
    """``turn.draw {via?, count?}``: the top card(s) of the deck to the turn player's hand.

    ``via: "turn"`` (default) closes the turn (Action C); ``"action"`` spends
    one of the turn's actions; ``"power"`` is a power's draw (the Mage draws
    2: ``count``). Drawing the last card starts the last round.
    """
    p = v.fields(payload, ("via", "count"))
    via = v.choice(p, "via", VIAS, "How the card is drawn", default="turn")
    count = v.integer(p, "count", "The number of cards", 1, v.MAX_HAND, default=1)
    if count != 1 and via != "power":
        raise RuleViolation(
            "bad_field", "A turn's draw takes one card; only a power draws more.", {"field": "count"}
        )
    require_playing(ctx.state)
    seat_id = turns.turn_player(ctx)
    if via == "action":
        turns.require_action(ctx)
    drawn = turns.draw_cards(ctx, seat_id, count)
    if via == "action":
        ctx.rec.add(["actions_left"], -1)
    ended = turns.end_turn(ctx, seat_id) if via == "turn" else None
    return "cards.drawn", {
        "seat_id": seat_id,
        "via": via,
        **drawn,
        "actions_left": ctx.state["actions_left"],
        "turn_end": ended,
    }


STEAL_MIN_HAND = 2
"""A hand of fewer cards cannot be stolen from (rulebook: Stehlen)."""


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
    blocked = v.flag(p, "blocked_by_amulet", "Blocked by an Amulet")
    via = v.choice(p, "via", VIAS, "How the card is stolen", default="turn")
    require_playing(ctx.state)
    seat_id = turns.turn_player(ctx)
    victim_index = player_index(ctx.state, victim, "victim_seat_id")
    if victim == seat_id:
        raise RuleViolation("self_steal", "Steal from another player's hand.", {"field": "victim_seat_id"})
    victim_hand = int(ctx.state["players"][victim_index]["hand"])
    if victim_hand < STEAL_MIN_HAND:
        raise RuleViolation(
            "hand_too_small",
            f"A player can only be stolen from with {STEAL_MIN_HAND} or more cards in hand; "
            f"this one holds {victim_hand}.",
            {"field": "victim_seat_id", "hand": victim_hand},
        )
    if via == "action":
        turns.require_action(ctx)
        ctx.rec.add(["actions_left"], -1)
    index = player_index(ctx.state, seat_id)
    ctx.rec.add(["players", victim_index, "hand"], -1)  # the stolen card, or the Amulet discarded
    if not blocked:
        ctx.rec.add(["players", index, "hand"], 1)
    ends = via == "turn" or (blocked and via == "action")
    ended = turns.end_turn(ctx, seat_id) if ends else None
    return "card.stolen", {
        "seat_id": seat_id,
        "victim_seat_id": victim,
        "via": via,
        "blocked": blocked,
        "hand": ctx.state["players"][index]["hand"],
        "victim_hand": ctx.state["players"][victim_index]["hand"],
        "actions_left": ctx.state["actions_left"],
        "turn_end": ended,
    }


def end(ctx: Ctx, payload: Payload) -> EventBody:
    """``turn.end {note?}``: the turn ends without a draw or a steal.

    For a turn the Werewolf makes a player lose, and for the last round
    when the deck is empty and nobody can be stolen from.
    """
    p = v.fields(payload, ("note",))
    note = v.optional_text(p, "note", "A note")
    require_playing(ctx.state)
    seat_id = turns.turn_player(ctx)
    left = int(ctx.state["actions_left"])
    ended = turns.end_turn(ctx, seat_id)
    return "turn.ended", {"seat_id": seat_id, "skipped": left, "note": note, "turn_end": ended}


# --- corrections by hand ---------------------------------------------------------------------------------


def set_hand(ctx: Ctx, payload: Payload) -> EventBody:
    """``hand.set {count, seat_id?, note?}``: the cards in a hand, counted by hand.

    Powers the companion does not follow card by card (Amazon, Boogeyman,
    Dark Unicorn, Troll, the discard-pile powers) change hands: the players
    count and set them. A hand over 7 is only checked at its turn's end.
    """
    p = v.fields(payload, ("count", "seat_id", "note"))
    count = v.integer(p, "count", "The number of cards in hand", 0, v.MAX_HAND)
    seat_id = v.seat(p, ctx.actor)
    note = v.optional_text(p, "note", "A note")
    require_started(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = player_index(ctx.state, seat_id)
    before = int(ctx.state["players"][index]["hand"])
    if before == count:
        raise _no_change(f"That hand already holds {count} cards.", "count")
    ctx.rec.put(["players", index, "hand"], count)
    return "hand.set", {"seat_id": seat_id, "before": before, "after": count, "note": note}


def set_actions(ctx: Ctx, payload: Payload) -> EventBody:
    """``actions.set {actions_left, note}``: the actions left this turn, by hand (a card says otherwise)."""
    p = v.fields(payload, ("actions_left", "note"))
    left = v.integer(p, "actions_left", "The actions left", 0, v.MAX_ACTIONS)
    note = v.text(p, "note", "A note")
    require_playing(ctx.state)
    seat_id = turns.turn_player(ctx)
    before = int(ctx.state["actions_left"])
    if before == left:
        raise _no_change(f"{before} actions are already left.", "actions_left")
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
    remaining = v.integer(p, "remaining", "The cards left in the deck", 0, total)
    note = v.text(p, "note", "A note")
    require_playing(state)
    v.participant(ctx.actor)
    before = int(state["deck"]["remaining"])
    if before == remaining:
        raise _no_change(f"The deck already holds {remaining} cards.", "remaining")
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
