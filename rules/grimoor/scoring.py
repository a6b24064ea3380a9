"""End of a Conflict, the next Conflict and the end of the game (rulebook: End of Conflict, New Conflict,
Ending the Game; spec: Computations 3-6).

The pure decisions (``decide``, ``next_start``, ``final_winners``) take plain
numbers so they can be tested on their own; ``end_conflict`` applies them to
the snapshot through the recorder.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.engine import State
from rules.game import Ctx
from rules.grimoor.state import (
    CONFLICT_ENDS_AT,
    CONFLICTS,
    FIRST_TURN_ACTIONS,
    counted,
    horde_strength,
    key,
    opponent,
    player_index,
)
from rules.turns import begin_turn

STRENGTH = "strength"
COHORTS = "cohorts"
POINTS = "points"
NONE = "none"
OVERRIDE = "override"


@dataclass(frozen=True)
class Side:
    """One player's numbers at the End of a Conflict."""

    seat_id: int
    strength: int
    cohorts: int
    points: int


@dataclass(frozen=True)
class Verdict:
    """Who wins the Conflict, the points they gain, and what decided it (``strength``, ``cohorts``,
    ``points`` or ``none`` for a full tie)."""

    winner_seat_id: int | None
    points: int
    tie_break: str


def decide(a: Side, b: Side) -> Verdict:
    """The Conflict's winner (rulebook: End of Conflict).

    "The player with the most Strength gains a number of points equal to the
    difference in points, and takes an End of Conflict card. If a tie exists,
    the player with the most Cohorts in their Horde wins. If a tie still
    exists, the player with the most points wins the tie." A tie-break winner
    gains the difference, which is 0. A full tie: nobody scores (spec 4).
    """
    if a.strength != b.strength:
        high, low = (a, b) if a.strength > b.strength else (b, a)
        return Verdict(high.seat_id, high.strength - low.strength, STRENGTH)
    if a.cohorts != b.cohorts:
        return Verdict(a.seat_id if a.cohorts > b.cohorts else b.seat_id, 0, COHORTS)
    if a.points != b.points:
        return Verdict(a.seat_id if a.points > b.points else b.seat_id, 0, POINTS)
    return Verdict(None, 0, NONE)


def next_start(eoc_cards: Mapping[int, int], previous: int) -> int:
    """The next Conflict's Start Player: most End of Conflict cards; a tie keeps the previous one (spec 5)."""
    best = max(eoc_cards.values())
    leaders = [seat for seat, cards in eoc_cards.items() if cards == best]
    return leaders[0] if len(leaders) == 1 else previous


def final_winners(players: list[dict[str, Any]]) -> list[int]:
    """After the third Conflict: most points; tie, most End of Conflict cards; still tied, a shared win."""
    best = max((p["points"], p["eoc_cards"]) for p in players)
    return sorted(int(p["seat_id"]) for p in players if (p["points"], p["eoc_cards"]) == best)


def conflict_ends(state: State, finished_seat_id: int) -> dict[str, Any]:
    """The End of Conflict check after a turn: the OPPONENT's Horde must hold five or more Cohorts."""
    other = opponent(state, finished_seat_id)
    cohorts = len(state["players"][player_index(state, other)]["horde"])
    return {"seat_id": other, "cohorts": cohorts, "ends": cohorts >= CONFLICT_ENDS_AT}


def eoc_counts(state: State) -> dict[int, int]:
    return {int(p["seat_id"]): int(p["eoc_cards"]) for p in state["players"]}


def award(ctx: Ctx, seat_id: int | None, points: int, sign: int = 1) -> dict[str, Any] | None:
    """Give (``sign`` 1) or take back (-1) a Conflict's points and End of Conflict card; the player's
    points and cards before and after, for the log line (None when nobody is named)."""
    if seat_id is None:
        return None
    index = player_index(ctx.state, seat_id)
    owner = ctx.state["players"][index]
    before = {"points_before": int(owner["points"]), "eoc_before": int(owner["eoc_cards"])}
    if points:
        ctx.rec.add(["players", index, "points"], sign * points, lo=0)
    ctx.rec.add(["players", index, "eoc_cards"], sign, lo=0)
    return {"seat_id": seat_id, **before, "points_after": owner["points"], "eoc_after": owner["eoc_cards"]}


