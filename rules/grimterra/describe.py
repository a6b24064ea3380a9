"""One log line per Grimterra event, with names and numbers (brief: describe).

"Ann's hero Vex takes 3 wounds (wounds 2 → 5 of 7); Vex flips at the end of this round."
Every number a command changes is named as before → after (the log tells the
truth, ``rules.changes``): hands, decks and discard piles, wounds, dark
counters, the combat round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.describing import (
    ARROW,
    Body,
    Line,
    Names,
    and_list,
    before_after,
    by_hand,
    describer,
    seat_name,
)
from rules.i18n import gettext as _
from rules.i18n import gettext_noop, ngettext, pgettext

PHASE_NAMES = {
    "draw": gettext_noop("Draw"),
    "pre": gettext_noop("Pre Combat"),
    "combat": gettext_noop("Combat"),
    "post": gettext_noop("Post Combat"),
    "discard": gettext_noop("Discard"),
}
"""Marked here, translated where shown (``_(PHASE_NAMES[phase])``)."""
KIND_NAMES = {
    "spell": gettext_noop("Spell"),
    "equipment": gettext_noop("Equipment"),
    "power": gettext_noop("Power"),
    "attack": gettext_noop("Attack"),
    "defense": gettext_noop("Defense"),
}
SIDE_NAMES = {
    "normal": gettext_noop("normal"),
    "empowered": gettext_noop("empowered"),
    "dead": gettext_noop("dead"),
}
POSITION_NAMES = {"arena": gettext_noop("arena"), "backrow": gettext_noop("backrow")}
HERO_FIELD_NAMES = {
    "health": gettext_noop("health"),
    "empowered_health": gettext_noop("empowered health"),
    "wounds": gettext_noop("wounds"),
    "dark": gettext_noop("dark"),
    "side": gettext_noop("side"),
}
"""``hero.adjust``'s fields as its log line names them."""
PLAYER_FIELD_NAMES = {
    "deck": gettext_noop("deck"),
    "hand": gettext_noop("hand"),
    "discard": gettext_noop("discard"),
}
"""``player.adjust``'s counts as its log line names them."""


def word(table: Mapping[str, str], key: Any) -> str:
    """A marked word of ``table`` in the reader's language (the key itself when unknown)."""
    found = table.get(str(key))
    return _(found) if found is not None else str(key)


def _hero(names: Names, h: Any) -> str:
    """``Ann's hero Vex`` (``Ann's minion Imp``)."""
    h = h or {}
    values = {"name": h.get("name"), "seat": seat_name(names, h.get("seat_id"))}
    if h.get("minion"):
        return _("%(seat)s's minion %(name)s") % values
    return _("%(seat)s's hero %(name)s") % values


def _death(d: Mapping[str, Any]) -> str:
    name, cause = d.get("name"), str(d.get("cause"))
    if cause == "dark":
        return _("%(name)s dies of darkness (%(dark)s dark counters)") % {"name": name, "dark": d.get("dark")}
    if cause == "wounds":
        return _("%(name)s dies of its wounds") % {"name": name}
    if cause == "left_arena":
        return _("%(name)s left the arena and dies") % {"name": name}
    if cause == "end_of_turn":
        return _("%(name)s dies at the end of its player's turn") % {"name": name}
    if cause == "by_hand":
        return _("%(name)s is dead") % {"name": name}
    return _("%(name)s dies") % {"name": name}


def _flip(f: Mapping[str, Any]) -> str:
    name = f.get("name")
    if f.get("wounds_cleared"):
        carried = int(f.get("wounds_after") or 0)
        values = {
            "name": name,
            "wounds": before_after(f["wounds_cleared"], carried),
            "carried": carried,
            "dark": f.get("dark"),
        }
        if carried and f.get("dark"):
            line = (
                _(
                    "%(name)s flips to its empowered side (wounds %(wounds)s: %(carried)s carried over, "
                    "%(dark)s dark kept)"
                )
                % values
            )
        elif carried:
            line = (
                _("%(name)s flips to its empowered side (wounds %(wounds)s: %(carried)s carried over)")
                % values
            )
        elif f.get("dark"):
            line = _("%(name)s flips to its empowered side (wounds %(wounds)s, %(dark)s dark kept)") % values
        else:
            line = _("%(name)s flips to its empowered side (wounds %(wounds)s)") % values
    else:
        line = _("%(name)s flips to its empowered side") % {"name": name}
    if f.get("died"):
        line += "; " + _death(f["died"])
    return line


