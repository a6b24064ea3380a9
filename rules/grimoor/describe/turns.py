"""The log lines of Grimoor's turns: the game's start, a Conflict's Start Player, draws, a turn's end.

A turn's end checks the Horde and may end the Conflict (``conflict_end``).
"""

from __future__ import annotations

from rules.describing import Body, Line, Names, before_after, plural_count, seat_name
from rules.grimoor.describe.conflicts import conflict_end
from rules.grimoor.describe.words import actions_left, actions_n, changed, points_n
from rules.i18n import gettext as _
from rules.i18n import ngettext, pgettext


def _started(b: Body, n: Names) -> str:
    actions = b.get("actions_left", 1)
    return _(
        "The game begins (turn %(turn)s): %(start)s is the Start Player, with %(actions)s on the "
        "first turn (Actions %(change)s); %(other)s plays second. Both start on %(points)s."
    ) % {
        "turn": before_after(0, 1),
        "start": seat_name(n, b.get("start_seat_id")),
        "actions": actions_n(actions),
        "change": before_after(0, actions),
        "other": seat_name(n, b.get("other_seat_id")),
        "points": points_n(b.get("points")),
    }


def _start_player(b: Body, n: Names) -> str:
    values = {"who": seat_name(n, b.get("start_seat_id")), "n": b.get("conflict"), "note": b.get("note")}
    if b.get("note"):
        return _("The players choose %(who)s to start Conflict %(n)s: %(note)s.") % values
    return _("The players choose %(who)s to start Conflict %(n)s.") % values


def _drawn(b: Body, n: Names) -> str:
    values = {"who": seat_name(n, b.get("seat_id")), "actions": actions_left(b.get("actions_left"))}
    if b.get("where") == "top":
        return _("%(who)s draws the top card of the deck (%(actions)s).") % values
    return _("%(who)s draws the bottom two cards of the deck (%(actions)s).") % values


def _turn_ended(b: Body, n: Names) -> str:
    who = seat_name(n, b.get("seat_id"))
    if b.get("skipped"):
        k = b["skipped"]
        ended = ngettext(
            "%(who)s's turn ends (%(n)s Action not taken)",
            "%(who)s's turn ends (%(n)s Actions not taken)",
            plural_count(k),
        ) % {"who": who, "n": k}
    else:
        ended = _("%(who)s's turn ends") % {"who": who}
    check = b.get("check") or {}
    k = check.get("cohorts")
    horde = ngettext(
        "%(who)s's Horde has %(n)s Cohort", "%(who)s's Horde has %(n)s Cohorts", plural_count(k)
    ) % {
        "who": seat_name(n, check.get("seat_id")),
        "n": k,
    }
    line = f"{ended}. {horde}"
    end = b.get("conflict_end")
    if end:
        return f"{line}: {conflict_end(end, n)}"
    moved = changed(pgettext("number", "turn"), b.get("turn"), int(b.get("turn") or 0) + 1)
    moved += changed(_("Actions"), b.get("skipped"), 2)
    goes_on = _("the Conflict goes on. %(who)s's turn (%(moved)s).") % {
        "who": seat_name(n, b.get("next_seat_id")),
        "moved": "; ".join(moved),
    }
    return f"{line}: {goes_on}"


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
    "turn.ended": _turn_ended,
    "actions.set": _actions_set,
}
