"""The Grimoor table's game, turn and Conflict commands and the points (issue 13), each a handler
``(ctx, payload) -> event``.

Every handler reads and checks its whole payload first, then records its
changes through ``ctx.rec`` (so undo and redo are exact), and returns the
event's type and a body that names everything the log line needs. The
turn's Actions are ``rules.grimoor.actions``, the Cohorts' abilities and
corrections ``rules.grimoor.cohorts``; the Conflict's sums ``scoring``.

Who may do what: ``turn.end`` and ``actions.set`` belong to the player whose
turn it is (another seat's only if the host or the table allows it,
``Actor.require_edit``); the Conflict corrections are anyone's at the table;
points are their player's (or the host's). Spectators change nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.changes import by_hand
from rules.engine import Payload, State
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimoor import scoring
from rules.grimoor import validate as v
from rules.grimoor.actions import turn_player
from rules.grimoor.state import (
    FIRST_TURN_ACTIONS,
    TURN_ACTIONS,
    at_opening,
    key,
    new_player,
    opponent,
    player_index,
    require_playing,
    require_started,
)
from rules.i18n import gettext as _
from rules.i18n import ngettext
from rules.turns import begin_turn
from rules.validate import no_change


def start(ctx: Ctx, payload: Payload) -> EventBody:
    """``game.start {start_seat_id, other_seat_id?}``: the two players and the game's Start Player.

    Setup: "Players use whatever means they see fit to choose a Start
    Player". The other player is the table's other seat unless named (a table
    with more seats, e.g. a spectator's, names them). Each starts with the
    table's ``start_points`` on the Score card and the first turn has one Action.
    """
    p = v.fields(payload, ("start_seat_id", "other_seat_id"))
    start_seat = v.seat(p, ctx.actor, "start_seat_id", required=True)
    if p.get("other_seat_id") is not None:
        other = v.seat(p, ctx.actor, "other_seat_id")
    else:
        others = [seat for seat in ctx.actor.seat_ids if seat != start_seat]
        if len(others) != 1:
            raise RuleViolation(
                "missing_field",
                _("Name the other player's seat (other_seat_id)."),
                {"field": "other_seat_id"},
            )
        other = others[0]
    if other == start_seat:
        raise RuleViolation(
            "same_seat", _("Grimoor is played by two different players."), {"field": "other_seat_id"}
        )
    v.participant(ctx.actor)
    if ctx.state["players"]:
        raise RuleViolation("already_started", _("The game has already started: undo to start again."))
    points = int(ctx.state["start_points"])
    for seat_id in (start_seat, other):
        ctx.rec.insert(["players"], new_player(seat_id, points))
    ctx.rec.set(["start_seat_id"], start_seat)
    begin_turn(ctx, start_seat, FIRST_TURN_ACTIONS, number=1)
    return "game.started", {
        "start_seat_id": start_seat,
        "other_seat_id": other,
        "points": points,
        "actions_left": FIRST_TURN_ACTIONS,
    }


def start_player(ctx: Ctx, payload: Payload) -> EventBody:
    """``conflict.start_player {start_seat_id, note?}``: the players choose who starts this Conflict.

    Spec 5: a tie in End of Conflict cards keeps the previous Start Player
    "unless the players choose". Only before anything has happened in the
    Conflict (its first turn, no Action taken, empty Hordes).
    """
    p = v.fields(payload, ("start_seat_id", "note"))
    seat_id = v.seat(p, ctx.actor, "start_seat_id", required=True)
    note = v.optional_text(p, "note", _("A note"), v.MAX_NOTE)
    require_playing(ctx.state)
    v.participant(ctx.actor)
    player_index(ctx.state, seat_id)
    if not at_opening(ctx.state):
        raise RuleViolation(
            "conflict_under_way",
            _("The Start Player can only change before the Conflict's first Action."),
            {"field": "start_seat_id"},
        )
    before = ctx.state["start_seat_id"]
    if before == seat_id:
        raise no_change(_("That player already starts this Conflict."), "start_seat_id")
    ctx.rec.set(["start_seat_id"], seat_id)
    ctx.rec.set(["turn_seat_id"], seat_id)
    return "conflict.start_player_set", {
        "conflict": ctx.state["conflict"],
        "start_seat_id": seat_id,
        "before": before,
        "note": note,
    }


def add_points(ctx: Ctx, payload: Payload) -> EventBody:
    """``points.add {seat_id?, amount, reason}``: points printed on a card (a Curio, a Stronghold, ...).

    Spec 7: the players enter them, the companion keeps them in the score
    history (the log). A negative amount corrects a slip; the score never
    goes below 0.
    """
    p = v.fields(payload, ("seat_id", "amount", "reason"))
    seat_id = v.seat(p, ctx.actor)
    amount = v.integer(p, "amount", _("The points"), -v.MAX_POINTS, v.MAX_POINTS)
    reason = v.text(p, "reason", _("The reason"), v.MAX_NOTE, blank_is_absent=True)
    require_started(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = player_index(ctx.state, seat_id)
    before = int(ctx.state["players"][index]["points"])
    if max(0, before + amount) == before:
        raise no_change(_("The points would stay %(n)s.") % {"n": before}, "amount")
    after = ctx.rec.add(["players", index, "points"], amount, lo=0)
    scoring.settle_winners(ctx)
    return "points.added", {
        "seat_id": seat_id,
        "amount": after - before,
        "before": before,
        "after": after,
        "reason": reason,
        "winners": list(ctx.state["winner_seat_ids"]) if ctx.state["over"] else None,
    }


PLAYER_FIELDS = ("points", "eoc_cards")


def adjust_player(ctx: Ctx, payload: Payload) -> EventBody:
    """``player.adjust {seat_id?, field, by, note}``: points or End of Conflict cards corrected by hand."""
    p = v.fields(payload, ("seat_id", "field", "by", "note"))
    seat_id = v.seat(p, ctx.actor)
    field = v.choice(p, "field", PLAYER_FIELDS, _("The field"))
    by = v.integer(p, "by", _("The change"), -v.MAX_POINTS, v.MAX_POINTS)
    note = v.text(p, "note", _("A note"), v.MAX_NOTE, blank_is_absent=True)
    require_started(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = player_index(ctx.state, seat_id)
    before = int(ctx.state["players"][index][field])
    if max(0, before + by) == before:
        if field == "points":
            message = _("The points would stay %(n)s.")
        else:
            message = _("The eoc cards would stay %(n)s.")
        raise no_change(message % {"n": before}, "by")
    after = ctx.rec.add(["players", index, field], by, lo=0)
    scoring.settle_winners(ctx)
    winners = list(ctx.state["winner_seat_ids"]) if ctx.state["over"] else None
    return "player.adjusted", {"seat_id": seat_id, **by_hand(field, before, after, note), "winners": winners}


def end_turn(ctx: Ctx, payload: Payload) -> EventBody:
    """``turn.end {skip?}``: the turn ends, then the End of Conflict check (rulebook: End of Turn).

    "At the end of the player's turn, if the opposing player has at least five
    Cohorts in their Horde, the End of the Conflict occurs. Otherwise, the
    other player takes their turn" (with two Actions). Actions not taken are
    refused as a slip (``actions_left``) unless ``skip`` says the player
    gives them up. A Conflict's end is scored at once and the next Conflict
    begins (``rules.grimoor.scoring.end_conflict``); after the third the
    game is over.
    """
    p = v.fields(payload, ("skip",))
    skip = v.flag(p, "skip", _("Skip"))
    require_playing(ctx.state)
    state = ctx.state
    seat_id = turn_player(ctx)
    left = int(state["actions_left"])
    if left > 0 and not skip:
        raise RuleViolation(
            "actions_left",
            ngettext(
                "%(n)s Action left this turn: take it, or end the turn anyway.",
                "%(n)s Actions left this turn: take them, or end the turn anyway.",
                left,
            )
            % {"n": left},
            {"field": "skip", "actions_left": left},
        )
    check = scoring.conflict_ends(state, seat_id)
    body: dict[str, Any] = {
        "seat_id": seat_id,
        "conflict": state["conflict"],
        "turn": state["turn"],
        "skipped": left,
        "check": check,
        "next_seat_id": None,
        "conflict_end": None,
    }
    if check["ends"]:
        body["conflict_end"] = scoring.end_conflict(ctx, "turn")
        body["next_seat_id"] = state["turn_seat_id"]
        return "turn.ended", body
    other = opponent(state, seat_id)
    begin_turn(ctx, other, TURN_ACTIONS)
    body["next_seat_id"] = other
    return "turn.ended", body


def end_conflict(ctx: Ctx, payload: Payload) -> EventBody:
    """``conflict.end {note}``: the Conflict ends now, by hand (a printed Ability says so), and is scored."""
    p = v.fields(payload, ("note",))
    note = v.text(p, "note", _("A note"), v.MAX_NOTE, blank_is_absent=True)
    require_playing(ctx.state)
    v.participant(ctx.actor)
    conflict = ctx.state["conflict"]
    result = scoring.end_conflict(ctx, "hand", note)
    return "conflict.ended", {"conflict": conflict, "note": note, "conflict_end": result}


def _scored(state: State, n: int) -> int:
    """Where Conflict ``n``'s record is; refused while it has not been scored."""
    position = next((i for i, c in enumerate(state["conflicts"]) if c["n"] == n), None)
    if position is None:
        raise RuleViolation(
            "conflict_not_scored",
            _("Conflict %(n)s has not been scored yet.") % {"n": n},
            {"field": "n", "n": n},
        )
    return position