def _outcome(n: Names, r: Any) -> list[str]:
    """The consequences a command had: flips, deaths, players out, the winner."""
    if not r:
        return []
    parts = [
        _("%(name)s flips at the end of this round") % {"name": p.get("name")} for p in r.get("pending") or []
    ]
    parts += [_flip(f) for f in r.get("flipped") or []]
    parts += [_death(d) for d in r.get("died") or []]
    for out in r.get("out") or []:
        if out.get("kept"):
            continue
        who = seat_name(n, out.get("seat_id"))
        if out.get("cause") == "empty_deck":
            parts.append(_("%(who)s must draw from an empty deck and is out") % {"who": who})
        else:
            parts.append(_("%(who)s has no living hero left and is out") % {"who": who})
    reason = r.get("win_reason")
    darks = r.get("dark_totals") or {}
    if reason == "last_standing":
        parts.append(_("%(who)s wins") % {"who": seat_name(n, r.get("winner_seat_id"))})
    elif reason == "fewest_dark":
        winner = r.get("winner_seat_id")
        others = [
            _("%(who)s's %(total)s") % {"who": seat_name(n, int(seat)), "total": total}
            for seat, total in darks.items()
            if str(seat) != str(winner)
        ]
        parts.append(
            _("no hero is left: %(who)s wins with the fewest dark counters (%(dark)s against %(others)s)")
            % {"who": seat_name(n, winner), "dark": darks.get(str(winner)), "others": and_list(others)}
        )
    elif reason == "tie":
        tied = [seat_name(n, s) for s in r.get("tied_seat_ids") or []]
        total = darks.get(str((r.get("tied_seat_ids") or [None])[0]))
        parts.append(
            _("no hero is left and %(who)s tie on %(total)s dark counters: nobody wins")
            % {"who": and_list(tied), "total": total}
        )
    return parts


def _line(head: str, n: Names, result: Any) -> str:
    parts = [head, *_outcome(n, result)]
    return "; ".join(parts) + "."


def _hand_and_deck(d: Mapping[str, Any]) -> str:
    """``hand 0 → 5, deck 60 → 55`` after drawing ``drew`` cards."""
    drew = int(d.get("drew") or 0)
    hand = int(d.get("hand") or 0)
    if d.get("deck") is not None:
        return _("hand %(hand)s, deck %(deck)s") % {
            "hand": before_after(hand - drew, hand),
            "deck": before_after(int(d["deck"]) + drew, d["deck"]),
        }
    return _("hand %(hand)s") % {"hand": before_after(hand - drew, hand)}


def _draws(n: Names, draws: Any) -> list[str]:
    return [
        _("%(who)s draws %(n)s (%(counts)s)")
        % {"who": seat_name(n, d.get("seat_id")), "n": d.get("drew"), "counts": _hand_and_deck(d)}
        for d in draws or []
    ]


def _started(b: Body, n: Names) -> str:
    head = "; ".join(
        [
            _("The game begins: %(who)s plays first") % {"who": seat_name(n, b.get("seat_id"))},
            *_draws(n, b.get("draws")),
        ]
    )
    return _line(head, n, b.get("result"))


def _sent_back(b: Body) -> str:
    return _("%(name)s goes to the backrow") % {"name": (b.get("sent_back") or {}).get("name")}


