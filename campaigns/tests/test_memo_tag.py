"""``{% memo %}``: a board's part kept for its values, never given for other values or other inputs."""

from __future__ import annotations

from typing import Any

import pytest
from django.template import Context, Engine, Template, TemplateSyntaxError
from django.utils import translation
from django.utils.safestring import mark_safe

from campaigns.models import Seat, Table
from campaigns.templatetags import memo as memo_module
from campaigns.templatetags.memo import MemoNode, _key

ENGINE = Engine(libraries={"memo": "campaigns.templatetags.memo"}, builtins=["django.template.defaulttags"])


def _template(text: str) -> Template:
    return ENGINE.from_string("{% load memo %}" + text)


def _memo(template: Template) -> MemoNode:
    found = [n for n in template.nodelist.get_nodes_by_type(MemoNode) if isinstance(n, MemoNode)]
    assert len(found) == 1
    return found[0]


def test_a_part_is_rendered_once_for_the_same_values_and_again_when_one_changes() -> None:
    t = _template("{% memo c %}<b>{{ c.name }} {{ c.value }}</b>{% endmemo %}")
    node = _memo(t)
    assert t.render(Context({"c": {"name": "Life", "value": 20}})) == "<b>Life 20</b>"
    assert len(node.kept) == 1
    assert t.render(Context({"c": {"name": "Life", "value": 20}})) == "<b>Life 20</b>"
    assert len(node.kept) == 1  # given from the memo, not kept twice
    assert t.render(Context({"c": {"name": "Life", "value": 19}})) == "<b>Life 19</b>"
    assert len(node.kept) == 2


def test_equal_values_are_one_key_however_they_were_made() -> None:
    # An interned string and a built one, a list shared or not: marshal's later formats write
    # them differently, and a board's values are built afresh after every command.
    t = _template("{% memo v %}{{ v }}{% endmemo %}")
    node = _memo(t)
    shared = ["Life"]
    for v in ({"a": shared, "b": shared}, {"a": ["".join(["Li", "fe"])], "b": ["Life"]}):
        t.render(Context({"v": v}))
    for w in ([mark_safe("Life"), "x"], [mark_safe("".join(["Li", "fe"])), "".join(["x"])]):
        t.render(Context({"v": w}))
    assert len(node.kept) == 2


def test_a_kept_part_is_given_without_rendering_it_again() -> None:
    t = _template("{% memo c %}{{ c.name }}{% endmemo %}")
    node = _memo(t)
    t.render(Context({"c": {"name": "Life"}}))
    (key,) = node.kept
    node.kept[key] = mark_safe("from the memo")
    assert t.render(Context({"c": {"name": "Life"}})) == "from the memo"
    assert t.render(Context({"c": {"name": "Poison"}})) == "Poison"


def test_the_part_sees_only_the_variables_it_names() -> None:
    # Anything else it could read would change its output without changing its key.
    t = _template("{% memo c %}{{ c }}/{{ other }}/{{ forloop.counter }}{% endmemo %}")
    assert t.render(Context({"c": 1, "other": "seen"})) == "1//"
    t = _template("{% for c in cs %}{% memo c %}[{{ c }}{{ forloop.counter }}]{% endmemo %}{% endfor %}")
    assert t.render(Context({"cs": [1, 2]})) == "[1][2]"


def test_a_name_not_in_the_context_stays_undefined_inside_not_none() -> None:
    t = _template("{% memo x %}[{{ x }}]{% endmemo %}")
    assert t.render(Context({})) == "[]"  # as without the memo
    assert t.render(Context({"x": None})) == "[None]"
    assert t.render(Context({})) == "[]"


SHOW = "{% if v.items %}{% for k, x in v.items %}{{ k }}{{ x }}{% endfor %}{% else %}{{ v }}{% endif %}"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (1, True),  # equal in Python, printed differently
        (1, 1.0),
        ([1, 2], (1, 2)),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}),  # the same dict, shown in another order
        ("<i>", mark_safe("<i>")),  # escaped, and not
        ({"a": "<i>"}, {"a": mark_safe("<i>")}),  # the same, inside
        ([mark_safe("<i>"), ("S", "<i>")], [mark_safe("<i>"), mark_safe("<i>")]),  # like a tagged form
        ([mark_safe("1")], [mark_safe("1"), True]),
    ],
)
def test_values_that_render_differently_are_never_mistaken_for_each_other(first: Any, second: Any) -> None:
    t = _template("{% memo v %}" + SHOW + "{% endmemo %}")
    fresh = _template(SHOW)
    assert t.render(Context({"v": first})) == fresh.render(Context({"v": first}))
    assert t.render(Context({"v": second})) == fresh.render(Context({"v": second}))


