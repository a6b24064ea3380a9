"""The lines of cards from and to the hand: used, bluffed, revealed illegal, drawn, discarded
(rulebook 3, 6, 7, 8).

Each names the hand, the deck and the discard pile before → after: "Ann's hero Vex uses the
Spell Fireball (Agilitas 2, skill 3); hand 5 → 4, discard pile 0 → 1."
"""

from __future__ import annotations

from rules.describing import Body, Line, Names, before_after, seat_name
from rules.grimterra.describe.consequences import hand_and_deck, hero, with_outcome
from rules.i18n import gettext as _
from rules.i18n import gettext_noop

USES_CARD = {
    "spell": gettext_noop("%(hero)s uses the Spell %(card)s"),
    "equipment": gettext_noop("%(hero)s uses the Equipment %(card)s"),
    "power": gettext_noop("%(hero)s uses the Power %(card)s"),
    "passive": gettext_noop("%(hero)s uses the passive Power %(card)s"),
    "attack": gettext_noop("%(hero)s uses the Attack %(card)s"),
    "defense": gettext_noop("%(hero)s uses the Defense %(card)s"),
}
"""A card used by its name, by kind."""
PLAYS_CARD = {
    "spell": gettext_noop("%(hero)s plays a Spell card"),
    "equipment": gettext_noop("%(hero)s plays an Equipment card"),
    "power": gettext_noop("%(hero)s uses its Power"),
    "passive": gettext_noop("%(hero)s uses its passive Power"),
    "attack": gettext_noop("%(hero)s plays an Attack card"),
    "defense": gettext_noop("%(hero)s plays a Defense card"),
}
"""A card used without its name, by kind."""


def _fate_check(b: Body) -> str:
    """ "(Agilitas 2, skill 3)", or the dark counters a Tenebris card added (rulebook 6)."""
    fate = b.get("fate")
    if fate == "Tenebris":
        return " " + _("(Tenebris: +%(n)s dark, %(dark)s)") % {
            "n": b.get("requirement"),
            "dark": before_after(b.get("dark_before"), b.get("dark_after")),
        }
    if fate is not None:
        return " " + _("(%(fate)s %(requirement)s, skill %(skill)s)") % {
            "fate": fate,
            "requirement": b.get("requirement"),
            "skill": b.get("skill"),
        }
    return ""


def _used(b: Body, n: Names) -> str:
    kind = "passive" if b.get("passive") else str(b.get("kind"))
    values = {"hero": hero(n, b), "card": b.get("card")}
    if b.get("card"):
        head = _(USES_CARD.get(kind, "%(hero)s uses the %(card)s")) % values
    else:
        head = _(PLAYS_CARD.get(kind, "%(hero)s plays a card")) % values
    head += _fate_check(b)
    if b.get("hand") is not None:
        hand = before_after(int(b["hand"]) + 1, b["hand"])
        if b.get("discard") is not None:
            head += "; " + _("hand %(hand)s, discard pile %(discard)s") % {
                "hand": hand,
                "discard": before_after(int(b["discard"]) - 1, b["discard"]),
            }
        else:
            head += "; " + _("hand %(hand)s") % {"hand": hand}
    return with_outcome(head, n, b.get("result"))


def _bluffed(b: Body, n: Names) -> str:
    hand, discard = int(b.get("hand") or 0), int(b.get("discard") or 0)
    return _(
        "%(who)s bluffs: a card face down to the discard pile (hand %(hand)s, discard pile %(discard)s)."
    ) % {
        "who": seat_name(n, b.get("seat_id")),
        "hand": before_after(hand + 1, hand),
        "discard": before_after(discard - 1, discard),
    }


def _illegal(b: Body, n: Names) -> str:
    hand, discard = int(b.get("hand") or 0), int(b.get("discard") or 0)
    values = {
        "who": seat_name(n, b.get("seat_id")),
        "card": b.get("card"),
        "hand": before_after(hand + 1, hand),
        "discard": before_after(discard - 1, discard),
        "other": seat_name(n, b.get("other_seat_id")),
    }
    if b.get("card"):
        return (
            _(
                "%(who)s revealed an illegal card, %(card)s: it is discarded (hand %(hand)s, "
                "discard pile %(discard)s); %(other)s may change or retract their card, "
                "and its effects trigger this round."
            )
            % values
        )
    return (
        _(
            "%(who)s revealed an illegal card: it is discarded (hand %(hand)s, "
            "discard pile %(discard)s); %(other)s may change or retract their card, "
            "and its effects trigger this round."
        )
        % values
    )


def _drawn(b: Body, n: Names) -> str:
    values = {
        "who": seat_name(n, b.get("seat_id")),
        "n": b.get("drew"),
        "count": b.get("count"),
        "counts": hand_and_deck(b),
    }
    if b.get("empty"):
        head = _("%(who)s draws %(n)s of %(count)s: the deck is empty (%(counts)s)") % values
    else:
        head = _("%(who)s draws %(n)s (%(counts)s)") % values
    return with_outcome(head, n, b.get("result"))


def _discarded(b: Body, n: Names) -> str:
    count, hand, discard = (int(b.get(k) or 0) for k in ("count", "hand", "discard"))
    return _("%(who)s discards %(n)s (hand %(hand)s, discard pile %(discard)s).") % {
        "who": seat_name(n, b.get("seat_id")),
        "n": count,
        "hand": before_after(hand + count, hand),
        "discard": before_after(discard - count, discard),
    }


LINES: dict[str, Line] = {
    "card.used": _used,
    "card.bluffed": _bluffed,
    "card.illegal_revealed": _illegal,
    "card.drawn": _drawn,
    "card.discarded": _discarded,
}