def _added(b: Body, n: Names) -> str:
    h = b.get("hero") or {}
    values = {
        "who": seat_name(n, h.get("seat_id")),
        "name": h.get("name"),
        "fates": "/".join(h.get("fates") or []),
        "health": h.get("health"),
        "empowered": h.get("empowered_health"),
    }
    if h.get("minion"):
        if h.get("position") == "backrow":
            text = _(
                "%(who)s brings the minion %(name)s (%(fates)s, Health %(health)s, "
                "Empowered Health %(empowered)s) into the backrow"
            )
        else:
            text = _(
                "%(who)s brings the minion %(name)s (%(fates)s, Health %(health)s, "
                "Empowered Health %(empowered)s) into the arena"
            )
    elif h.get("position") == "backrow":
        text = _(
            "%(who)s brings the hero %(name)s (%(fates)s, Health %(health)s, "
            "Empowered Health %(empowered)s) into the backrow"
        )
    else:
        text = _(
            "%(who)s brings the hero %(name)s (%(fates)s, Health %(health)s, "
            "Empowered Health %(empowered)s) into the arena"
        )
    line = text % values
    if b.get("sent_back"):
        line += "; " + _sent_back(b)
    return line + "."


def _hero_moved(b: Body, n: Names) -> str:
    if b.get("position") == "backrow":
        line = _("%(hero)s moves to the backrow") % {"hero": _hero(n, b)}
    else:
        line = _("%(hero)s moves to the arena") % {"hero": _hero(n, b)}
    if b.get("note"):
        line += f" ({b['note']})"
    if b.get("sent_back"):
        line += "; " + _sent_back(b)
    if b.get("died"):
        line += "; " + _death(b["died"])
    return line + "."


def _skill(b: Body, n: Names) -> str:
    values = {
        "hero": _hero(n, b),
        "fate": b.get("fate"),
        "before": b.get("before"),
        "arrow": ARROW,
        "level": b.get("level"),
    }
    if b.get("side") == "empowered":
        return _("%(hero)s: %(fate)s %(before)s %(arrow)s %(level)s on its empowered side.") % values
    return _("%(hero)s: %(fate)s %(before)s %(arrow)s %(level)s on its normal side.") % values


def _wounded(b: Body, n: Names) -> str:
    amount = int(b.get("amount") or 0)
    head = ngettext(
        "%(hero)s takes %(n)s wound (wounds %(wounds)s, Health %(health)s)",
        "%(hero)s takes %(n)s wounds (wounds %(wounds)s, Health %(health)s)",
        amount,
    ) % {
        "hero": _hero(n, b),
        "n": amount,
        "wounds": before_after(b.get("before"), b.get("after")),
        "health": b.get("out_of"),
    }
    return _line(head, n, b.get("result"))


def _healed(b: Body, n: Names) -> str:
    removed = int(b.get("before", 0)) - int(b.get("after", 0))
    head = ngettext(
        "%(hero)s loses %(n)s wound (wounds %(wounds)s, Health %(health)s)",
        "%(hero)s loses %(n)s wounds (wounds %(wounds)s, Health %(health)s)",
        removed,
    ) % {
        "hero": _hero(n, b),
        "n": removed,
        "wounds": before_after(b.get("before"), b.get("after")),
        "health": b.get("out_of"),
    }
    return _line(head, n, b.get("result"))


def _darkened(b: Body, n: Names) -> str:
    by = int(b.get("by") or 0)
    head = ngettext(
        "%(hero)s gains %(n)s dark counter (dark %(dark)s of 6)",
        "%(hero)s gains %(n)s dark counters (dark %(dark)s of 6)",
        by,
    ) % {"hero": _hero(n, b), "n": by, "dark": before_after(b.get("before"), b.get("after"))}
    return _line(head, n, b.get("result"))


def _dark_moved(b: Body, n: Names) -> str:
    f, t = b.get("from") or {}, b.get("to") or {}
    count = int(b.get("count") or 0)
    head = ngettext(
        "%(n)s dark counter moves from %(from)s (%(from_dark)s) to %(to)s (%(to_dark)s)",
        "%(n)s dark counters move from %(from)s (%(from_dark)s) to %(to)s (%(to_dark)s)",
        count,
    ) % {
        "n": count,
        "from": _hero(n, f),
        "from_dark": before_after(f.get("before"), f.get("after")),
        "to": _hero(n, t),
        "to_dark": before_after(t.get("before"), t.get("after")),
    }
    return _line(head, n, b.get("result"))


