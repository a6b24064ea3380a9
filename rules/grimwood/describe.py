"""One log line per Grimwood event, with names and numbers (brief: describe)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.grimwood.cards import HAND_LIMIT, label, plural

ARROW = "\u2192"

Body = Mapping[str, Any]
Names = Mapping[int, str]


def _seat(names: Names, seat_id: Any) -> str:
    if isinstance(seat_id, int) and seat_id in names:
        return names[seat_id]
    return f"Seat {seat_id}" if seat_id is not None else "Nobody"


def _names(n: Names, seats: Any) -> str:
    people = [_seat(n, s) for s in seats or []]
    if len(people) <= 2:
        return " and ".join(people)
    return f"{', '.join(people[:-1])} and {people[-1]}"


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
        f"{_seat(n, c.get('seat_id'))} {c.get('before')} {ARROW} {c.get('after')}" for c in changes or []
    ]
    if not parts:
        return ""
    return f" Score{'s' if len(parts) > 1 else ''}: {', '.join(parts)}."


def _power(n: Names, b: Body) -> str:
    """``Ann's Sorceress: `` when the power is named, else ``Ann: ``."""
    who = _seat(n, b.get("by_seat_id"))
    return f"{who}'s {b['power']}: " if b.get("power") else f"{who}: "


def _frozen(c: Any) -> str:
    return ", frozen by the Dragon" if isinstance(c, Mapping) and c.get("frozen") else ""


def _turn_end(e: Any, n: Names) -> str:
    """What happens when a turn ends: the hand limit, the last round, the next player or the winners."""
    if not isinstance(e, Mapping):
        return ""
    parts = []
    limit = e.get("hand_limit")
    if limit:
        parts.append(
            f"{_seat(n, limit.get('seat_id'))} holds {limit.get('hand')} cards: discard "
            f"{limit.get('discard')} down to {HAND_LIMIT}."
        )
    last_round = e.get("last_round")
    if e.get("over"):
        parts.append(_game_over(e, n))
    else:
        if last_round:
            left = int(last_round.get("remaining_turns", 0))
            parts.append(f"Last round: {plural(left, 'last turn')} to go.")
        parts.append(f"{_seat(n, e.get('next_seat_id'))}'s turn (2 actions).")
    return " " + " ".join(parts)


def _game_over(e: Body, n: Names) -> str:
    winners = e.get("winners") or []
    scores = {s.get("seat_id"): s.get("score") for s in e.get("scores") or []}
    table = ", ".join(f"{_seat(n, seat)} {score}" for seat, score in scores.items())
    if len(winners) == 1:
        head = (
            f"The game is over: {_seat(n, winners[0])} wins with {plural(scores.get(winners[0], 0), 'point')}"
        )
    else:
        points = scores.get(winners[0], 0) if winners else 0
        head = f"The game is over: a shared win for {_names(n, winners)} with {plural(points, 'point')} each"
    return f"{head} ({table})."


def _others(count: int) -> str:
    if count == 1:
        return "the other player has one last turn"
    return f"each of the {count} other players has one last turn"


def _started(b: Body, n: Names) -> str:
    seats = b.get("seat_ids") or []
    return (
        f"The game starts with {_names(n, seats)}; {_seat(n, b.get('start_seat_id'))} goes first. "
        f"{b.get('dealt')} cards dealt to each, {b.get('remaining')} of {b.get('deck')} left in the deck."
    )


