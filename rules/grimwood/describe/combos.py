"""The log lines of Grimwood's combos: scored, grown, moved by a power, corrected by hand.

Each line ends with the scores it changed (``Score: Ann 2 → 12.``), as the
table shows them after the command.
"""

from __future__ import annotations

from rules.describing import Body, Line, Names, before_after, seat_name
from rules.grimwood.cards import label
from rules.grimwood.describe.words import (
    allowed,
    frozen,
    grown,
    hand_moved,
    points,
    power,
    scores,
    seat_names,
    what,
)
from rules.i18n import gettext as _


def _placed(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    line = _("%(who)s scores a combo of %(combo)s%(allowed)s: %(points)s%(frozen)s%(hand)s.") % {
        "who": seat_name(n, b.get("seat_id")),
        "combo": what(c),
        "allowed": allowed(b, n),
        "points": points(c),
        "frozen": frozen(c),
        "hand": hand_moved(b),
    }
    return line + scores(n, b.get("scores"))


def _added(b: Body, n: Names) -> str:
    line = _("%(who)s adds %(card)s to a combo%(allowed)s: %(grown)s%(hand)s.") % {
        "who": seat_name(n, b.get("seat_id")),
        "card": b.get("card"),
        "allowed": allowed(b, n),
        "grown": grown(b.get("combo"), b.get("before")),
        "hand": hand_moved(b),
    }
    return line + scores(n, b.get("scores"))


def _moved(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    line = _("%(owner)s's combo of %(combo)s (%(points)s) goes to %(to)s.") % {
        "owner": seat_name(n, b.get("from_seat_id")),
        "combo": what(c),
        "points": points(c),
        "to": seat_name(n, b.get("to_seat_id")),
    }
    return power(n, b, line) + scores(n, b.get("scores"))


def _swapped(b: Body, n: Names) -> str:
    c, o = b.get("combo") or {}, b.get("other_combo") or {}
    line = _(
        "%(owner)s's combo of %(combo)s (%(points)s) and %(other)s's combo of %(other_combo)s "
        "(%(other_points)s) change hands."
    ) % {
        "owner": seat_name(n, b.get("seat_id")),
        "combo": what(c),
        "points": points(c),
        "other": seat_name(n, b.get("other_seat_id")),
        "other_combo": what(o),
        "other_points": points(o),
    }
    return power(n, b, line) + scores(n, b.get("scores"))


def _discarded(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    line = _("%(owner)s's combo of %(combo)s (%(points)s) goes to the discard pile.") % {
        "owner": seat_name(n, b.get("seat_id")),
        "combo": what(c),
        "points": points(c),
    }
    return power(n, b, line) + scores(n, b.get("scores"))


def _taken(b: Body, n: Names) -> str:
    before = b.get("before") or {}
    words = {
        "to": seat_name(n, b.get("to_seat_id")),
        "card": b.get("card"),
        "owner": seat_name(n, b.get("from_seat_id")),
        "combo": what(before),
        "hand": hand_moved(b),
    }
    after = b.get("combo")
    if after:
        line = _(
            "%(to)s takes %(card)s from %(owner)s's combo of %(combo)s into their hand%(hand)s; "
            "the combo keeps %(rest)s, points %(change)s."
        ) % {
            **words,
            "rest": label(str(after.get("kind")), list(after.get("cards") or [])),
            "change": before_after(before.get("points"), after.get("points")),
        }
    else:
        line = (
            _(
                "%(to)s takes %(card)s from %(owner)s's combo of %(combo)s into their hand%(hand)s; "
                "the combo is gone."
            )
            % words
        )
    return power(n, b, line) + scores(n, b.get("scores"))


def _adjusted(b: Body, n: Names) -> str:
    c = b.get("combo") or {}
    line = _("%(owner)s's combo of %(combo)s: %(change)s points by hand: %(note)s.") % {
        "owner": seat_name(n, b.get("seat_id")),
        "combo": what(c),
        "change": before_after(b.get("before"), b.get("after")),
        "note": b.get("note"),
    }
    line += scores(n, b.get("scores"))
    winners = b.get("winners")
    if winners:
        if len(winners) == 1:
            line += " " + _("%(who)s now wins.") % {"who": seat_name(n, winners[0])}
        else:
            line += " " + _("Now a shared win for %(who)s.") % {"who": seat_names(n, winners)}
    return line


LINES: dict[str, Line] = {
    "combo.placed": _placed,
    "combo.added": _added,
    "combo.moved": _moved,
    "combo.swapped": _swapped,
    "combo.discarded": _discarded,
    "combo.taken": _taken,
    "combo.adjusted": _adjusted,
}