def settle_winners(ctx: Ctx) -> None:
    """Once the game is over, the winners follow every later correction of points or cards."""
    if ctx.state["over"]:
        ctx.rec.set(["winner_seat_ids"], final_winners(ctx.state["players"]))


def cleared(owner: Mapping[str, Any]) -> dict[str, int]:
    """Where a Horde's cards go when a new Conflict begins (rulebook: New Conflict): non-Commander
    Cohorts to the discard pile, Commanders and Curios to the side of the play area."""
    commanders = sum(1 for c in owner["horde"] if c["commander"])
    return {
        "discarded": len(owner["horde"]) - commanders,
        "aside": commanders,
        "curios": len(owner["curios"]),
    }


def conflict_record(state: State, ended_by: str, note: str | None) -> dict[str, Any]:
    """The current Conflict scored: each side's sums, each Horde as it stood, the verdict."""
    sides = [
        Side(int(p["seat_id"]), horde_strength(p), len(p["horde"]), int(p["points"]))
        for p in state["players"]
    ]
    verdict = decide(sides[0], sides[1])
    return {
        "n": int(state["conflict"]),
        "start_seat_id": state["start_seat_id"],
        "strength": {key(s.seat_id): s.strength for s in sides},
        "cohorts": {key(s.seat_id): s.cohorts for s in sides},
        "points_before": {key(s.seat_id): s.points for s in sides},
        "hordes": {
            key(p["seat_id"]): [{**copy.deepcopy(c), "counted": counted(c)} for c in p["horde"]]
            for p in state["players"]
        },
        "winner_seat_id": verdict.winner_seat_id,
        "points": verdict.points,
        "tie_break": verdict.tie_break,
        "computed_winner_seat_id": verdict.winner_seat_id,
        "computed_points": verdict.points,
        "ended_by": ended_by,
        "note": note,
    }


def end_conflict(ctx: Ctx, ended_by: str, note: str | None = None) -> dict[str, Any]:
    """Score the current Conflict, then begin the next one or end the game.

    New Conflict (rulebook): "Each player moves all non-Commander Cohorts in
    their Horde to the discard pile. Any played Commanders and Curios are
    returned to the side of the play area", so every Horde empties (the
    Strongholds stay built). The player with the most End of Conflict cards
    starts, with one Action on that first turn. After the third Conflict the
    Hordes stay on the table for the final screen.
    """
    state = ctx.state
    record = conflict_record(state, ended_by, note)
    ctx.rec.insert(["conflicts"], record)
    body: dict[str, Any] = {
        "result": record,
        "award": award(ctx, record["winner_seat_id"], record["points"]),
        "next_conflict": None,
        "start_seat_id": None,
        "winners": None,
        "actions_before": int(state["actions_left"]),
        "turn_before": int(state["turn"]),
    }
    if record["n"] >= CONFLICTS:
        return {**body, **_end_game(ctx)}
    body["cleared"] = {key(p["seat_id"]): cleared(p) for p in state["players"]}
    for index in range(len(state["players"])):
        ctx.rec.set(["players", index, "horde"], [])
        ctx.rec.set(["players", index, "curios"], [])
    start = next_start(eoc_counts(state), int(state["start_seat_id"]))
    ctx.rec.add(["conflict"], 1)
    ctx.rec.set(["start_seat_id"], start)
    begin_turn(ctx, start, FIRST_TURN_ACTIONS, number=1)
    body["next_conflict"] = record["n"] + 1
    body["start_seat_id"] = start
    body["actions_left"] = FIRST_TURN_ACTIONS
    return body


def _end_game(ctx: Ctx) -> dict[str, Any]:
    """After the third Conflict: nobody's turn, the winners, and each player's points and cards."""
    state = ctx.state
    ctx.rec.set(["over"], True)
    ctx.rec.set(["turn_seat_id"], None)
    ctx.rec.put(["actions_left"], 0)
    settle_winners(ctx)
    return {
        "actions_left": 0,
        "winners": list(state["winner_seat_ids"]),
        "points": {key(p["seat_id"]): p["points"] for p in state["players"]},
        "eoc_cards": {key(p["seat_id"]): p["eoc_cards"] for p in state["players"]},
    }
