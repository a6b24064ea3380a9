"""The log lines of a Grimwood turn: the start, an action, the turn's end, the last round, the winners.

``turn_end`` words what happens when a turn ends, after whatever ended it (a
draw, a steal, the player saying so), each number it moved as before → after.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.describing import Body, Line, Names, before_after, seat_name
from rules.grimwood.cards import HAND_LIMIT
from rules.grimwood.describe.words import (
    actions_item,
    and_list,
    arrow,
    frozen,
    grown,
    hand_item,
    numbers,
    pair,
    points,
    scores,
    seat_names,
)
from rules.i18n import gettext as _
from rules.i18n import ngettext


def _started(b: Body, n: Names) -> str:
    seats = b.get("seat_ids") or []
    first = seat_name(n, b.get("start_seat_id"))
    before = b.get("before")
    if not isinstance(before, Mapping):  # logged before the numbers were kept
        return _(
            "The game starts with %(players)s; %(first)s goes first. "
            "%(dealt)s cards dealt to each, %(remaining)s of %(deck)s left in the deck."
        ) % {
            "players": seat_names(n, seats),
            "first": first,
            "dealt": b.get("dealt"),
            "remaining": b.get("remaining"),
            "deck": b.get("deck"),
        }
    line = _("The game starts with %(players)s.") % {"players": seat_names(n, seats)}
    removed = b.get("removed")
    if removed:
        out = and_list(
            ngettext("%(n)s %(card)s", "%(n)s %(card)ss", int(count)) % {"n": int(count), "card": name}
            for name, count in removed.items()
        )
        line += " " + _("%(n)s players: %(out)s out (deck total %(change)s).") % {
            "n": len(seats),
            "out": out,
            "change": before_after(before.get("total"), b.get("deck")),
        }
    words = {
        "dealt": b.get("dealt"),
        "deck": before_after(before.get("remaining"), b.get("remaining")),
        "turn": before_after(before.get("turn"), 1),
        "first": first,
        "actions": before_after(before.get("actions"), b.get("actions")),
    }
    if removed:  # the deck's drop is the cards out and the cards dealt: say both, so it adds up
        words["out"] = sum(int(count) for count in removed.values())
        words["given"] = int(b.get("dealt") or 0) * len(seats)
        dealing = _(
            "%(dealt)s cards dealt to each (deck %(deck)s: %(out)s out, %(given)s dealt). "
            "Turn %(turn)s: %(first)s goes first (Actions %(actions)s)."
        )
    else:
        dealing = _(
            "%(dealt)s cards dealt to each (deck %(deck)s). "
            "Turn %(turn)s: %(first)s goes first (Actions %(actions)s)."
        )
    return f"{line} {dealing % words}"


def _actions_left(left: Any) -> str:
    if not left:
        return _("no actions left")
    return ngettext("%(n)s action left", "%(n)s actions left", int(left)) % {"n": int(left)}


def _action(b: Body, n: Names) -> str:
    who = seat_name(n, b.get("seat_id"))
    kind = b.get("kind")
    items = [actions_item(b.get("before"), b.get("actions_left"))]
    hand = pair(b.get("hand"))
    if hand:
        items.append(hand_item(*hand))
    words = {"who": who, "numbers": numbers(items), "note": f": {b['note']}" if b.get("note") else ""}
    if kind == "rune":
        return _("%(who)s plays a Rune: 2 more actions %(numbers)s%(note)s.") % words
    if kind == "power":
        return _("%(who)s uses a power %(numbers)s%(note)s.") % words
    combo = b.get("combo")
    if not isinstance(combo, Mapping):  # logged before a card played was named
        return _("%(who)s plays a card (%(left)s)%(note)s.") % {
            **words,
            "left": _actions_left(b.get("actions_left")),
        }
    if b.get("combo_before"):
        line = _("%(who)s plays %(card)s into a combo: %(grown)s %(numbers)s%(note)s.") % {
            **words,
            "card": b.get("card"),
            "grown": grown(combo, b.get("combo_before")),
        }
    else:
        line = _("%(who)s plays %(card)s, a new combo: %(points)s%(frozen)s %(numbers)s%(note)s.") % {
            **words,
            "card": b.get("card"),
            "points": points(combo),
            "frozen": frozen(combo),
        }
    return line + scores(n, b.get("scores"))


def _others_last_turn(count: int) -> str:
    """The last round's sentence once the last card is drawn."""
    return ngettext(
        "That was the last card: the last round begins, the other player has one last turn.",
        "That was the last card: the last round begins, each of the %(n)s other players has one last turn.",
        count,
    ) % {"n": count}


