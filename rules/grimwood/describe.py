"""One log line per Grimwood event, with names and numbers (brief: describe)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.describing import ARROW, Body, Line, Names, describer, plural, seat_name, seat_names
from rules.grimwood.cards import HAND_LIMIT, label


def _combo(c: Any) -> str:
    """``a combo of 3 Owls`` with its points."""
    if not isinstance(c, Mapping):
        return "a combo"
    return f"a combo of {label(str(c.get('kind')), list(c.get('cards') or []))}"


def _points(c: Any) -> str:
    points = c.get("points") if isinstance(c, Mapping) else None
    return plural(int(points), "point") if isinstance(points, int) else "? points"


def _scores(n: Names, changes: Any) -> str:
    """`` Score: Ann 2 → 12, Bob 10 → 0.`` (nothing when no score changed)."""
    parts = [
        f"{seat_name(n, c.get('seat_id'))} {c.get('before')} {ARROW} {c.get('after')}" for c in changes or []
    ]
    if not parts:
        return ""
    return f" Score{'s' if len(parts) > 1 else ''}: {', '.join(parts)}."


def _power(n: Names, b: Body) -> str:
    """``Ann's Sorceress: `` when the power is named, else ``Ann: ``."""
    who = seat_name(n, b.get("by_seat_id"))
    return f"{who}'s {b['power']}: " if b.get("power") else f"{who}: "


def _frozen(c: Any) -> str:
    return ", frozen by the Dragon" if isinstance(c, Mapping) and c.get("frozen") else ""


def _arrow(numbers: Any) -> str | None:
    """``"3 → 4"`` from ``{before, after}``, or None (an event logged before the numbers were kept)."""
    if not isinstance(numbers, Mapping) or "before" not in numbers or "after" not in numbers:
        return None
    return f"{numbers['before']} {ARROW} {numbers['after']}"


def _turn_end(e: Any, n: Names) -> str:
    """What happens when a turn ends: the hand limit, the last round, the next turn or the winners,
    each number it moved as before → after."""
    if not isinstance(e, Mapping):
        return ""
    parts = []
    limit = e.get("hand_limit")
    if limit:
        parts.append(
            f"{seat_name(n, limit.get('seat_id'))} holds {limit.get('hand')} cards: discards "
            f"{limit.get('discard')} down to {HAND_LIMIT} (hand {limit.get('hand')} {ARROW} {HAND_LIMIT})."
        )
    last_round = e.get("last_round")
    if last_round:
        left = int(last_round.get("remaining_turns", 0))
        before = last_round.get("before", left)
        if before != left:
            parts.append(f"Last round: last turns to go {before} {ARROW} {left}.")
        elif not e.get("over"):
            parts.append(f"Last round: {plural(left, 'last turn')} to go.")
    if e.get("over"):
        parts.append(_game_over(e, n))
        return " " + " ".join(parts)
    who = seat_name(n, e.get("next_seat_id"))
    turn, actions = _arrow(e.get("turn")), e.get("actions")
    if isinstance(actions, Mapping) and actions.get("before") != actions.get("after"):
        given = f"Actions {_arrow(actions)}"
    else:
        given = "2 actions"
    parts.append(f"Turn {turn}: {who}'s turn ({given})." if turn else f"{who}'s turn ({given}).")
    return " " + " ".join(parts)


def _game_over(e: Body, n: Names) -> str:
    winners = e.get("winners") or []
    scores = {s.get("seat_id"): s.get("score") for s in e.get("scores") or []}
    table = ", ".join(f"{seat_name(n, seat)} {score}" for seat, score in scores.items())
    if len(winners) == 1:
        points = scores.get(winners[0], 0)
        head = f"The game is over: {seat_name(n, winners[0])} wins with {plural(points, 'point')}"
    else:
        points = scores.get(winners[0], 0) if winners else 0
        head = (
            f"The game is over: a shared win for {seat_names(n, winners)} with {plural(points, 'point')} each"
        )
    return f"{head} ({table})."


def _grown(c: Any, before: Any) -> str:
    """``now 3 supernaturals (...), points 2 → 5`` (a combo that took a card)."""
    c = c if isinstance(c, Mapping) else {}
    was = before.get("points") if isinstance(before, Mapping) else "?"
    return (
        f"now {label(str(c.get('kind')), list(c.get('cards') or []))}, points {was} {ARROW} "
        f"{c.get('points')}{_frozen(c)}"
    )


def _others(count: int) -> str:
    if count == 1:
        return "the other player has one last turn"
    return f"each of the {count} other players has one last turn"


