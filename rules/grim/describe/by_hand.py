"""The lines of numbers set by hand, because the printed card wins: a Grim's Tracker, a player's
Banished and Knockouts (rulebook: The Setup, the Tracker; The Knockouts & Winning).

"Ann's Roar: Stamina 3 → 5 (+2) by hand: tapped on the tracker."
"""

from __future__ import annotations

from typing import Any

from rules.describing import Body, Line, Names, before_after, by_hand, seat_name
from rules.grim.describe.parts import grim, knockouts
from rules.i18n import gettext as _
from rules.i18n import gettext_noop

TRACKER_NOTE = gettext_noop("tapped on the tracker")
"""The note the board's +/- buttons send with a hand correction: worded in the reader's language."""


def _field(key: Any) -> str:
    words = {"health": _("Health"), "stamina": _("Stamina"), "speed": _("Speed"), "spirits": _("Spirits")}
    return words.get(str(key), str(key or "").capitalize())


def _adjusted(b: Body, n: Names) -> str:
    by = int(b.get("by", 0))
    line = _("%(grim)s: %(field)s %(before)s → %(after)s (%(by)s) by hand: %(note)s") % {
        "grim": grim(n, b.get("seat_id"), b.get("name")),
        "field": _field(b.get("field")),
        "before": b.get("before"),
        "after": b.get("after"),
        "by": f"{'+' if by >= 0 else chr(0x2212)}{abs(by)}",
        "note": _(TRACKER_NOTE) if b.get("note") == TRACKER_NOTE else b.get("note"),
    }
    kos = knockouts(n, b.get("knockouts"))
    return line + (f"; {kos}" if kos else "") + "."


def _player_adjusted(b: Body, n: Names) -> str:
    field = _("Banished") if b.get("field") == "banished" else _("Knockouts")
    change = before_after(b.get("before"), b.get("after"))
    return f"{seat_name(n, b.get('seat_id'))}: {by_hand(f'{field} {change}', b)}."


LINES: dict[str, Line] = {"grim.adjusted": _adjusted, "player.adjusted": _player_adjusted}