USES_CARD = {
    "spell": gettext_noop("%(hero)s uses the Spell %(card)s"),
    "equipment": gettext_noop("%(hero)s uses the Equipment %(card)s"),
    "power": gettext_noop("%(hero)s uses the Power %(card)s"),
    "passive": gettext_noop("%(hero)s uses the passive Power %(card)s"),
    "attack": gettext_noop("%(hero)s uses the Attack %(card)s"),
    "defense": gettext_noop("%(hero)s uses the Defense %(card)s"),
}
PLAYS_CARD = {
    "spell": gettext_noop("%(hero)s plays a Spell card"),
    "equipment": gettext_noop("%(hero)s plays an Equipment card"),
    "power": gettext_noop("%(hero)s uses its Power"),
    "passive": gettext_noop("%(hero)s uses its passive Power"),
    "attack": gettext_noop("%(hero)s plays an Attack card"),
    "defense": gettext_noop("%(hero)s plays a Defense card"),
}


def _used(b: Body, n: Names) -> str:
    kind = "passive" if b.get("passive") else str(b.get("kind"))
    values = {"hero": _hero(n, b), "card": b.get("card")}
    if b.get("card"):
        head = _(USES_CARD.get(kind, "%(hero)s uses the %(card)s")) % values
    else:
        head = _(PLAYS_CARD.get(kind, "%(hero)s plays a card")) % values
    fate = b.get("fate")
    if fate == "Tenebris":
        head += " " + _("(Tenebris: +%(n)s dark, %(dark)s)") % {
            "n": b.get("requirement"),
            "dark": before_after(b.get("dark_before"), b.get("dark_after")),
        }
    elif fate is not None:
        head += " " + _("(%(fate)s %(requirement)s, skill %(skill)s)") % {
            "fate": fate,
            "requirement": b.get("requirement"),
            "skill": b.get("skill"),
        }
    if b.get("hand") is not None:
        hand = before_after(int(b["hand"]) + 1, b["hand"])
        if b.get("discard") is not None:
            head += "; " + _("hand %(hand)s, discard pile %(discard)s") % {
                "hand": hand,
                "discard": before_after(int(b["discard"]) - 1, b["discard"]),
            }
        else:
            head += "; " + _("hand %(hand)s") % {"hand": hand}
    return _line(head, n, b.get("result"))


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
        "counts": _hand_and_deck(b),
    }
    if b.get("empty"):
        head = _("%(who)s draws %(n)s of %(count)s: the deck is empty (%(counts)s)") % values
    else:
        head = _("%(who)s draws %(n)s (%(counts)s)") % values
    return _line(head, n, b.get("result"))


def _discarded(b: Body, n: Names) -> str:
    count, hand, discard = (int(b.get(k) or 0) for k in ("count", "hand", "discard"))
    return _("%(who)s discards %(n)s (hand %(hand)s, discard pile %(discard)s).") % {
        "who": seat_name(n, b.get("seat_id")),
        "n": count,
        "hand": before_after(hand + count, hand),
        "discard": before_after(discard - count, discard),
    }


def _combat(b: Body, n: Names) -> str:
    return _("%(attacker)s enters combat with %(target)s (round %(round)s of %(rounds)s).") % {
        "attacker": _hero(n, b.get("attacker")),
        "target": _hero(n, b.get("target")),
        "round": b.get("round"),
        "rounds": b.get("rounds"),
    }


ENDINGS = {
    "three_rounds": gettext_noop("combat ends after 3 rounds"),
    "target_gone": gettext_noop("combat ends: the target is no longer in the arena"),
    "attacker_gone": gettext_noop("combat ends: the attacker is no longer in the arena"),
    "game_over": gettext_noop("combat ends"),
    "by_hand": gettext_noop("combat ends early"),
}


def _round(b: Body, n: Names) -> str:
    parts = [_("Combat round %(round)s ends") % {"round": b.get("round")}]
    parts += [_flip(f) for f in b.get("flipped") or []]
    ended = b.get("ended")
    if ended:
        ending = _(ENDINGS.get(str(ended), "combat ends"))
        if b.get("note"):
            ending += f" ({b['note']})"
        parts.append(ending)
    else:
        parts.append(_("round %(round)s of 3") % {"round": before_after(b.get("round"), b.get("next_round"))})
    return _line("; ".join(parts), n, b.get("result"))


