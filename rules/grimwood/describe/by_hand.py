"""The log lines of Grimwood's numbers set by hand: a hand, the actions left, the deck.

The printed card wins: a number the app got wrong is set by hand, with a note.
"""

from __future__ import annotations

from rules.describing import Body, Line, Names, before_after, seat_name
from rules.i18n import gettext as _
from rules.i18n import ngettext


def _hand(b: Body, n: Names) -> str:
    words = {
        "who": seat_name(n, b.get("seat_id")),
        "change": before_after(b.get("before"), b.get("after")),
        "note": b.get("note"),
    }
    if b.get("note"):
        return _("%(who)s's hand: %(change)s cards by hand: %(note)s.") % words
    return _("%(who)s's hand: %(change)s cards by hand.") % words


def _actions_set(b: Body, n: Names) -> str:
    return _("%(who)s's actions left: %(change)s by hand: %(note)s.") % {
        "who": seat_name(n, b.get("seat_id")),
        "change": before_after(b.get("before"), b.get("after")),
        "note": b.get("note"),
    }


def _deck(b: Body, n: Names) -> str:
    line = _("Deck: %(change)s cards by hand: %(note)s.") % {
        "change": before_after(b.get("before"), b.get("after")),
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
    "hand.set": _hand,
    "actions.set": _actions_set,
    "deck.set": _deck,
}
