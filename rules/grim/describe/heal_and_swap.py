"""The lines of a Grim's other Actions, Heal and Swap (rulebook: The Turns, Action Phase).

"Ann's Roar healed 3 with 3 Stamina (Stamina 6 → 3): Health 4 → 7." A Swap may heal the
Grim first, and the incoming Grim takes its Spirits and Element.
"""

from __future__ import annotations

from rules.describing import Body, Line, Names, before_after
from rules.grim.describe.parts import card_allows, grim
from rules.i18n import gettext as _
from rules.i18n import ngettext


def _both(words: list[str]) -> str:
    """One or two things: ``"3 Stamina"``, ``"3 Stamina and 2 Bond Cards"``."""
    if len(words) == 2:
        return _("%(some)s and %(last)s") % {"some": words[0], "last": words[1]}
    return "".join(words)


def _spent(b: Body) -> str:
    """ "3 Stamina and 2 Bond Cards (Stamina 6 → 3, Spirits 1 → 0, Water Element spent)"."""
    spent = []
    if b.get("stamina"):
        spent.append(_("%(n)s Stamina") % {"n": b["stamina"]})
    if b.get("bonds"):
        count = int(b["bonds"])
        spent.append(ngettext("%(n)s Bond Card", "%(n)s Bond Cards", count) % {"n": count})
    numbers = []
    if b.get("stamina") and "stamina_before" in b:
        numbers.append(
            _("Stamina %(moved)s") % {"moved": before_after(b["stamina_before"], b.get("stamina_after"))}
        )
    if "spirits_before" in b and b.get("spirits_after") != b["spirits_before"]:
        numbers.append(
            _("Spirits %(moved)s") % {"moved": before_after(b["spirits_before"], b.get("spirits_after"))}
        )
    if b.get("element_spent"):
        numbers.append(_("%(element)s Element spent") % {"element": b["element_spent"]})
    return _both(spent) + (f" ({', '.join(numbers)})" if numbers else "")


def _healing(b: Body) -> str:
    line = _("healed %(n)s with %(spent)s: Health %(moved)s") % {
        "n": b.get("after", 0) - b.get("before", 0),
        "spent": _spent(b),
        "moved": before_after(b.get("before"), b.get("after")),
    }
    if b.get("cured"):
        line += _(", %(status)s cured") % {"status": b["cured"]}
    return line


def _healed(b: Body, n: Names) -> str:
    return f"{grim(n, b.get('seat_id'), b.get('name'))} {_healing(b)}{card_allows(b)}."


def _incoming(b: Body) -> str:
    g = b.get("incoming") or {}
    return _("%(grim)s (%(element)s, %(health)s Health, Speed %(speed)s, %(stamina)s Stamina)") % {
        "grim": g.get("name"),
        "element": g.get("element"),
        "health": g.get("health"),
        "speed": g.get("speed"),
        "stamina": g.get("stamina"),
    }


def _carried(b: Body) -> str:
    carried = b.get("carried") or {}
    bonds = []
    if carried.get("spirits"):
        count = int(carried["spirits"])
        bonds.append(ngettext("%(n)s Spirit", "%(n)s Spirits", count) % {"n": count})
    if carried.get("attached"):
        bonds.append(_("%(element)s Element") % {"element": carried["attached"]})
    if not bonds:
        return ""
    line = _(", which takes its %(bonds)s") % {"bonds": _both(bonds)}
    if carried.get("spirits"):
        moved = before_after(carried["spirits"], 0)
        line += _(" (%(grim)s's Spirits %(moved)s)") % {"grim": b.get("name"), "moved": moved}
    return line


def _swapped(b: Body, n: Names) -> str:
    who = grim(n, b.get("seat_id"), b.get("name"))
    healed = b.get("healed")
    if healed:
        line = _("%(grim)s %(healing)s, and swapped with %(incoming)s") % {
            "grim": who,
            "healing": _healing(healed),
            "incoming": _incoming(b),
        }
    else:
        line = _("%(grim)s swapped with %(incoming)s") % {"grim": who, "incoming": _incoming(b)}
    line += _carried(b)
    if not b.get("acts_this_round", True):
        line += _(" (acts from next Round)")
    return line + card_allows(b) + "."


LINES: dict[str, Line] = {"grim.healed": _healed, "grim.swapped": _swapped}
