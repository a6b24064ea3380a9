"""The payload readers every game shares (rules/validate.py): what each accepts and how it refuses."""

from __future__ import annotations

import pytest

from rules.engine import Actor
from rules.errors import RuleViolation
from rules.validate import (
    choice,
    identifier,
    no_change,
    nullable_seat,
    option,
    optional_text,
    options,
    pick,
    seat,
    seats,
    text,
)

ANN, BOB = 1, 2
AT_TABLE = Actor(ANN, "player", False, (ANN, BOB))


def refusal(read: object, *args: object, **kwargs: object) -> tuple[str, object]:
    with pytest.raises(RuleViolation) as info:
        read(*args, **kwargs)  # type: ignore[operator]
    return info.value.code, info.value.extra.get("field")


def test_text_of_only_spaces_is_refused_as_empty_or_as_not_given() -> None:
    assert text({"note": "  card  "}, "note", "A note", 200) == "card"
    assert refusal(text, {"note": "  "}, "note", "A note", 200) == ("bad_field", "note")
    assert refusal(text, {"note": "  "}, "note", "A note", 200, blank_is_absent=True) == (
        "missing_field",
        "note",
    )
    assert refusal(text, {"note": "x" * 201}, "note", "A note", 200) == ("too_long", "note")
    assert optional_text({"note": "  "}, "note", "A note", 200) is None
    assert refusal(optional_text, {"note": " "}, "note", "A note", 200, blank_is_absent=False) == (
        "bad_field",
        "note",
    )
    assert optional_text({}, "note", "A note", 200, blank_is_absent=False) is None


def test_a_choice_ignores_case_and_spaces_takes_aliases_and_names_the_options() -> None:
    assert pick(" fire ", "element", ("Fire", "Water"), "An Element") == "Fire"
    assert pick("dark  unicorn", "card", ("Dark Unicorn",), "A card") == "Dark Unicorn"
    assert pick("red", "fate", ("Fortutidas",), "A Fate", aliases={"red": "Fortutidas"}) == "Fortutidas"
    with pytest.raises(RuleViolation) as info:
        pick("Ice", "element", ("Fire", "Water"), "An Element", "unknown_element")
    assert info.value.code == "unknown_element"
    assert info.value.message == "'Ice' is not an Element (Fire, Water)."
    assert info.value.extra == {"field": "element", "options": ["Fire", "Water"]}
    assert choice({}, "via", ("turn", "power"), "How", default="turn") == "turn"
    assert refusal(choice, {"via": None}, "via", ("turn",), "How") == ("missing_field", "via")
    assert refusal(choice, {"via": 3}, "via", ("turn",), "How") == ("bad_field", "via")


def test_a_seat_is_the_senders_by_default_and_must_be_at_the_table() -> None:
    assert seat({}, AT_TABLE) == ANN
    assert seat({"seat_id": BOB}, AT_TABLE) == BOB
    assert refusal(seat, {"seat_id": True}, AT_TABLE) == ("bad_field", "seat_id")
    assert refusal(seat, {"to": 9}, AT_TABLE, "to") == ("unknown_seat", "to")
    assert refusal(seat, {}, AT_TABLE, "start_seat_id", required=True) == ("missing_field", "start_seat_id")
    assert nullable_seat({"winner": None}, AT_TABLE, "winner") is None
    assert refusal(nullable_seat, {}, AT_TABLE, "winner") == ("missing_field", "winner")
    assert seats({}, AT_TABLE) == [ANN, BOB]
    assert seats({"seat_ids": [BOB, ANN]}, AT_TABLE) == [BOB, ANN]
    assert refusal(seats, {"seat_ids": [ANN, ANN]}, AT_TABLE) == ("bad_field", "seat_ids")
    assert refusal(seats, {"seat_ids": [ANN, 7]}, AT_TABLE) == ("unknown_seat", "seat_ids")


def test_ids_are_whole_numbers_from_one_and_no_change_names_its_field() -> None:
    assert identifier({"grim_id": 4}, "grim_id", "A Grim") == 4
    assert refusal(identifier, {"grim_id": 0}, "grim_id", "A Grim") == ("out_of_range", "grim_id")
    assert refusal(identifier, {"grim_id": "4"}, "grim_id", "A Grim") == ("bad_field", "grim_id")
    refused = no_change("Already so.", "by")
    assert (refused.code, refused.message, refused.extra) == ("no_change", "Already so.", {"field": "by"})


def test_table_options_are_an_object_of_known_keys_with_a_default_first() -> None:
    assert options(None, ("format",), "GRIM") == {}
    assert refusal(options, "coven", ("format",), "GRIM") == ("bad_option", "options")
    with pytest.raises(RuleViolation) as info:
        options({"players": 3}, ("format",), "GRIM")
    assert (info.value.code, info.value.message) == ("unknown_option", "GRIM has no option 'players'.")
    assert option({}, "format", ("standard", "coven"), "?") == "standard"
    assert option({"format": " Coven "}, "format", ("standard", "coven"), "?") == "coven"
    with pytest.raises(RuleViolation) as info:
        option({"format": "draft"}, "format", ("standard", "coven"), "Standard or coven.")
    assert (info.value.code, info.value.message) == ("bad_option", "Standard or coven.")
    assert info.value.extra == {"field": "format", "options": ["standard", "coven"]}
