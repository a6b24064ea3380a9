"""A command's body is read exactly as ``CommandIn`` reads it (``api.tables.command_input``).

Most bodies skip the serializer (issue #15, capacity); these tests hold the
shortcut to the serializer's word: for any JSON body, the same checked values
or the same refusal, field for field.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import ValidationError

from api.tables import CommandIn, command_input

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([0, -1, 2**53, 2**53 + 1, 10**1001, 1.0, 3.5, "", " ", "7", "3.0"]),
    st.floats(allow_nan=False),
    st.text(max_size=70),
    st.sampled_from(["c1", " c1", "c1 ", "a\x00b", "\ud800", "é", "x" * 64, "x" * 65, "x" * 41, "\t"]),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
BODY = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "command_id": SCALARS,
            "type": SCALARS,
            "expected_seq": SCALARS,
            "payload": JSON,
            "other": JSON,
        },
    ),
    JSON,
)


def by_serializer(data: Any) -> tuple[str, Any]:
    serializer = CommandIn(data=data)
    if serializer.is_valid():
        checked = dict(serializer.validated_data)
        checked.setdefault("expected_seq", None)
        return "ok", checked
    return "refused", serializer.errors


def by_shortcut(data: Any) -> tuple[str, Any]:
    try:
        checked = command_input(data)
    except ValidationError as exc:
        return "refused", exc.detail
    checked.setdefault("expected_seq", None)
    return "ok", checked


@settings(max_examples=400, deadline=None)
@given(BODY)
def test_any_body_is_read_as_the_serializer_reads_it(data: Any) -> None:
    assert by_shortcut(data) == by_serializer(data)


@pytest.mark.parametrize(
    "data",
    [
        {"command_id": "c1", "type": "counter.adjust", "payload": {"by": 1}},
        {"command_id": "c1", "type": "counter.adjust", "payload": {"by": 1}, "expected_seq": 4},
        {"command_id": "c1", "type": "undo"},
        {"command_id": "c1", "type": "undo", "expected_seq": None, "extra": [1]},
    ],
)
def test_a_plain_body_skips_the_serializer(data: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """The shortcut is taken (the serializer is never built) and gives its values."""
    expected = by_serializer(data)

    def no_serializer(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the serializer was built")

    monkeypatch.setattr("api.tables.CommandIn", no_serializer)
    assert by_shortcut(data) == expected


@pytest.mark.parametrize(
    "data",
    [
        {"command_id": " c1", "type": "undo"},  # trimmed by the serializer
        {"command_id": 7, "type": "undo"},  # a number taken as text
        {"command_id": "c1", "type": "undo", "expected_seq": "3"},
        {"command_id": "c1", "type": "undo", "expected_seq": 2**53 + 1},
        {"command_id": "é", "type": "undo"},
        {"command_id": "c1", "type": "undo", "payload": None},
        {"type": "undo"},
        ["c1"],
    ],
)
def test_anything_else_goes_through_the_serializer(data: Any) -> None:
    assert by_shortcut(data) == by_serializer(data)
