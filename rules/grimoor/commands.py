"""The Grimoor table's commands (issue 13: the Grimoor contract), each a handler ``(ctx, payload) -> event``.

Every handler reads and checks its whole payload first, then records its
changes through ``ctx.rec`` (so undo and redo are exact), and returns the
event's type and a body that names everything the log line needs.

Who may do what: the five Actions, ``turn.end`` and ``actions.set`` belong to
the player whose turn it is (another seat's only if the host or the table
allows it, ``Actor.require_edit``). Abilities may Focus, Ready, add or remove
a Cohort in either Horde (rulebook: Playing Cohorts, "it can affect a Cohort
in either player's Horde"), so those and the Conflict corrections are
anyone's at the table. Points are their player's (or the host's). Spectators
change nothing.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimoor import scoring
from rules.grimoor import validate as v
from rules.grimoor.state import (
    FIRST_TURN_ACTIONS,
    MAX_FOCUS,
    STRONGHOLD_DISCARDS,
    TURN_ACTIONS,
    Cohort,
    at_opening,
    cohort_path,
    counted,
    find_cohort,
    key,
    new_player,
    opponent,
    player_index,
    require_playing,
    require_started,
)
from rules.turns import turn_player
from rules.validate import no_change


def _take_action(ctx: Ctx) -> tuple[int, int]:
    """The turn's player spends one of the turn's Actions: their seat and the Actions left after.

    Refused beyond the turn's Actions (two, one on the Start Player's first
    turn of a Conflict) with ``no_actions_left``; nothing is recorded before
    that check, so the caller records the rest of its change after it.
    """
    state = ctx.state
    require_playing(state)
    seat_id = _turn_player(ctx)
    if state["actions_left"] <= 0:
        raise RuleViolation(
            "no_actions_left",
            "No Actions are left this turn: end the turn.",
            {"seat_id": seat_id, "actions_left": state["actions_left"]},
        )
    return seat_id, int(state["actions_left"]) - 1


def _turn_player(ctx: Ctx) -> int:
    """The seat whose turn it is, once the sender may act for it."""
    return turn_player(ctx.actor, int(ctx.state["turn_seat_id"]), two_players=True)


def _spend(ctx: Ctx) -> None:
    ctx.rec.add(["actions_left"], -1, lo=0)


def _new_cohort(
    ctx: Ctx, type_: str, strength: int, name: str | None, commander: bool, focused: bool
) -> Cohort:
    cohort_id = int(ctx.state["next_id"])
    ctx.rec.put(["next_id"], cohort_id + 1)
    return {
        "id": cohort_id,
        "type": type_,
        "name": name,
        "strength": strength,
        "focused": focused,
        "commander": commander,
    }


def _triggered(ctx: Ctx, index: int, cohort: Cohort) -> str | None:
    """The built Stronghold whose ongoing Ability a Cohort joining this Horde triggers (rulebook:
    Building Strongholds, "triggers after a Cohort of the indicated type joins their Horde")."""
    return str(cohort["type"]) if cohort["type"] in ctx.state["players"][index]["strongholds"] else None


def _read_cohort(p: Payload) -> tuple[str, int, str | None, bool, bool]:
    type_ = v.cohort_type(p)
    strength = v.integer(p, "strength", "The Cohort's Strength", 0, v.MAX_STRENGTH)
    name = v.optional_text(p, "name", "The Cohort's name", v.MAX_NAME)
    commander = v.flag(p, "commander", "Commander")
    focused = v.flag(p, "focused", "Focused")
    return type_, strength, name, commander, focused


# --- set-up ----------------------------------------------------------------------------------------------


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
                "missing_field", "Name the other player's seat (other_seat_id).", {"field": "other_seat_id"}
            )
        other = others[0]
    if other == start_seat:
        raise RuleViolation(
            "same_seat", "Grimoor is played by two different players.", {"field": "other_seat_id"}
        )
    v.participant(ctx.actor)
    if ctx.state["players"]:
        raise RuleViolation("already_started", "The game has already started: undo to start again.")
    points = int(ctx.state["start_points"])
    for seat_id in (start_seat, other):
        ctx.rec.insert(["players"], new_player(seat_id, points))
    ctx.rec.set(["start_seat_id"], start_seat)
    ctx.rec.set(["turn_seat_id"], start_seat)
    ctx.rec.put(["actions_left"], FIRST_TURN_ACTIONS)
    ctx.rec.put(["turn"], 1)
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
    note = v.optional_text(p, "note", "A note", v.MAX_NOTE)
    require_playing(ctx.state)
    v.participant(ctx.actor)
    player_index(ctx.state, seat_id)
    if not at_opening(ctx.state):
        raise RuleViolation(
            "conflict_under_way",
            "The Start Player can only change before the Conflict's first Action.",
            {"field": "start_seat_id"},
        )
    before = ctx.state["start_seat_id"]
    if before == seat_id:
        raise no_change("That player already starts this Conflict.", "start_seat_id")
    ctx.rec.set(["start_seat_id"], seat_id)
    ctx.rec.set(["turn_seat_id"], seat_id)
    return "conflict.start_player_set", {
        "conflict": ctx.state["conflict"],
        "start_seat_id": seat_id,
        "before": before,
        "note": note,
    }


# --- the five Actions ------------------------------------------------------------------------------------


def draw(ctx: Ctx, payload: Payload) -> EventBody:
    """``action.draw {}``: one Action, the top card of the Cohort deck (rulebook: Drawing Cohort Cards)."""
    v.fields(payload, ())
    seat_id, left = _take_action(ctx)
    _spend(ctx)
    return "cards.drawn", {"seat_id": seat_id, "where": "top", "cards": 1, "actions_left": left}


def draw_bottom(ctx: Ctx, payload: Payload) -> EventBody:
    """``action.draw_bottom {}``: one Action, the bottom two cards of the Cohort deck."""
    v.fields(payload, ())
    seat_id, left = _take_action(ctx)
    _spend(ctx)
    return "cards.drawn", {"seat_id": seat_id, "where": "bottom", "cards": 2, "actions_left": left}


def play_cohort(ctx: Ctx, payload: Payload) -> EventBody:
    """``cohort.play {type, strength, name?, commander?, focused?}``: one Action, a Cohort from hand.

    It joins the turn player's Horde Readied unless ``focused`` (a Trigger
    whose cost is joining Focused; rulebook: Playing Cohorts). A Commander
    is played like any Cohort but never goes to the discard.
    """
    p = v.fields(payload, ("type", "strength", "name", "commander", "focused"))
    type_, strength, name, commander, focused = _read_cohort(p)
    seat_id, left = _take_action(ctx)
    _spend(ctx)
    cohort = _new_cohort(ctx, type_, strength, name, commander, focused)
    index = player_index(ctx.state, seat_id)
    ctx.rec.insert(["players", index, "horde"], cohort)
    return "cohort.played", {
        "seat_id": seat_id,
        "cohort": cohort,
        "cohorts": len(ctx.state["players"][index]["horde"]),
        "actions_left": left,
        "stronghold": _triggered(ctx, index, cohort),
    }


def play_curio(ctx: Ctx, payload: Payload) -> EventBody:
    """``curio.play {focus?, points?, name?, source?}``: one Action, a Curio to the Horde.

    The Curio comes from the hand or the top of the Curio deck (``source``);
    its player Focuses up to three of their own Readied Cohorts (``focus``, by
    id) and gains the points printed on the Curio for them (``points``,
    entered by the players; rulebook: Playing Curios).
    """
    p = v.fields(payload, ("focus", "points", "name", "source"))
    focus = v.identifiers(p, "focus", "The Cohorts to Focus", MAX_FOCUS)
    points = v.integer(p, "points", "The points gained", 0, v.MAX_POINTS, default=0)
    name = v.optional_text(p, "name", "The Curio's name", v.MAX_NAME)
    where = v.source(p)
    seat_id, left = _take_action(ctx)
    index = player_index(ctx.state, seat_id)
    horde = {c["id"]: c for c in ctx.state["players"][index]["horde"]}
    for cohort_id in focus:
        if cohort_id not in horde:
            raise RuleViolation(
                "not_your_cohort",
                "A Curio Focuses Cohorts in its player's own Horde.",
                {"field": "focus", "cohort_id": cohort_id},
            )
        if horde[cohort_id]["focused"]:
            raise RuleViolation(
                "already_focused",
                f"{_label(horde[cohort_id])} is already Focused: a Focused Cohort cannot be Focused.",
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
        "focused": [_brief(horde[i]) for i in focus],
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
    points = v.integer(p, "points", "The points gained", 0, v.MAX_POINTS, default=0)
    seat_id, left = _take_action(ctx)
    index = player_index(ctx.state, seat_id)
    if type_ in ctx.state["players"][index]["strongholds"]:
        raise RuleViolation(
            "stronghold_built",
            f"The {type_} Stronghold is already built; each type is built once.",
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


# --- Cohorts outside the Action count (abilities) --------------------------------------------------------


def _label(cohort: Cohort) -> str:
    """A Cohort as a sentence starts with it: its name, else ``The Gaunt Cohort``."""
    return str(cohort["name"]) if cohort.get("name") else f"The {cohort['type']} Cohort"


def _brief(cohort: Cohort) -> dict[str, Any]:
    return {k: cohort[k] for k in ("id", "type", "name", "strength", "commander")}


def _set_focus(ctx: Ctx, payload: Payload, focused: bool) -> EventBody:
    p = v.fields(payload, ("cohort_id",))
    cohort_id = v.identifier(p, "cohort_id", "A Cohort")
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index, cohort = find_cohort(ctx.state, cohort_id)
    if cohort["focused"] == focused:
        code, what = ("already_focused", "Focused") if focused else ("already_readied", "Readied")
        raise RuleViolation(
            code,
            f"{_label(cohort)} is already {what}: a {what} Cohort cannot be {what}.",
            {"field": "cohort_id", "cohort_id": cohort_id},
        )
    ctx.rec.set(cohort_path(index, cohort_id, "focused"), focused)
    seat_id = ctx.state["players"][index]["seat_id"]
    return ("cohort.focused" if focused else "cohort.readied"), {
        "seat_id": seat_id,
        "cohort": _brief(cohort),
        "counts": counted(cohort),
    }


def focus(ctx: Ctx, payload: Payload) -> EventBody:
    """``cohort.focus {cohort_id}``: an ability Focuses a Readied Cohort; it counts 1 from now on."""
    return _set_focus(ctx, payload, True)


def ready(ctx: Ctx, payload: Payload) -> EventBody:
    """``cohort.ready {cohort_id}``: an ability Readies a Focused Cohort; its printed Strength counts."""
    return _set_focus(ctx, payload, False)


def join(ctx: Ctx, payload: Payload) -> EventBody:
    """``cohort.join {seat_id?, type, strength, name?, commander?, focused?, note?}``: no Action.

    "When a Cohort card is added to the player's Horde, from anywhere, it
    joins their Horde" (rulebook: Cohort Cards): an ability or a Stronghold
    puts a Cohort in a Horde without spending an Action.
    """
    p = v.fields(payload, ("seat_id", "type", "strength", "name", "commander", "focused", "note"))
    seat_id = v.seat(p, ctx.actor)
    type_, strength, name, commander, focused = _read_cohort(p)
    note = v.optional_text(p, "note", "A note", v.MAX_NOTE)
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index = player_index(ctx.state, seat_id)
    cohort = _new_cohort(ctx, type_, strength, name, commander, focused)
    ctx.rec.insert(["players", index, "horde"], cohort)
    return "cohort.joined", {
        "seat_id": seat_id,
        "cohort": cohort,
        "cohorts": len(ctx.state["players"][index]["horde"]),
        "note": note,
        "stronghold": _triggered(ctx, index, cohort),
    }


def leave(ctx: Ctx, payload: Payload) -> EventBody:
    """``cohort.leave {cohort_id, note?}``: a Cohort leaves its Horde (an ability discards it).

    A Commander "is moved to the side of the play area instead" of the
    discard pile (rulebook: Commander Cards); the event says where it went.
    """
    p = v.fields(payload, ("cohort_id", "note"))
    cohort_id = v.identifier(p, "cohort_id", "A Cohort")
    note = v.optional_text(p, "note", "A note", v.MAX_NOTE)
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index, cohort = find_cohort(ctx.state, cohort_id)
    ctx.rec.remove(["players", index, "horde"], cohort)
    return "cohort.left", {
        "seat_id": ctx.state["players"][index]["seat_id"],
        "cohort": _brief(cohort),
        "to": "aside" if cohort["commander"] else "discard",
        "cohorts": len(ctx.state["players"][index]["horde"]),
        "note": note,
    }


def adjust_cohort(ctx: Ctx, payload: Payload) -> EventBody:
    """``cohort.adjust {cohort_id, strength, note}``: the printed card wins, a Strength corrected by hand."""
    p = v.fields(payload, ("cohort_id", "strength", "note"))
    cohort_id = v.identifier(p, "cohort_id", "A Cohort")
    strength = v.integer(p, "strength", "The Cohort's Strength", 0, v.MAX_STRENGTH)
    note = v.text(p, "note", "A note", v.MAX_NOTE, blank_is_absent=True)
    require_playing(ctx.state)
    index, cohort = find_cohort(ctx.state, cohort_id)
    ctx.actor.require_edit(int(ctx.state["players"][index]["seat_id"]))
    before = int(cohort["strength"])
    if before == strength:
        raise no_change(f"{_label(cohort)} already has Strength {before}.", "strength")
    ctx.rec.put(cohort_path(index, cohort_id, "strength"), strength)
    return "cohort.adjusted", {
        "seat_id": ctx.state["players"][index]["seat_id"],
        "cohort": _brief({**cohort, "strength": strength}),
        "before": before,
        "after": strength,
        "note": note,
    }


# --- points ----------------------------------------------------------------------------------------------


def add_points(ctx: Ctx, payload: Payload) -> EventBody:
    """``points.add {seat_id?, amount, reason}``: points printed on a card (a Curio, a Stronghold, ...).

    Spec 7: the players enter them, the companion keeps them in the score
    history (the log). A negative amount corrects a slip; the score never
    goes below 0.
    """
    p = v.fields(payload, ("seat_id", "amount", "reason"))
    seat_id = v.seat(p, ctx.actor)
    amount = v.integer(p, "amount", "The points", -v.MAX_POINTS, v.MAX_POINTS)
    reason = v.text(p, "reason", "The reason", v.MAX_NOTE, blank_is_absent=True)
    require_started(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = player_index(ctx.state, seat_id)
    before = int(ctx.state["players"][index]["points"])
    if max(0, before + amount) == before:
        raise no_change(f"The points would stay {before}.", "amount")
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
    field = v.choice(p, "field", PLAYER_FIELDS, "The field")
    by = v.integer(p, "by", "The change", -v.MAX_POINTS, v.MAX_POINTS)
    note = v.text(p, "note", "A note", v.MAX_NOTE, blank_is_absent=True)
    require_started(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = player_index(ctx.state, seat_id)
    before = int(ctx.state["players"][index][field])
    if max(0, before + by) == before:
        raise no_change(f"The {field.replace('_', ' ')} would stay {before}.", "by")
    after = ctx.rec.add(["players", index, field], by, lo=0)
    scoring.settle_winners(ctx)
    return "player.adjusted", {
        "seat_id": seat_id,
        "field": field,
        "by": after - before,
        "before": before,
        "after": after,
        "note": note,
        "winners": list(ctx.state["winner_seat_ids"]) if ctx.state["over"] else None,
    }


# --- turns and Conflicts ---------------------------------------------------------------------------------


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
    skip = v.flag(p, "skip", "Skip")
    require_playing(ctx.state)
    state = ctx.state
    seat_id = _turn_player(ctx)
    left = int(state["actions_left"])
    if left > 0 and not skip:
        raise RuleViolation(
            "actions_left",
            f"{left} Action{'s' if left != 1 else ''} left this turn: take {'them' if left != 1 else 'it'}, "
            "or end the turn anyway.",
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
    ctx.rec.set(["turn_seat_id"], other)
    ctx.rec.put(["actions_left"], TURN_ACTIONS)
    ctx.rec.add(["turn"], 1)
    body["next_seat_id"] = other
    return "turn.ended", body


def end_conflict(ctx: Ctx, payload: Payload) -> EventBody:
    """``conflict.end {note}``: the Conflict ends now, by hand (a printed Ability says so), and is scored."""
    p = v.fields(payload, ("note",))
    note = v.text(p, "note", "A note", v.MAX_NOTE, blank_is_absent=True)
    require_playing(ctx.state)
    v.participant(ctx.actor)
    conflict = ctx.state["conflict"]
    result = scoring.end_conflict(ctx, "hand", note)
    return "conflict.ended", {"conflict": conflict, "note": note, "conflict_end": result}


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
    n = v.integer(p, "n", "The Conflict", 1, 3, default=max(done, 1))
    winner = v.nullable_seat(p, ctx.actor, "winner_seat_id")
    points = v.optional_integer(p, "points", "The points", 0, v.MAX_POINTS)
    note = v.optional_text(p, "note", "A note", v.MAX_NOTE)
    require_started(ctx.state)
    v.participant(ctx.actor)
    state = ctx.state
    if winner is not None:
        player_index(state, winner)
    position = next((i for i, c in enumerate(state["conflicts"]) if c["n"] == n), None)
    if position is None:
        raise RuleViolation(
            "conflict_not_scored", f"Conflict {n} has not been scored yet.", {"field": "n", "n": n}
        )
    record = state["conflicts"][position]
    if winner is None:
        gained = 0
        if points:
            raise RuleViolation("bad_field", "Nobody wins, so nobody gains points.", {"field": "points"})
    elif points is None:
        lead = record["strength"][key(winner)] - max(
            s for seat, s in record["strength"].items() if seat != key(winner)
        )
        gained = max(0, int(lead))
    else:
        gained = points
    old_winner, old_points = record["winner_seat_id"], int(record["points"])
    if (old_winner, old_points) == (winner, gained):
        raise no_change("That is already the Conflict's result.", "winner_seat_id")
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
    left = v.integer(p, "actions_left", "The Actions left", 0, 9)
    note = v.text(p, "note", "A note", v.MAX_NOTE, blank_is_absent=True)
    require_playing(ctx.state)
    seat_id = _turn_player(ctx)
    before = int(ctx.state["actions_left"])
    if before == left:
        raise no_change(f"{before} Actions are already left.", "actions_left")
    ctx.rec.put(["actions_left"], left)
    return "actions.set", {"seat_id": seat_id, "before": before, "after": left, "note": note}
