"""What the Grimoor board shows beyond the snapshot: names looked up and the rules' own sums.

Display only: every number (a Horde's Strength, what a Cohort counts, the End
of Conflict check, a Conflict's result and its wording, the final places) is
worked out by ``rules.grimoor``; this module only calls those functions and
puts names on seat ids.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns.boards import plain_seat
from rules.describing import seat_name
from rules.grimoor import TYPES, Side, decide
from rules.grimoor.describe.conflicts import conflict_result
from rules.grimoor.results import results
from rules.grimoor.scoring import OVERRIDE, conflict_ends
from rules.grimoor.state import (
    CONFLICT_ENDS_AT,
    CONFLICTS,
    MAX_FOCUS,
    at_opening,
    counted,
    horde_strength,
    key,
)
from rules.grimoor.state import started as has_started
from rules.grimoor.validate import SOURCES

DEFAULT_COLOUR = "#e0a44a"

TIE_BREAKS = {
    "strength": gettext_noop("more Strength"),
    "cohorts": gettext_noop("tie, more Cohorts"),
    "points": gettext_noop("tie, more points"),
    "none": gettext_noop("full tie"),
    OVERRIDE: gettext_noop("decided by the players"),
}
"""How each recorded ``tie_break`` reads in the results table (translated where shown, as the
other tables here: the board is rendered once per language)."""

ENDED_BY = {"turn": gettext_noop("after a turn"), "hand": gettext_noop("by hand")}

SOURCE_LABELS = {"hand": gettext_noop("From my hand"), "deck": gettext_noop("From the top of the Curio deck")}


def _name(names: Mapping[int, str], seat_id: Any) -> str:
    return seat_name(names, seat_id, former=True)


def _cohort_view(cohort: Mapping[str, Any], seat_id: int, owner: str) -> dict[str, Any]:
    kind = "Commander" if cohort.get("commander") else "Cohort"
    if cohort.get("name"):
        label = cohort["name"]
    elif cohort.get("commander"):
        label = _("%(type)s Commander") % {"type": cohort["type"]}
    else:
        label = _("%(type)s Cohort") % {"type": cohort["type"]}
    return {
        **cohort,
        "seat_id": seat_id,
        "owner": owner,
        "label": label,
        "kind": kind,
        "counts": counted(dict(cohort)),
    }


def _panel(
    player: Mapping[str, Any], colours: Mapping[int, str], names: Mapping[int, str], state: Mapping[str, Any]
) -> dict[str, Any]:
    seat_id = int(player["seat_id"])
    name = _name(names, seat_id)
    built = list(player["strongholds"])
    horde = [_cohort_view(c, seat_id, name) for c in player["horde"]]
    return {
        "seat_id": seat_id,
        "name": name,
        # Only what the seat's own forms show (add points, a Cohort joins, a correction): kept
        # apart from the Horde, so a Cohort joining does not render them again.
        "seat": {"seat_id": seat_id, "name": name, "prefix": f"gm-join-{seat_id}"},
        "colour": colours.get(seat_id, DEFAULT_COLOUR),
        "tracked": True,  # a player of the game; a seat before the start has nothing to track
        "points": player["points"],
        "eoc_cards": player["eoc_cards"],
        "strength": horde_strength(dict(player)),
        "horde": horde,
        "cohorts": len(horde),
        "curios": player.get("curios", []),
        "strongholds": [{"type": t, "built": t in built} for t in TYPES],
        "is_turn": state.get("turn_seat_id") == seat_id,
        "is_start": state.get("start_seat_id") == seat_id,
        "won": seat_id in state.get("winner_seat_ids", []),
    }


def _seat_panel(seat: Any) -> dict[str, Any]:
    """A seat before the game has started: a name and nothing to track yet.

    Plain data (``plain_seat``), not the model's fields as they come: the board keeps each
    panel for its values (``{% cache %}``, keyed by ``str``, which tells no model from another)."""
    plain = plain_seat(seat)
    return {"seat_id": plain["pk"], "name": plain["name"], "colour": plain["colour"], "tracked": False}


def _turn_choices(panels: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """What the turn player's Curio and Stronghold forms offer: their Readied Cohorts, their
    Unbuilt Strongholds. Only these, not the whole panel, so the forms are kept while a score
    or the other Horde changes (``{% cache %}``)."""
    panel = next((p for p in panels if p["tracked"] and p["is_turn"]), None)
    if panel is None:
        return None
    return {
        "readied": [
            {"id": c["id"], "label": c["label"], "strength": c["strength"]}
            for c in panel["horde"]
            if not c["focused"]
        ],
        "unbuilt": [s["type"] for s in panel["strongholds"] if not s["built"]],
    }


def _conflict_row(
    record: Mapping[str, Any], order: Sequence[int], names: Mapping[int, str]
) -> dict[str, Any]:
    sides = [
        {
            "name": _name(names, seat_id),
            "strength": record["strength"].get(key(seat_id)),
            "cohorts": record["cohorts"].get(key(seat_id)),
        }
        for seat_id in order
    ]
    overridden = record.get("tie_break") == OVERRIDE
    if overridden:
        # The sums decided something else before the players did: the rules' own verdict on them.
        scored = [
            Side(
                int(seat),
                int(record["strength"][seat]),
                int(record["cohorts"][seat]),
                int(record["points_before"][seat]),
            )
            for seat in record["strength"]
        ]
        verdict = decide(scored[0], scored[1])
        computed = {
            **record,
            "winner_seat_id": verdict.winner_seat_id,
            "points": verdict.points,
            "tie_break": verdict.tie_break,
        }
        sentence = conflict_result(computed, names)
    else:
        sentence = conflict_result(record, names)
    how, ended = str(record.get("tie_break")), str(record.get("ended_by"))
    return {
        "n": record["n"],
        "start_name": _name(names, record.get("start_seat_id")),
        "sides": sides,
        "winner_name": _name(names, record.get("winner_seat_id")),
        "has_winner": record.get("winner_seat_id") is not None,
        "points": record.get("points", 0),
        "how": _(TIE_BREAKS[how]) if how in TIE_BREAKS else how,
        "ended_by": _(ENDED_BY[ended]) if ended in ENDED_BY else "",
        "sentence": sentence,
        "overridden": overridden,
        "note": record.get("note"),
    }


def _check(state: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any] | None:
    """The End of Conflict check if the turn ended now (``rules.grimoor.scoring.conflict_ends``)."""
    turn = state.get("turn_seat_id")
    if turn is None or state.get("over") or not has_started(dict(state)):
        return None
    check = conflict_ends(dict(state), int(turn))
    return {**check, "name": _name(names, check["seat_id"]), "turn_name": _name(names, turn)}


FINAL_COLUMNS = ({"label": gettext_noop("Points")}, {"label": gettext_noop("End of Conflict cards")})
"""The final table's columns after Place and Player (``templates/partials/final_table.html``)."""


