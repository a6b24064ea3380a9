"""The words every game's log lines share: seats by name, numbers as before → after, the dispatcher.

A game's ``describe`` module writes one line per event type of its own
(``Line``) and hands the table to ``describer``, which adds the line of an
undo and words any other type plainly. The arrow is ``rules.changes``', where
the house rule "the log tells the truth" reads the numbers from the ops.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules.changes import ARROW
from rules.game import REVERTED
from rules.i18n import gettext as _

__all__ = [
    "ARROW",
    "Body",
    "Describe",
    "Line",
    "Names",
    "and_list",
    "before_after",
    "by_hand",
    "describer",
    "plural",
    "plural_count",
    "reverted",
    "seat_name",
    "seat_names",
]

Body = Mapping[str, Any]
"""An event's payload, as the log keeps it."""
Names = Mapping[int, str]
"""The seats' names by seat id."""
Line = Callable[[Body, Names], str]
Describe = Callable[[str, Body, Names], str]


def seat_name(names: Names, seat_id: Any, *, former: bool = False) -> str:
    """A seat by its name; an id kept as text (a JSON object key, ``"3"``) is the same seat;
    ``Seat 3`` for a seat without a name (``A former seat`` with ``former``: a board names the
    seats still at the table), ``Nobody`` for none."""
    if isinstance(seat_id, int) and seat_id in names:
        return names[seat_id]
    if isinstance(seat_id, str) and seat_id.isdigit() and int(seat_id) in names:
        return names[int(seat_id)]
    if seat_id is None:
        return _("Nobody")
    return _("A former seat") if former else _("Seat %(n)s") % {"n": seat_id}


def by_hand(what: str, body: Body) -> str:
    """``"<what> by hand: <note>"``: a number corrected by hand, because the printed card wins."""
    return _("%(what)s by hand: %(note)s") % {"what": what, "note": body.get("note")}


def and_list(items: Iterable[str]) -> str:
    """``"Ann"``, ``"Ann and Bob"``, ``"Ann, Bob and Cat"``."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return _("%(some)s and %(last)s") % {"some": ", ".join(words[:-1]), "last": words[-1]}


def seat_names(names: Names, seat_ids: Iterable[Any] | None) -> str:
    """Seats by name: ``"Ann, Bob and Cat"``."""
    return and_list(seat_name(names, seat_id) for seat_id in seat_ids or [])


def before_after(before: Any, after: Any) -> str:
    """``"9 → 2"``: a number a command changed, as the log names it."""
    return f"{before} {ARROW} {after}"


def plural(count: Any, word: str) -> str:
    """``"1 Spirit"``, ``"2 Spirits"``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def plural_count(n: Any) -> int:
    """The number that picks a plural form; an old event's missing count reads as many (0)."""
    try:
        return int(n)
    except (TypeError, ValueError):
        return 0


def reverted(body: Body, names: Names) -> str:
    """An undo's line, quoting the event it takes back (the table adds the numbers it moved)."""
    of = str(body.get("of", _("a change"))).replace(".", " ").replace("_", " ")
    return _("Undone: %(of)s.") % {"of": of}


def describer(lines: Mapping[str, Line]) -> Describe:
    """A game's ``describe(event_type, payload, seat_names)``: its own ``lines`` by event type, the
    undo's line, and any other type in plain words."""
    table: dict[str, Line] = {REVERTED: reverted, **lines}

    def describe(event_type: str, payload: Body, names: Names) -> str:
        line = table.get(event_type)
        if line is None:
            return event_type.replace(".", " ").replace("_", " ")
        return line(payload, names)

    return describe
