"""The lines of the match's course: Turns and their order, the end of a Round, Fiend's Favor,
Reactions and Afterworlds (rulebook: The Rounds, The Turns, The Reaction).

"Ann's Roar's Turn ended; now Bo's Mist: +2 Stamina (1 → 3)."
"""

from __future__ import annotations

from rules.describing import ARROW, Body, Line, Names, before_after, seat_name
from rules.grim.describe.parts import grim
from rules.i18n import gettext as _


def _favored(b: Body, n: Names) -> str:
    return _("%(seat)s holds Fiend's Favor.") % {"seat": seat_name(n, b.get("seat_id"))}


def _reacted(b: Body, n: Names) -> str:
    return _("%(seat)s used their Reaction this Round.") % {"seat": seat_name(n, b.get("seat_id"))}


def _turn(b: Body, n: Names) -> str:
    parts = []
    ended = b.get("ended")
    if ended:
        who = grim(n, ended.get("seat_id"), ended.get("name"))
        if ended.get("cleared"):
            parts.append(
                _("%(grim)s's Turn ended (%(status)s cleared)") % {"grim": who, "status": ended["cleared"]}
            )
        else:
            parts.append(_("%(grim)s's Turn ended") % {"grim": who})
    started = b.get("started")
    if started:
        said = {
            "grim": grim(n, started.get("seat_id"), started.get("name")),
            "moved": f"{started.get('stamina_before')} {ARROW} {started.get('stamina_after')}",
        }
        if started.get("phase") == "paralysis":
            parts.append(_("now %(grim)s: +2 Stamina (%(moved)s) in the Paralysis Phase") % said)
        else:
            parts.append(_("now %(grim)s: +2 Stamina (%(moved)s)") % said)
    else:
        parts.append(_("every Grim has acted this Round"))
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


def _reordered(b: Body, n: Names) -> str:
    names = ", ".join(str(x) for x in b.get("names") or [])
    return _("Turn order for the rest of the Round: %(names)s.") % {"names": names}


def _afterworld(b: Body, n: Names) -> str:
    said = {"seat": seat_name(n, b.get("seat_id")), "element": b.get("element"), "before": b.get("before")}
    if b.get("before"):
        return _("%(seat)s set the %(element)s Afterworld (the %(before)s one is discarded).") % said
    return _("%(seat)s set the %(element)s Afterworld.") % said


def _round(b: Body, n: Names) -> str:
    after = b.get("next_round")
    if after is not None:
        line = _("Round %(moved)s") % {"moved": before_after(b.get("round"), after)}
    else:
        line = _("Round %(n)s ended") % {"n": b.get("round")}
    if b.get("skipped"):
        line += _(" (%(names)s did not act)") % {"names": ", ".join(b["skipped"])}
    if b.get("favor_to") is not None and b.get("favor_to") != b.get("favor_from"):
        line += _("; Fiend's Favor passes to %(seat)s") % {"seat": seat_name(n, b["favor_to"])}
    line += _("; Reactions refresh")
    if b.get("afterworld_discarded"):
        line += _("; the %(element)s Afterworld is discarded") % {"element": b["afterworld_discarded"]}
    if b.get("revived"):
        line += _("; every Afterworld is revived")
    return line + "."


LINES: dict[str, Line] = {
    "grim.favored": _favored,
    "grim.reacted": _reacted,
    "turn.advanced": _turn,
    "turn.reordered": _reordered,
    "round.ended": _round,
    "grim.afterworld_set": _afterworld,
}