def _gained(record: Mapping[str, Any], winner: int | None, points: int | None) -> int:
    """The points the players' winner gains: as they say, else their Strength lead (never below 0);
    nobody gains none."""
    if winner is None:
        if points:
            raise RuleViolation("bad_field", _("Nobody wins, so nobody gains points."), {"field": "points"})
        return 0
    if points is not None:
        return points
    strength = record["strength"]
    lead = strength[key(winner)] - max(s for seat, s in strength.items() if seat != key(winner))
    return max(0, int(lead))


def override(ctx: Ctx, payload: Payload) -> EventBody:
    """``conflict.override {n?, winner_seat_id | null, points?, note?}``: the players decide a Conflict.

    For a full tie (nobody scores, spec 4) or any result the printed cards
    change. The old winner gives back the points and the End of Conflict
    card; the new one gains ``points`` (default: their Strength lead, never
    below 0) and a card. ``n`` defaults to the latest Conflict scored. If
    nothing has happened yet in the Conflict that followed, its Start Player
    is worked out again; after the game, so are the winners.
    """
    p = v.fields(payload, ("n", "winner_seat_id", "points", "note"))
    done = len(ctx.state["conflicts"])
    n = v.integer(p, "n", _("The Conflict"), 1, 3, default=max(done, 1))
    winner = v.nullable_seat(p, ctx.actor, "winner_seat_id")
    points = v.optional_integer(p, "points", _("The points"), 0, v.MAX_POINTS)
    note = v.optional_text(p, "note", _("A note"), v.MAX_NOTE)
    require_started(ctx.state)
    v.participant(ctx.actor)
    state = ctx.state
    if winner is not None:
        player_index(state, winner)
    position = _scored(state, n)
    record = state["conflicts"][position]
    gained = _gained(record, winner, points)
    old_winner, old_points = record["winner_seat_id"], int(record["points"])
    if (old_winner, old_points) == (winner, gained):
        raise no_change(_("That is already the Conflict's result."), "winner_seat_id")
    following_opening = position == done - 1 and not state["over"] and at_opening(state)
    gave_back = scoring.award(ctx, old_winner, old_points, -1)
    took = scoring.award(ctx, winner, gained)
    path: list[str | int] = ["conflicts", position]
    ctx.rec.set([*path, "winner_seat_id"], winner)
    ctx.rec.put([*path, "points"], gained)
    ctx.rec.set([*path, "tie_break"], scoring.OVERRIDE)
    ctx.rec.set([*path, "note"], note)
    start_before = state["start_seat_id"]
    if following_opening:
        start = scoring.next_start(scoring.eoc_counts(state), int(record["start_seat_id"]))
        ctx.rec.set(["start_seat_id"], start)
        ctx.rec.set(["turn_seat_id"], start)
    scoring.settle_winners(ctx)
    return "conflict.overridden", {
        "n": n,
        "winner_seat_id": winner,
        "points": gained,
        "before": {"winner_seat_id": old_winner, "points": old_points},
        "gave_back": gave_back,
        "took": took,
        "note": note,
        "start_seat_id": state["start_seat_id"] if state["start_seat_id"] != start_before else None,
        "winners": list(state["winner_seat_ids"]) if state["over"] else None,
    }


def set_actions(ctx: Ctx, payload: Payload) -> EventBody:
    """``actions.set {actions_left, note}``: the Actions left this turn, by hand (a card grants one)."""
    p = v.fields(payload, ("actions_left", "note"))
    left = v.integer(p, "actions_left", _("The Actions left"), 0, 9)
    note = v.text(p, "note", _("A note"), v.MAX_NOTE, blank_is_absent=True)
    require_playing(ctx.state)
    seat_id = turn_player(ctx)
    before = int(ctx.state["actions_left"])
    if before == left:
        # The English says "Actions" for one too; the German tells one from many.
        already = ngettext("%(n)s Actions are already left.", "%(n)s Actions are already left.", before)
        raise no_change(already % {"n": before}, "actions_left")
    ctx.rec.put(["actions_left"], left)
    return "actions.set", {"seat_id": seat_id, "before": before, "after": left, "note": note}
