"""The five Actions of a turn (rulebook: Actions): draw from the top or the bottom of the Cohort deck, play a
Cohort, play a Curio, build a Stronghold.

They belong to the player whose turn it is (another seat's only if the host
or the table allows it, ``Actor.require_edit``); each spends one of the
turn's Actions (two; one on the Start Player's first turn of a Conflict).
"""

from __future__ import annotations

from rules import turns
from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimoor import validate as v
from rules.grimoor.cohorts import brief, label, new_cohort, read_cohort, stronghold_triggered
from rules.grimoor.state import (
    MAX_FOCUS,
    STRONGHOLD_DISCARDS,
    cohort_path,
    player_index,
    require_playing,
)
from rules.i18n import gettext as _


def turn_player(ctx: Ctx) -> int:
    """The seat whose turn it is, once the sender may act for it."""
    return turns.turn_player(ctx.actor, int(ctx.state["turn_seat_id"]), two_players=True)


def take_action(ctx: Ctx) -> tuple[int, int]:
    """The turn's player spends one of the turn's Actions: their seat and the Actions left after.

    Refused beyond the turn's Actions (two, one on the Start Player's first
    turn of a Conflict) with ``no_actions_left``; nothing is recorded before
    that check, so the caller records the rest of its change after it.
    """
    state = ctx.state
    require_playing(state)
    seat_id = turn_player(ctx)
    if state["actions_left"] <= 0:
        raise RuleViolation(
            "no_actions_left",
            _("No Actions are left this turn: end the turn."),
            {"seat_id": seat_id, "actions_left": state["actions_left"]},
        )
    return seat_id, int(state["actions_left"]) - 1


def _spend(ctx: Ctx) -> None:
    ctx.rec.add(["actions_left"], -1, lo=0)


def draw(ctx: Ctx, payload: Payload) -> EventBody:
    """``action.draw {}``: one Action, the top card of the Cohort deck (rulebook: Drawing Cohort Cards)."""
    v.fields(payload, ())
    seat_id, left = take_action(ctx)
    _spend(ctx)
    return "cards.drawn", {"seat_id": seat_id, "where": "top", "cards": 1, "actions_left": left}


def draw_bottom(ctx: Ctx, payload: Payload) -> EventBody:
    """``action.draw_bottom {}``: one Action, the bottom two cards of the Cohort deck."""
    v.fields(payload, ())
    seat_id, left = take_action(ctx)
    _spend(ctx)
    return "cards.drawn", {"seat_id": seat_id, "where": "bottom", "cards": 2, "actions_left": left}


def play_cohort(ctx: Ctx, payload: Payload) -> EventBody:
    """``cohort.play {type, strength, name?, commander?, focused?}``: one Action, a Cohort from hand.

    It joins the turn player's Horde Readied unless ``focused`` (a Trigger
    whose cost is joining Focused; rulebook: Playing Cohorts). A Commander
    is played like any Cohort but never goes to the discard.
    """
    p = v.fields(payload, ("type", "strength", "name", "commander", "focused"))
    type_, strength, name, commander, focused = read_cohort(p)
    seat_id, left = take_action(ctx)
    _spend(ctx)
    cohort = new_cohort(ctx, type_, strength, name, commander, focused)
    index = player_index(ctx.state, seat_id)
    ctx.rec.insert(["players", index, "horde"], cohort)
    return "cohort.played", {
        "seat_id": seat_id,
        "cohort": cohort,
        "cohorts": len(ctx.state["players"][index]["horde"]),
        "actions_left": left,
        "stronghold": stronghold_triggered(ctx, index, cohort),
    }


def play_curio(ctx: Ctx, payload: Payload) -> EventBody:
    """``curio.play {focus?, points?, name?, source?}``: one Action, a Curio to the Horde.

    The Curio comes from the hand or the top of the Curio deck (``source``);
    its player Focuses up to three of their own Readied Cohorts (``focus``, by
    id) and gains the points printed on the Curio for them (``points``,
    entered by the players; rulebook: Playing Curios).
    """
    p = v.fields(payload, ("focus", "points", "name", "source"))
    focus = v.identifiers(p, "focus", _("The Cohorts to Focus"), MAX_FOCUS)
    points = v.integer(p, "points", _("The points gained"), 0, v.MAX_POINTS, default=0)
    name = v.optional_text(p, "name", _("The Curio's name"), v.MAX_NAME)
    where = v.source(p)
    seat_id, left = take_action(ctx)
    index = player_index(ctx.state, seat_id)
    horde = {c["id"]: c for c in ctx.state["players"][index]["horde"]}
    for cohort_id in focus:
        if cohort_id not in horde:
            raise RuleViolation(
                "not_your_cohort",
                _("A Curio Focuses Cohorts in its player's own Horde."),
                {"field": "focus", "cohort_id": cohort_id},
            )
        if horde[cohort_id]["focused"]:
            raise RuleViolation(
                "already_focused",
                _("%(cohort)s is already Focused: a Focused Cohort cannot be Focused.")
                % {"cohort": label(horde[cohort_id])},
                {"field": "focus", "cohort_id": cohort_id},
            )
    _spend(ctx)
    curio_id = int(ctx.state["next_id"])
    ctx.rec.put(["next_id"], curio_id + 1)
    ctx.rec.insert(["players", index, "curios"], {"id": curio_id, "name": name, "source": where})
    for cohort_id in focus:
        ctx.rec.set(cohort_path(index, cohort_id, "focused"), True)
    before = int(ctx.state["players"][index]["points"])
    if points:
        ctx.rec.add(["players", index, "points"], points)
    return "curio.played", {
        "seat_id": seat_id,
        "curio_id": curio_id,
        "name": name,
        "source": where,
        "focused": [brief(horde[i]) for i in focus],
        "points": points,
        "points_before": before,
        "points_after": ctx.state["players"][index]["points"],
        "actions_left": left,
    }


def build(ctx: Ctx, payload: Payload) -> EventBody:
    """``stronghold.build {type, points?}``: one Action, discard three cards and flip an Unbuilt Stronghold.

    One Stronghold per type, and "Once an Unbuilt Stronghold is flipped to its
    Stronghold side, it cannot be flipped back ... by any means" (rulebook:
    Stronghold Cards), so building a type twice is refused and no command
    un-builds one (undo of the build itself aside). ``points`` are those the
    discarded cards earn, as printed.
    """
    p = v.fields(payload, ("type", "points"))
    type_ = v.cohort_type(p)
    points = v.integer(p, "points", _("The points gained"), 0, v.MAX_POINTS, default=0)
    seat_id, left = take_action(ctx)
    index = player_index(ctx.state, seat_id)
    if type_ in ctx.state["players"][index]["strongholds"]:
        raise RuleViolation(
            "stronghold_built",
            _("The %(type)s Stronghold is already built; each type is built once.") % {"type": type_},
            {"field": "type"},
        )
    _spend(ctx)
    ctx.rec.insert(["players", index, "strongholds"], type_)
    before = int(ctx.state["players"][index]["points"])
    if points:
        ctx.rec.add(["players", index, "points"], points)
    return "stronghold.built", {
        "seat_id": seat_id,
        "type": type_,
        "discarded": STRONGHOLD_DISCARDS,
        "points": points,
        "points_before": before,
        "points_after": ctx.state["players"][index]["points"],
        "actions_left": left,
    }
