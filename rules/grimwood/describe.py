"""One log line per Grimwood event, with names and numbers (brief: describe).

Worded when shown, in the reader's language (issue #34): each sentence is one
catalogue entry with named placeholders; the pieces put into a sentence are
only names, numbers as before → after, a combo's label, or the items of a
list in parentheses ("hand 3 → 0; deck 59 → 58").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.describing import ARROW, Body, Line, Names, describer, seat_name
from rules.grimwood.cards import HAND_LIMIT, label
from rules.i18n import gettext as _
from rules.i18n import ngettext


def and_list(items: Iterable[str]) -> str:
    """``"Ann"``, ``"Ann and Bob"``, ``"Ann, Bob and Cat"``, in the reader's language."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return _("%(first)s and %(second)s") % {"first": ", ".join(words[:-1]), "second": words[-1]}


def seat_names(names: Names, seat_ids: Iterable[Any] | None) -> str:
    """Seats by name: ``"Ann, Bob and Cat"``."""
    return and_list(seat_name(names, seat_id) for seat_id in seat_ids or [])


def _change(before: Any, after: Any) -> str:
    return f"{before} {ARROW} {after}"


def _what(c: Any) -> str:
    """A combo's label: ``3 Owls``, ``2 supernaturals (Elf, Troll)``."""
    if not isinstance(c, Mapping):
        return "?"
    return label(str(c.get("kind")), list(c.get("cards") or []))


def _points(c: Any) -> str:
    points = c.get("points") if isinstance(c, Mapping) else None
    if not isinstance(points, int):
        return _("? points")
    return ngettext("%(n)s point", "%(n)s points", points) % {"n": points}


def _scores(n: Names, changes: Any) -> str:
    """`` Score: Ann 2 → 12, Bob 10 → 0.`` (nothing when no score changed)."""
    parts = [
        f"{seat_name(n, c.get('seat_id'))} {_change(c.get('before'), c.get('after'))}" for c in changes or []
    ]
    if not parts:
        return ""
    return " " + ngettext("Score: %(changes)s.", "Scores: %(changes)s.", len(parts)) % {
        "changes": ", ".join(parts)
    }


def _power(n: Names, b: Body, line: str) -> str:
    """``Ann's Sorceress: <line>`` when the power is named, else ``Ann: <line>``."""
    who = seat_name(n, b.get("by_seat_id"))
    if b.get("power"):
        return _("%(who)s's %(power)s: %(line)s") % {"who": who, "power": b["power"], "line": line}
    return f"{who}: {line}"


def _frozen(c: Any) -> str:
    """``, frozen by the Dragon``: an item after the combo's points."""
    return ", " + _("frozen by the Dragon") if isinstance(c, Mapping) and c.get("frozen") else ""


def _pair(numbers: Any) -> tuple[Any, Any] | None:
    """``(before, after)`` from ``{before, after}``, or None (logged before the numbers were kept)."""
    if not isinstance(numbers, Mapping) or "before" not in numbers or "after" not in numbers:
        return None
    return numbers["before"], numbers["after"]


def _arrow(numbers: Any) -> str | None:
    """``"3 → 4"`` from ``{before, after}``, or None (an event logged before the numbers were kept)."""
    pair = _pair(numbers)
    return _change(*pair) if pair else None


def _actions_item(before: Any, after: Any) -> str:
    return _("Actions %(before)s → %(after)s") % {"before": before, "after": after}


def _hand_item(before: Any, after: Any) -> str:
    return _("hand %(before)s → %(after)s") % {"before": before, "after": after}


def _numbers(items: list[str]) -> str:
    """``(Actions 2 → 1; hand 3 → 2)``."""
    return f"({'; '.join(items)})"


def _others_last_turn(count: int) -> str:
    """The last round's sentence once the last card is drawn."""
    return ngettext(
        "That was the last card: the last round begins, the other player has one last turn.",
        "That was the last card: the last round begins, each of the %(n)s other players has one last turn.",
        count,
    ) % {"n": count}