def _started(b: Body, n: Names) -> str:
    seats = b.get("seat_ids") or []
    first = seat_name(n, b.get("start_seat_id"))
    before = b.get("before")
    if not isinstance(before, Mapping):  # logged before the numbers were kept
        return (
            f"The game starts with {seat_names(n, seats)}; {first} goes first. "
            f"{b.get('dealt')} cards dealt to each, {b.get('remaining')} of {b.get('deck')} left in the deck."
        )
    line = f"The game starts with {seat_names(n, seats)}."
    removed = b.get("removed")
    if removed:
        out = " and ".join(plural(int(count), name) for name, count in removed.items())
        line += (
            f" {len(seats)} players: {out} out (deck total {before.get('total')} {ARROW} {b.get('deck')})."
        )
    return (
        f"{line} {b.get('dealt')} cards dealt to each (deck {before.get('remaining')} {ARROW} "
        f"{b.get('remaining')}). Turn {before.get('turn')} {ARROW} 1: {first} goes first "
        f"(Actions {before.get('actions')} {ARROW} {b.get('actions')})."
    )


def _allowed(b: Body, n: Names) -> str:
    """`` on Bob's turn, a card allows it (Laraki)`` when a card's say-so let this be done now; else the
    note alone, if any."""
    allows = b.get("card_allows")
    if not isinstance(allows, Mapping):
        return f" ({b['note']})" if b.get("note") else ""
    when = []
    if b.get("out_of_turn_seat_id") is not None:
        when.append(f"on {seat_name(n, b.get('out_of_turn_seat_id'))}'s turn")
    if b.get("without_action"):
        when.append("without an action")
    note = allows.get("note")
    return f" {' and '.join(when)}, a card allows it" + (f" ({note})" if note else "")


def _hand_moved(b: Body) -> str:
    """`` (hand 3 → 0)``."""
    if b.get("hand_before") is None:
        return ""
    return f" (hand {b.get('hand_before')} {ARROW} {b.get('hand_after')})"


