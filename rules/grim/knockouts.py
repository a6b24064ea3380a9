"""Knockouts and the Banished pile (rulebook: The Knockouts & Winning; Coven).

A Grim at 0 Health is knocked out: it leaves play (with its Bond Cards, to
Limbo) and its player draws one Banished card. A player who suffers a
Knockout with no Banished left loses the match. The pile starts at 4 in the
standard format and 2 in Coven. A Dark Spirit Bonus makes the next Knockout
by its Grim's Attack this Round count as two: two draws, and the second with
an empty pile loses.
"""

from __future__ import annotations

from typing import Any

from rules.game import Ctx
from rules.grim.state import Grim, grim_path, opponent_seat, player_index


def knock_out(ctx: Ctx, grim: Grim, count: int = 1) -> dict[str, Any]:
    """Take ``grim`` out of play and make its player draw ``count`` Banished (or lose).

    Each number moves once (Knockouts +count, Banished -drawn), so the log
    line names one change of each: "Banished 2 → 0, Knockouts 0 → 2".
    """
    state = ctx.state
    grim_id = int(grim["id"])
    seat_id = int(grim["seat_id"])
    ctx.rec.set(grim_path(grim_id, "in_play"), False)
    if grim_id in state["turn_order"] and grim_id not in state["acted"]:
        ctx.rec.remove(["turn_order"], grim_id)  # it will not take the Turn it was waiting for
    index = player_index(state, seat_id)
    report: dict[str, Any] = {"grim_id": grim_id, "name": grim["name"], "seat_id": seat_id, "counts": count}
    if index is None:  # a Grim entered for a seat with no player record cannot happen; stay safe
        return {**report, "drawn": 0, "banished_left": 0, "lost": False}
    player = state["players"][index]
    banished_before, knockouts_before = int(player["banished"]), int(player["knockouts"])
    drawn = min(count, banished_before)
    lost = count > banished_before
    ctx.rec.add(["players", index, "knockouts"], count)
    if drawn:
        ctx.rec.add(["players", index, "banished"], -drawn)
    if lost:
        ctx.rec.set(["players", index, "lost"], True)
        ctx.rec.set(["winner_seat_id"], opponent_seat(state, seat_id))
    return {
        **report,
        "drawn": drawn,
        "banished_before": banished_before,
        "banished_left": banished_before - drawn,
        "knockouts_before": knockouts_before,
        "knockouts_after": knockouts_before + count,
        "lost": lost,
    }