def _turn_end(e: Any, n: Names) -> str:
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
                "change": _change(limit.get("hand"), HAND_LIMIT),
            }
        )
    last_round = e.get("last_round")
    if last_round:
        left = int(last_round.get("remaining_turns", 0))
        before = last_round.get("before", left)
        if before != left:
            parts.append(_("Last round: last turns to go %(change)s.") % {"change": _change(before, left)})
        elif not e.get("over"):
            parts.append(
                ngettext("Last round: %(n)s last turn to go.", "Last round: %(n)s last turns to go.", left)
                % {"n": left}
            )
    if e.get("over"):
        parts.append(_game_over(e, n))
        return " " + " ".join(parts)
    who = seat_name(n, e.get("next_seat_id"))
    turn, actions = _arrow(e.get("turn")), e.get("actions")
    if isinstance(actions, Mapping) and actions.get("before") != actions.get("after"):
        given = _actions_item(actions.get("before"), actions.get("after"))
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


def _grown(c: Any, before: Any) -> str:
    """``now 3 supernaturals (...), points 2 → 5`` (a combo that took a card)."""
    c = c if isinstance(c, Mapping) else {}
    was = before.get("points") if isinstance(before, Mapping) else "?"
    grown = _("now %(combo)s, points %(change)s") % {
        "combo": _what(c),
        "change": _change(was, c.get("points")),
    }
    return grown + _frozen(c)


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
            "change": _change(before.get("total"), b.get("deck")),
        }
    return (
        line
        + " "
        + _(
            "%(dealt)s cards dealt to each (deck %(deck)s). "
            "Turn %(turn)s: %(first)s goes first (Actions %(actions)s)."
        )
        % {
            "dealt": b.get("dealt"),
            "deck": _change(before.get("remaining"), b.get("remaining")),
            "turn": _change(before.get("turn"), 1),
            "first": first,
            "actions": _change(before.get("actions"), b.get("actions")),
        }
    )


def _allowed(b: Body, n: Names) -> str:
    """`` on Bob's turn, a card allows it (Laraki)`` when a card's say-so let this be done now; else the
    note alone, if any."""
    allows = b.get("card_allows")
    if not isinstance(allows, Mapping):
        return f" ({b['note']})" if b.get("note") else ""
    turn = b.get("out_of_turn_seat_id")
    who = seat_name(n, turn)
    if turn is not None and b.get("without_action"):
        why = _("on %(who)s's turn and without an action, a card allows it") % {"who": who}
    elif turn is not None:
        why = _("on %(who)s's turn, a card allows it") % {"who": who}
    elif b.get("without_action"):
        why = _("without an action, a card allows it")
    else:
        why = ", " + _("a card allows it")
    note = allows.get("note")
    return f" {why}" + (f" ({note})" if note else "")


def _hand_moved(b: Body) -> str:
    """`` (hand 3 → 0)``."""
    if b.get("hand_before") is None:
        return ""
    return f" ({_hand_item(b.get('hand_before'), b.get('hand_after'))})"


