"""One log line per Grimoor event, with names and numbers (brief: describe).

Every number a command changes is named as before → after (the log tells the
truth, ``rules.changes``): the Actions left, the turn and Conflict counts,
points and End of Conflict cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.describing import ARROW, Body, Line, Names, before_after, describer, plural, seat_name, seat_names


def _actions_left(left: Any) -> str:
    """After an Action was spent: ``Actions 2 → 1``."""
    return f"Actions {before_after(int(left or 0) + 1, left)}"


def _tally(award: Any) -> str:
    """A player's points and End of Conflict cards moved by a Conflict's result:
    ``points 3 → 8, End of Conflict cards 0 → 1`` (empty for nobody)."""
    if not award:
        return ""
    parts = []
    if award.get("points_before") != award.get("points_after"):
        parts.append(f"points {before_after(award.get('points_before'), award.get('points_after'))}")
    parts.append(f"End of Conflict cards {before_after(award.get('eoc_before'), award.get('eoc_after'))}")
    return ", ".join(parts)


def _with(line: str, more: str) -> str:
    """``line (more)``, or inside the line's closing brackets: ``... (0 points; more)``."""
    if not more:
        return line
    return f"{line[:-1]}; {more})" if line.endswith(")") else f"{line} ({more})"


def _changed(label: str, before: Any, after: Any) -> list[str]:
    """``["Actions 0 → 1"]``, or nothing when the number stayed (old events lack ``before``)."""
    return [] if before is None or before == after else [f"{label} {before_after(before, after)}"]


def _a(word: Any) -> str:
    first = str(word)[:1]
    return f"{'an' if first and first in 'AEIOU' else 'a'} {word}"


def _cohort(c: Mapping[str, Any]) -> str:
    """``Grave Knight, a Gaunt cohort, strength 4`` (or ``an Olatha Commander, strength 4``)."""
    kind = "Commander" if c.get("commander") else "cohort"
    what = f"{_a(c.get('type'))} {kind}, strength {c.get('strength')}"
    return f"{c['name']}, {what}" if c.get("name") else what


def _short(c: Mapping[str, Any]) -> str:
    """``Grave Knight`` or ``the Gaunt cohort (strength 4)``."""
    if c.get("name"):
        return str(c["name"])
    kind = "Commander" if c.get("commander") else "cohort"
    return f"the {c.get('type')} {kind} (strength {c.get('strength')})"


def _owned(names: Names, seat_id: Any, c: Mapping[str, Any]) -> str:
    """``Bob's Grave Knight`` or ``Bob's Gaunt cohort (strength 6)``."""
    if c.get("name"):
        return f"{seat_name(names, seat_id)}'s {c['name']}"
    kind = "Commander" if c.get("commander") else "cohort"
    return f"{seat_name(names, seat_id)}'s {c.get('type')} {kind} (strength {c.get('strength')})"


def _points(gained: Any, before: Any, after: Any) -> str:
    verb = "gains" if int(gained) >= 0 else "loses"
    return f"{verb} {plural(abs(int(gained)), 'point')} ({before} {ARROW} {after})"


def _sides(n: Names, values: Mapping[str, Any]) -> str:
    return ", ".join(f"{seat_name(n, seat)} {value}" for seat, value in values.items())


def conflict_result(r: Body, n: Names) -> str:
    """The sums of a scored Conflict and what they decided (also used by the app's result screen)."""
    line = f"Strength: {_sides(n, r.get('strength', {}))}"
    tie_break = r.get("tie_break")
    winner = seat_name(n, r.get("winner_seat_id"))
    if tie_break == "override":
        # The players decided it by hand (conflict.override): say so, not what the sums said.
        who = (
            f"{winner} wins it with {plural(r.get('points'), 'point')}"
            if r.get("winner_seat_id") is not None
            else "nobody wins it"
        )
        note = f" ({r['note']})" if r.get("note") else ""
        return f"{line}: decided by the players, {who}{note}"
    if tie_break == "strength":
        return f"{line}: {winner} gains {plural(r.get('points'), 'point')} and an End of Conflict card"
    line += f", tied; Cohorts: {_sides(n, r.get('cohorts', {}))}"
    if tie_break == "cohorts":
        return f"{line}: {winner} wins the tie and takes an End of Conflict card (0 points)"
    line += f", tied; points: {_sides(n, r.get('points_before', {}))}"
    if tie_break == "points":
        return f"{line}: {winner} wins the tie and takes an End of Conflict card (0 points)"
    return f"{line}, tied: nobody scores (the players may decide it)"


