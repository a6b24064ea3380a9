"""One log line per GRIM event, with names and numbers (brief: describe).

Each clause is worded whole in the reader's language (``rules.i18n``); a line joins its clauses
with "; " as the log always did.
"""

from __future__ import annotations

import re
from typing import Any

from rules.describing import ARROW, Body, Line, Names, before_after, by_hand, describer, seat_name
from rules.i18n import gettext as _
from rules.i18n import gettext_noop, ngettext

TRACKER_NOTE = gettext_noop("tapped on the tracker")
"""The note the board's +/- buttons send with a hand correction: worded in the reader's language."""


def _grim(names: Names, seat_id: Any, name: Any) -> str:
    return _("%(seat)s's %(grim)s") % {"seat": seat_name(names, seat_id), "grim": name}


def _card(b: Body) -> str:
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


def _knockouts(names: Names, knockouts: Any) -> str:
    """Each Knockout with the Banished drawn and the Knockouts suffered, before → after (events
    logged before the numbers were named keep their old words)."""
    return "; ".join(_knockout(names, ko) for ko in knockouts or [])


def _favored(b: Body, n: Names) -> str:
    return _("%(seat)s holds Fiend's Favor.") % {"seat": seat_name(n, b.get("seat_id"))}


def _entered(b: Body, n: Names) -> str:
    g = b.get("grim", {})
    line = _(
        "%(grim)s entered play: %(element)s, %(health)s Health, Speed %(speed)s, %(stamina)s Stamina"
    ) % {
        "grim": _grim(n, g.get("seat_id"), g.get("name")),
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


def _attached(b: Body, n: Names) -> str:
    who = _grim(n, b.get("seat_id"), b.get("name"))
    if b.get("element") is None:
        line = _("%(grim)s's %(element)s Element was removed") % {"grim": who, "element": b.get("before")}
    else:
        line = _("%(grim)s: %(element)s Element attached") % {"grim": who, "element": b.get("element")}
        if b.get("before"):
            line += _(" (replacing %(before)s)") % {"before": b["before"]}
    if b.get("reaction"):
        owner = seat_name(n, b.get("seat_id"))
        line = _("%(seat)s reacts: %(line)s (%(seat)s's Reaction is used)") % {"seat": owner, "line": line}
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
        "grim": _grim(n, b.get("seat_id"), b.get("name")),
        "said": said,
    }
    if b.get("bonus_due"):
        line += _(": Spirit Bonus due")
    return line + "."


def _bonus(b: Body, n: Names) -> str:
    who = _grim(n, b.get("seat_id"), b.get("name"))
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
    who = _grim(n, b.get("seat_id"), b.get("name"))
    if b.get("status") is None:
        cleared = _("%(grim)s's %(status)s was cleared") % {"grim": who, "status": b.get("before")}
        return cleared + _card(b) + "."
    line = _("%(grim)s is inflicted with %(status)s") % {"grim": who, "status": b.get("status")}
    if b.get("before") and b.get("before") != b.get("status"):
        line += _(" (replacing %(before)s)") % {"before": b["before"]}
    if b.get("reaction_seat_id") is not None:
        reactor = seat_name(n, b["reaction_seat_id"])
        line = _("%(seat)s reacts: %(line)s (%(seat)s's Reaction is used)") % {"seat": reactor, "line": line}
    return line + _card(b) + "."