def _placed(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    line = _("%(who)s scores a combo of %(combo)s%(allowed)s: %(points)s%(frozen)s%(hand)s.") % {
        "who": seat_name(n, b.get("seat_id")),
        "combo": _what(c),
        "allowed": _allowed(b, n),
        "points": _points(c),
        "frozen": _frozen(c),
        "hand": _hand_moved(b),
    }
    return line + _scores(n, b.get("scores"))


def _added(b: Body, n: Names) -> str:
    line = _("%(who)s adds %(card)s to a combo%(allowed)s: %(grown)s%(hand)s.") % {
        "who": seat_name(n, b.get("seat_id")),
        "card": b.get("card"),
        "allowed": _allowed(b, n),
        "grown": _grown(b.get("combo"), b.get("before")),
        "hand": _hand_moved(b),
    }
    return line + _scores(n, b.get("scores"))


def _moved(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    line = _("%(owner)s's combo of %(combo)s (%(points)s) goes to %(to)s.") % {
        "owner": seat_name(n, b.get("from_seat_id")),
        "combo": _what(c),
        "points": _points(c),
        "to": seat_name(n, b.get("to_seat_id")),
    }
    return _power(n, b, line) + _scores(n, b.get("scores"))


def _swapped(b: Body, n: Names) -> str:
    c, o = b.get("combo") or {}, b.get("other_combo") or {}
    line = _(
        "%(owner)s's combo of %(combo)s (%(points)s) and %(other)s's combo of %(other_combo)s "
        "(%(other_points)s) change hands."
    ) % {
        "owner": seat_name(n, b.get("seat_id")),
        "combo": _what(c),
        "points": _points(c),
        "other": seat_name(n, b.get("other_seat_id")),
        "other_combo": _what(o),
        "other_points": _points(o),
    }
    return _power(n, b, line) + _scores(n, b.get("scores"))


def _discarded(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    line = _("%(owner)s's combo of %(combo)s (%(points)s) goes to the discard pile.") % {
        "owner": seat_name(n, b.get("seat_id")),
        "combo": _what(c),
        "points": _points(c),
    }
    return _power(n, b, line) + _scores(n, b.get("scores"))


def _taken(b: Body, n: Names) -> str:
    before = b.get("before") or {}
    words = {
        "to": seat_name(n, b.get("to_seat_id")),
        "card": b.get("card"),
        "owner": seat_name(n, b.get("from_seat_id")),
        "combo": _what(before),
        "hand": _hand_moved(b),
    }
    after = b.get("combo")
    if after:
        line = _(
            "%(to)s takes %(card)s from %(owner)s's combo of %(combo)s into their hand%(hand)s; "
            "the combo keeps %(rest)s, points %(change)s."
        ) % {
            **words,
            "rest": label(str(after.get("kind")), list(after.get("cards") or [])),
            "change": _change(before.get("points"), after.get("points")),
        }
    else:
        line = (
            _(
                "%(to)s takes %(card)s from %(owner)s's combo of %(combo)s into their hand%(hand)s; "
                "the combo is gone."
            )
            % words
        )
    return _power(n, b, line) + _scores(n, b.get("scores"))


def _adjusted(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    line = _("%(owner)s's combo of %(combo)s: %(change)s points by hand: %(note)s.") % {
        "owner": seat_name(n, b.get("seat_id")),
        "combo": _what(c),
        "change": _change(b.get("before"), b.get("after")),
        "note": b.get("note"),
    }
    line += _scores(n, b.get("scores"))
    winners = b.get("winners")
    if winners:
        if len(winners) == 1:
            line += " " + _("%(who)s now wins.") % {"who": seat_name(n, winners[0])}
        else:
            line += " " + _("Now a shared win for %(who)s.") % {"who": seat_names(n, winners)}
    return line


def _actions_left(left: Any) -> str:
    if not left:
        return _("no actions left")
    return ngettext("%(n)s action left", "%(n)s actions left", int(left)) % {"n": int(left)}


def _action(b: Body, n: Names) -> str:
    who = seat_name(n, b.get("seat_id"))
    kind = b.get("kind")
    items = [_actions_item(b.get("before"), b.get("actions_left"))]
    hand = _pair(b.get("hand"))
    if hand:
        items.append(_hand_item(*hand))
    words = {"who": who, "numbers": _numbers(items), "note": f": {b['note']}" if b.get("note") else ""}
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
            "grown": _grown(combo, b.get("combo_before")),
        }
    else:
        line = _("%(who)s plays %(card)s, a new combo: %(points)s%(frozen)s %(numbers)s%(note)s.") % {
            **words,
            "card": b.get("card"),
            "points": _points(combo),
            "frozen": _frozen(combo),
        }
    return line + _scores(n, b.get("scores"))


def _last_round_started(b: Body, n: Names) -> str:
    last_round = b.get("last_round")
    if not last_round:
        return ""
    return " " + _others_last_turn(int(last_round.get("remaining_turns", 0)))


def _how(b: Body) -> str:
    """How a draw or a steal happened: the turn's own (it opens the turn where the table draws first,
    else ends it), as an action, by a power, or not said (an older event)."""
    if b.get("opens"):
        return "opens"
    return str(b.get("via"))


def _draw_line(how: str, count: int) -> str:
    """The sentence of a draw, by how it happened and how many cards."""
    if how == "opens":
        return ngettext(
            "%(who)s draws a card to begin the turn %(numbers)s.",
            "%(who)s draws %(n)s cards to begin the turn %(numbers)s.",
            count,
        )
    if how == "turn":
        return ngettext(
            "%(who)s draws a card and ends the turn %(numbers)s.",
            "%(who)s draws %(n)s cards and ends the turn %(numbers)s.",
            count,
        )
    if how == "action":
        return ngettext(
            "%(who)s draws a card as an action %(numbers)s.",
            "%(who)s draws %(n)s cards as an action %(numbers)s.",
            count,
        )
    if how == "power":
        return ngettext(
            "%(who)s draws a card by a power %(numbers)s.",
            "%(who)s draws %(n)s cards by a power %(numbers)s.",
            count,
        )
    return ngettext("%(who)s draws a card %(numbers)s.", "%(who)s draws %(n)s cards %(numbers)s.", count)


def _drawn(b: Body, n: Names) -> str:
    count = int(b.get("count", 1))
    items = []
    actions = _pair(b.get("actions"))
    if actions:
        items.append(_actions_item(*actions))
    items.append(_hand_item(b.get("hand_before"), b.get("hand_after")))
    if b.get("deck_before") is None:  # logged before the numbers were kept
        left = int(b.get("remaining", 0))
        items.append(
            ngettext("%(n)s card left in the deck", "%(n)s cards left in the deck", left) % {"n": left}
        )
    else:
        items.append(
            _("deck %(before)s → %(after)s") % {"before": b.get("deck_before"), "after": b.get("remaining")}
        )
    line = _draw_line(_how(b), count) % {
        "who": seat_name(n, b.get("seat_id")),
        "n": count,
        "numbers": _numbers(items),
    }
    return line + _last_round_started(b, n) + _turn_end(b.get("turn_end"), n)


def _blocked_line(how: str) -> str:
    """The sentence of a steal an Amulet blocked: by a power it blocks that steal only."""
    if how == "opens":
        return _(
            "%(who)s tries to steal from %(victim)s to begin the turn%(spent)s, but %(victim)s's Amulet "
            "blocks it (%(victim)s's hand %(victim_hand)s): %(who)s loses the rest of the turn."
        )
    if how == "action":
        return _(
            "%(who)s tries to steal from %(victim)s as an action%(spent)s, but %(victim)s's Amulet "
            "blocks it (%(victim)s's hand %(victim_hand)s): %(who)s loses the rest of the turn."
        )
    if how == "power":
        return _(
            "%(who)s tries to steal from %(victim)s by a power%(spent)s, but %(victim)s's Amulet "
            "blocks it (%(victim)s's hand %(victim_hand)s); only this steal, the turn goes on."
        )
    return _(
        "%(who)s tries to steal from %(victim)s%(spent)s, but %(victim)s's Amulet "
        "blocks it (%(victim)s's hand %(victim_hand)s): %(who)s loses the rest of the turn."
    )


def _steal_line(how: str) -> str:
    """The sentence of a steal, by how it happened."""
    if how == "opens":
        return _("%(who)s steals a card from %(victim)s to begin the turn %(numbers)s.")
    if how == "turn":
        return _("%(who)s steals a card from %(victim)s and ends the turn %(numbers)s.")
    if how == "action":
        return _("%(who)s steals a card from %(victim)s as an action %(numbers)s.")
    if how == "power":
        return _("%(who)s steals a card from %(victim)s by a power %(numbers)s.")
    return _("%(who)s steals a card from %(victim)s %(numbers)s.")


def _stolen(b: Body, n: Names) -> str:
    who, victim = seat_name(n, b.get("seat_id")), seat_name(n, b.get("victim_seat_id"))
    hand, victim_hand = _arrow(b.get("hand")), _arrow(b.get("victim_hand"))
    if hand is None:  # logged before the numbers were kept
        line = _("%(who)s steals a card from %(victim)s.") % {"who": who, "victim": victim}
        return line + _turn_end(b.get("turn_end"), n)
    spent = _pair(b.get("actions"))
    actions = _actions_item(*spent) if spent else None
    words = {"who": who, "victim": victim, "victim_hand": victim_hand}
    if b.get("blocked"):
        line = _blocked_line(_how(b)) % {**words, "spent": f" ({actions})" if actions else ""}
    else:
        both = _("%(who)s's hand %(hand)s, %(victim)s's %(victim_hand)s") % {**words, "hand": hand}
        line = _steal_line(_how(b)) % {**words, "numbers": _numbers([*([actions] if actions else []), both])}
    return line + _turn_end(b.get("turn_end"), n)


def _turn_ended(b: Body, n: Names) -> str:
    words = {"who": seat_name(n, b.get("seat_id")), "note": b.get("note")}
    if b.get("drawn"):
        line = _("%(who)s ends the turn: %(note)s.") if b.get("note") else _("%(who)s ends the turn.")
    elif b.get("note"):
        line = _("%(who)s's turn ends without a draw: %(note)s.")
    else:
        line = _("%(who)s's turn ends without a draw.")
    return line % words + _turn_end(b.get("turn_end"), n)


def _hand(b: Body, n: Names) -> str:
    words = {
        "who": seat_name(n, b.get("seat_id")),
        "change": _change(b.get("before"), b.get("after")),
        "note": b.get("note"),
    }
    if b.get("note"):
        return _("%(who)s's hand: %(change)s cards by hand: %(note)s.") % words
    return _("%(who)s's hand: %(change)s cards by hand.") % words


def _actions_set(b: Body, n: Names) -> str:
    return _("%(who)s's actions left: %(change)s by hand: %(note)s.") % {
        "who": seat_name(n, b.get("seat_id")),
        "change": _change(b.get("before"), b.get("after")),
        "note": b.get("note"),
    }


def _deck(b: Body, n: Names) -> str:
    line = _("Deck: %(change)s cards by hand: %(note)s.") % {
        "change": _change(b.get("before"), b.get("after")),
        "note": b.get("note"),
    }
    if b.get("last_round") == "started":
        others = int(b.get("others", 0))
        line += " " + ngettext(
            "The deck is empty: the last round begins, the other player has one last turn.",
            "The deck is empty: the last round begins, each of the %(n)s other players has one last turn.",
            others,
        ) % {"n": others}
    elif b.get("last_round") == "called_off":
        line += " " + _("The last round is called off.")
    return line


LINES: dict[str, Line] = {
    "game.started": _started,
    "combo.placed": _placed,
    "combo.added": _added,
    "combo.moved": _moved,
    "combo.swapped": _swapped,
    "combo.discarded": _discarded,
    "combo.taken": _taken,
    "combo.adjusted": _adjusted,
    "action.used": _action,
    "cards.drawn": _drawn,
    "card.stolen": _stolen,
    "turn.ended": _turn_ended,
    "hand.set": _hand,
    "actions.set": _actions_set,
    "deck.set": _deck,
}

describe = describer(LINES)
