"""The pieces many Grimterra lines share: a hero by its player, and what a command set off.

A wound, a dark counter, a card or the end of a turn may flip a hero, kill it, put a
player out or decide the game (rulebook 2, 4, 7; ``rules.grimterra.resolve``): ``with_outcome``
ends the line with each of them, and the draws at the start of a turn name the hand
and the deck before → after (rulebook 3, Draw).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.describing import Names, and_list, before_after, seat_name
from rules.i18n import gettext as _


def hero(names: Names, h: Any) -> str:
    """``Ann's hero Vex`` (``Ann's minion Imp``)."""
    h = h or {}
    values = {"name": h.get("name"), "seat": seat_name(names, h.get("seat_id"))}
    if h.get("minion"):
        return _("%(seat)s's minion %(name)s") % values
    return _("%(seat)s's hero %(name)s") % values


def death(d: Mapping[str, Any]) -> str:
    """A hero's death and its cause: darkness, wounds, the arena left, a minion's turn over, a hand."""
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


def flip(f: Mapping[str, Any]) -> str:
    """A hero flipped to its empowered side: its wounds cleared or carried over, its dark kept."""
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
        line += "; " + death(f["died"])
    return line


def _players_out(n: Names, r: Mapping[str, Any]) -> list[str]:
    """The players a command put out (rulebook 4), but those a card keeps in."""
    parts = []
    for out in r.get("out") or []:
        if out.get("kept"):
            continue
        who = seat_name(n, out.get("seat_id"))
        if out.get("cause") == "empty_deck":
            parts.append(_("%(who)s must draw from an empty deck and is out") % {"who": who})
        else:
            parts.append(_("%(who)s has no living hero left and is out") % {"who": who})
    return parts


def _winner(n: Names, r: Mapping[str, Any]) -> list[str]:
    """The end of the game, if the command decided it (rulebook 4: Winning Conditions)."""
    reason = r.get("win_reason")
    darks = r.get("dark_totals") or {}
    if reason == "last_standing":
        return [_("%(who)s wins") % {"who": seat_name(n, r.get("winner_seat_id"))}]
    if reason == "fewest_dark":
        winner = r.get("winner_seat_id")
        others = [
            _("%(who)s's %(total)s") % {"who": seat_name(n, int(seat)), "total": total}
            for seat, total in darks.items()
            if str(seat) != str(winner)
        ]
        return [
            _("no hero is left: %(who)s wins with the fewest dark counters (%(dark)s against %(others)s)")
            % {"who": seat_name(n, winner), "dark": darks.get(str(winner)), "others": and_list(others)}
        ]
    if reason == "tie":
        tied = [seat_name(n, s) for s in r.get("tied_seat_ids") or []]
        total = darks.get(str((r.get("tied_seat_ids") or [None])[0]))
        return [
            _("no hero is left and %(who)s tie on %(total)s dark counters: nobody wins")
            % {"who": and_list(tied), "total": total}
        ]
    return []


def outcome(n: Names, r: Any) -> list[str]:
    """The consequences a command had: flips, deaths, players out, the winner."""
    if not r:
        return []
    parts = [
        _("%(name)s flips at the end of this round") % {"name": p.get("name")} for p in r.get("pending") or []
    ]
    parts += [flip(f) for f in r.get("flipped") or []]
    parts += [death(d) for d in r.get("died") or []]
    return parts + _players_out(n, r) + _winner(n, r)


def with_outcome(head: str, n: Names, result: Any) -> str:
    """The line: ``head``, then the consequences of the command."""
    parts = [head, *outcome(n, result)]
    return "; ".join(parts) + "."


def hand_and_deck(d: Mapping[str, Any]) -> str:
    """``hand 0 → 5, deck 60 → 55`` after drawing ``drew`` cards."""
    drew = int(d.get("drew") or 0)
    hand = int(d.get("hand") or 0)
    if d.get("deck") is not None:
        return _("hand %(hand)s, deck %(deck)s") % {
            "hand": before_after(hand - drew, hand),
            "deck": before_after(int(d["deck"]) + drew, d["deck"]),
        }
    return _("hand %(hand)s") % {"hand": before_after(hand - drew, hand)}


def draws(n: Names, drawn: Any) -> list[str]:
    """Each player's draw up to a full hand (rulebook 3, Draw)."""
    return [
        _("%(who)s draws %(n)s (%(counts)s)")
        % {"who": seat_name(n, d.get("seat_id")), "n": d.get("drew"), "counts": hand_and_deck(d)}
        for d in drawn or []
    ]
