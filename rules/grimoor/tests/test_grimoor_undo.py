"""Undo and redo of Grimoor events: exact for any sequence of commands (architecture: undo compensates)."""

from __future__ import annotations

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import Actor, LoggedEvent, State
from rules.grimoor.tests.test_grimoor_support import ANN, BOB, NAMES, RULES, SEATS, fill, started
from rules.tests.harness import Step, UndoGame, command, play, undo_and_redo_everything

SEAT = st.sampled_from([ANN, BOB])
TYPE = st.sampled_from(["Duskgil", "Duskfin", "olatha", "Gaunt", "Goblin"])
ROLE = st.sampled_from(["player", "player", "player", "host", "spectator"])
NOTE = st.sampled_from(["card text", "", None])
STRENGTH = st.integers(0, 9)


COHORT = {"type": TYPE, "strength": STRENGTH}
COHORT_EXTRA = {
    "name": st.sampled_from(["Warlord", "  "]),
    "commander": st.booleans(),
    "focused": st.booleans(),
}

ANY = st.one_of(
    command("game.start", {"start_seat_id": SEAT}),
    command("action.draw", {}),
    command("action.draw_bottom", {}),
    command("cohort.play", COHORT, COHORT_EXTRA),
    command(
        "curio.play", {}, {"focus": st.lists(st.integers(1, 12), max_size=4), "points": st.integers(-1, 4)}
    ),
    command("stronghold.build", {"type": TYPE}, {"points": st.integers(0, 3)}),
    command("cohort.focus", {"cohort_id": st.integers(1, 12)}),
    command("cohort.ready", {"cohort_id": st.integers(1, 12)}),
    command("cohort.join", COHORT, {**COHORT_EXTRA, "seat_id": SEAT}),
    command("cohort.leave", {"cohort_id": st.integers(1, 12)}),
    command("cohort.adjust", {"cohort_id": st.integers(1, 12), "strength": STRENGTH, "note": NOTE}),
    command("points.add", {"amount": st.integers(-4, 4), "reason": NOTE}, {"seat_id": SEAT}),
    command(
        "player.adjust",
        {"field": st.sampled_from(["points", "eoc_cards", "luck"]), "by": st.integers(-2, 2), "note": NOTE},
        {"seat_id": SEAT},
    ),
    command("turn.end", {}, {"skip": st.booleans()}),
    command("conflict.end", {"note": NOTE}),
    command(
        "conflict.override",
        {"winner_seat_id": st.one_of(SEAT, st.none())},
        {"n": st.integers(1, 3), "points": st.integers(0, 3)},
    ),
    command("conflict.start_player", {"start_seat_id": SEAT}),
    command("actions.set", {"actions_left": st.integers(0, 3), "note": NOTE}),
    command("cohort.play", {"strength": st.just("3"), "type": TYPE}),
)


@st.composite
def likely(draw: st.DrawFn, state: State) -> Step:
    """A command that is likely valid in ``state``: the turn player's Actions, existing Cohorts, turn ends."""
    if not state["players"] or state["over"]:
        return draw(ANY), draw(SEAT), draw(ROLE)
    turn = state["turn_seat_id"]
    seat = turn if draw(st.integers(0, 4)) else draw(SEAT)
    role = "player" if draw(st.integers(0, 5)) else draw(ROLE)
    cohorts = [c for p in state["players"] for c in p["horde"]]
    own = [c for p in state["players"] if p["seat_id"] == turn for c in p["horde"]]
    kind = draw(
        st.sampled_from(
            [
                *("play", "play", "join", "join", "join", "end", "end", "end", "end", "draw"),
                *("curio", "build", "focus", "cohort", "points", "override", "start", "finish"),
            ]
        )
    )
    if kind == "points":
        field = draw(st.sampled_from(["points", "eoc_cards", None]))
        if field is None:
            return ("points.add", {"amount": draw(st.integers(-3, 5)), "reason": "card"}), seat, role
        return ("player.adjust", {"field": field, "by": draw(st.integers(-1, 2)), "note": "n"}), seat, role
    if kind == "override":
        scored = [c["n"] for c in state["conflicts"]] or [1]
        payload = {"n": draw(st.sampled_from(scored)), "winner_seat_id": draw(st.one_of(SEAT, st.none()))}
        return ("conflict.override", payload), seat, role
    if kind == "start":
        return ("conflict.start_player", {"start_seat_id": draw(SEAT)}), seat, role
    if kind == "finish":
        return ("conflict.end", {"note": "by hand"}), seat, role
    if kind == "play":
        return ("cohort.play", {"type": draw(TYPE), "strength": draw(STRENGTH)}), seat, role
    if kind == "join":
        other = next(p["seat_id"] for p in state["players"] if p["seat_id"] != turn)
        target = other if draw(st.booleans()) else draw(SEAT)  # the opponent's Horde ends the Conflict
        payload = {"seat_id": target, "type": draw(TYPE), "strength": draw(STRENGTH)}
        return ("cohort.join", payload), seat, role
    if kind == "end":
        return ("turn.end", {"skip": draw(st.booleans())}), seat, role
    if kind == "draw":
        return (draw(st.sampled_from(["action.draw", "action.draw_bottom"])), {}), seat, role
    if kind == "curio":
        ready = [c["id"] for c in own if not c["focused"]]
        focus = draw(st.lists(st.sampled_from(ready), max_size=3, unique=True)) if ready else []
        return ("curio.play", {"focus": focus, "points": draw(st.integers(0, 3))}), seat, role
    if kind == "build":
        return ("stronghold.build", {"type": draw(TYPE), "points": draw(st.integers(0, 2))}), seat, role
    if not cohorts:
        return draw(ANY), seat, role
    cohort = draw(st.sampled_from(cohorts))
    if kind == "focus":
        name = "cohort.ready" if cohort["focused"] else "cohort.focus"
        return (name, {"cohort_id": cohort["id"]}), seat, role
    name = draw(st.sampled_from(["cohort.leave", "cohort.adjust"]))
    if name == "cohort.adjust":
        return (name, {"cohort_id": cohort["id"], "strength": draw(STRENGTH), "note": "n"}), seat, role
    return (name, {"cohort_id": cohort["id"]}), seat, role


