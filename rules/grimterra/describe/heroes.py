"""The lines of a hero's events: brought in, moved, its skills, wounds and dark counters (rulebook 2, 5, 7).

"Ann's hero Vex takes 3 wounds (wounds 2 → 5, Health 7); Vex flips at the end of this round."
"""

from __future__ import annotations

from typing import Any

from rules.describing import ARROW, Body, Line, Names, before_after, seat_name
from rules.grimterra.describe.consequences import death, hero, with_outcome
from rules.i18n import gettext as _
from rules.i18n import ngettext


def _sent_back(b: Body) -> str:
    """The hero a full arena sent to the backrow to make room."""
    return _("%(name)s goes to the backrow") % {"name": (b.get("sent_back") or {}).get("name")}


def _brings(minion: bool, position: Any) -> str:
    """The sentence of a hero or a minion brought in, by where it goes."""
    if minion:
        if position == "backrow":
            return _(
                "%(who)s brings the minion %(name)s (%(fates)s, Health %(health)s, "
                "Empowered Health %(empowered)s) into the backrow"
            )
        return _(
            "%(who)s brings the minion %(name)s (%(fates)s, Health %(health)s, "
            "Empowered Health %(empowered)s) into the arena"
        )
    if position == "backrow":
        return _(
            "%(who)s brings the hero %(name)s (%(fates)s, Health %(health)s, "
            "Empowered Health %(empowered)s) into the backrow"
        )
    return _(
        "%(who)s brings the hero %(name)s (%(fates)s, Health %(health)s, "
        "Empowered Health %(empowered)s) into the arena"
    )


def _added(b: Body, n: Names) -> str:
    h = b.get("hero") or {}
    values = {
        "who": seat_name(n, h.get("seat_id")),
        "name": h.get("name"),
        "fates": "/".join(h.get("fates") or []),
        "health": h.get("health"),
        "empowered": h.get("empowered_health"),
    }
    line = _brings(bool(h.get("minion")), h.get("position")) % values
    if b.get("sent_back"):
        line += "; " + _sent_back(b)
    return line + "."


def _moved(b: Body, n: Names) -> str:
    if b.get("position") == "backrow":
        line = _("%(hero)s moves to the backrow") % {"hero": hero(n, b)}
    else:
        line = _("%(hero)s moves to the arena") % {"hero": hero(n, b)}
    if b.get("note"):
        line += f" ({b['note']})"
    if b.get("sent_back"):
        line += "; " + _sent_back(b)
    if b.get("died"):
        line += "; " + death(b["died"])
    return line + "."


def _skill(b: Body, n: Names) -> str:
    values = {
        "hero": hero(n, b),
        "fate": b.get("fate"),
        "before": b.get("before"),
        "arrow": ARROW,
        "level": b.get("level"),
    }
    if b.get("side") == "empowered":
        return _("%(hero)s: %(fate)s %(before)s %(arrow)s %(level)s on its empowered side.") % values
    return _("%(hero)s: %(fate)s %(before)s %(arrow)s %(level)s on its normal side.") % values


def _wounds_sentence(taken: bool, count: int) -> str:
    """Wounds taken or lost, by their number."""
    if taken:
        return ngettext(
            "%(hero)s takes %(n)s wound (wounds %(wounds)s, Health %(health)s)",
            "%(hero)s takes %(n)s wounds (wounds %(wounds)s, Health %(health)s)",
            count,
        )
    return ngettext(
        "%(hero)s loses %(n)s wound (wounds %(wounds)s, Health %(health)s)",
        "%(hero)s loses %(n)s wounds (wounds %(wounds)s, Health %(health)s)",
        count,
    )


def _wounds_line(taken: bool, count: int, b: Body, n: Names) -> str:
    """A hero's wounds before → after, against the Health of its current side."""
    head = _wounds_sentence(taken, count) % {
        "hero": hero(n, b),
        "n": count,
        "wounds": before_after(b.get("before"), b.get("after")),
        "health": b.get("out_of"),
    }
    return with_outcome(head, n, b.get("result"))


def _wounded(b: Body, n: Names) -> str:
    return _wounds_line(True, int(b.get("amount") or 0), b, n)


def _healed(b: Body, n: Names) -> str:
    return _wounds_line(False, int(b.get("before", 0)) - int(b.get("after", 0)), b, n)


def _darkened(b: Body, n: Names) -> str:
    by = int(b.get("by") or 0)
    head = ngettext(
        "%(hero)s gains %(n)s dark counter (dark %(dark)s of 6)",
        "%(hero)s gains %(n)s dark counters (dark %(dark)s of 6)",
        by,
    ) % {"hero": hero(n, b), "n": by, "dark": before_after(b.get("before"), b.get("after"))}
    return with_outcome(head, n, b.get("result"))


def _dark_moved(b: Body, n: Names) -> str:
    f, t = b.get("from") or {}, b.get("to") or {}
    count = int(b.get("count") or 0)
    head = ngettext(
        "%(n)s dark counter moves from %(from)s (%(from_dark)s) to %(to)s (%(to_dark)s)",
        "%(n)s dark counters move from %(from)s (%(from_dark)s) to %(to)s (%(to_dark)s)",
        count,
    ) % {
        "n": count,
        "from": hero(n, f),
        "from_dark": before_after(f.get("before"), f.get("after")),
        "to": hero(n, t),
        "to_dark": before_after(t.get("before"), t.get("after")),
    }
    return with_outcome(head, n, b.get("result"))


LINES: dict[str, Line] = {
    "hero.added": _added,
    "hero.moved": _moved,
    "hero.skill_set": _skill,
    "hero.wounded": _wounded,
    "hero.healed": _healed,
    "hero.darkened": _darkened,
    "hero.dark_moved": _dark_moved,
}
