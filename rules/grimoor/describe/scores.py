"""The log lines of Grimoor's points and End of Conflict cards moved outside a Conflict's result.

Points a card's text gives, and either number corrected by hand; each may
change who wins the game.
"""

from __future__ import annotations

from rules.describing import Body, Line, Names, before_after, seat_name
from rules.grimoor.describe.words import points_moved, winners_suffix
from rules.i18n import gettext as _


def _points_added(b: Body, n: Names) -> str:
    return _("%(who)s %(points)s: %(reason)s.") % {
        "who": seat_name(n, b.get("seat_id")),
        "points": points_moved(b.get("amount", 0), b.get("before"), b.get("after")),
        "reason": b.get("reason"),
    } + winners_suffix(b, n)


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
    return line + winners_suffix(b, n)


LINES: dict[str, Line] = {
    "points.added": _points_added,
    "player.adjusted": _player_adjusted,
}