def _conflict_end(e: Body, n: Names) -> str:
    result = e.get("result", {})
    line = f"Conflict {result.get('n')} ends. {_with(conflict_result(result, n), _tally(e.get('award')))}."
    if e.get("next_conflict"):
        moved = _changed("Actions", e.get("actions_before"), e.get("actions_left"))
        moved += _changed("turn", e.get("turn_before"), 1)
        line += (
            f" Conflict {before_after(result.get('n'), e['next_conflict'])}: "
            f"{seat_name(n, e.get('start_seat_id'))} starts with 1 Action"
        )
        line += f" ({'; '.join(moved)})." if moved else "."
        line += _clean_up(e.get("cleared"), n)
    else:
        for change in _changed("Actions", e.get("actions_before"), e.get("actions_left")):
            line += f" {change}."
        line += " " + _game_over(e, n)
    return line


def _clean_up(cleared: Any, n: Names) -> str:
    """New Conflict: where each Horde's cards went, and the new deal (rulebook: New Conflict)."""
    if not cleared:
        return ""
    parts = []
    for seat, went in cleared.items():
        moves = []
        if went.get("discarded"):
            moves.append(f"{plural(went['discarded'], 'Cohort')} to the discard pile")
        aside = []
        if went.get("aside"):
            aside.append(plural(went["aside"], "Commander"))
        if went.get("curios"):
            aside.append(plural(went["curios"], "Curio"))
        if aside:
            moves.append(f"{' and '.join(aside)} to the side")
        if moves:
            parts.append(f"{seat_name(n, seat)}'s {' and '.join(moves)}")
    line = f" Clean-up: {'; '.join(parts)}." if parts else ""
    return (
        f"{line} Shuffle the discard pile into the deck and deal each player "
        "3 Cohorts, 1 Curio and 1 Commander."
    )


def _game_over(e: Body, n: Names) -> str:
    winners = e.get("winners") or []
    points = e.get("points") or {}
    cards = e.get("eoc_cards") or {}
    if len(winners) != 1:
        first = str(winners[0]) if winners else ""
        return (
            f"The game is over: a shared win for {seat_names(n, winners)} "
            f"({plural(points.get(first), 'point')} and "
            f"{plural(cards.get(first), 'End of Conflict card')} each)."
        )
    win = str(winners[0])
    tied = [s for s in points if s != win and points[s] == points[win]]
    line = f"The game is over: {seat_name(n, winners[0])} wins with {plural(points.get(win), 'point')}"
    if tied:
        line += f", tied on points, on End of Conflict cards ({cards.get(win)} to {cards.get(tied[0])})"
    return line + "."


def _started(b: Body, n: Names) -> str:
    actions = b.get("actions_left", 1)
    return (
        f"The game begins (turn 0 {ARROW} 1): {seat_name(n, b.get('start_seat_id'))} is the Start Player, "
        f"with {plural(actions, 'Action')} on the first turn (Actions 0 {ARROW} {actions}); "
        f"{seat_name(n, b.get('other_seat_id'))} plays second. "
        f"Both start on {plural(b.get('points'), 'point')}."
    )


def _start_player(b: Body, n: Names) -> str:
    line = f"The players choose {seat_name(n, b.get('start_seat_id'))} to start Conflict {b.get('conflict')}"
    return line + (f": {b['note']}." if b.get("note") else ".")