def _placed(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    return (
        f"{seat_name(n, b.get('seat_id'))} scores {_combo(c)}{_allowed(b, n)}: {_points(c)}{_frozen(c)}"
        f"{_hand_moved(b)}.{_scores(n, b.get('scores'))}"
    )


def _added(b: Body, n: Names) -> str:
    return (
        f"{seat_name(n, b.get('seat_id'))} adds {b.get('card')} to a combo{_allowed(b, n)}: "
        f"{_grown(b.get('combo'), b.get('before'))}{_hand_moved(b)}.{_scores(n, b.get('scores'))}"
    )


def _moved(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    return (
        f"{_power(n, b)}{seat_name(n, b.get('from_seat_id'))}'s {_combo(c)[2:]} ({_points(c)}) "
        f"goes to {seat_name(n, b.get('to_seat_id'))}.{_scores(n, b.get('scores'))}"
    )


def _swapped(b: Body, n: Names) -> str:
    c, o = b.get("combo") or {}, b.get("other_combo") or {}
    return (
        f"{_power(n, b)}{seat_name(n, b.get('seat_id'))}'s {_combo(c)[2:]} ({_points(c)}) and "
        f"{seat_name(n, b.get('other_seat_id'))}'s {_combo(o)[2:]} ({_points(o)}) change hands."
        f"{_scores(n, b.get('scores'))}"
    )


def _discarded(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    return (
        f"{_power(n, b)}{seat_name(n, b.get('seat_id'))}'s {_combo(c)[2:]} ({_points(c)}) goes to the "
        f"discard pile.{_scores(n, b.get('scores'))}"
    )


def _taken(b: Body, n: Names) -> str:
    before = b.get("before") or {}
    line = (
        f"{_power(n, b)}{seat_name(n, b.get('to_seat_id'))} takes {b.get('card')} from "
        f"{seat_name(n, b.get('from_seat_id'))}'s {_combo(before)[2:]} into their hand{_hand_moved(b)}"
    )
    after = b.get("combo")
    if after:
        rest = label(str(after.get("kind")), list(after.get("cards") or []))
        line += f"; the combo keeps {rest}, points {before.get('points')} {ARROW} {after.get('points')}"
    else:
        line += "; the combo is gone"
    return f"{line}.{_scores(n, b.get('scores'))}"


def _adjusted(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    line = (
        f"{seat_name(n, b.get('seat_id'))}'s {_combo(c)[2:]}: {b.get('before')} {ARROW} {b.get('after')} "
        f"points by hand: {b.get('note')}.{_scores(n, b.get('scores'))}"
    )
    winners = b.get("winners")
    if winners:
        line += (
            f" {seat_name(n, winners[0])} now wins."
            if len(winners) == 1
            else f" Now a shared win for {seat_names(n, winners)}."
        )
    return line


def _actions_left(left: Any) -> str:
    return "no actions left" if not left else f"{plural(int(left), 'action')} left"


def _action(b: Body, n: Names) -> str:
    who = seat_name(n, b.get("seat_id"))
    kind = b.get("kind")
    numbers = [f"Actions {b.get('before')} {ARROW} {b.get('actions_left')}"]
    hand = _arrow(b.get("hand"))
    if hand:
        numbers.append(f"hand {hand}")
    moved = f"({'; '.join(numbers)})"
    note = f": {b['note']}" if b.get("note") else ""
    if kind == "rune":
        return f"{who} plays a Rune: 2 more actions {moved}{note}."
    if kind == "power":
        return f"{who} uses a power {moved}{note}."
    combo = b.get("combo")
    if not isinstance(combo, Mapping):  # logged before a card played was named
        return f"{who} plays a card ({_actions_left(b.get('actions_left'))}){note}."
    if b.get("combo_before"):
        where = f" into a combo: {_grown(combo, b.get('combo_before'))}"
    else:
        where = f", a new combo: {_points(combo)}{_frozen(combo)}"
    return f"{who} plays {b.get('card')}{where} {moved}{note}.{_scores(n, b.get('scores'))}"


def _last_round_started(b: Body, n: Names) -> str:
    last_round = b.get("last_round")
    if not last_round:
        return ""
    others = int(last_round.get("remaining_turns", 0))
    return f" That was the last card: the last round begins, {_others(others)}."


HOW = {"turn": " and ends the turn", "action": " as an action", "power": " by a power"}
"""How a draw or a steal happened, in the log's words; the turn's own opens it where the table draws first."""


def _how(b: Body, *, blocked: bool = False) -> str:
    if b.get("opens"):
        return " to begin the turn"
    if blocked and b.get("via") == "turn":
        return ""
    return HOW.get(str(b.get("via")), "")


def _drawn(b: Body, n: Names) -> str:
    who = seat_name(n, b.get("seat_id"))
    count = int(b.get("count", 1))
    what = "a card" if count == 1 else f"{count} cards"
    numbers = []
    if _arrow(b.get("actions")):
        numbers.append(f"Actions {_arrow(b.get('actions'))}")
    numbers.append(f"hand {b.get('hand_before')} {ARROW} {b.get('hand_after')}")
    if b.get("deck_before") is None:  # logged before the numbers were kept
        numbers.append(f"{plural(int(b.get('remaining', 0)), 'card')} left in the deck")
    else:
        numbers.append(f"deck {b.get('deck_before')} {ARROW} {b.get('remaining')}")
    line = f"{who} draws {what}{_how(b)} ({'; '.join(numbers)})."
    return line + _last_round_started(b, n) + _turn_end(b.get("turn_end"), n)


def _stolen(b: Body, n: Names) -> str:
    who, victim = seat_name(n, b.get("seat_id")), seat_name(n, b.get("victim_seat_id"))
    hand, victim_hand = _arrow(b.get("hand")), _arrow(b.get("victim_hand"))
    if hand is None:  # logged before the numbers were kept
        return f"{who} steals a card from {victim}." + _turn_end(b.get("turn_end"), n)
    actions = f"Actions {_arrow(b.get('actions'))}" if _arrow(b.get("actions")) else None
    if b.get("blocked"):
        spent = f" ({actions})" if actions else ""
        line = (
            f"{who} tries to steal from {victim}{_how(b, blocked=True)}{spent}, but {victim}'s Amulet "
            f"blocks it ({victim}'s hand {victim_hand})"
        )
        if b.get("via") == "power":
            line += "; only this steal, the turn goes on."
        else:
            line += f": {who} loses the rest of the turn."
    else:
        numbers = "; ".join(
            [*([actions] if actions else []), f"{who}'s hand {hand}, {victim}'s {victim_hand}"]
        )
        line = f"{who} steals a card from {victim}{_how(b)} ({numbers})."
    return line + _turn_end(b.get("turn_end"), n)


def _turn_ended(b: Body, n: Names) -> str:
    who = seat_name(n, b.get("seat_id"))
    line = f"{who} ends the turn" if b.get("drawn") else f"{who}'s turn ends without a draw"
    if b.get("note"):
        line += f": {b['note']}"
    return line + "." + _turn_end(b.get("turn_end"), n)


def _hand(b: Body, n: Names) -> str:
    line = (
        f"{seat_name(n, b.get('seat_id'))}'s hand: {b.get('before')} {ARROW} {b.get('after')} cards by hand"
    )
    return line + (f": {b['note']}." if b.get("note") else ".")


def _actions_set(b: Body, n: Names) -> str:
    return (
        f"{seat_name(n, b.get('seat_id'))}'s actions left: {b.get('before')} {ARROW} {b.get('after')} "
        f"by hand: {b.get('note')}."
    )


def _deck(b: Body, n: Names) -> str:
    line = f"Deck: {b.get('before')} {ARROW} {b.get('after')} cards by hand: {b.get('note')}."
    if b.get("last_round") == "started":
        others = int(b.get("others", 0))
        line += f" The deck is empty: the last round begins, {_others(others)}."
    elif b.get("last_round") == "called_off":
        line += " The last round is called off."
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