_NUMBER = r"(?:[+\u2212-]?\d+)"
_STEPS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern.replace("N", _NUMBER)), words)
    for pattern, words in (
        (r"(?P<n>N) base", gettext_noop("%(n)s base")),
        (r"Strong \(forced\) (?P<by>N) = (?P<total>N)", gettext_noop("Strong (forced) %(by)s = %(total)s")),
        (r"Weak \(forced\) (?P<by>N) = (?P<total>N)", gettext_noop("Weak (forced) %(by)s = %(total)s")),
        (r"Immune \((?P<elements>[^()]*)\) = 0", gettext_noop("Immune (%(elements)s) = 0")),
        (r"Fear: Weak (?P<by>N) = (?P<total>N)", gettext_noop("Fear: Weak %(by)s = %(total)s")),
        (r"Curse: Strong (?P<by>N) = (?P<total>N)", gettext_noop("Curse: Strong %(by)s = %(total)s")),
        (
            r"Strong (?P<by>N) \((?P<element>[^()]*)\) = (?P<total>N)",
            gettext_noop("Strong %(by)s (%(element)s) = %(total)s"),
        ),
        (
            r"Weak (?P<by>N) \((?P<element>[^()]*)\) = (?P<total>N)",
            gettext_noop("Weak %(by)s (%(element)s) = %(total)s"),
        ),
        (r"Strong (?P<by>N) = (?P<total>N)", gettext_noop("Strong %(by)s = %(total)s")),
        (r"Weak (?P<by>N) = (?P<total>N)", gettext_noop("Weak %(by)s = %(total)s")),
        (r"Fire Spirit (?P<by>N) = (?P<total>N)", gettext_noop("Fire Spirit %(by)s = %(total)s")),
        (r"never below 0 = 0", gettext_noop("never below 0 = 0")),
    )
)
"""Each step of an Attack's breakdown as ``rules.grim.damage`` words it (kept in the event), with
its words for the reader; a step without words (Blight, Burn, a flat bonus) shows as it is."""
_BETWEEN_STEPS = re.compile(r", (?![^()]*\))")


def _breakdown(text: Any) -> str:
    """An Attack's stored breakdown ("7 base, Strong +2 = 9") worded in the reader's language."""
    if not isinstance(text, str):
        return str(text or "")
    steps = []
    for step in _BETWEEN_STEPS.split(text):
        for pattern, words in _STEPS:
            found = pattern.fullmatch(step)
            if found is not None:
                step = _(words) % found.groupdict()
                break
        steps.append(step)
    return ", ".join(steps)


def _hit(h: Body) -> str:
    """One Target's share of an Attack: its damage and Health, or the miss."""
    if h.get("missed"):
        return _("missed, %(target)s is Immune (%(why)s)") % {
            "target": h.get("target"),
            "why": _breakdown(h.get("breakdown")),
        }
    return _("%(damage)s damage (%(why)s), Health %(moved)s") % {
        "damage": h.get("damage"),
        "why": _breakdown(h.get("breakdown")),
        "moved": before_after(h.get("health_before"), h.get("health_after")),
    }


def _attack_tail(b: Body, n: Names) -> str:
    moved = before_after(b.get("stamina_before"), b.get("stamina_after"))
    line = _("; %(n)s Stamina spent (%(moved)s)") % {"n": b.get("cost"), "moved": moved}
    cleared = [
        _("%(grim)s's %(status)s") % {"grim": c.get("name"), "status": c.get("status")}
        for c in b.get("cleared") or []
    ]
    if cleared:
        line += _("; %(list)s cleared") % {"list": ", ".join(cleared)}
    for side in b.get("side") or []:
        line += _("; %(status)s: %(grim)s takes %(damage)s (%(moved)s)") % {
            "status": side.get("status"),
            "grim": side.get("name"),
            "damage": side.get("damage"),
            "moved": before_after(side.get("before"), side.get("after")),
        }
    kos = _knockouts(n, b.get("knockouts"))
    if kos:
        line += f"; {kos}"
    if b.get("extra_attack"):
        line += _("; the %(element)s Spirit Bonus's extra Attack") % {"element": b["extra_attack"]}
    return line


