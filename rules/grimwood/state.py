"""The snapshot of a Grimwood table and the lookups the commands share (issue 13: the Grimwood contract).

Shape::

    {deck: {total, remaining}, last_round: {started_by, remaining_turns} | null,
     turn_seat_id, actions_left, turn, drawn, over, hand_limit: {seat_id, hand, discard} | null,
     players: [{seat_id, hand, combos: [{id, kind, cards, points, frozen, note}], score}],
     winner_seat_ids, next_id, turn_order, supernaturals}

``players`` is in playing order (clockwise from the first player); ``hand``
is the number of cards in the hand (the cards themselves stay secret);
``score`` is always the sum of the points of the combos the player holds now
(spec: Combo scoring, never accumulated). A combo's ``note`` is set when its
points were overridden by hand (the printed card wins). ``hand_limit`` is the
warning of the latest turn end (a hand over 7 discarded down to 7).
``turn_order`` and ``supernaturals`` are the table's options (``rules.grimwood.rules``);
``drawn`` says whether this turn's draw or steal has happened (it opens the turn when the
table draws first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import players, turns
from rules.engine import State
from rules.errors import RuleViolation
from rules.game import Ctx
from rules.grimwood.cards import ACTION, DRAW_FIRST, FREE, PLAY_FIRST, PLAYABLE
from rules.i18n import gettext as _

Player = dict[str, Any]
Combo = dict[str, Any]


def initial_state(turn_order: str = PLAY_FIRST, supernaturals: str = FREE) -> State:
    """Before ``game.start`` the number of players, and so the deck, is not known yet: 68 cards."""
    return {
        "deck": {"total": PLAYABLE, "remaining": PLAYABLE},
        "last_round": None,
        "turn_seat_id": None,
        "actions_left": 0,
        "turn": 0,
        "drawn": False,
        "over": False,
        "hand_limit": None,
        "players": [],
        "winner_seat_ids": [],
        "next_id": 1,
        "turn_order": turn_order,
        "supernaturals": supernaturals,
    }


def draws_first(state: Mapping[str, Any]) -> bool:
    """The table's turn opens with its draw or steal (German rules: Alternativen zum Spiel)."""
    return bool(state.get("turn_order", PLAY_FIRST) == DRAW_FIRST)


def supernaturals_cost_an_action(state: Mapping[str, Any]) -> bool:
    """Each supernatural is played as an action, never placed freely (German rules: Spielzugüberblick)."""
    return bool(state.get("supernaturals", FREE) == ACTION)


def new_player(seat_id: int, hand: int) -> Player:
    return {"seat_id": seat_id, "hand": hand, "combos": [], "score": 0}


def player_index(state: State, seat_id: int, field: str = "seat_id") -> int:
    """Where the seat's record is; refused (naming ``field``) when the seat is not playing."""
    index = players.player_index(state, seat_id)
    if index is None:
        raise RuleViolation(
            "not_a_player", _("That seat is not playing this game."), {"field": field, "seat_id": seat_id}
        )
    return index


def find_combo(state: State, combo_id: int, field: str = "combo_id") -> tuple[int, Combo]:
    """The index of the player holding the combo, and the combo; refused when no player holds it."""
    found = players.holder(state, "combos", combo_id)
    if found is None:
        raise RuleViolation(
            "unknown_combo", _("No player holds that combo."), {"field": field, "combo_id": combo_id}
        )
    return found


def combos_path(index: int) -> list[Any]:
    return ["players", index, "combos"]


def combo_path(index: int, combo_id: int, *keys: str) -> list[Any]:
    return ["players", index, "combos", {"id": combo_id}, *keys]


def on_table(state: State) -> dict[str, int]:
    """How many of each card lie in combos on the table now."""
    counts: dict[str, int] = {}
    for player in state["players"]:
        for combo in player["combos"]:
            for card in combo["cards"]:
                counts[card] = counts.get(card, 0) + 1
    return counts


def holder_of(state: State, card: str) -> int | None:
    """The seat whose combos hold ``card`` (for a supernatural, printed once), if any."""
    for player in state["players"]:
        if any(card in combo["cards"] for combo in player["combos"]):
            return int(player["seat_id"])
    return None


def total(player: Player) -> int:
    return sum(int(combo["points"]) for combo in player["combos"])


def winners(state: State) -> list[int]:
    """The seats with the most points (the rulebook has no tie-break: a tie is a shared win)."""
    if not state["players"]:
        return []
    best = max(total(p) for p in state["players"])
    return [int(p["seat_id"]) for p in state["players"] if total(p) == best]


def rescore(ctx: Ctx) -> list[dict[str, Any]]:
    """Recompute every score from the combos held now (spec: never accumulated); the winners once over.

    Returns the scores that changed, ``[{seat_id, before, after}]``, for the log.
    """
    changed = []
    for index, player in enumerate(ctx.state["players"]):
        before, after = int(player["score"]), total(player)
        if before != after:
            ctx.rec.put(["players", index, "score"], after)
            changed.append({"seat_id": player["seat_id"], "before": before, "after": after})
    if ctx.state["over"]:
        ctx.rec.set(["winner_seat_ids"], winners(ctx.state))
    return changed


def scores(state: State) -> list[dict[str, Any]]:
    """Every player's score now, in playing order (for the end-of-game log line)."""
    return [{"seat_id": p["seat_id"], "score": p["score"]} for p in state["players"]]


def require_started(state: State) -> None:
    if not state["players"]:
        raise RuleViolation("not_started", _("The game has not started: start it with the players' seats."))


def require_playing(state: State) -> None:
    """The game has started and is not over (after the last round only corrections and undo remain)."""
    require_started(state)
    turns.refuse_when_over(
        state["over"], _("The game is over after the last round: undo the last turn to play on.")
    )
