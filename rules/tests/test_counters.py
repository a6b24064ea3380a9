"""Counters rules: every command, every refusal, and every inversion."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.counters import CountersRules
from rules.engine import Actor, LoggedEvent, NotAllowed, State
from rules.errors import RuleViolation

RULES = CountersRules()
HOST = Actor(seat_id=1, role="host", seat_ids=(1, 2, 3))
PLAYER = Actor(seat_id=2, role="player", seat_ids=(1, 2, 3))
OTHER = Actor(seat_id=3, role="player", seat_ids=(1, 2, 3))
WATCHER = Actor(seat_id=4, role="spectator", seat_ids=(1, 2, 3, 4))


def run(state: State, type_: str, actor: Actor = PLAYER, **payload: object) -> tuple[State, dict]:
    outcome = RULES.apply(state, type_, payload, actor, random.Random(1))
    assert len(outcome.events) == 1
    event = outcome.events[0]
    return outcome.state, {"type": event.type, "payload": event.payload}


def with_life(value: int = 20, **bounds: int) -> State:
    state, _ = run(RULES.initial_state(), "counter.add", PLAYER, name="Life", value=value, **bounds)
    return state


def test_add_defaults_to_own_seat_value_zero_and_new_id() -> None:
    state, event = run(RULES.initial_state(), "counter.add", name=" Poison ")
    assert state["counters"] == [
        {"id": 1, "name": "Poison", "value": 0, "initial": 0, "min": None, "max": None, "seat_id": 2}
    ]
    assert event["type"] == "counter.added"
    state, _ = run(state, "counter.add", name="Gold")
    assert [c["id"] for c in state["counters"]] == [1, 2]


def test_apply_never_mutates_the_stored_snapshot() -> None:
    state = with_life()
    before = repr(state)
    run(state, "counter.adjust", counter_id=1, by=3)
    assert repr(state) == before


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"name": ""}, "bad_name"),
        ({"name": "x" * 41}, "bad_name"),
        ({}, "missing_field"),
        ({"name": "Life", "value": 5, "min": 6}, "below_min"),
        ({"name": "Life", "value": 5, "max": 4}, "above_max"),
        ({"name": "Life", "min": 3, "max": 2}, "bad_bounds"),
        ({"name": "Life", "value": "ten"}, "bad_field"),
        ({"name": "Life", "seat_id": 99}, "unknown_seat"),
    ],
)
def test_add_refusals(payload: dict, code: str) -> None:
    with pytest.raises(RuleViolation) as err:
        RULES.apply(RULES.initial_state(), "counter.add", payload, PLAYER, random.Random(1))
    assert err.value.code == code
    assert err.value.message


def test_adjust_set_reset_rename_remove() -> None:
    state = with_life(20, min=0, max=30)
    state, event = run(state, "counter.adjust", counter_id=1, by=-5)
    assert state["counters"][0]["value"] == 15
    assert {k: v for k, v in event["payload"].items() if k != "ops"} == {
        "counter_id": 1,
        "seat_id": 2,
        "name": "Life",
        "by": -5,
        "before": 20,
        "after": 15,
    }
    state, _ = run(state, "counter.set", counter_id=1, value=30)
    assert state["counters"][0]["value"] == 30
    state, _ = run(state, "counter.reset", counter_id=1)
    assert state["counters"][0]["value"] == 20
    state, _ = run(state, "counter.rename", counter_id=1, name="Health")
    assert state["counters"][0]["name"] == "Health"
    state, event = run(state, "counter.remove", counter_id=1)
    assert state["counters"] == [] and event["payload"]["counter"]["name"] == "Health"


@pytest.mark.parametrize(
    ("type_", "payload", "code"),
    [
        ("counter.adjust", {"counter_id": 1, "by": -21}, "below_min"),
        ("counter.adjust", {"counter_id": 1, "by": 11}, "above_max"),
        ("counter.adjust", {"counter_id": 1, "by": 0}, "no_change"),
        ("counter.adjust", {"counter_id": 9, "by": 1}, "unknown_counter"),
        ("counter.set", {"counter_id": 1, "value": 31}, "above_max"),
        ("counter.set", {"counter_id": 1, "value": True}, "bad_field"),
        ("counter.rename", {"counter_id": 1, "name": "  "}, "bad_name"),
        ("counter.fly", {}, "unknown_command"),
    ],
)
def test_refusals_name_the_problem(type_: str, payload: dict, code: str) -> None:
    with pytest.raises(RuleViolation) as err:
        RULES.apply(with_life(20, min=0, max=30), type_, payload, PLAYER, random.Random(1))
    assert err.value.code == code


def test_only_own_seat_unless_host_or_everyone_edits() -> None:
    state = with_life()
    with pytest.raises(NotAllowed) as err:
        run(state, "counter.adjust", OTHER, counter_id=1, by=1)
    assert err.value.code == "not_your_seat"
    run(state, "counter.adjust", HOST, counter_id=1, by=1)
    everyone = Actor(seat_id=3, role="player", everyone_edits=True, seat_ids=(1, 2, 3))
    run(state, "counter.adjust", everyone, counter_id=1, by=1)
    with pytest.raises(NotAllowed) as err:
        run(state, "counter.adjust", WATCHER, counter_id=1, by=1)
    assert err.value.code == "spectator"
    with pytest.raises(NotAllowed):
        run(RULES.initial_state(), "counter.add", OTHER, name="Life", seat_id=2)


def _invert(state: State, event: dict, seq: int = 5) -> tuple[State, dict]:
    logged = LoggedEvent(seq=seq, seat_id=2, type=event["type"], payload=event["payload"])
    outcome = RULES.invert(state, logged, PLAYER)
    return outcome.state, {"type": outcome.events[0].type, "payload": outcome.events[0].payload}


def test_every_event_inverts_to_the_previous_values() -> None:
    start = with_life(20, min=0)
    cases: list[tuple[str, dict[str, Any]]] = [
        ("counter.adjust", {"counter_id": 1, "by": 4}),
        ("counter.set", {"counter_id": 1, "value": 3}),
        ("counter.reset", {"counter_id": 1}),
        ("counter.rename", {"counter_id": 1, "name": "HP"}),
        ("counter.remove", {"counter_id": 1}),
    ]
    for type_, payload in cases:
        changed, event = run(start, type_, **payload)
        restored, _ = _invert(changed, event)
        assert restored["counters"] == start["counters"], type_
    added_state, added = run(RULES.initial_state(), "counter.add", name="Life")
    removed, _ = _invert(added_state, added)
    assert removed["counters"] == []


def test_undo_of_an_adjust_compensates_later_changes_too() -> None:
    state = with_life(20)
    state, first = run(state, "counter.adjust", counter_id=1, by=-3)
    state, _ = run(state, "counter.adjust", counter_id=1, by=-2)
    state, comp = _invert(state, first)
    assert state["counters"][0]["value"] == 18  # only the first change is taken back
    assert comp["type"] == "reverted" and comp["payload"]["of"] == "counter.adjusted"
    (op,) = comp["payload"]["ops"]
    assert (op["before"], op["after"], op["strict"]) == (15, 18, True)
    redone, _ = _invert(state, comp)  # redo: the compensation inverted again
    assert redone["counters"][0]["value"] == 15


def test_undo_refused_when_the_counter_is_gone_or_bounds_block() -> None:
    state = with_life(20, min=0)
    state, adjust = run(state, "counter.adjust", counter_id=1, by=5)
    gone, _ = run(state, "counter.remove", counter_id=1)
    with pytest.raises(RuleViolation) as err:
        _invert(gone, adjust)
    assert err.value.code == "cannot_undo"
    low = with_life(2, min=0)
    low, up = run(low, "counter.adjust", counter_id=1, by=5)
    low, _ = run(low, "counter.set", counter_id=1, value=1)
    with pytest.raises(RuleViolation) as err:
        _invert(low, up)
    assert err.value.code == "below_min"


def test_any_commands_then_undoing_them_all_newest_first_returns_the_start() -> None:
    """The property issue #8 asks for, on Counters (a fixed mix; hypothesis covers rules.ops)."""
    start = with_life(10, min=0, max=40)
    state = start
    events = []
    script: list[tuple[str, dict[str, Any]]] = [
        ("counter.add", {"name": "Poison", "value": 0, "max": 10}),
        ("counter.adjust", {"counter_id": 1, "by": 7}),
        ("counter.adjust", {"counter_id": 2, "by": 3}),
        ("counter.set", {"counter_id": 1, "value": 2}),
        ("counter.rename", {"counter_id": 2, "name": "Venom"}),
        ("counter.reset", {"counter_id": 1}),
        ("counter.remove", {"counter_id": 2}),
    ]
    for type_, payload in script:
        state, event = run(state, type_, **payload)
        events.append(event)
    for seq, event in reversed(list(enumerate(events, 10))):
        state, _ = _invert(state, event, seq)
    assert state["counters"] == start["counters"]
    assert state["next_id"] == 3  # ids only grow: a new counter never takes Poison's id


def test_a_counter_added_after_an_undone_add_gets_a_new_id() -> None:
    state = with_life(10)
    state, poison = run(state, "counter.add", name="Poison")
    state, _ = _invert(state, poison)
    state, gold = run(state, "counter.add", name="Gold")
    assert [c["id"] for c in state["counters"]] == [1, 3] and gold["payload"]["counter"]["id"] == 3


def test_summary_lists_final_values() -> None:
    state = with_life(7)
    assert RULES.summary(state) == {"counters": [{"name": "Life", "value": 7, "seat_id": 2}]}
