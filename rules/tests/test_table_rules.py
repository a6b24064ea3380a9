"""The host's commands as pure rules over the snapshot's table block (issue #8, "The shape")."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import table
from rules.engine import Actor, NotAllowed
from rules.errors import RuleViolation
from rules.ops import revert

HOST = Actor(seat_id=1, role="host")
ANN = Actor(seat_id=2, role="player")


def state() -> dict[str, Any]:
    snapshot: dict[str, Any] = {"counters": [], table.BLOCK: table.block(name="Friday")}
    for seat_id, name, role in ((1, "Hal", "host"), (2, "Ann", "player"), (3, "Bo", "spectator")):
        entry = table.seat_entry(seat_id=seat_id, name=name, role=role, colour="#fff", position=seat_id - 1)
        table.join(snapshot, entry)
    return snapshot


def test_join_records_an_insert_op_and_the_seat_in_seating_order() -> None:
    snapshot = state()
    assert [s["name"] for s in table.seating(snapshot)] == ["Hal", "Ann", "Bo"]
    assert table.playing_ids(snapshot) == (1, 2)  # a spectator plays no part
    extra = table.seat_entry(seat_id=4, name="Cy", role="player", colour="#000", position=3)
    ops = table.join(snapshot, extra)
    assert ops == [{"op": "insert", "path": ["table", "seats"], "index": 3, "value": extra}]


def test_rename_own_seat_and_the_event_carries_its_ops() -> None:
    before = state()
    outcome = table.apply(before, "seat.rename", {"seat_id": 2, "name": "  Anna "}, ANN)
    (event,) = outcome.events
    assert event.type == "seat.renamed"
    assert event.payload["name"] == "Anna" and event.payload["before"] == "Ann"
    assert table.seats_of(outcome.state)[1]["name"] == "Anna"
    assert table.seats_of(before)[1]["name"] == "Ann"  # the rules work on a copy
    undone = copy.deepcopy(outcome.state)
    revert(undone, event.payload["ops"])
    assert undone == before


@pytest.mark.parametrize(
    ("actor", "type", "payload", "code"),
    [
        (ANN, "seat.rename", {"seat_id": 1, "name": "X"}, "host_only"),
        (ANN, "seat.reorder", {"seat_ids": [2, 1, 3]}, "host_only"),
        (ANN, "seat.remove", {"seat_id": 3}, "host_only"),
        (ANN, "table.set_policy", {"edit_policy": "everyone"}, "host_only"),
        (ANN, "table.rename", {"name": "Saturday"}, "host_only"),
        (ANN, "table.end", {}, "host_only"),
        (HOST, "seat.rename", {"seat_id": 2, "name": "   "}, "bad_name"),
        (HOST, "seat.rename", {"seat_id": 2, "name": "x" * 41}, "bad_name"),
        (HOST, "seat.rename", {"seat_id": 9, "name": "X"}, "unknown_seat"),
        (HOST, "seat.rename", {"seat_id": True, "name": "X"}, "unknown_seat"),
        (HOST, "seat.reorder", {"seat_ids": [2, 1]}, "bad_order"),
        (HOST, "seat.reorder", {"seat_ids": [2, 1, 1, 3]}, "bad_order"),
        (HOST, "seat.reorder", {"seat_ids": "2,1,3"}, "bad_order"),
        (HOST, "seat.remove", {"seat_id": 1}, "cannot_remove_host"),
        (HOST, "table.set_policy", {"edit_policy": "all"}, "bad_policy"),
        (HOST, "table.rename", {"name": "x" * 81}, "bad_name"),
    ],
)
def test_refusals_change_nothing(actor: Actor, type: str, payload: dict[str, Any], code: str) -> None:
    before = state()
    kept = copy.deepcopy(before)
    with pytest.raises(RuleViolation) as err:
        table.apply(before, type, payload, actor)
    assert err.value.code == code
    assert isinstance(err.value, NotAllowed) == (code == "host_only")
    assert before == kept


def test_removed_seat_stays_in_the_block_but_not_at_the_table() -> None:
    outcome = table.apply(state(), "seat.remove", {"seat_id": 2}, HOST)
    assert outcome.events[0].payload["name"] == "Ann"
    assert [s["seat_id"] for s in table.seats_of(outcome.state)] == [1, 2, 3]
    assert [s["seat_id"] for s in table.seating(outcome.state)] == [1, 3]
    assert table.playing_ids(outcome.state) == (1,)
    with pytest.raises(RuleViolation) as err:  # a removed seat is no longer at the table
        table.apply(outcome.state, "seat.rename", {"seat_id": 2, "name": "Back"}, HOST)
    assert err.value.code == "unknown_seat"


def test_reorder_policy_rename_and_end() -> None:
    snapshot = state()
    snapshot = table.apply(snapshot, "seat.reorder", {"seat_ids": [3, 2, 1]}, HOST).state
    assert [s["name"] for s in table.seating(snapshot)] == ["Bo", "Ann", "Hal"]
    assert table.playing_ids(snapshot) == (2, 1)
    snapshot = table.apply(snapshot, "table.set_policy", {"edit_policy": "everyone"}, HOST).state
    renamed = table.apply(snapshot, "table.rename", {"name": "Saturday"}, HOST)
    assert renamed.events[0].payload == {
        "name": "Saturday",
        "before": "Friday",
        "ops": [{"op": "set", "path": ["table", "name"], "before": "Friday", "after": "Saturday"}],
    }
    ended = table.apply(renamed.state, "table.end", {}, HOST)
    assert ended.state[table.BLOCK] == {**renamed.state[table.BLOCK], "status": "ended"}


COMMANDS = st.one_of(
    st.tuples(
        st.just("seat.rename"),
        st.fixed_dictionaries({"seat_id": st.sampled_from([1, 2, 3, 9]), "name": st.text(max_size=45)}),
    ),
    st.tuples(st.just("seat.reorder"), st.fixed_dictionaries({"seat_ids": st.permutations([1, 2, 3])})),
    st.tuples(st.just("seat.remove"), st.fixed_dictionaries({"seat_id": st.sampled_from([1, 2, 3])})),
    st.tuples(
        st.just("table.set_policy"),
        st.fixed_dictionaries({"edit_policy": st.sampled_from(["own", "everyone", "x"])}),
    ),
    st.tuples(st.just("table.rename"), st.fixed_dictionaries({"name": st.text(max_size=85)})),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(COMMANDS, max_size=12))
def test_any_commands_then_their_ops_reverted_give_the_first_block(
    commands: list[tuple[str, dict[str, Any]]],
) -> None:
    """Every host command is recorded exactly by its ops: reverting them all, newest first, is the start."""
    first = state()
    snapshot = copy.deepcopy(first)
    applied = []
    for type, payload in commands:
        try:
            outcome = table.apply(snapshot, type, payload, HOST)
        except RuleViolation:
            continue
        snapshot = outcome.state
        applied.append(outcome.events[0].payload["ops"])
    for ops in reversed(applied):
        revert(snapshot, ops)
    assert snapshot == first
