"""Cards entering the table: combos placed, supernaturals added, a card played (issue 13; issue #31).

Rulebook, Turn Overview: a supernatural is played (Action A, one action) by
placing it in front of its player; combos are placed "anytime during the
turn" (Action B, free). Both happen on the player's own turn, from the hand;
a card may say otherwise (``card_allows: true``, with an optional note),
which the log line shows. With the table option ``supernaturals: "action"``
(German rules, Spielzugüberblick) only animal and settings combos are placed
freely: a supernatural is played as an action (``action.use``).

The helpers here are shared with the powers' commands (``rules.grimwood.powers``).
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimwood import validate as v
from rules.grimwood.cards import (
    DRAGON,
    MAX_SUPERNATURALS,
    SUPERNATURAL,
    SUPERNATURALS,
    deck_counts,
    label,
    score,
)
from rules.grimwood.state import (
    Combo,
    combo_path,
    combos_path,
    find_combo,
    holder_of,
    on_table,
    player_index,
    require_playing,
    rescore,
    supernaturals_cost_an_action,
)
from rules.i18n import gettext as _
from rules.i18n import gettext_noop, ngettext

FROZEN = {
    "added to": gettext_noop(
        "That combo holds the Dragon: it is protected from powers and frozen, so it cannot be added to."
    ),
    "moved": gettext_noop(
        "That combo holds the Dragon: it is protected from powers and frozen, so it cannot be moved."
    ),
    "swapped": gettext_noop(
        "That combo holds the Dragon: it is protected from powers and frozen, so it cannot be swapped."
    ),
    "discarded": gettext_noop(
        "That combo holds the Dragon: it is protected from powers and frozen, so it cannot be discarded."
    ),
    "taken from": gettext_noop(
        "That combo holds the Dragon: it is protected from powers and frozen, so it cannot be taken from."
    ),
}
"""The Dragon's refusal, whole, for each thing a power would do (``unfrozen``'s ``doing``)."""


def brief(combo: Combo) -> dict[str, Any]:
    """A combo as the log keeps it (a copy: later changes do not rewrite the log)."""
    return {
        "id": combo["id"],
        "kind": combo["kind"],
        "cards": list(combo["cards"]),
        "points": combo["points"],
        "frozen": combo["frozen"],
    }


def unfrozen(combo: Combo, seat_id: int, doing: str) -> None:
    """The Dragon protects its combo from every power and freezes it (rulebook: Dragon)."""
    if combo["frozen"]:
        raise RuleViolation(
            "frozen",
            _(FROZEN[doing]),
            {"field": "combo_id", "combo_id": combo["id"], "seat_id": seat_id},
        )


def check_card_counts(ctx: Ctx, cards: list[str], field: str) -> None:
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
                _("%(card)s is printed once and is already in a combo on the table.") % {"card": card},
                {"field": field, "card": card, "seat_id": holder},
            )
        raise RuleViolation(
            "too_many_cards",
            _("The deck holds only %(n)s %(card)ss and %(on_table)s are on the table already.")
            % {"n": counts[card], "card": card, "on_table": table.get(card, 0)},
            {"field": field, "card": card, "max": counts[card]},
        )


def take_from_hand(ctx: Ctx, index: int, count: int, field: str) -> tuple[int, int]:
    """``count`` cards leave the hand (placed or played); refused when the hand count is short."""
    player = ctx.state["players"][index]
    hand = int(player["hand"])
    if hand < count:
        raise RuleViolation(
            "not_in_hand",
            ngettext(
                "By the companion's count this hand holds %(hand)s card, "
                "fewer than the %(count)s played: correct the hand count first (hand.set).",
                "By the companion's count this hand holds %(hand)s cards, "
                "fewer than the %(count)s played: correct the hand count first (hand.set).",
                hand,
            )
            % {"hand": hand, "count": count},
            {"field": field, "seat_id": player["seat_id"], "hand": hand},
        )
    ctx.rec.add(["players", index, "hand"], -count)
    return hand, hand - count


def growable(combo: Combo, seat_id: int) -> None:
    """A supernatural joins only a supernatural combo, not the Dragon's, of fewer than 5 cards."""
    if combo["kind"] != SUPERNATURAL:
        raise RuleViolation(
            "not_a_supernatural_combo",
            _("Only supernatural combos grow; %(combo)s is complete.")
            % {"combo": label(combo["kind"], combo["cards"])},
            {"field": "combo_id", "combo_id": combo["id"]},
        )
    unfrozen(combo, seat_id, "added to")
    if len(combo["cards"]) >= MAX_SUPERNATURALS:
        raise RuleViolation(
            "combo_too_big",
            _("That combo already holds %(max)s supernaturals (15 points), the most the rulebook scores.")
            % {"max": MAX_SUPERNATURALS},
            {"field": "combo_id", "max": MAX_SUPERNATURALS},
        )


def card_allows(p: Payload) -> tuple[bool, str | None]:
    """``card_allows`` (a card says this may be done now) and its optional ``note``."""
    allows = v.flag(p, "card_allows", _("A card allows it"))
    return allows, v.optional_text(p, "note", _("A note"), v.MAX_NOTE)