def test_marked_safe_text_is_kept_apart_from_its_plain_twin() -> None:
    # A button's payload is made by format_html: marked safe, and kept like plain text.
    t = _template("{% memo v %}{% for x in v %}{{ x }}{% endfor %}{% endmemo %}")
    node = _memo(t)
    for _ in range(2):
        assert t.render(Context({"v": [mark_safe("<i>"), 1]})) == "<i>1"
        assert t.render(Context({"v": ["<i>", 1]})) == "&lt;i&gt;1"
    assert len(node.kept) == 2
    assert {key[:1] for key in node.kept} == {b"P", b"T"}  # the plain one as it is, the other tagged
    # Both tagged, differing only in whether the second is marked.
    for _ in range(2):
        assert t.render(Context({"v": [mark_safe("<i>"), "<b>"]})) == "<i>&lt;b&gt;"
        assert t.render(Context({"v": [mark_safe("<i>"), mark_safe("<b>")]})) == "<i><b>"
    assert len(node.kept) == 4


def test_a_value_that_is_not_plain_data_is_rendered_every_time() -> None:
    t = _template("{% memo s %}{{ s.name }}{% endmemo %}")
    node = _memo(t)
    seat = Seat(id=1, table=Table(id=1), name="Ann")
    assert t.render(Context({"s": seat})) == "Ann"
    seat.name = "Bea"  # the same object, changed: a memo keyed on it would give "Ann"
    assert t.render(Context({"s": seat})) == "Bea"
    # Beside marked-safe text too (which takes the other way to a key).
    t = _template("{% memo s %}{{ s.0.name }}{{ s.1 }}{% endmemo %}")
    assert t.render(Context({"s": [seat, mark_safe("!")]})) == "Bea!"
    seat.name = "Cy"
    assert t.render(Context({"s": [seat, mark_safe("!")]})) == "Cy!"
    assert node.kept == {} and _memo(t).kept == {}


def test_escaping_and_the_language_are_part_of_the_key() -> None:
    t = _template("{% memo v %}{{ v }}{% endmemo %}")
    assert t.render(Context({"v": "<b>"})) == "&lt;b&gt;"
    assert t.render(Context({"v": "<b>"}, autoescape=False)) == "<b>"
    node = _memo(t)
    with translation.override("de"):
        t.render(Context({"v": "<b>"}))
    assert len(node.kept) == 3


def test_the_memo_keeps_a_bounded_number_of_parts_dropping_the_least_recently_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(memo_module, "MEMO_ENTRIES", 2)
    t = _template("{% memo v %}{{ v }}{% endmemo %}")
    node = _memo(t)
    for v in (1, 2, 1, 3):  # 1 used again after 2: 2 is the one dropped
        t.render(Context({"v": v}))
    assert list(node.kept) == [_key({"v": 1}, Context()), _key({"v": 3}, Context())]


def test_the_memo_keeps_a_bounded_size_of_parts_dropping_the_least_recently_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A few large parts (a character sheet) must not hold as much as thousands of small ones.
    t = _template("{% memo v %}{{ v }}{% endmemo %}")
    node = _memo(t)
    parts = ["a" * 100, "b" * 100, "c" * 100]
    t.render(Context({"v": parts[0]}))
    (key,) = node.kept
    one = len(key) + 100
    assert node.characters == one
    monkeypatch.setattr(memo_module, "MEMO_CHARACTERS", 2 * one)
    for v in (parts[1], parts[0], parts[2]):  # parts[0] used again after parts[1]: [1] is dropped
        assert t.render(Context({"v": v})) == v
    assert list(node.kept) == [_key({"v": parts[0]}, Context()), _key({"v": parts[2]}, Context())]
    assert node.characters == 2 * one
    # A part larger than the whole bound is rendered every time, and drops nothing kept.
    monkeypatch.setattr(memo_module, "MEMO_CHARACTERS", 2 * one)
    large = "d" * (2 * one)
    for _ in range(2):
        assert t.render(Context({"v": large})) == large
    assert list(node.kept) == [_key({"v": parts[0]}, Context()), _key({"v": parts[2]}, Context())]


def test_memo_takes_only_plain_names() -> None:
    for text in (
        "{% memo %}{% endmemo %}",
        "{% memo c.value %}{% endmemo %}",
        "{% memo c|upper %}{% endmemo %}",
    ):
        with pytest.raises(TemplateSyntaxError):
            _template(text)