def check_invariants(state: State) -> None:
    assert 1 <= state["conflict"] <= 3 and state["actions_left"] >= 0
    assert len(state["conflicts"]) == (3 if state["over"] else state["conflict"] - 1)
    assert bool(state["winner_seat_ids"]) == state["over"]
    assert state["over"] == (state["turn_seat_id"] is None and bool(state["players"]))
    ids = [c["id"] for p in state["players"] for c in p["horde"]]
    assert len(ids) == len(set(ids)) and all(i < state["next_id"] for i in ids)
    for player in state["players"]:
        assert player["points"] >= 0 and player["eoc_cards"] >= 0
        assert len(player["strongholds"]) == len(set(player["strongholds"])) <= 3


GAME = UndoGame(
    RULES, NAMES, st.tuples(ANY, SEAT, ROLE), likely, check_invariants, likely_odds=5, most_steps=100
)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_undoing_every_accepted_event_newest_first_restores_the_initial_state(data: st.DataObject) -> None:
    """A fresh table and its game started, then a drawn mix of likely-valid and arbitrary commands."""
    initial = RULES.initial_state(data.draw(st.sampled_from([{}, {"start_points": 0}]), label="options"))
    opening = [(("game.start", {"start_seat_id": data.draw(SEAT)}), ANN, "player")]
    final, log = play(GAME, data, initial, SEATS, opening=opening)
    undo_and_redo_everything(GAME, initial, final, log, SEATS)


def test_the_property_reaches_the_end_of_the_game() -> None:
    """The generator can finish a game: three Conflicts ended by turns, then undone to the start."""
    t = started(ANN)
    for _ in range(3):
        fill(t, ANN, [1] * 5)
        fill(t, BOB, [2] * 5)
        t.end(skip=True)
    assert t.state["over"] and t.state["winner_seat_ids"] == [BOB]
    state = t.state
    for event in reversed(t.log):
        state = RULES.invert(state, json_event(event), Actor(ANN, "host", False, SEATS)).state
    assert state == RULES.initial_state()


def test_undo_of_a_conflicts_end_brings_back_the_hordes_and_the_turn() -> None:
    t = started(ANN)
    fill(t, ANN, [4, 4])
    fill(t, BOB, [1, 1, 1, 1, 1])
    t.do("cohort.focus", {"cohort_id": 1})
    before = copy.deepcopy(t.state)
    t.end(skip=True)
    after = copy.deepcopy(t.state)
    assert t.state["conflict"] == 2 and t.player(ANN)["horde"] == []
    undone = RULES.invert(t.state, t.log[-1], Actor(BOB, "player", False, SEATS))
    assert undone.state == before
    (reverted,) = undone.events
    redo = RULES.invert(
        undone.state, LoggedEvent(99, ANN, reverted.type, reverted.payload), Actor(ANN, "host")
    )
    assert redo.state == after


def json_event(event: LoggedEvent) -> LoggedEvent:
    return LoggedEvent(event.seq, event.seat_id, event.type, json.loads(json.dumps(event.payload)))


def test_undo_lines_name_the_numbers_in_the_games_words() -> None:
    """An undo's line adds the numbers it moved (the log tells the truth), named as players say them."""
    t = started(ANN)
    fill(t, BOB, [1, 1, 1, 1, 1])
    t.do("turn.end", {"skip": True})
    label = RULES.number_label
    assert label(["actions_left"], t.state, NAMES) == "Actions"
    assert label(["turn"], t.state, NAMES) == "Turn"
    assert label(["conflict"], t.state, NAMES) == "Conflict"
    assert label(["players", 0, "eoc_cards"], t.state, NAMES) == "Ann's End of Conflict cards"
    assert label(["players", 1, "points"], t.state, NAMES) == "Bob's points"
    assert label(["conflicts", 0, "points"], t.state, NAMES) == "Conflict 1's points"
