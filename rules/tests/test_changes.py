"""The numbers a command changed, read from its ops (rules/changes.py): what the log must name."""

from __future__ import annotations

from rules.changes import by_hand, number_changes, path_label, said_changes
from rules.counters import CountersRules


def test_counter_and_set_ops_give_their_numbers_and_bookkeeping_is_left_out() -> None:
    payload = {
        "ops": [
            {"op": "counter", "path": ["grims", {"id": 4}, "health"], "before": 9, "after": 2},
            {"op": "set", "path": ["round"], "before": 1, "after": 2},
            {"op": "set", "path": ["score"], "after": 5},  # a new number: named by its value
            {"op": "set", "path": ["next_id"], "before": 3, "after": 4},
            {"op": "set", "path": ["turn_seat_id"], "before": 1, "after": 2},
            {"op": "set", "path": ["flag"], "before": False, "after": True},
            {"op": "set", "path": ["same"], "before": 3, "after": 3},
            {"op": "insert", "path": ["grims"], "index": 0, "value": {"id": 5, "health": 9}},
        ]
    }
    assert number_changes(payload) == [
        (["grims", {"id": 4}, "health"], 9, 2),
        (["round"], 1, 2),
        (["score"], None, 5),
    ]


def test_an_undo_gives_the_numbers_of_its_compensating_events() -> None:
    undo = {"seq": 3, "events": [{"type": "reverted", "payload": {"ops": [
        {"op": "counter", "path": ["players", 0, "hand"], "before": 4, "after": 5},
    ]}}]}  # fmt: skip
    assert number_changes(undo) == [(["players", 0, "hand"], 4, 5)]


def test_a_path_reads_as_whose_number_it_is() -> None:
    state = {"grims": [{"id": 4, "name": "Tide Wisp", "health": 9}], "players": [{"seat_id": 7, "hand": 3}]}
    names = {7: "Ann"}
    assert path_label(["grims", {"id": 4}, "health"], state, names) == "Tide Wisp's Health"
    assert path_label(["players", 0, "hand"], state, names) == "Ann's Hand"
    assert path_label(["qp"], state, names) == "QP"
    assert path_label(["grims", {"id": 99}, "actions_left"], state, names) == "Actions left"
    line = said_changes([(["players", 0, "hand"], 4, 5), (["qp"], None, 3)], lambda p: p[-1])
    assert line == "hand 4 → 5, qp 3"


def test_a_counter_reads_as_its_name_and_owner_and_its_line_names_before_and_after() -> None:
    rules = CountersRules()
    state = {"counters": [{"id": 1, "name": "Life", "seat_id": 7, "value": 17}]}
    assert rules.number_label(["counters", {"id": 1}, "value"], state, {7: "Ann"}) == "Life (Ann)"
    line = rules.describe(
        "counter.adjusted", {"seat_id": 7, "name": "Life", "by": -3, "before": 20, "after": 17}, {7: "Ann"}
    )
    assert line == "\u22123 Life (Ann) 20 → 17"


def test_the_default_line_of_a_game_names_the_numbers_its_event_changed() -> None:
    line = CountersRules().describe(
        "round.ticked", {"ops": [{"op": "set", "path": ["round"], "before": 0, "after": 1}]}, {}
    )
    assert line == "round ticked: Round 0 → 1"


def test_a_correction_by_hand_says_which_number_by_how_much_and_why() -> None:
    assert by_hand("health", 9, 4, "misread") == {
        "field": "health",
        "by": -5,
        "before": 9,
        "after": 4,
        "note": "misread",
    }
