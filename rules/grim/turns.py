"""Turn order, the Paralysis Phase and the start and end of Turns (rulebook: The Rounds, The Turns).

Grim act in descending Speed; the Fiend's Favor holder's Grim count +0.5,
which only ever breaks ties (Key Terms: Speed, "20 unique Speed tiers").
Grim forced into the Paralysis Phase (Paralysis, or an Electric Grim while
the Wind Afterworld is active; FAQ: the two "do not stack") act after all
others, again fastest first. Exact ties left over (same player, same Speed)
keep the order the players gave them with ``turn.order`` (else the order
they entered in).

A Grim placed mid-Round (after a Knockout, or a Swap) acts this Round only
if it is slower than the tier now acting, that is the Grim that most
recently began its Turn (Key Terms: Swap). The order is recomputed for the
Grim still to act whenever something it depends on changes (Favor, Status,
Speed, an attached Element, the Afterworld); those that have acted keep
their place.
"""

from __future__ import annotations

from typing import Any

from rules.engine import State
from rules.game import Ctx
from rules.grim.state import TURN_STAMINA, Grim, elements_of, favor_seat, grim_path

AUTO_CLEAR_AT_TURN_END = ("Freeze", "Throw", "Paralysis")
"""Statuses that clear once the Grim completes a Turn it began with them (Player Guide)."""

Key = tuple[int, float]


def in_paralysis_phase(state: State, grim: Grim) -> bool:
    return grim["status"] == "Paralysis" or (
        state["afterworld"] == "Wind" and "Electric" in elements_of(grim)
    )


def effective_speed(state: State, grim: Grim) -> float:
    bonus = 0.5 if grim["seat_id"] == favor_seat(state) else 0.0
    return float(grim["speed"]) + bonus


def order_key(state: State, grim: Grim) -> Key:
    """Sort key: lower acts earlier (normal phase before Paralysis Phase, then fastest first)."""
    return (1 if in_paralysis_phase(state, grim) else 0, -effective_speed(state, grim))


def _grim(state: State, grim_id: int) -> Grim:
    for grim in state["grims"]:
        if grim["id"] == grim_id:
            found: Grim = grim
            return found
    raise KeyError(grim_id)


def upcoming(state: State) -> list[int]:
    """The Grim still to begin their Turn this Round, in order."""
    acted = set(state["acted"])
    return [gid for gid in state["turn_order"] if gid not in acted and _grim(state, gid)["in_play"]]


def round_begun(state: State) -> bool:
    return state["acting"] is not None or bool(state["acted"])


def sorted_ids(state: State, ids: list[int]) -> list[int]:
    """``ids`` in turn order; Python's sort is stable, so exact ties keep their given order."""
    return sorted(ids, key=lambda gid: order_key(state, _grim(state, gid)))


def reorder(ctx: Ctx, extra: list[int] | None = None) -> None:
    """Re-sort the Grim still to act (plus ``extra`` newcomers); those that have acted keep their place."""
    state = ctx.state
    acted = set(state["acted"])
    done = [gid for gid in state["turn_order"] if gid in acted]
    to_come = [gid for gid in state["turn_order"] if gid not in acted and _grim(state, gid)["in_play"]]
    to_come += [gid for gid in extra or [] if gid not in to_come]
    ctx.rec.set(["turn_order"], done + sorted_ids(state, to_come))


def acts_this_round(state: State, grim: Grim) -> bool:
    """A newcomer acts this Round unless the Round has begun and it is not slower than the tier acting."""
    if not round_begun(state) or state["tier_speed"] is None:
        return True
    tier: Key = (1 if state["phase"] == "paralysis" else 0, -float(state["tier_speed"]))
    return order_key(state, grim) > tier


def start_turn(ctx: Ctx, grim_id: int) -> dict[str, Any]:
    """The Grim begins its Turn: it is acting, the phase follows it, and it gains 2 Stamina."""
    state = ctx.state
    grim = _grim(state, grim_id)
    paralysis = in_paralysis_phase(state, grim)
    before = int(grim["stamina"])
    ctx.rec.set(["acting"], grim_id)
    ctx.rec.set(["action_taken"], None)
    ctx.rec.insert(["acted"], grim_id)
    ctx.rec.set(["phase"], "paralysis" if paralysis else "normal")
    ctx.rec.set(["tier_speed"], effective_speed(state, grim))
    ctx.rec.set(["turn_status"], grim["status"])
    after = ctx.rec.add(grim_path(grim_id, "stamina"), TURN_STAMINA)
    return {
        "grim_id": grim_id,
        "name": grim["name"],
        "seat_id": grim["seat_id"],
        "phase": "paralysis" if paralysis else "normal",
        "stamina_before": before,
        "stamina_after": after,
    }


def end_turn(ctx: Ctx) -> dict[str, Any] | None:
    """The acting Grim's Turn ends; Freeze, Throw or Paralysis it began the Turn with clear, and an
    Electric Spirit Bonus not used lapses (its extra Attack is declared "immediately")."""
    state = ctx.state
    for other in state["grims"]:
        if other["spirit_bonus"] == "Electric":
            ctx.rec.set(grim_path(int(other["id"]), "spirit_bonus"), None)
    grim_id = state["acting"]
    if grim_id is None:
        return None
    grim = _grim(state, int(grim_id))
    cleared = None
    status = grim["status"]
    if (
        grim["in_play"]
        and status is not None
        and status == state["turn_status"]
        and status in AUTO_CLEAR_AT_TURN_END
    ):
        ctx.rec.set(grim_path(int(grim_id), "status"), None)
        cleared = status
    ctx.rec.set(["acting"], None)
    ctx.rec.set(["action_taken"], None)
    ctx.rec.set(["turn_status"], None)
    return {"grim_id": grim["id"], "name": grim["name"], "seat_id": grim["seat_id"], "cleared": cleared}
