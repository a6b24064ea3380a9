"""The log lines of Grimoor's Hordes: Cohorts played, joining and leaving, Curios, Strongholds.

A Cohort is named one way as a sentence's subject and another as its object
(German: "ein Anführer", "einen Anführer"), so those phrases carry a
``pgettext`` context.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.describing import Body, Line, Names, before_after, plural_count, seat_name
from rules.grimoor.describe.words import actions_left, cohorts_n, points_moved
from rules.i18n import gettext as _
from rules.i18n import ngettext, pgettext


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
        "cohorts": cohorts_n(b.get("cohorts")),
        "actions": actions_left(b.get("actions_left")),
        "triggers": _stronghold_triggers(b, n),
    }


def _joined(b: Body, n: Names) -> str:
    c = b.get("cohort", {})
    what = _cohort(c, subject=True)
    values = {
        "cohort": what[0].upper() + what[1:],
        "who": seat_name(n, b.get("seat_id")),
        "focused": _focused_suffix(c),
        "cohorts": cohorts_n(b.get("cohorts")),
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
        "left": ngettext("%(n)s Cohort left", "%(n)s Cohorts left", plural_count(k)) % {"n": k},
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
        gained = points_moved(b["points"], b.get("points_before"), b.get("points_after"))
        line += _(", and %(points)s") % {"points": gained}
    return f"{line}; {actions_left(b.get('actions_left'))}."


def _stronghold(b: Body, n: Names) -> str:
    values = {
        "who": seat_name(n, b.get("seat_id")),
        "type": b.get("type"),
        "n": b.get("discarded"),
        "actions": actions_left(b.get("actions_left")),
    }
    if b.get("points"):
        values["points"] = points_moved(b["points"], b.get("points_before"), b.get("points_after"))
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


LINES: dict[str, Line] = {
    "cohort.played": _played,
    "cohort.joined": _joined,
    "cohort.left": _left,
    "curio.played": _curio,
    "stronghold.built": _stronghold,
    "cohort.focused": _focus,
    "cohort.readied": _ready,
    "cohort.adjusted": _cohort_adjusted,
}
