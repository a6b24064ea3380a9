"""The lines of numbers set by hand, because the printed card wins (rulebook 1): a hero's
numbers or side, a player's deck, hand, discard pile and the cards used this turn.

"Ann's hero Vex: wounds 2 → 0 by hand: a healing card."
"""

from __future__ import annotations

from typing import Any

from rules.describing import ARROW, Body, Line, Names, before_after, by_hand, seat_name
from rules.grimterra.describe.consequences import hero, with_outcome
from rules.grimterra.words import HERO_FIELD_NAMES, PLAYER_FIELD_NAMES, SIDE_NAMES, word
from rules.i18n import gettext as _
from rules.i18n import gettext_noop, ngettext, pgettext

USED_NAMES = {
    ("spell", True): gettext_noop("this turn's Spell used"),
    ("spell", False): gettext_noop("this turn's Spell not used"),
    ("equipment", True): gettext_noop("this turn's Equipment used"),
    ("equipment", False): gettext_noop("this turn's Equipment not used"),
    ("power", True): gettext_noop("this turn's Power used"),
    ("power", False): gettext_noop("this turn's Power not used"),
}
"""A card of the turn's one of each kind (rulebook 3), marked used or not by hand."""


def _value(field: str, value: Any) -> Any:
    return word(SIDE_NAMES, value) if field == "side" else value


def _hero_adjusted(b: Body, n: Names) -> str:
    field = str(b.get("field", ""))
    head = _("%(hero)s: %(field)s %(before)s %(arrow)s %(after)s by hand: %(note)s") % {
        "hero": hero(n, b),
        "field": word(HERO_FIELD_NAMES, field),
        "before": _value(field, b.get("before")),
        "arrow": ARROW,
        "after": _value(field, b.get("after")),
        "note": b.get("note"),
    }
    return with_outcome(head, n, b.get("result"))


def _deck(b: Body, n: Names) -> str:
    who = seat_name(n, b.get("seat_id"))
    if b.get("cards") is None:
        return _("%(who)s's deck is no longer counted.") % {"who": who}
    cards = int(b.get("cards") or 0)
    values = {"who": who, "n": cards}
    if b.get("before") is not None:
        values["counts"] = before_after(b["before"], cards)
        return (
            ngettext(
                "%(who)s's deck holds %(n)s card (%(counts)s).",
                "%(who)s's deck holds %(n)s cards (%(counts)s).",
                cards,
            )
            % values
        )
    return ngettext("%(who)s's deck holds %(n)s card.", "%(who)s's deck holds %(n)s cards.", cards) % values


def _count(value: Any) -> str:
    return pgettext("deck", "not counted") if value is None else str(value)


def _player_adjusted(b: Body, n: Names) -> str:
    field = str(b.get("field"))
    if field in ("spell", "equipment", "power"):
        what = _(USED_NAMES[(field, bool(b.get("after")))])
    else:
        what = f"{word(PLAYER_FIELD_NAMES, field)} {_count(b.get('before'))} {ARROW} {_count(b.get('after'))}"
    return f"{seat_name(n, b.get('seat_id'))}: {by_hand(what, b)}."


LINES: dict[str, Line] = {
    "hero.adjusted": _hero_adjusted,
    "player.deck_set": _deck,
    "player.adjusted": _player_adjusted,
}
