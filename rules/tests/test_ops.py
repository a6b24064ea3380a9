"""Game-neutral ops: apply, invert, path addressing, and undo of any sequence."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RuleViolation
from rules.ops import Recorder, apply_op, invert_op, resolve, revert


def base() -> dict:
    return {
        "round": 1,
        "players": [{"id": 7, "points": 3, "hand": ["Owl", "Crow"]}, {"id": 9, "points": 0, "hand": []}],
        "meta": {"name": "x"},
    }


def test_path_by_id_survives_a_reorder():
    state = base()
    rec = Recorder(state)
    rec.add(["players", {"id": 9}, "points"], 5)
    state["players"].reverse()
    revert(state, rec.ops)
    assert resolve(state, ["players", {"id": 9}, "points"]) == 0


def test_counter_inversion_is_relative_so_later_changes_stay():
    state = base()
    first = Recorder(state)
    first.add(["round"], 2)
    later = Recorder(state)
    later.add(["round"], 10)
    revert(state, first.ops)
    assert state["round"] == 11


def test_counter_clamps_and_records_the_real_change():
    state = base()
    rec = Recorder(state)
    assert rec.add(["players", 0, "points"], -10, lo=0) == 0
    assert rec.ops[0]["before"] == 3 and rec.ops[0]["after"] == 0
    revert(state, rec.ops)
    assert state["players"][0]["points"] == 3


def test_set_of_a_new_key_is_deleted_on_undo():
    state = base()
    rec = Recorder(state)
    rec.set(["meta", "winner"], 7)
    rec.set(["meta", "name"], "y")
    revert(state, rec.ops)
    assert state == base()


def test_move_and_remove_round_trip():
    state = base()
    rec = Recorder(state)
    rec.move(["players", {"id": 7}, "hand"], ["players", {"id": 9}, "hand"], "Crow")
    rec.remove(["players"], {"id": 7})
    assert state["players"] == [{"id": 9, "points": 0, "hand": ["Crow"]}]
    redo = revert(state, rec.ops)
    assert state == base()
    revert(state, redo)
    assert state["players"] == [{"id": 9, "points": 0, "hand": ["Crow"]}]


def test_undo_refuses_when_the_target_is_gone():
    state = base()
    rec = Recorder(state)
    rec.add(["players", {"id": 9}, "points"], 1)
    state["players"].pop()
    with pytest.raises(RuleViolation) as info:
        revert(copy.deepcopy(state), rec.ops)
    assert info.value.code == "cannot_undo"


def test_reinserting_an_entity_that_is_back_is_refused():
    state = base()
    op = apply_op(state, {"op": "remove", "path": ["players"], "value": {"id": 9}})
    apply_op(state, invert_op(op))
    with pytest.raises(RuleViolation):
        apply_op(state, invert_op(op))


def test_unknown_op_is_refused():
    with pytest.raises(RuleViolation):
        apply_op(base(), {"op": "explode", "path": []})


_paths_num = st.sampled_from([["round"], ["players", {"id": 7}, "points"], ["players", 1, "points"]])
_actions = st.one_of(
    st.tuples(st.just("add"), _paths_num, st.integers(-20, 20)),
    st.tuples(st.just("set"), st.sampled_from([["meta", "name"], ["meta", "extra"]]), st.text(max_size=3)),
    st.tuples(st.just("insert"), st.just(["players", {"id": 7}, "hand"]), st.sampled_from(["Owl", "Rune"])),
    st.tuples(st.just("pop"), st.just(["players", {"id": 7}, "hand"]), st.none()),
    st.tuples(st.just("move"), st.just(["players", {"id": 7}, "hand"]), st.none()),
    st.tuples(st.just("delete"), st.just(["meta", "extra"]), st.none()),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_actions, max_size=25))
def test_any_sequence_undone_newest_first_returns_the_initial_state(actions):
    state = base()
    batches = []
    for kind, path, arg in actions:
        rec = Recorder(state)
        if kind == "add":
            rec.add(path, arg, lo=-5, hi=30)
        elif kind == "set":
            rec.set(path, arg)
        elif kind == "insert":
            rec.insert(path, arg, index=0)
        elif kind == "delete":
            rec.delete(path)
        elif resolve(state, path):
            card = resolve(state, path)[-1]
            if kind == "pop":
                rec.remove(path, card)
            else:
                rec.move(path, ["players", {"id": 9}, "hand"], card)
        batches.append(rec.ops)
    redos = [revert(state, ops) for ops in reversed(batches)]
    assert state == base()
    for ops in reversed(redos):
        revert(state, ops)
    replay = base()
    for ops in batches:
        for op in ops:
            apply_op(replay, op)
    assert state == replay
