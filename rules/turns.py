"""The course of play, for every game: whose turn it is, who may act for it, who comes next, when it stops.

A game keeps the seat whose turn it is in its own snapshot; these say whether
the sender may act for it (their own seat, the host, or anyone when the table
lets everyone edit every seat), which seat follows in playing order, and
that once the game is decided only corrections by hand and undo remain.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.engine import Actor, NotAllowed
from rules.errors import RuleViolation
from rules.game import Ctx
from rules.i18n import gettext as _


def refuse_when_over(over: bool, message: str, code: str = "game_over") -> None:
    """Once the game is decided, play stops: only corrections by hand and undo remain. ``message``
    says how to play on (undo what decided it)."""
    if over:
        raise RuleViolation(code, message)


def turn_player(actor: Actor, seat_id: int, *, two_players: bool = False) -> int:
    """``seat_id``, whose turn it is, once ``actor`` may act for it.

    A spectator is refused as one (``spectator``), another player with
    ``not_your_turn``; ``two_players`` words it for a game of two ("the
    other player's turn").
    """
    if actor.role == "spectator":
        actor.require_edit(seat_id)
    if not actor.may_edit(seat_id):
        if two_players:
            said = _("It is the other player's turn. The host can allow everyone to edit every seat.")
        else:
            said = _("It is another player's turn. The host can allow everyone to edit every seat.")
        raise NotAllowed(
            "not_your_turn",
            said,
            {"turn_seat_id": seat_id},
        )
    return seat_id


def begin_turn(ctx: Ctx, seat_id: int, actions: int, *, number: int | None = None) -> None:
    """The turn goes to ``seat_id`` with ``actions`` actions, and the turn count to ``number`` (by
    default one more), in a snapshot that keeps ``turn_seat_id``, ``actions_left`` and ``turn``."""
    ctx.rec.set(["turn_seat_id"], seat_id)
    ctx.rec.put(["actions_left"], actions)
    if number is None:
        ctx.rec.add(["turn"], 1)
    else:
        ctx.rec.put(["turn"], number)


def next_seat(
    players: Sequence[Mapping[str, Any]],
    seat_id: int | None,
    *,
    out: Callable[[Mapping[str, Any]], bool] = lambda player: False,
) -> int | None:
    """The seat after ``seat_id`` in playing order (``players``' order, round the table), skipping
    players who are ``out``; ``seat_id`` itself when nobody else is in; None when nobody is.
    ``seat_id`` None (or not among the players) starts from the first player."""
    start = next((i for i, player in enumerate(players) if player["seat_id"] == seat_id), -1)
    for step in range(1, len(players) + 1):
        candidate = players[(start + step) % len(players)]
        if not out(candidate):
            return int(candidate["seat_id"])
    return None