def _drawn(b: Body, n: Names) -> str:
    what = "the top card" if b.get("where") == "top" else "the bottom two cards"
    return (
        f"{seat_name(n, b.get('seat_id'))} draws {what} of the deck ({_actions_left(b.get('actions_left'))})."
    )


def _focused_suffix(c: Mapping[str, Any]) -> str:
    return ", Focused (counts 1)" if c.get("focused") else ""


def _stronghold_triggers(b: Body, n: Names) -> str:
    """The reminder that a built Stronghold's Ability triggers (its text is the card's)."""
    if not b.get("stronghold"):
        return ""
    return f"; {seat_name(n, b.get('seat_id'))}'s {b['stronghold']} Stronghold's Ability triggers"


def _played(b: Body, n: Names) -> str:
    c = b.get("cohort", {})
    return (
        f"{seat_name(n, b.get('seat_id'))} plays {_cohort(c)}{_focused_suffix(c)} "
        f"({plural(b.get('cohorts'), 'Cohort')} in the Horde; {_actions_left(b.get('actions_left'))})"
        f"{_stronghold_triggers(b, n)}."
    )


def _joined(b: Body, n: Names) -> str:
    c = b.get("cohort", {})
    what = _cohort(c)
    line = (
        f"{what[0].upper() + what[1:]}, joins {seat_name(n, b.get('seat_id'))}'s Horde{_focused_suffix(c)} "
        f"({plural(b.get('cohorts'), 'Cohort')})"
    )
    line += f": {b['note']}" if b.get("note") else ""
    return f"{line}{_stronghold_triggers(b, n)}."


def _left(b: Body, n: Names) -> str:
    where = "to the side of the play area" if b.get("to") == "aside" else "to the discard pile"
    line = (
        f"{_owned(n, b.get('seat_id'), b.get('cohort', {}))} leaves the Horde {where} "
        f"({plural(b.get('cohorts'), 'Cohort')} left)"
    )
    return line + (f": {b['note']}." if b.get("note") else ".")


def _curio(b: Body, n: Names) -> str:
    curio = f"the Curio {b['name']}" if b.get("name") else "a Curio"
    where = "from the top of the Curio deck" if b.get("source") == "deck" else "from hand"
    line = f"{seat_name(n, b.get('seat_id'))} plays {curio} {where}"
    focused = [_short(c) for c in b.get("focused") or []]
    line += f", Focusing {', '.join(focused)}" if focused else ", Focusing no Cohort"
    if b.get("points"):
        line += f", and {_points(b['points'], b.get('points_before'), b.get('points_after'))}"
    return f"{line}; {_actions_left(b.get('actions_left'))}."


def _stronghold(b: Body, n: Names) -> str:
    line = (
        f"{seat_name(n, b.get('seat_id'))} builds the {b.get('type')} Stronghold, "
        f"discarding {b.get('discarded')} cards"
    )
    if b.get("points"):
        line += f", and {_points(b['points'], b.get('points_before'), b.get('points_after'))}"
    return f"{line}; {_actions_left(b.get('actions_left'))}."


def _focus(b: Body, n: Names) -> str:
    who = _owned(n, b.get("seat_id"), b.get("cohort", {}))
    return f"{who} is Focused: it counts 1."


def _ready(b: Body, n: Names) -> str:
    who = _owned(n, b.get("seat_id"), b.get("cohort", {}))
    return f"{who} is Readied: it counts {b.get('counts')} again."


def _cohort_adjusted(b: Body, n: Names) -> str:
    c = b.get("cohort", {})
    name = c.get("name") or f"{c.get('type')} cohort"
    return (
        f"{seat_name(n, b.get('seat_id'))}'s {name}: Strength {b.get('before')} {ARROW} {b.get('after')} "
        f"by hand: {b.get('note')}."
    )


