"""A command's JSON text (orjson) reads back as the standard library reads it, for every storable value."""

from __future__ import annotations

import json
from typing import Any

from django.utils.safestring import mark_safe
from hypothesis import given
from hypothesis import strategies as st

from campaigns import jsontext
from campaigns.errors import TableError
from campaigns.payloads import MAX_INT, check_storable

plain = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-MAX_INT, MAX_INT)
    | st.floats(allow_nan=False, allow_infinity=False, min_value=-MAX_INT, max_value=MAX_INT)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(plain)
def test_every_storable_value_reads_back_the_same_either_way(value: Any) -> None:
    try:
        check_storable(value, "state")
    except TableError:
        return  # refused before it is ever encoded
    assert json.loads(jsontext.dumps(value)) == value


def test_the_text_is_compact_utf8_json() -> None:
    value = {"name": "Zoë", "html": mark_safe("<b>21</b>"), "seq": 3, "at": [1.5, None, True]}
    assert jsontext.dumps(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
