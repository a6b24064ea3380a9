"""The line of an Attack: its Target(s), damage and breakdown, Stamina, the Statuses it used up,
side damage, Knockouts (rulebook: The Turns, If Attacking; The Elements & Attack Resolution).

"Ann's Roar attacked Bo's Mist with Fire: 9 damage (7 base, Strong +2 = 9), Health 12 → 3;
2 Stamina spent (5 → 3)."
"""

from __future__ import annotations

import re
from typing import Any

from rules.describing import Body, Line, Names, before_after
from rules.grim.describe.parts import card_allows, grim, knockouts
from rules.i18n import gettext as _
from rules.i18n import gettext_noop

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


def breakdown(text: Any) -> str:
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
            "why": breakdown(h.get("breakdown")),
        }
    return _("%(damage)s damage (%(why)s), Health %(moved)s") % {
        "damage": h.get("damage"),
        "why": breakdown(h.get("breakdown")),
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
    kos = knockouts(n, b.get("knockouts"))
    if kos:
        line += f"; {kos}"
    if b.get("extra_attack"):
        line += _("; the %(element)s Spirit Bonus's extra Attack") % {"element": b["extra_attack"]}
    return line


def _attacked(b: Body, n: Names) -> str:
    attacker = grim(n, b.get("attacker_seat_id"), b.get("attacker"))
    hits = b.get("hits") or [b]
    parts = []
    for i, h in enumerate(hits):
        target = grim(n, h.get("target_seat_id"), h.get("target"))
        if i == 0:
            said = {"attacker": attacker, "target": target, "element": b.get("element"), "hit": _hit(h)}
            parts.append(_("%(attacker)s attacked %(target)s with %(element)s: %(hit)s") % said)
        else:
            parts.append(_("and %(target)s: %(hit)s") % {"target": target, "hit": _hit(h)})
    return "; ".join(parts) + _attack_tail(b, n) + card_allows(b) + "."


LINES: dict[str, Line] = {"grim.attacked": _attacked}