def _phase(b: Body, n: Names) -> str:
    return _("%(who)s's turn %(number)s: %(phase)s.") % {
        "who": seat_name(n, b.get("seat_id")),
        "number": b.get("number"),
        "phase": word(PHASE_NAMES, b.get("phase")),
    }


def _began(b: Body, n: Names) -> str:
    parts = [_("%(who)s's turn ends") % {"who": seat_name(n, b.get("ended_seat_id"))}]
    parts += [_death(d) for d in b.get("minions_died") or []]
    parts.append(
        _("%(who)s's turn %(number)s: %(phase)s")
        % {"who": seat_name(n, b.get("seat_id")), "number": b.get("number"), "phase": _(PHASE_NAMES["draw"])}
    )
    parts += _draws(n, b.get("draws"))
    return _line("; ".join(parts), n, b.get("result"))


def _value(field: str, value: Any) -> Any:
    return word(SIDE_NAMES, value) if field == "side" else value


def _adjusted(b: Body, n: Names) -> str:
    field = str(b.get("field", ""))
    head = _("%(hero)s: %(field)s %(before)s %(arrow)s %(after)s by hand: %(note)s") % {
        "hero": _hero(n, b),
        "field": word(HERO_FIELD_NAMES, field),
        "before": _value(field, b.get("before")),
        "arrow": ARROW,
        "after": _value(field, b.get("after")),
        "note": b.get("note"),
    }
    return _line(head, n, b.get("result"))


def _deck(b: Body, n: Names) -> str:
    who = seat_name(n, b.get("seat_id"))
    if b.get("cards") is None:
        return _("%(who)s's deck is no longer counted.") % {"who": who}
    cards = int(b.get("cards") or 0)
    values = {"who": who, "n": cards}
    if b.get("before") is not None:
        values["counts"] = before_after(b["before"], cards)
        return (
            ngettext(
                "%(who)s's deck holds %(n)s card (%(counts)s).",
                "%(who)s's deck holds %(n)s cards (%(counts)s).",
                cards,
            )
            % values
        )
    return ngettext("%(who)s's deck holds %(n)s card.", "%(who)s's deck holds %(n)s cards.", cards) % values


USED_NAMES = {
    ("spell", True): gettext_noop("this turn's Spell used"),
    ("spell", False): gettext_noop("this turn's Spell not used"),
    ("equipment", True): gettext_noop("this turn's Equipment used"),
    ("equipment", False): gettext_noop("this turn's Equipment not used"),
    ("power", True): gettext_noop("this turn's Power used"),
    ("power", False): gettext_noop("this turn's Power not used"),
}


def _player_adjusted(b: Body, n: Names) -> str:
    field = str(b.get("field"))
    if field in ("spell", "equipment", "power"):
        what = _(USED_NAMES[(field, bool(b.get("after")))])
    else:

        def count(value: Any) -> str:
            return pgettext("deck", "not counted") if value is None else str(value)

        what = f"{word(PLAYER_FIELD_NAMES, field)} {count(b.get('before'))} {ARROW} {count(b.get('after'))}"
    return f"{seat_name(n, b.get('seat_id'))}: {by_hand(what, b)}."


LINES: dict[str, Line] = {
    "game.started": _started,
    "hero.added": _added,
    "hero.moved": _hero_moved,
    "hero.skill_set": _skill,
    "hero.wounded": _wounded,
    "hero.healed": _healed,
    "hero.darkened": _darkened,
    "hero.dark_moved": _dark_moved,
    "card.used": _used,
    "card.bluffed": _bluffed,
    "card.illegal_revealed": _illegal,
    "card.drawn": _drawn,
    "card.discarded": _discarded,
    "combat.started": _combat,
    "combat.round_ended": _round,
    "combat.ended": _round,
    "turn.phase": _phase,
    "turn.began": _began,
    "hero.adjusted": _adjusted,
    "player.deck_set": _deck,
    "player.adjusted": _player_adjusted,
}

describe = describer(LINES)
