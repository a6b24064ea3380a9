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
    """Take ``grim`` out of play and make its player draw ``count`` Banished (or lose)."""
    state = ctx.state
    grim_id = int(grim["id"])
    seat_id = int(grim["seat_id"])
    ctx.rec.set(grim_path(grim_id, "in_play"), False)
    if grim_id in state["turn_order"] and grim_id not in state["acted"]:
        ctx.rec.remove(["turn_order"], grim_id)  # it will not take the Turn it was waiting for
    index = player_index(state, seat_id)
    drawn = 0
    lost = False
    if index is not None:
        for _ in range(count):
            ctx.rec.add(["players", index, "knockouts"], 1)
            if state["players"][index]["banished"] > 0:
                ctx.rec.add(["players", index, "banished"], -1)
                drawn += 1
            else:
                lost = True
                ctx.rec.set(["players", index, "lost"], True)
                ctx.rec.set(["winner_seat_id"], opponent_seat(state, seat_id))
                break
    banished_left = state["players"][index]["banished"] if index is not None else 0
    return {
        "grim_id": grim_id,
        "name": grim["name"],
        "seat_id": seat_id,
        "counts": count,
        "drawn": drawn,
        "banished_left": banished_left,
        "lost": lost,
    }
