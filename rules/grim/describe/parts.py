"""The pieces many GRIM lines share: a Grim by its player, a card's word, Knockouts with their numbers.

"Ann's Roar", "; a card allows it: Fiend's Pact", "Roar is knocked out, Ann draws a
Banished (Banished 3 → 2, Knockouts 0 → 1)" (rulebook: The Knockouts & Winning).
"""

from __future__ import annotations

from typing import Any

from rules.describing import Body, Names, before_after, seat_name
from rules.i18n import gettext as _
from rules.i18n import ngettext


def grim(names: Names, seat_id: Any, name: Any) -> str:
    """``Ann's Roar``."""
    return _("%(seat)s's %(grim)s") % {"seat": seat_name(names, seat_id), "grim": name}


def card_allows(b: Body) -> str:
    """ "; a card allows it: <note>" when the command was recorded on a card's word (issue #31)."""
    if not b.get("card_allows"):
        return ""
    if b.get("note"):
        return _("; a card allows it: %(note)s") % {"note": b["note"]}
    return _("; a card allows it")


def _ko_numbers(ko: Any) -> list[str]:
    numbers = []
    if ko.get("drawn") and "banished_before" in ko:
        numbers.append(
            _("Banished %(moved)s") % {"moved": before_after(ko["banished_before"], ko["banished_left"])}
        )
    if "knockouts_before" in ko:
        moved = before_after(ko["knockouts_before"], ko["knockouts_after"])
        numbers.append(_("Knockouts %(moved)s") % {"moved": moved})
    return numbers


def _knockout(names: Names, ko: Any) -> str:
    who = seat_name(names, ko.get("seat_id"))
    line = _("%(grim)s is knocked out") % {"grim": ko.get("name")}
    if ko.get("counts", 1) > 1:
        line += _(" (counts as two)")
    numbers = _ko_numbers(ko)
    if ko.get("drawn"):
        n = int(ko["drawn"])
        said = ", ".join(numbers) if numbers else _("%(n)s left") % {"n": ko.get("banished_left")}
        draws = ngettext(
            ", %(who)s draws a Banished (%(said)s)", ", %(who)s draws %(n)s Banished (%(said)s)", n
        )
        line += draws % {"who": who, "n": n, "said": said}
    elif numbers:
        line += f" ({', '.join(numbers)})"
    if ko.get("lost"):
        line += _("; %(who)s has no Banished left and loses the match") % {"who": who}
    return line


def knockouts(names: Names, kos: Any) -> str:
    """Each Knockout with the Banished drawn and the Knockouts suffered, before → after (events
    logged before the numbers were named keep their old words)."""
    return "; ".join(_knockout(names, ko) for ko in kos or [])
