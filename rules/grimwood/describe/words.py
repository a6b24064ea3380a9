"""The pieces a Grimwood log line is built of: names, combos, points, the numbers a command moved.

Each sentence is one catalogue entry with named placeholders; what goes into
a placeholder is only a name, a number as before → after, a combo's label or
a list of such items in parentheses ("hand 3 → 0; deck 59 → 58").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.describing import Body, Names, before_after, seat_name
from rules.grimwood.cards import label
from rules.i18n import gettext as _
from rules.i18n import ngettext


def and_list(items: Iterable[str]) -> str:
    """``"Ann"``, ``"Ann and Bob"``, ``"Ann, Bob and Cat"``, in the reader's language."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return _("%(first)s and %(second)s") % {"first": ", ".join(words[:-1]), "second": words[-1]}


def seat_names(names: Names, seat_ids: Iterable[Any] | None) -> str:
    """Seats by name: ``"Ann, Bob and Cat"``."""
    return and_list(seat_name(names, seat_id) for seat_id in seat_ids or [])


def what(c: Any) -> str:
    """A combo's label: ``3 Owls``, ``2 supernaturals (Elf, Troll)``."""
    if not isinstance(c, Mapping):
        return "?"
    return label(str(c.get("kind")), list(c.get("cards") or []))


def points(c: Any) -> str:
    """A combo's points: ``5 points`` (``? points`` when the event did not keep them)."""
    value = c.get("points") if isinstance(c, Mapping) else None
    if not isinstance(value, int):
        return _("? points")
    return ngettext("%(n)s point", "%(n)s points", value) % {"n": value}


def scores(n: Names, changes: Any) -> str:
    """`` Score: Ann 2 → 12, Bob 10 → 0.`` (nothing when no score changed)."""
    parts = [
        f"{seat_name(n, c.get('seat_id'))} {before_after(c.get('before'), c.get('after'))}"
        for c in changes or []
    ]
    if not parts:
        return ""
    return " " + ngettext("Score: %(changes)s.", "Scores: %(changes)s.", len(parts)) % {
        "changes": ", ".join(parts)
    }


def power(n: Names, b: Body, line: str) -> str:
    """``Ann's Sorceress: <line>`` when the power is named, else ``Ann: <line>``."""
    who = seat_name(n, b.get("by_seat_id"))
    if b.get("power"):
        return _("%(who)s's %(power)s: %(line)s") % {"who": who, "power": b["power"], "line": line}
    return f"{who}: {line}"


def frozen(c: Any) -> str:
    """``, frozen by the Dragon``: an item after the combo's points."""
    return ", " + _("frozen by the Dragon") if isinstance(c, Mapping) and c.get("frozen") else ""


def grown(c: Any, before: Any) -> str:
    """``now 3 supernaturals (...), points 2 → 5`` (a combo that took a card)."""
    c = c if isinstance(c, Mapping) else {}
    was = before.get("points") if isinstance(before, Mapping) else "?"
    line = _("now %(combo)s, points %(change)s") % {
        "combo": what(c),
        "change": before_after(was, c.get("points")),
    }
    return line + frozen(c)


def pair(numbers: Any) -> tuple[Any, Any] | None:
    """``(before, after)`` from ``{before, after}``, or None (logged before the numbers were kept)."""
    if not isinstance(numbers, Mapping) or "before" not in numbers or "after" not in numbers:
        return None
    return numbers["before"], numbers["after"]


def arrow(numbers: Any) -> str | None:
    """``"3 → 4"`` from ``{before, after}``, or None (an event logged before the numbers were kept)."""
    both = pair(numbers)
    return before_after(*both) if both else None


def actions_item(before: Any, after: Any) -> str:
    """``Actions 2 → 1``: an item of a line's numbers."""
    return _("Actions %(before)s → %(after)s") % {"before": before, "after": after}


def hand_item(before: Any, after: Any) -> str:
    """``hand 3 → 2``: an item of a line's numbers."""
    return _("hand %(before)s → %(after)s") % {"before": before, "after": after}


def numbers(items: list[str]) -> str:
    """``(Actions 2 → 1; hand 3 → 2)``."""
    return f"({'; '.join(items)})"


def hand_moved(b: Body) -> str:
    """`` (hand 3 → 0)``."""
    if b.get("hand_before") is None:
        return ""
    return f" ({hand_item(b.get('hand_before'), b.get('hand_after'))})"


def allowed(b: Body, n: Names) -> str:
    """`` on Bob's turn, a card allows it (Laraki)`` when a card's say-so let this be done now; else the
    note alone, if any."""
    allows = b.get("card_allows")
    if not isinstance(allows, Mapping):
        return f" ({b['note']})" if b.get("note") else ""
    turn = b.get("out_of_turn_seat_id")
    who = seat_name(n, turn)
    if turn is not None and b.get("without_action"):
        why = _("on %(who)s's turn and without an action, a card allows it") % {"who": who}
    elif turn is not None:
        why = _("on %(who)s's turn, a card allows it") % {"who": who}
    elif b.get("without_action"):
        why = _("without an action, a card allows it")
    else:
        why = ", " + _("a card allows it")
    note = allows.get("note")
    return f" {why}" + (f" ({note})" if note else "")
