"""The log lines of a Grimoor Conflict's end: its result, the clean-up, the next Conflict, the winners.

``conflict_result`` is also the app's result screen; ``conflict_end`` follows
whatever ended the Conflict (the last turn, or the players by hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.describing import Body, Line, Names, before_after, plural_count, seat_name, seat_names
from rules.grimoor.describe.words import add_numbers, changed, points_n, tally, winners_suffix
from rules.i18n import gettext as _
from rules.i18n import ngettext, pgettext


def _sides(n: Names, values: Mapping[str, Any]) -> str:
    return ", ".join(f"{seat_name(n, seat)} {value}" for seat, value in values.items())


def conflict_result(r: Body, n: Names) -> str:
    """The sums of a scored Conflict and what they decided (also used by the app's result screen)."""
    tie_break = r.get("tie_break")
    winner = seat_name(n, r.get("winner_seat_id"))
    values = {
        "strength": _sides(n, r.get("strength", {})),
        "cohorts": _sides(n, r.get("cohorts", {})),
        "points": _sides(n, r.get("points_before", {})),
        "winner": winner,
        "n": r.get("points"),
    }
    if tie_break == "override":
        # The players decided it by hand (conflict.override): say so, not what the sums said.
        note = f" ({r['note']})" if r.get("note") else ""
        if r.get("winner_seat_id") is None:
            return _("Strength: %(strength)s: decided by the players, nobody wins it") % values + note
        line = ngettext(
            "Strength: %(strength)s: decided by the players, %(winner)s wins it with %(n)s point",
            "Strength: %(strength)s: decided by the players, %(winner)s wins it with %(n)s points",
            plural_count(r.get("points")),
        )
        return line % values + note
    if tie_break == "strength":
        line = ngettext(
            "Strength: %(strength)s: %(winner)s gains %(n)s point and an End of Conflict card",
            "Strength: %(strength)s: %(winner)s gains %(n)s points and an End of Conflict card",
            plural_count(r.get("points")),
        )
        return line % values
    if tie_break == "cohorts":
        return (
            _(
                "Strength: %(strength)s, tied; Cohorts: %(cohorts)s: %(winner)s wins the tie and takes "
                "an End of Conflict card (0 points)"
            )
            % values
        )
    if tie_break == "points":
        return (
            _(
                "Strength: %(strength)s, tied; Cohorts: %(cohorts)s, tied; points: %(points)s: "
                "%(winner)s wins the tie and takes an End of Conflict card (0 points)"
            )
            % values
        )
    return (
        _(
            "Strength: %(strength)s, tied; Cohorts: %(cohorts)s, tied; points: %(points)s, tied: "
            "nobody scores (the players may decide it)"
        )
        % values
    )


def conflict_end(e: Body, n: Names) -> str:
    result = e.get("result", {})
    line = _("Conflict %(n)s ends. %(result)s.") % {
        "n": result.get("n"),
        "result": add_numbers(conflict_result(result, n), tally(e.get("award"))),
    }
    if e.get("next_conflict"):
        moved = changed(_("Actions"), e.get("actions_before"), e.get("actions_left"))
        moved += changed(pgettext("number", "turn"), e.get("turn_before"), 1)
        values = {
            "change": before_after(result.get("n"), e["next_conflict"]),
            "who": seat_name(n, e.get("start_seat_id")),
            "moved": "; ".join(moved),
        }
        if moved:
            line += " " + _("Conflict %(change)s: %(who)s starts with 1 Action (%(moved)s).") % values
        else:
            line += " " + _("Conflict %(change)s: %(who)s starts with 1 Action.") % values
        line += _clean_up(e.get("cleared"), n)
    else:
        for change in changed(_("Actions"), e.get("actions_before"), e.get("actions_left")):
            line += f" {change}."
        line += " " + _game_over(e, n)
    return line


def _both(first: str, second: str) -> str:
    """``first and second`` (two items of a list)."""
    return _("%(first)s and %(second)s") % {"first": first, "second": second}


def _clean_up(cleared: Any, n: Names) -> str:
    """New Conflict: where each Horde's cards went, and the new deal (rulebook: New Conflict)."""
    if not cleared:
        return ""
    parts = []
    for seat, went in cleared.items():
        moves = []
        if went.get("discarded"):
            k = went["discarded"]
            moves.append(
                ngettext(
                    "%(n)s Cohort to the discard pile", "%(n)s Cohorts to the discard pile", plural_count(k)
                )
                % {"n": k}
            )
        aside = []
        if went.get("aside"):
            k = went["aside"]
            aside.append(ngettext("%(n)s Commander", "%(n)s Commanders", plural_count(k)) % {"n": k})
        if went.get("curios"):
            k = went["curios"]
            aside.append(ngettext("%(n)s Curio", "%(n)s Curios", plural_count(k)) % {"n": k})
        if aside:
            things = aside[0] if len(aside) == 1 else _both(aside[0], aside[1])
            moves.append(_("%(things)s to the side") % {"things": things})
        if moves:
            what = moves[0] if len(moves) == 1 else _both(moves[0], moves[1])
            parts.append(_("%(who)s's %(moves)s") % {"who": seat_name(n, seat), "moves": what})
    line = " " + _("Clean-up: %(parts)s.") % {"parts": "; ".join(parts)} if parts else ""
    deal = _(
        "Shuffle the discard pile into the deck and deal each player 3 Cohorts, 1 Curio and 1 Commander."
    )
    return f"{line} {deal}"


def _game_over(e: Body, n: Names) -> str:
    winners = e.get("winners") or []
    points = e.get("points") or {}
    cards = e.get("eoc_cards") or {}
    if len(winners) != 1:
        first = str(winners[0]) if winners else ""
        card_count = cards.get(first)
        return _("The game is over: a shared win for %(who)s (%(points)s and %(cards)s each).") % {
            "who": seat_names(n, winners),
            "points": points_n(points.get(first)),
            "cards": ngettext(
                "%(n)s End of Conflict card", "%(n)s End of Conflict cards", plural_count(card_count)
            )
            % {"n": card_count},
        }
    win = str(winners[0])
    tied = [s for s in points if s != win and points[s] == points[win]]
    values = {
        "who": seat_name(n, winners[0]),
        "n": points.get(win),
        "mine": cards.get(win),
        "theirs": cards.get(tied[0]) if tied else None,
    }
    count = plural_count(points.get(win))
    if tied:
        return (
            ngettext(
                "The game is over: %(who)s wins with %(n)s point, tied on points, on End of Conflict "
                "cards (%(mine)s to %(theirs)s).",
                "The game is over: %(who)s wins with %(n)s points, tied on points, on End of Conflict "
                "cards (%(mine)s to %(theirs)s).",
                count,
            )
            % values
        )
    return (
        ngettext(
            "The game is over: %(who)s wins with %(n)s point.",
            "The game is over: %(who)s wins with %(n)s points.",
            count,
        )
        % values
    )


def _conflict_ended(b: Body, n: Names) -> str:
    end = b.get("conflict_end") or {}
    return _("The Conflict is ended by hand (%(note)s): %(end)s") % {
        "note": b.get("note"),
        "end": conflict_end(end, n),
    }


def _overridden(b: Body, n: Names) -> str:
    before = b.get("before") or {}
    values: dict[str, Any] = {"n": b.get("n")}
    if before.get("points") is not None and before.get("points") != b.get("points"):
        values["change"] = before_after(before["points"], b.get("points"))
        line = _("Conflict %(n)s decided by the players (its points %(change)s): ") % values
    else:
        line = _("Conflict %(n)s decided by the players: ") % values
    if b.get("winner_seat_id") is None:
        line += _("nobody wins it")
    else:
        k = b.get("points")
        line += ngettext(
            "%(who)s wins it, gaining %(n)s point and an End of Conflict card",
            "%(who)s wins it, gaining %(n)s points and an End of Conflict card",
            plural_count(k),
        ) % {"who": seat_name(n, b["winner_seat_id"]), "n": k}
        line = add_numbers(line, tally(b.get("took")))
    if before.get("winner_seat_id") is not None:
        k = before.get("points")
        line += ngettext(
            "; %(who)s gives back %(n)s point and the card",
            "; %(who)s gives back %(n)s points and the card",
            plural_count(k),
        ) % {"who": seat_name(n, before["winner_seat_id"]), "n": k}
        line = add_numbers(line, tally(b.get("gave_back")))
    if b.get("note"):
        line += f": {b['note']}"
    line += "."
    if b.get("start_seat_id") is not None:
        line += " " + _("%(who)s now starts the next Conflict.") % {"who": seat_name(n, b["start_seat_id"])}
    return line + winners_suffix(b, n)


LINES: dict[str, Line] = {
    "conflict.ended": _conflict_ended,
    "conflict.overridden": _overridden,
}
