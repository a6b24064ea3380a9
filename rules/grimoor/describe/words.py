"""The pieces a Grimoor log line is built of: counts, the numbers a command moved, the winners.

Every number a command changes is named as before → after (the log tells the
truth, ``rules.changes``).
"""

from __future__ import annotations

from typing import Any

from rules.describing import Body, Names, before_after, plural_count, seat_name, seat_names
from rules.i18n import gettext as _
from rules.i18n import ngettext


def points_n(n: Any) -> str:
    """``3 points``."""
    return ngettext("%(n)s point", "%(n)s points", plural_count(n)) % {"n": n}


def cohorts_n(n: Any) -> str:
    """``3 Cohorts``."""
    return ngettext("%(n)s Cohort", "%(n)s Cohorts", plural_count(n)) % {"n": n}


def actions_n(n: Any) -> str:
    """``2 Actions``."""
    return ngettext("%(n)s Action", "%(n)s Actions", plural_count(n)) % {"n": n}


def actions_left(left: Any) -> str:
    """After an Action was spent: ``Actions 2 → 1``."""
    return _("Actions %(change)s") % {"change": before_after(int(left or 0) + 1, left)}


def tally(award: Any) -> str:
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


def add_numbers(line: str, more: str) -> str:
    """``line (more)``, or inside the line's closing brackets: ``... (0 points; more)``."""
    if not more:
        return line
    return f"{line[:-1]}; {more})" if line.endswith(")") else f"{line} ({more})"


def changed(label: str, before: Any, after: Any) -> list[str]:
    """``["Actions 0 → 1"]``, or nothing when the number stayed (old events lack ``before``)."""
    return [] if before is None or before == after else [f"{label} {before_after(before, after)}"]


def points_moved(gained: Any, before: Any, after: Any) -> str:
    """``gains 3 points (1 → 4)`` or ``loses 1 point (4 → 3)``."""
    n = abs(int(gained))
    values = {"n": n, "change": before_after(before, after)}
    if int(gained) >= 0:
        return ngettext("gains %(n)s point (%(change)s)", "gains %(n)s points (%(change)s)", n) % values
    return ngettext("loses %(n)s point (%(change)s)", "loses %(n)s points (%(change)s)", n) % values


def winners_suffix(b: Body, n: Names) -> str:
    winners = b.get("winners")
    if winners is None:
        return ""
    if len(winners) == 1:
        return " " + _("%(who)s now wins the game.") % {"who": seat_name(n, winners[0])}
    return " " + _("Now a shared win for %(who)s.") % {"who": seat_names(n, winners)}