def _placed(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    return (
        f"{_seat(n, b.get('seat_id'))} scores {_combo(c)}: {_points(c)}{_frozen(c)}."
        f"{_scores(n, b.get('scores'))}"
    )


def _added(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    before = b.get("before") or {}
    return (
        f"{_seat(n, b.get('seat_id'))} adds {b.get('card')} to a combo: now "
        f"{label(str(c.get('kind')), list(c.get('cards') or []))}, "
        f"{_points(c)} (was {before.get('points')}){_frozen(c)}.{_scores(n, b.get('scores'))}"
    )


def _moved(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    return (
        f"{_power(n, b)}{_seat(n, b.get('from_seat_id'))}'s {_combo(c)[2:]} ({_points(c)}) "
        f"goes to {_seat(n, b.get('to_seat_id'))}.{_scores(n, b.get('scores'))}"
    )


def _swapped(b: Body, n: Names) -> str:
    c, o = b.get("combo") or {}, b.get("other_combo") or {}
    return (
        f"{_power(n, b)}{_seat(n, b.get('seat_id'))}'s {_combo(c)[2:]} ({_points(c)}) and "
        f"{_seat(n, b.get('other_seat_id'))}'s {_combo(o)[2:]} ({_points(o)}) change hands."
        f"{_scores(n, b.get('scores'))}"
    )


def _discarded(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    return (
        f"{_power(n, b)}{_seat(n, b.get('seat_id'))}'s {_combo(c)[2:]} ({_points(c)}) goes to the "
        f"discard pile.{_scores(n, b.get('scores'))}"
    )


def _taken(b: Body, n: Names) -> str:
    before = b.get("before") or {}
    line = (
        f"{_power(n, b)}{_seat(n, b.get('to_seat_id'))} takes {b.get('card')} from "
        f"{_seat(n, b.get('from_seat_id'))}'s {_combo(before)[2:]} into their hand"
    )
    after = b.get("combo")
    if after:
        rest = label(str(after.get("kind")), list(after.get("cards") or []))
        line += f"; the combo keeps {rest}, {_points(after)}"
    else:
        line += "; the combo is gone"
    return f"{line}.{_scores(n, b.get('scores'))}"


def _adjusted(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    line = (
        f"{_seat(n, b.get('seat_id'))}'s {_combo(c)[2:]}: {b.get('before')} {ARROW} {b.get('after')} points "
        f"by hand: {b.get('note')}.{_scores(n, b.get('scores'))}"
    )
    winners = b.get("winners")
    if winners:
        line += (
            f" {_seat(n, winners[0])} now wins."
            if len(winners) == 1
            else f" Now a shared win for {_names(n, winners)}."
        )
    return line


def _actions_left(left: Any) -> str:
    return "no actions left" if not left else f"{plural(int(left), 'action')} left"


def _action(b: Body, n: Names) -> str:
    who = _seat(n, b.get("seat_id"))
    kind = b.get("kind")
    if kind == "rune":
        line = f"{who} plays a Rune: 2 more actions ({_actions_left(b.get('actions_left'))})"
    elif kind == "power":
        line = f"{who} uses a power ({_actions_left(b.get('actions_left'))})"
    else:
        line = f"{who} plays a card ({_actions_left(b.get('actions_left'))})"
    return line + (f": {b['note']}." if b.get("note") else ".")


def _last_round_started(b: Body, n: Names) -> str:
    last_round = b.get("last_round")
    if not last_round:
        return ""
    others = int(last_round.get("remaining_turns", 0))
    return f" That was the last card: the last round begins, {_others(others)}."


def _drawn(b: Body, n: Names) -> str:
    who = _seat(n, b.get("seat_id"))
    count = int(b.get("count", 1))
    what = "a card" if count == 1 else f"{count} cards"
    via = b.get("via")
    how = {"turn": " and ends the turn", "action": " as an action", "power": " by a power"}.get(str(via), "")
    line = (
        f"{who} draws {what}{how} (hand {b.get('hand_before')} {ARROW} {b.get('hand_after')}, "
        f"{plural(int(b.get('remaining', 0)), 'card')} left in the deck)."
    )
    line += _last_round_started(b, n)
    if via == "action":
        line += f" {_actions_left(b.get('actions_left')).capitalize()}."
    return line + _turn_end(b.get("turn_end"), n)


def _stolen(b: Body, n: Names) -> str:
    who, victim = _seat(n, b.get("seat_id")), _seat(n, b.get("victim_seat_id"))
    via = b.get("via")
    how = {"turn": "", "action": " as an action", "power": " by a power"}.get(str(via), "")
    if b.get("blocked"):
        line = f"{who} tries to steal from {victim}{how}, but {victim}'s Amulet blocks it"
        if via == "power":
            line += " (only this steal; the turn goes on)"
        else:
            line += f": {who} loses the rest of the turn"
        line += f". {victim} holds {b.get('victim_hand')} cards."
    else:
        line = (
            f"{who} steals a card from {victim}{how} ({who} holds {b.get('hand')}, "
            f"{victim} {b.get('victim_hand')})."
        )
    return line + _turn_end(b.get("turn_end"), n)


def _turn_ended(b: Body, n: Names) -> str:
    line = f"{_seat(n, b.get('seat_id'))}'s turn ends without a draw"
    if b.get("note"):
        line += f": {b['note']}"
    return line + "." + _turn_end(b.get("turn_end"), n)


def _hand(b: Body, n: Names) -> str:
    line = f"{_seat(n, b.get('seat_id'))}'s hand: {b.get('before')} {ARROW} {b.get('after')} cards by hand"
    return line + (f": {b['note']}." if b.get("note") else ".")


def _actions_set(b: Body, n: Names) -> str:
    return (
        f"{_seat(n, b.get('seat_id'))}'s actions left: {b.get('before')} {ARROW} {b.get('after')} "
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


def _reverted(b: Body, n: Names) -> str:
    of = str(b.get("of", "a change")).replace(".", " ").replace("_", " ")
    return f"Undone: {of}."


LINES: dict[str, Callable[[Body, Names], str]] = {
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
    "reverted": _reverted,
}


def describe(event_type: str, payload: Body, seat_names: Names) -> str:
    line = LINES.get(event_type)
    if line is None:
        return event_type.replace(".", " ").replace("_", " ")
    return line(payload, seat_names)
