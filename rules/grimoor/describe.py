"""One log line per Grimoor event, with names and numbers (brief: describe).

Every number a command changes is named as before → after (the log tells the
truth, ``rules.changes``): the Actions left, the turn and Conflict counts,
points and End of Conflict cards. Each line is worded when shown, in the
reader's language (``rules.i18n``; docs/decisions/german.md): the German
follows ``docs/glossary-de.md``. A Cohort is named one way as a sentence's
subject and another as its object (German: "ein Anführer", "einen Anführer"),
so those phrases carry a ``pgettext`` context.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.describing import Body, Line, Names, before_after, describer, seat_name, seat_names
from rules.i18n import gettext as _
from rules.i18n import ngettext, pgettext


def _count(n: Any) -> int:
    """The number that picks a plural form (an old event's missing count reads as many)."""
    try:
        return int(n)
    except (TypeError, ValueError):
        return 0


def _points_n(n: Any) -> str:
    return ngettext("%(n)s point", "%(n)s points", _count(n)) % {"n": n}


def _cohorts_n(n: Any) -> str:
    return ngettext("%(n)s Cohort", "%(n)s Cohorts", _count(n)) % {"n": n}


def _actions_n(n: Any) -> str:
    return ngettext("%(n)s Action", "%(n)s Actions", _count(n)) % {"n": n}


def _actions_left(left: Any) -> str:
    """After an Action was spent: ``Actions 2 → 1``."""
    return _("Actions %(change)s") % {"change": before_after(int(left or 0) + 1, left)}


def _tally(award: Any) -> str:
    """A player's points and End of Conflict cards moved by a Conflict's result:
    ``points 3 → 8, End of Conflict cards 0 → 1`` (empty for nobody)."""
    if not award:
        return ""
    parts = []
    if award.get("points_before") != award.get("points_after"):
        moved = before_after(award.get("points_before"), award.get("points_after"))
        parts.append(_("points %(change)s") % {"change": moved})
    moved = before_after(award.get("eoc_before"), award.get("eoc_after"))
    parts.append(_("End of Conflict cards %(change)s") % {"change": moved})
    return ", ".join(parts)


def _with(line: str, more: str) -> str:
    """``line (more)``, or inside the line's closing brackets: ``... (0 points; more)``."""
    if not more:
        return line
    return f"{line[:-1]}; {more})" if line.endswith(")") else f"{line} ({more})"


def _changed(label: str, before: Any, after: Any) -> list[str]:
    """``["Actions 0 → 1"]``, or nothing when the number stayed (old events lack ``before``)."""
    return [] if before is None or before == after else [f"{label} {before_after(before, after)}"]


def _vowel(word: Any) -> bool:
    """English says "an Olatha", "a Gaunt"."""
    first = str(word)[:1]
    return bool(first) and first in "AEIOU"


def _kind(c: Mapping[str, Any], *, subject: bool) -> str:
    """``a Gaunt cohort, strength 4`` (or ``an Olatha Commander, strength 4``), as the sentence's
    subject or its object."""
    values = {"type": c.get("type"), "strength": c.get("strength")}
    an = _vowel(c.get("type"))
    if subject:
        if c.get("commander"):
            if an:
                return pgettext("subject", "an %(type)s Commander, strength %(strength)s") % values
            return pgettext("subject", "a %(type)s Commander, strength %(strength)s") % values
        if an:
            return pgettext("subject", "an %(type)s cohort, strength %(strength)s") % values
        return pgettext("subject", "a %(type)s cohort, strength %(strength)s") % values
    if c.get("commander"):
        if an:
            return pgettext("object", "an %(type)s Commander, strength %(strength)s") % values
        return pgettext("object", "a %(type)s Commander, strength %(strength)s") % values
    if an:
        return pgettext("object", "an %(type)s cohort, strength %(strength)s") % values
    return pgettext("object", "a %(type)s cohort, strength %(strength)s") % values


def _cohort(c: Mapping[str, Any], *, subject: bool = False) -> str:
    """``Grave Knight, a Gaunt cohort, strength 4`` (or ``an Olatha Commander, strength 4``)."""
    what = _kind(c, subject=subject)
    return f"{c['name']}, {what}" if c.get("name") else what


def _short(c: Mapping[str, Any]) -> str:
    """``Grave Knight`` or ``the Gaunt cohort (strength 4)`` (what a Curio Focuses)."""
    if c.get("name"):
        return str(c["name"])
    values = {"type": c.get("type"), "strength": c.get("strength")}
    if c.get("commander"):
        return _("the %(type)s Commander (strength %(strength)s)") % values
    return _("the %(type)s cohort (strength %(strength)s)") % values


def _owned(names: Names, seat_id: Any, c: Mapping[str, Any]) -> str:
    """``Bob's Grave Knight`` or ``Bob's Gaunt cohort (strength 6)``, as a sentence begins."""
    who = seat_name(names, seat_id)
    if c.get("name"):
        return _("%(who)s's %(name)s") % {"who": who, "name": c["name"]}
    values = {"who": who, "type": c.get("type"), "strength": c.get("strength")}
    if c.get("commander"):
        return _("%(who)s's %(type)s Commander (strength %(strength)s)") % values
    return _("%(who)s's %(type)s cohort (strength %(strength)s)") % values


def _points(gained: Any, before: Any, after: Any) -> str:
    """``gains 3 points (1 → 4)`` or ``loses 1 point (4 → 3)``."""
    n = abs(int(gained))
    values = {"n": n, "change": before_after(before, after)}
    if int(gained) >= 0:
        return ngettext("gains %(n)s point (%(change)s)", "gains %(n)s points (%(change)s)", n) % values
    return ngettext("loses %(n)s point (%(change)s)", "loses %(n)s points (%(change)s)", n) % values


def _sides(n: Names, values: Mapping[str, Any]) -> str:
    return ", ".join(f"{seat_name(n, seat)} {value}" for seat, value in values.items())


def conflict_result(r: Body, n: Names) -> str:
    """The sums of a scored Conflict and what they decided (also used by the app's result screen)."""
    tie_break = r.get("tie_break")
    winner = seat_name(n, r.get("winner_seat_id"))
    values = {
        "strength": _sides(n, r.get("strength", {})),
        "cohorts": _sides(n, r.get("cohorts", {})),
        "points": _sides(n, r.get("points_before", {})),
        "winner": winner,
        "n": r.get("points"),
    }
    if tie_break == "override":
        # The players decided it by hand (conflict.override): say so, not what the sums said.
        note = f" ({r['note']})" if r.get("note") else ""
        if r.get("winner_seat_id") is None:
            return _("Strength: %(strength)s: decided by the players, nobody wins it") % values + note
        line = ngettext(
            "Strength: %(strength)s: decided by the players, %(winner)s wins it with %(n)s point",
            "Strength: %(strength)s: decided by the players, %(winner)s wins it with %(n)s points",
            _count(r.get("points")),
        )
        return line % values + note
    if tie_break == "strength":
        line = ngettext(
            "Strength: %(strength)s: %(winner)s gains %(n)s point and an End of Conflict card",
            "Strength: %(strength)s: %(winner)s gains %(n)s points and an End of Conflict card",
            _count(r.get("points")),
        )
        return line % values
    if tie_break == "cohorts":
        return (
            _(
                "Strength: %(strength)s, tied; Cohorts: %(cohorts)s: %(winner)s wins the tie and takes "
                "an End of Conflict card (0 points)"
            )
            % values
        )
    if tie_break == "points":
        return (
            _(
                "Strength: %(strength)s, tied; Cohorts: %(cohorts)s, tied; points: %(points)s: "
                "%(winner)s wins the tie and takes an End of Conflict card (0 points)"
            )
            % values
        )
    return (
        _(
            "Strength: %(strength)s, tied; Cohorts: %(cohorts)s, tied; points: %(points)s, tied: "
            "nobody scores (the players may decide it)"
        )
        % values
    )


def _conflict_end(e: Body, n: Names) -> str:
    result = e.get("result", {})
    line = _("Conflict %(n)s ends. %(result)s.") % {
        "n": result.get("n"),
        "result": _with(conflict_result(result, n), _tally(e.get("award"))),
    }
    if e.get("next_conflict"):
        moved = _changed(_("Actions"), e.get("actions_before"), e.get("actions_left"))
        moved += _changed(pgettext("number", "turn"), e.get("turn_before"), 1)
        values = {
            "change": before_after(result.get("n"), e["next_conflict"]),
            "who": seat_name(n, e.get("start_seat_id")),
            "moved": "; ".join(moved),
        }
        if moved:
            line += " " + _("Conflict %(change)s: %(who)s starts with 1 Action (%(moved)s).") % values
        else:
            line += " " + _("Conflict %(change)s: %(who)s starts with 1 Action.") % values
        line += _clean_up(e.get("cleared"), n)
    else:
        for change in _changed(_("Actions"), e.get("actions_before"), e.get("actions_left")):
            line += f" {change}."
        line += " " + _game_over(e, n)
    return line


def _both(first: str, second: str) -> str:
    """``first and second`` (two items of a list)."""
    return _("%(first)s and %(second)s") % {"first": first, "second": second}


def _clean_up(cleared: Any, n: Names) -> str:
    """New Conflict: where each Horde's cards went, and the new deal (rulebook: New Conflict)."""
    if not cleared:
        return ""
    parts = []
    for seat, went in cleared.items():
        moves = []
        if went.get("discarded"):
            k = went["discarded"]
            moves.append(
                ngettext("%(n)s Cohort to the discard pile", "%(n)s Cohorts to the discard pile", _count(k))
                % {"n": k}
            )
        aside = []
        if went.get("aside"):
            k = went["aside"]
            aside.append(ngettext("%(n)s Commander", "%(n)s Commanders", _count(k)) % {"n": k})
        if went.get("curios"):
            k = went["curios"]
            aside.append(ngettext("%(n)s Curio", "%(n)s Curios", _count(k)) % {"n": k})
        if aside:
            things = aside[0] if len(aside) == 1 else _both(aside[0], aside[1])
            moves.append(_("%(things)s to the side") % {"things": things})
        if moves:
            what = moves[0] if len(moves) == 1 else _both(moves[0], moves[1])
            parts.append(_("%(who)s's %(moves)s") % {"who": seat_name(n, seat), "moves": what})
    line = " " + _("Clean-up: %(parts)s.") % {"parts": "; ".join(parts)} if parts else ""
    deal = _(
        "Shuffle the discard pile into the deck and deal each player 3 Cohorts, 1 Curio and 1 Commander."
    )
    return f"{line} {deal}"


def _game_over(e: Body, n: Names) -> str:
    winners = e.get("winners") or []
    points = e.get("points") or {}
    cards = e.get("eoc_cards") or {}
    if len(winners) != 1:
        first = str(winners[0]) if winners else ""
        card_count = cards.get(first)
        return _("The game is over: a shared win for %(who)s (%(points)s and %(cards)s each).") % {
            "who": seat_names(n, winners),
            "points": _points_n(points.get(first)),
            "cards": ngettext("%(n)s End of Conflict card", "%(n)s End of Conflict cards", _count(card_count))
            % {"n": card_count},
        }
    win = str(winners[0])
    tied = [s for s in points if s != win and points[s] == points[win]]
    values = {
        "who": seat_name(n, winners[0]),
        "n": points.get(win),
        "mine": cards.get(win),
        "theirs": cards.get(tied[0]) if tied else None,
    }
    count = _count(points.get(win))
    if tied:
        return (
            ngettext(
                "The game is over: %(who)s wins with %(n)s point, tied on points, on End of Conflict "
                "cards (%(mine)s to %(theirs)s).",
                "The game is over: %(who)s wins with %(n)s points, tied on points, on End of Conflict "
                "cards (%(mine)s to %(theirs)s).",
                count,
            )
            % values
        )
    return (
        ngettext(
            "The game is over: %(who)s wins with %(n)s point.",
            "The game is over: %(who)s wins with %(n)s points.",
            count,
        )
        % values
    )


def _started(b: Body, n: Names) -> str:
    actions = b.get("actions_left", 1)
    return _(
        "The game begins (turn %(turn)s): %(start)s is the Start Player, with %(actions)s on the "
        "first turn (Actions %(change)s); %(other)s plays second. Both start on %(points)s."
    ) % {
        "turn": before_after(0, 1),
        "start": seat_name(n, b.get("start_seat_id")),
        "actions": _actions_n(actions),
        "change": before_after(0, actions),
        "other": seat_name(n, b.get("other_seat_id")),
        "points": _points_n(b.get("points")),
    }


def _start_player(b: Body, n: Names) -> str:
    values = {"who": seat_name(n, b.get("start_seat_id")), "n": b.get("conflict"), "note": b.get("note")}
    if b.get("note"):
        return _("The players choose %(who)s to start Conflict %(n)s: %(note)s.") % values
    return _("The players choose %(who)s to start Conflict %(n)s.") % values


def _drawn(b: Body, n: Names) -> str:
    values = {"who": seat_name(n, b.get("seat_id")), "actions": _actions_left(b.get("actions_left"))}
    if b.get("where") == "top":
        return _("%(who)s draws the top card of the deck (%(actions)s).") % values
    return _("%(who)s draws the bottom two cards of the deck (%(actions)s).") % values


def _focused_suffix(c: Mapping[str, Any]) -> str:
    return _(", Focused (counts 1)") if c.get("focused") else ""


def _stronghold_triggers(b: Body, n: Names) -> str:
    """The reminder that a built Stronghold's Ability triggers (its text is the card's)."""
    if not b.get("stronghold"):
        return ""
    return _("; %(who)s's %(type)s Stronghold's Ability triggers") % {
        "who": seat_name(n, b.get("seat_id")),
        "type": b["stronghold"],
    }


def _played(b: Body, n: Names) -> str:
    c = b.get("cohort", {})
    return _("%(who)s plays %(cohort)s%(focused)s (%(cohorts)s in the Horde; %(actions)s)%(triggers)s.") % {
        "who": seat_name(n, b.get("seat_id")),
        "cohort": _cohort(c),
        "focused": _focused_suffix(c),
        "cohorts": _cohorts_n(b.get("cohorts")),
        "actions": _actions_left(b.get("actions_left")),
        "triggers": _stronghold_triggers(b, n),
    }


def _joined(b: Body, n: Names) -> str:
    c = b.get("cohort", {})
    what = _cohort(c, subject=True)
    values = {
        "cohort": what[0].upper() + what[1:],
        "who": seat_name(n, b.get("seat_id")),
        "focused": _focused_suffix(c),
        "cohorts": _cohorts_n(b.get("cohorts")),
        "note": b.get("note"),
        "triggers": _stronghold_triggers(b, n),
    }
    if b.get("note"):
        return _("%(cohort)s, joins %(who)s's Horde%(focused)s (%(cohorts)s): %(note)s%(triggers)s.") % values
    return _("%(cohort)s, joins %(who)s's Horde%(focused)s (%(cohorts)s)%(triggers)s.") % values


def _left(b: Body, n: Names) -> str:
    where = _("to the side of the play area") if b.get("to") == "aside" else _("to the discard pile")
    k = b.get("cohorts")
    values = {
        "who": _owned(n, b.get("seat_id"), b.get("cohort", {})),
        "where": where,
        "left": ngettext("%(n)s Cohort left", "%(n)s Cohorts left", _count(k)) % {"n": k},
        "note": b.get("note"),
    }
    if b.get("note"):
        return _("%(who)s leaves the Horde %(where)s (%(left)s): %(note)s.") % values
    return _("%(who)s leaves the Horde %(where)s (%(left)s).") % values


def _curio(b: Body, n: Names) -> str:
    curio = _("the Curio %(name)s") % {"name": b["name"]} if b.get("name") else _("a Curio")
    where = _("from the top of the Curio deck") if b.get("source") == "deck" else _("from hand")
    line = _("%(who)s plays %(curio)s %(where)s") % {
        "who": seat_name(n, b.get("seat_id")),
        "curio": curio,
        "where": where,
    }
    focused = [_short(c) for c in b.get("focused") or []]
    if focused:
        line += _(", Focusing %(cohorts)s") % {"cohorts": ", ".join(focused)}
    else:
        line += _(", Focusing no Cohort")
    if b.get("points"):
        gained = _points(b["points"], b.get("points_before"), b.get("points_after"))
        line += _(", and %(points)s") % {"points": gained}
    return f"{line}; {_actions_left(b.get('actions_left'))}."


def _stronghold(b: Body, n: Names) -> str:
    values = {
        "who": seat_name(n, b.get("seat_id")),
        "type": b.get("type"),
        "n": b.get("discarded"),
        "actions": _actions_left(b.get("actions_left")),
    }
    if b.get("points"):
        values["points"] = _points(b["points"], b.get("points_before"), b.get("points_after"))
        return (
            _("%(who)s builds the %(type)s Stronghold, discarding %(n)s cards, and %(points)s; %(actions)s.")
            % values
        )
    return _("%(who)s builds the %(type)s Stronghold, discarding %(n)s cards; %(actions)s.") % values


def _focus(b: Body, n: Names) -> str:
    return _("%(who)s is Focused: it counts 1.") % {"who": _owned(n, b.get("seat_id"), b.get("cohort", {}))}


def _ready(b: Body, n: Names) -> str:
    return _("%(who)s is Readied: it counts %(n)s again.") % {
        "who": _owned(n, b.get("seat_id"), b.get("cohort", {})),
        "n": b.get("counts"),
    }


def _cohort_adjusted(b: Body, n: Names) -> str:
    c = b.get("cohort", {})
    values = {
        "who": seat_name(n, b.get("seat_id")),
        "name": c.get("name"),
        "type": c.get("type"),
        "change": before_after(b.get("before"), b.get("after")),
        "note": b.get("note"),
    }
    if c.get("name"):
        return _("%(who)s's %(name)s: Strength %(change)s by hand: %(note)s.") % values
    return _("%(who)s's %(type)s cohort: Strength %(change)s by hand: %(note)s.") % values


def _winners_suffix(b: Body, n: Names) -> str:
    winners = b.get("winners")
    if winners is None:
        return ""
    if len(winners) == 1:
        return " " + _("%(who)s now wins the game.") % {"who": seat_name(n, winners[0])}
    return " " + _("Now a shared win for %(who)s.") % {"who": seat_names(n, winners)}


def _points_added(b: Body, n: Names) -> str:
    return _("%(who)s %(points)s: %(reason)s.") % {
        "who": seat_name(n, b.get("seat_id")),
        "points": _points(b.get("amount", 0), b.get("before"), b.get("after")),
        "reason": b.get("reason"),
    } + _winners_suffix(b, n)


def _player_adjusted(b: Body, n: Names) -> str:
    values = {
        "who": seat_name(n, b.get("seat_id")),
        "change": before_after(b.get("before"), b.get("after")),
        "note": b.get("note"),
    }
    if b.get("field") == "points":
        line = _("%(who)s: points %(change)s by hand: %(note)s.") % values
    else:
        line = _("%(who)s: End of Conflict cards %(change)s by hand: %(note)s.") % values
    return line + _winners_suffix(b, n)


def _turn_ended(b: Body, n: Names) -> str:
    who = seat_name(n, b.get("seat_id"))
    if b.get("skipped"):
        k = b["skipped"]
        ended = ngettext(
            "%(who)s's turn ends (%(n)s Action not taken)",
            "%(who)s's turn ends (%(n)s Actions not taken)",
            _count(k),
        ) % {"who": who, "n": k}
    else:
        ended = _("%(who)s's turn ends") % {"who": who}
    check = b.get("check") or {}
    k = check.get("cohorts")
    horde = ngettext("%(who)s's Horde has %(n)s Cohort", "%(who)s's Horde has %(n)s Cohorts", _count(k)) % {
        "who": seat_name(n, check.get("seat_id")),
        "n": k,
    }
    line = f"{ended}. {horde}"
    end = b.get("conflict_end")
    if end:
        return f"{line}: {_conflict_end(end, n)}"
    moved = _changed(pgettext("number", "turn"), b.get("turn"), int(b.get("turn") or 0) + 1)
    moved += _changed(_("Actions"), b.get("skipped"), 2)
    goes_on = _("the Conflict goes on. %(who)s's turn (%(moved)s).") % {
        "who": seat_name(n, b.get("next_seat_id")),
        "moved": "; ".join(moved),
    }
    return f"{line}: {goes_on}"


def _conflict_ended(b: Body, n: Names) -> str:
    end = b.get("conflict_end") or {}
    return _("The Conflict is ended by hand (%(note)s): %(end)s") % {
        "note": b.get("note"),
        "end": _conflict_end(end, n),
    }


def _overridden(b: Body, n: Names) -> str:
    before = b.get("before") or {}
    values: dict[str, Any] = {"n": b.get("n")}
    if before.get("points") is not None and before.get("points") != b.get("points"):
        values["change"] = before_after(before["points"], b.get("points"))
        line = _("Conflict %(n)s decided by the players (its points %(change)s): ") % values
    else:
        line = _("Conflict %(n)s decided by the players: ") % values
    if b.get("winner_seat_id") is None:
        line += _("nobody wins it")
    else:
        k = b.get("points")
        line += ngettext(
            "%(who)s wins it, gaining %(n)s point and an End of Conflict card",
            "%(who)s wins it, gaining %(n)s points and an End of Conflict card",
            _count(k),
        ) % {"who": seat_name(n, b["winner_seat_id"]), "n": k}
        line = _with(line, _tally(b.get("took")))
    if before.get("winner_seat_id") is not None:
        k = before.get("points")
        line += ngettext(
            "; %(who)s gives back %(n)s point and the card",
            "; %(who)s gives back %(n)s points and the card",
            _count(k),
        ) % {"who": seat_name(n, before["winner_seat_id"]), "n": k}
        line = _with(line, _tally(b.get("gave_back")))
    if b.get("note"):
        line += f": {b['note']}"
    line += "."
    if b.get("start_seat_id") is not None:
        line += " " + _("%(who)s now starts the next Conflict.") % {"who": seat_name(n, b["start_seat_id"])}
    return line + _winners_suffix(b, n)


def _actions_set(b: Body, n: Names) -> str:
    return _("%(who)s's Actions left: %(change)s by hand: %(note)s.") % {
        "who": seat_name(n, b.get("seat_id")),
        "change": before_after(b.get("before"), b.get("after")),
        "note": b.get("note"),
    }


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