def last_round_started(b: Body, n: Names) -> str:
    last_round = b.get("last_round")
    if not last_round:
        return ""
    return " " + _others_last_turn(int(last_round.get("remaining_turns", 0)))


def turn_end(e: Any, n: Names) -> str:
    """What happens when a turn ends: the hand limit, the last round, the next turn or the winners,
    each number it moved as before → after."""
    if not isinstance(e, Mapping):
        return ""
    parts = []
    limit = e.get("hand_limit")
    if limit:
        parts.append(
            _("%(who)s holds %(hand)s cards: discards %(discard)s down to %(limit)s (hand %(change)s).")
            % {
                "who": seat_name(n, limit.get("seat_id")),
                "hand": limit.get("hand"),
                "discard": limit.get("discard"),
                "limit": HAND_LIMIT,
                "change": before_after(limit.get("hand"), HAND_LIMIT),
            }
        )
    last_round = e.get("last_round")
    if last_round:
        left = int(last_round.get("remaining_turns", 0))
        before = last_round.get("before", left)
        if before != left:
            parts.append(
                _("Last round: last turns to go %(change)s.") % {"change": before_after(before, left)}
            )
        elif not e.get("over"):
            parts.append(
                ngettext("Last round: %(n)s last turn to go.", "Last round: %(n)s last turns to go.", left)
                % {"n": left}
            )
    if e.get("over"):
        parts.append(_game_over(e, n))
        return " " + " ".join(parts)
    who = seat_name(n, e.get("next_seat_id"))
    turn, actions = arrow(e.get("turn")), e.get("actions")
    if isinstance(actions, Mapping) and actions.get("before") != actions.get("after"):
        given = actions_item(actions.get("before"), actions.get("after"))
    else:
        given = _("2 actions")
    if turn:
        parts.append(
            _("Turn %(turn)s: %(who)s's turn (%(given)s).") % {"turn": turn, "who": who, "given": given}
        )
    else:
        parts.append(_("%(who)s's turn (%(given)s).") % {"who": who, "given": given})
    return " " + " ".join(parts)


def _game_over(e: Body, n: Names) -> str:
    winners = e.get("winners") or []
    scores = {s.get("seat_id"): s.get("score") for s in e.get("scores") or []}
    table = ", ".join(f"{seat_name(n, seat)} {score}" for seat, score in scores.items())
    if len(winners) == 1:
        points = scores.get(winners[0], 0)
        return ngettext(
            "The game is over: %(who)s wins with %(n)s point (%(table)s).",
            "The game is over: %(who)s wins with %(n)s points (%(table)s).",
            points,
        ) % {"who": seat_name(n, winners[0]), "n": points, "table": table}
    points = scores.get(winners[0], 0) if winners else 0
    return ngettext(
        "The game is over: a shared win for %(who)s with %(n)s point each (%(table)s).",
        "The game is over: a shared win for %(who)s with %(n)s points each (%(table)s).",
        points,
    ) % {"who": seat_names(n, winners), "n": points, "table": table}


def _turn_ended(b: Body, n: Names) -> str:
    words = {"who": seat_name(n, b.get("seat_id")), "note": b.get("note")}
    if b.get("drawn"):
        line = _("%(who)s ends the turn: %(note)s.") if b.get("note") else _("%(who)s ends the turn.")
    elif b.get("note"):
        line = _("%(who)s's turn ends without a draw: %(note)s.")
    else:
        line = _("%(who)s's turn ends without a draw.")
    return line % words + turn_end(b.get("turn_end"), n)


LINES: dict[str, Line] = {
    "game.started": _started,
    "action.used": _action,
    "turn.ended": _turn_ended,
}
