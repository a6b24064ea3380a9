"""The turn's combat (rulebook 3, 8): started by the player whose turn it is, three rounds, ended early.

The combat's start belongs to the player whose turn it is
(``not_your_turn``); both sides reveal at once, so the rounds are anyone's
at the table.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload, State
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimterra import resolve
from rules.grimterra import validate as v
from rules.grimterra.resolve import who
from rules.grimterra.state import (
    COMBAT_ROUNDS,
    alive,
    find_hero,
    in_combat,
    refuse_when_over,
    require_started,
)
from rules.i18n import gettext as _
from rules.turns import turn_player


def combat_start(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.start {attacker_id, target_id}``: the turn's combat with another player's arena hero.

    Rulebook 3, Combat: "You must enter combat with another player's hero";
    combat lasts 3 rounds. One combat a turn, from pre-combat or the combat
    phase; both heroes must be alive and in the arena.
    """
    p = v.fields(payload, ("attacker_id", "target_id"))
    state = ctx.state
    require_started(state)
    refuse_when_over(state)
    seat_id = turn_player(ctx.actor, int(state["turn"]["seat_id"]))
    attacker = find_hero(state, v.hero_id(p, "attacker_id"), field="attacker_id")
    target = find_hero(state, v.hero_id(p, "target_id"), field="target_id")
    turn = state["turn"]
    if turn["combat"] is not None:
        raise RuleViolation("combat_running", _("A combat is already running."))
    if turn["phase"] not in ("pre", "combat"):
        raise RuleViolation(
            "wrong_phase", _("Combat follows pre-combat; this turn's is over."), {"phase": turn["phase"]}
        )
    if turn["fought"]:
        raise RuleViolation("combat_done", _("This turn's combat has already been fought."))
    if attacker["seat_id"] != seat_id:
        raise RuleViolation(
            "not_your_hero",
            _("%(name)s is not a hero of the player whose turn it is.") % {"name": attacker["name"]},
            {"field": "attacker_id"},
        )
    if target["seat_id"] == seat_id:
        raise RuleViolation("own_hero", _("Combat is with another player's hero."), {"field": "target_id"})
    for key, hero in (("attacker_id", attacker), ("target_id", target)):
        if hero["position"] != "arena":
            raise RuleViolation(
                "not_in_arena",
                _("%(name)s is in the backrow, not the arena.") % {"name": hero["name"]},
                {"field": key},
            )
    combat = {"attacker": attacker["id"], "target": target["id"], "round": 1}
    ctx.rec.set(["turn", "phase"], "combat")
    ctx.rec.set(["turn", "combat"], combat)
    ctx.rec.set(["turn", "fought"], True)
    return "combat.started", {
        "attacker": who(attacker),
        "target": who(target),
        "round": 1,
        "rounds": COMBAT_ROUNDS,
    }


def _gone(state: State, hero_id: int) -> bool:
    hero = find_hero(state, hero_id, alive=False)
    return not alive(hero) or hero["position"] != "arena"


def _finish_round(ctx: Ctx, *, by_hand: bool) -> dict[str, Any]:
    """The round's pending flips happen, the win is decided, and the combat ends or goes on."""
    state = ctx.state
    combat = dict(state["turn"]["combat"])
    flipped = resolve.resolve_flips(ctx)
    result = resolve.decide(ctx)
    ended: str | None
    if by_hand:
        ended = "by_hand"
    elif state["over"]:
        ended = "game_over"
    elif _gone(state, int(combat["target"])):
        ended = "target_gone"
    elif _gone(state, int(combat["attacker"])):
        ended = "attacker_gone"
    elif combat["round"] >= COMBAT_ROUNDS:
        ended = "three_rounds"
    else:
        ended = None
    if ended is None:
        ctx.rec.set(["turn", "combat", "round"], int(combat["round"]) + 1)
    else:
        ctx.rec.set(["turn", "combat"], None)
        ctx.rec.set(["turn", "phase"], "post")
    attacker = find_hero(state, int(combat["attacker"]), alive=False)
    target = find_hero(state, int(combat["target"]), alive=False)
    return {
        "round": combat["round"],
        "attacker": {**who(attacker), "side": attacker["side"]},
        "target": {**who(target), "side": target["side"]},
        "flipped": flipped,
        "ended": ended,
        "next_round": None if ended else int(combat["round"]) + 1,
        "result": result,
    }


def round_end(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.round_end {}``: the round's cards are resolved (rulebook 8, Combat Rounds).

    Pending flips happen now; hero deaths of the round decide the game now
    (both sides resolved at once); after round 3, or once the target (or the
    attacker) is dead or out of the arena, combat ends and post-combat begins.
    """
    v.fields(payload, ())
    refuse_when_over(ctx.state)
    v.participant(ctx.actor)
    if not in_combat(ctx.state):
        raise RuleViolation("not_in_combat", _("There is no combat running."))
    return "combat.round_ended", _finish_round(ctx, by_hand=False)


def combat_end(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.end {note}``: a card ends the combat early (the card wins); the round's flips happen."""
    p = v.fields(payload, ("note",))
    note = v.text(p, "note", _("A note"), v.MAX_NOTE)
    refuse_when_over(ctx.state)
    v.participant(ctx.actor)
    if not in_combat(ctx.state):
        raise RuleViolation("not_in_combat", _("There is no combat running."))
    return "combat.ended", {**_finish_round(ctx, by_hand=True), "note": note}
