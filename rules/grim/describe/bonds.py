"""The lines of a Grim entering play and of its Bond Cards: Elements and Spirits attached, Spirit
Bonuses, Statuses (rulebook: The Placement; The Cards; The Reaction; The Status & Spirit Bonus).

"Ann's Roar attached a Spirit (Spirits 2 → 3): Spirit Bonus due."
"""

from __future__ import annotations

from rules.describing import Body, Line, Names, before_after, seat_name
from rules.grim.describe.parts import card_allows, grim
from rules.i18n import gettext as _
from rules.i18n import ngettext


def _entered(b: Body, n: Names) -> str:
    g = b.get("grim", {})
    line = _(
        "%(grim)s entered play: %(element)s, %(health)s Health, Speed %(speed)s, %(stamina)s Stamina"
    ) % {
        "grim": grim(n, g.get("seat_id"), g.get("name")),
        "element": g.get("element"),
        "health": g.get("health"),
        "speed": g.get("speed"),
        "stamina": g.get("stamina"),
    }
    if g.get("attached"):
        line += _(", %(element)s attached") % {"element": g["attached"]}
    if g.get("spirits"):
        count = int(g["spirits"])
        line += ngettext(", %(n)s Spirit", ", %(n)s Spirits", count) % {"n": count}
    if not b.get("acts_this_round", True):
        line += _(" (acts from next Round)")
    return line + "."


def _reacts(seat: str, line: str) -> str:
    """``line`` as a player's Reaction, which they have then used this Round."""
    return _("%(seat)s reacts: %(line)s (%(seat)s's Reaction is used)") % {"seat": seat, "line": line}


def _attached(b: Body, n: Names) -> str:
    who = grim(n, b.get("seat_id"), b.get("name"))
    if b.get("element") is None:
        line = _("%(grim)s's %(element)s Element was removed") % {"grim": who, "element": b.get("before")}
    else:
        line = _("%(grim)s: %(element)s Element attached") % {"grim": who, "element": b.get("element")}
        if b.get("before"):
            line += _(" (replacing %(before)s)") % {"before": b["before"]}
    if b.get("reaction"):
        line = _reacts(seat_name(n, b.get("seat_id")), line)
    if b.get("light") == "choose_again":
        line += _("; its Light Spirit Bonus ends, choose a new Spirit Bonus")
    elif b.get("light") == "lost":
        line += _("; its Light Spirit Bonus ends")
    return line + "."


def _spirit(b: Body, n: Names) -> str:
    spirits = b.get("spirits")
    if "before" in b:
        said = _("Spirits %(moved)s") % {"moved": before_after(b["before"], spirits)}
    else:
        said = f"{spirits}/3"
    line = _("%(grim)s attached a Spirit (%(said)s)") % {
        "grim": grim(n, b.get("seat_id"), b.get("name")),
        "said": said,
    }
    if b.get("bonus_due"):
        line += _(": Spirit Bonus due")
    return line + "."


def _bonus(b: Body, n: Names) -> str:
    who = grim(n, b.get("seat_id"), b.get("name"))
    line = _("%(grim)s took the %(element)s Spirit Bonus: %(bonus)s") % {
        "grim": who,
        "element": b.get("element"),
        "bonus": _(str(b.get("bonus"))),  # stored as the rules word it, in English
    }
    notes = []
    if "spirits_before" in b:
        if b.get("spirits_after") == b["spirits_before"]:
            notes.append(_("Spirits kept"))
        else:
            moved = before_after(b["spirits_before"], b.get("spirits_after"))
            notes.append(_("Spirits %(moved)s to Limbo") % {"moved": moved})
    healed = b.get("healed")
    if healed:
        notes.append(
            _("Health %(moved)s, cured") % {"moved": before_after(healed["before"], healed["after"])}
        )
    return line + (f" ({'; '.join(notes)})" if notes else "") + "."


def _status(b: Body, n: Names) -> str:
    who = grim(n, b.get("seat_id"), b.get("name"))
    if b.get("status") is None:
        cleared = _("%(grim)s's %(status)s was cleared") % {"grim": who, "status": b.get("before")}
        return cleared + card_allows(b) + "."
    line = _("%(grim)s is inflicted with %(status)s") % {"grim": who, "status": b.get("status")}
    if b.get("before") and b.get("before") != b.get("status"):
        line += _(" (replacing %(before)s)") % {"before": b["before"]}
    if b.get("reaction_seat_id") is not None:
        line = _reacts(seat_name(n, b["reaction_seat_id"]), line)
    return line + card_allows(b) + "."


LINES: dict[str, Line] = {
    "grim.entered": _entered,
    "grim.attached": _attached,
    "grim.spirit_attached": _spirit,
    "grim.spirit_bonus_chosen": _bonus,
    "grim.status_set": _status,
}