def _attacked(b: Body, n: Names) -> str:
    attacker = _grim(n, b.get("attacker_seat_id"), b.get("attacker"))
    hits = b.get("hits") or [b]
    parts = []
    for i, h in enumerate(hits):
        target = _grim(n, h.get("target_seat_id"), h.get("target"))
        if i == 0:
            said = {"attacker": attacker, "target": target, "element": b.get("element"), "hit": _hit(h)}
            parts.append(_("%(attacker)s attacked %(target)s with %(element)s: %(hit)s") % said)
        else:
            parts.append(_("and %(target)s: %(hit)s") % {"target": target, "hit": _hit(h)})
    return "; ".join(parts) + _attack_tail(b, n) + _card(b) + "."


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
    joined = (
        _("%(some)s and %(last)s") % {"some": spent[0], "last": spent[1]}
        if len(spent) == 2
        else "".join(spent)
    )
    return joined + (f" ({', '.join(numbers)})" if numbers else "")


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
    return f"{_grim(n, b.get('seat_id'), b.get('name'))} {_healing(b)}{_card(b)}."


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
    listed = (
        _("%(some)s and %(last)s") % {"some": bonds[0], "last": bonds[1]} if len(bonds) == 2 else bonds[0]
    )
    line = _(", which takes its %(bonds)s") % {"bonds": listed}
    if carried.get("spirits"):
        moved = before_after(carried["spirits"], 0)
        line += _(" (%(grim)s's Spirits %(moved)s)") % {"grim": b.get("name"), "moved": moved}
    return line


def _swapped(b: Body, n: Names) -> str:
    who = _grim(n, b.get("seat_id"), b.get("name"))
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
    return line + _card(b) + "."


def _reacted(b: Body, n: Names) -> str:
    return _("%(seat)s used their Reaction this Round.") % {"seat": seat_name(n, b.get("seat_id"))}


def _turn(b: Body, n: Names) -> str:
    parts = []
    ended = b.get("ended")
    if ended:
        grim = _grim(n, ended.get("seat_id"), ended.get("name"))
        if ended.get("cleared"):
            parts.append(
                _("%(grim)s's Turn ended (%(status)s cleared)") % {"grim": grim, "status": ended["cleared"]}
            )
        else:
            parts.append(_("%(grim)s's Turn ended") % {"grim": grim})
    started = b.get("started")
    if started:
        said = {
            "grim": _grim(n, started.get("seat_id"), started.get("name")),
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


def _afterworld(b: Body, n: Names) -> str:
    said = {"seat": seat_name(n, b.get("seat_id")), "element": b.get("element"), "before": b.get("before")}
    if b.get("before"):
        return _("%(seat)s set the %(element)s Afterworld (the %(before)s one is discarded).") % said
    return _("%(seat)s set the %(element)s Afterworld.") % said


def _field(key: Any) -> str:
    words = {"health": _("Health"), "stamina": _("Stamina"), "speed": _("Speed"), "spirits": _("Spirits")}
    return words.get(str(key), str(key or "").capitalize())


def _adjusted(b: Body, n: Names) -> str:
    by = int(b.get("by", 0))
    line = _("%(grim)s: %(field)s %(before)s → %(after)s (%(by)s) by hand: %(note)s") % {
        "grim": _grim(n, b.get("seat_id"), b.get("name")),
        "field": _field(b.get("field")),
        "before": b.get("before"),
        "after": b.get("after"),
        "by": f"{'+' if by >= 0 else chr(0x2212)}{abs(by)}",
        "note": _(TRACKER_NOTE) if b.get("note") == TRACKER_NOTE else b.get("note"),
    }
    kos = _knockouts(n, b.get("knockouts"))
    return line + (f"; {kos}" if kos else "") + "."


def _player_adjusted(b: Body, n: Names) -> str:
    field = _("Banished") if b.get("field") == "banished" else _("Knockouts")
    change = before_after(b.get("before"), b.get("after"))
    return f"{seat_name(n, b.get('seat_id'))}: {by_hand(f'{field} {change}', b)}."


LINES: dict[str, Line] = {
    "grim.favored": _favored,
    "grim.entered": _entered,
    "grim.attached": _attached,
    "grim.spirit_attached": _spirit,
    "grim.spirit_bonus_chosen": _bonus,
    "grim.status_set": _status,
    "grim.attacked": _attacked,
    "grim.healed": _healed,
    "grim.swapped": _swapped,
    "grim.reacted": _reacted,
    "turn.advanced": _turn,
    "turn.reordered": _reordered,
    "round.ended": _round,
    "grim.afterworld_set": _afterworld,
    "grim.adjusted": _adjusted,
    "player.adjusted": _player_adjusted,
}

describe = describer(LINES)