def allowance(
    ctx: Ctx, seat_id: int, allowed: tuple[bool, str | None], *, supernatural: bool, field: str
) -> dict[str, Any]:
    """What placing cards for ``seat_id`` needs a card's say-so for, refused without it.

    Out of the seat's turn (Turn Overview: "Anytime during the turn"), and a
    supernatural placed without an action where the table plays each one as
    an action (option ``supernaturals``). The result goes into the event
    for the log line: ``card_allows`` is None when the card's say-so was not
    needed.
    """
    flag, note = allowed
    turn = ctx.state["turn_seat_id"]
    out_of_turn = turn != seat_id
    needs_action = supernatural and supernaturals_cost_an_action(ctx.state)
    if out_of_turn and not flag:
        raise RuleViolation(
            "out_of_turn",
            _(
                "It is not this player's turn: cards are played and combos placed on one's own turn "
                '(rulebook: Turn Overview). If a card allows it now, tick "A card allows it".'
            ),
            {"field": "card_allows", "turn_seat_id": turn, "seat_id": seat_id},
        )
    if needs_action and not flag:
        raise RuleViolation(
            "play_as_action",
            _(
                'At this table each supernatural is played as an action: use "Play a card". '
                'If a card allows placing it now, tick "A card allows it".'
            ),
            {"field": field},
        )
    used = out_of_turn or needs_action
    return {
        "card_allows": {"note": note} if used else None,
        "out_of_turn_seat_id": turn if out_of_turn else None,
        "without_action": needs_action,
    }


def new_combo(ctx: Ctx, index: int, cards: list[str], kind: str, points: int) -> Combo:
    """A combo onto the table in front of the player at ``index``; a Dragon's is frozen from the start."""
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
    return combo


def grow(ctx: Ctx, index: int, combo: Combo, card: str) -> dict[str, Any]:
    """``card`` joins the combo: its points come from the table again (a hand override is replaced)."""
    combo_id = int(combo["id"])
    _, points = score([*combo["cards"], card])
    before = brief(combo)
    ctx.rec.insert(combo_path(index, combo_id, "cards"), card)
    ctx.rec.put(combo_path(index, combo_id, "points"), points)
    ctx.rec.set(combo_path(index, combo_id, "note"), None)
    if card == DRAGON:
        ctx.rec.set(combo_path(index, combo_id, "frozen"), True)
    return before


def place(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.place {cards, seat_id?, card_allows?, note?}``: a combo from the hand onto the table.

    Free, not an action (Action B), on the player's own turn. Validated
    against the combo table (``rules.grimwood.cards.score``). A combo holding
    the Dragon is frozen from the start. The cards leave the hand.
    """
    p = v.fields(payload, ("cards", "seat_id", "card_allows", "note"))
    cards = v.cards(p)
    seat_id = v.seat(p, ctx.actor)
    allowed = card_allows(p)
    kind, points = score(cards)
    require_playing(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = player_index(ctx.state, seat_id)
    allows = allowance(ctx, seat_id, allowed, supernatural=kind == SUPERNATURAL, field="cards")
    check_card_counts(ctx, cards, "cards")
    hand_before, hand_after = take_from_hand(ctx, index, len(cards), "cards")
    combo = new_combo(ctx, index, cards, kind, points)
    changed = rescore(ctx)
    return "combo.placed", {
        "seat_id": seat_id,
        "combo": brief(combo),
        "hand_before": hand_before,
        "hand_after": hand_after,
        **allows,
        "note": allowed[1],
        "scores": changed,
    }


def add(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.add {combo_id, card, card_allows?, note?}``: a supernatural from its holder's hand joins.

    Rulebook, About Placing Combos: supernaturals can be placed one at a
    time. Only supernatural combos grow, up to 5; a frozen combo (the
    Dragon's) takes no card, and a Dragon added freezes the combo. Points
    are recomputed from the table (a hand override is replaced).
    """
    p = v.fields(payload, ("combo_id", "card", "card_allows", "note"))
    combo_id = v.identifier(p, "combo_id", _("A combo"))
    card = v.supernatural(p)
    allowed = card_allows(p)
    require_playing(ctx.state)
    index, combo = find_combo(ctx.state, combo_id)
    seat_id = int(ctx.state["players"][index]["seat_id"])
    ctx.actor.require_edit(seat_id)
    allows = allowance(ctx, seat_id, allowed, supernatural=True, field="card")
    growable(combo, seat_id)
    check_card_counts(ctx, [card], "card")
    hand_before, hand_after = take_from_hand(ctx, index, 1, "card")
    before = grow(ctx, index, combo, card)
    changed = rescore(ctx)
    return "combo.added", {
        "seat_id": seat_id,
        "card": card,
        "before": before,
        "combo": brief(find_combo(ctx.state, combo_id)[1]),
        "hand_before": hand_before,
        "hand_after": hand_after,
        **allows,
        "note": allowed[1],
        "scores": changed,
    }


def play_card(ctx: Ctx, seat_id: int, card: str, combo_id: int | None) -> dict[str, Any]:
    """A supernatural played from the hand (Action A): "place it in front of you to start building a
    supernatural combo", or into one of the player's own (``combo_id``). The part of the event that
    says where it went, with the hand and the scores."""
    state = ctx.state
    index = player_index(state, seat_id)
    target: Combo | None = None
    if combo_id is not None:
        holder, target = find_combo(state, combo_id)
        if holder != index:
            raise RuleViolation(
                "not_your_combo",
                _("A card is played into its player's own combo, not another player's."),
                {"field": "combo_id", "combo_id": combo_id},
            )
        growable(target, seat_id)
    check_card_counts(ctx, [card], "card")
    hand_before, hand_after = take_from_hand(ctx, index, 1, "card")
    before = None
    if target is None:
        kind, points = score([card])
        combo = new_combo(ctx, index, [card], kind, points)
    else:
        before = grow(ctx, index, target, card)
        combo = find_combo(ctx.state, int(target["id"]))[1]
    return {
        "combo": brief(combo),
        "combo_before": before,
        "hand": {"before": hand_before, "after": hand_after},
        "scores": rescore(ctx),
    }
