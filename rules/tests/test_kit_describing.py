"""The words every game's log lines share (rules/describing.py)."""

from __future__ import annotations

from rules.describing import (
    ARROW,
    and_list,
    before_after,
    describer,
    plural,
    plural_count,
    seat_name,
    seat_names,
)

NAMES = {1: "Ann", 2: "Bob", 3: "Cat"}


def test_seats_are_named_by_id_or_by_an_id_kept_as_text() -> None:
    assert seat_name(NAMES, 1) == "Ann"
    assert seat_name(NAMES, "2") == "Bob"  # a seat id as a JSON object key
    assert seat_name(NAMES, 9) == "Seat 9"
    assert seat_name(NAMES, None) == "Nobody"
    assert seat_names(NAMES, [1]) == "Ann"
    assert seat_names(NAMES, [1, 2]) == "Ann and Bob"
    assert seat_names(NAMES, [1, 2, 3]) == "Ann, Bob and Cat"
    assert and_list([]) == ""


def test_numbers_read_before_arrow_after_and_words_take_their_plural() -> None:
    assert ARROW == "\u2192"
    assert before_after(9, 2) == "9 \u2192 2"
    assert plural(1, "Spirit") == "1 Spirit"
    assert plural(0, "Spirit") == "0 Spirits"
    assert plural_count("3") == 3
    assert plural_count(None) == 0  # an old event's missing count picks the plural


def test_the_dispatcher_words_its_events_an_undo_and_any_other_type() -> None:
    describe = describer({"grim.favored": lambda b, n: f"{seat_name(n, b['seat_id'])} holds the Favor."})
    assert describe("grim.favored", {"seat_id": 2}, NAMES) == "Bob holds the Favor."
    assert describe("reverted", {"of": "grim.attacked"}, NAMES) == "Undone: grim attacked."
    assert describe("grim.spirit_attached", {}, NAMES) == "grim spirit attached"