def _winners_suffix(b: Body, n: Names) -> str:
    winners = b.get("winners")
    if winners is None:
        return ""
    if len(winners) == 1:
        return f" {seat_name(n, winners[0])} now wins the game."
    return f" Now a shared win for {seat_names(n, winners)}."


def _points_added(b: Body, n: Names) -> str:
    line = f"{seat_name(n, b.get('seat_id'))} {_points(b.get('amount', 0), b.get('before'), b.get('after'))}"
    return f"{line}: {b.get('reason')}.{_winners_suffix(b, n)}"


def _player_adjusted(b: Body, n: Names) -> str:
    field = "points" if b.get("field") == "points" else "End of Conflict cards"
    return (
        f"{seat_name(n, b.get('seat_id'))}: {field} {b.get('before')} {ARROW} {b.get('after')} by hand: "
        f"{b.get('note')}.{_winners_suffix(b, n)}"
    )


def _turn_ended(b: Body, n: Names) -> str:
    line = f"{seat_name(n, b.get('seat_id'))}'s turn ends"
    if b.get("skipped"):
        line += f" ({plural(b['skipped'], 'Action')} not taken)"
    check = b.get("check") or {}
    line += f". {seat_name(n, check.get('seat_id'))}'s Horde has {plural(check.get('cohorts'), 'Cohort')}"
    end = b.get("conflict_end")
    if end:
        return f"{line}: {_conflict_end(end, n)}"
    moved = _changed("turn", b.get("turn"), int(b.get("turn") or 0) + 1)
    moved += _changed("Actions", b.get("skipped"), 2)
    return f"{line}: the Conflict goes on. {seat_name(n, b.get('next_seat_id'))}'s turn ({'; '.join(moved)})."


def _conflict_ended(b: Body, n: Names) -> str:
    end = b.get("conflict_end") or {}
    return f"The Conflict is ended by hand ({b.get('note')}): {_conflict_end(end, n)}"


def _overridden(b: Body, n: Names) -> str:
    line = f"Conflict {b.get('n')} decided by the players"
    before = b.get("before") or {}
    if before.get("points") is not None and before.get("points") != b.get("points"):
        line += f" (its points {before_after(before['points'], b.get('points'))})"
    line += ": "
    if b.get("winner_seat_id") is None:
        line += "nobody wins it"
    else:
        line += (
            f"{seat_name(n, b['winner_seat_id'])} wins it, gaining {plural(b.get('points'), 'point')} "
            "and an End of Conflict card"
        )
        line = _with(line, _tally(b.get("took")))
    if before.get("winner_seat_id") is not None:
        line += (
            f"; {seat_name(n, before['winner_seat_id'])} gives back {plural(before.get('points'), 'point')}"
        )
        line = _with(f"{line} and the card", _tally(b.get("gave_back")))
    if b.get("note"):
        line += f": {b['note']}"
    line += "."
    if b.get("start_seat_id") is not None:
        line += f" {seat_name(n, b['start_seat_id'])} now starts the next Conflict."
    return line + _winners_suffix(b, n)


def _actions_set(b: Body, n: Names) -> str:
    return (
        f"{seat_name(n, b.get('seat_id'))}'s Actions left: {b.get('before')} {ARROW} {b.get('after')} "
        f"by hand: {b.get('note')}."
    )


LINES: dict[str, Line] = {
    "game.started": _started,
    "conflict.start_player_set": _start_player,
    "cards.drawn": _drawn,
    "cohort.played": _played,
    "cohort.joined": _joined,
    "cohort.left": _left,
    "curio.played": _curio,
    "stronghold.built": _stronghold,
    "cohort.focused": _focus,
    "cohort.readied": _ready,
    "cohort.adjusted": _cohort_adjusted,
    "points.added": _points_added,
    "player.adjusted": _player_adjusted,
    "turn.ended": _turn_ended,
    "conflict.ended": _conflict_ended,
    "conflict.overridden": _overridden,
    "actions.set": _actions_set,
}

describe = describer(LINES)