def _final(state: Mapping[str, Any], names: Mapping[int, str]) -> list[dict[str, Any]]:
    return [
        {**row, "name": _name(names, row["seat_id"]), "cells": [row["score"], row["details"]["eoc_cards"]]}
        for row in results(dict(state))
    ]


def _name_of(names: Mapping[int, str], seat_id: Any) -> str | None:
    return _name(names, seat_id) if seat_id is not None else None


def _together(winners: list[str]) -> str:
    """A shared win is of both players (two seats); more names are listed, the last two joined."""
    if len(winners) < 2:
        return ""
    return ", ".join(
        [*winners[:-2], _("%(first)s and %(second)s") % {"first": winners[-2], "second": winners[-1]}]
    )


def _start_pairs(seated: list[Any]) -> list[dict[str, Any]]:
    """The pairs a "who starts" button can offer: with exactly two players, each of them first."""
    if len(seated) != 2:
        return []
    return [
        {"start": a, "other": b, "payload": _start_payload(a, b)}
        for a, b in ((seated[0], seated[1]), (seated[1], seated[0]))
    ]


def board_context(state: Mapping[str, Any], seats: Sequence[Any], names: Mapping[int, str]) -> dict[str, Any]:
    """What happens now, both players' panels, the Conflict results and the final places.

    Each seat's panel (its points, Strongholds and Horde, one dict per Cohort) is plain data
    of that seat alone, so the board renders a panel, a Cohort or a seat's correction form
    again only when what it shows changed (``{% cache %}``): a
    command changes one Horde or one score, yet both panels and every Cohort's forms were
    rendered again, most of a Grimoor board's time."""
    players = list(state.get("players", []))
    started = has_started(dict(state)) if players else False
    colours = {int(s.pk): str(s.colour) for s in seats}
    seated = [s for s in seats if s.role != "spectator"]
    if started:
        panels = [_panel(p, colours, names, state) for p in players]
    else:
        panels = [_seat_panel(s) for s in seated]
    order = [int(p["seat_id"]) for p in players]
    rows = [_conflict_row(r, order, names) for r in state.get("conflicts", [])]
    winners = [_name(names, s) for s in state.get("winner_seat_ids", [])]
    return {
        "started": started,
        "over": bool(state.get("over")),
        "panels": panels,
        "seated": seated,
        "pairs": _start_pairs(seated) if not started else [],
        "conflicts_total": CONFLICTS,
        "ends_at": CONFLICT_ENDS_AT,
        "max_focus": MAX_FOCUS,
        "turn_name": _name_of(names, state.get("turn_seat_id")),
        "start_name": _name_of(names, state.get("start_seat_id")),
        "check": _check(state, names) if started else None,
        "at_opening": started and at_opening(dict(state)),
        "rows": rows,
        "latest": rows[-1] if rows else None,
        "winner_names": winners,
        "winners_together": _together(winners),
        "final": _final(state, names),
        "final_columns": [{**column, "label": _(column["label"])} for column in FINAL_COLUMNS],
        "types": TYPES,
        "sources": [{"value": s, "label": _(SOURCE_LABELS[s]) if s in SOURCE_LABELS else s} for s in SOURCES],
        "turn_choices": _turn_choices(panels),
    }


def _start_payload(start: Any, other: Any) -> str:
    return json.dumps({"start_seat_id": start.pk, "other_seat_id": other.pk})
