"""``{% inline %}`` (campaigns/hotpath/inline.py): the boards' shared partials compiled in.

A board's fields and error slots (templates/partials/) render as the partial
says with exactly the values given: a name not given is empty, whatever the
page's context holds under it, and a name the partial does not take is an
error when the board is compiled, not a silent gap on a phone.
"""

from __future__ import annotations

import pytest
from django.template import TemplateSyntaxError, engines


def render(source: str, **context: object) -> str:
    engine = engines["django"]
    return str(engine.from_string("{% load inline %}" + source).render(context))


FIELD = '{% inline "partials/field.html" '


def test_a_field_renders_its_label_control_and_error_slot() -> None:
    html = render(
        FIELD + 'id="g" key=g suffix="-hp" label="Health" name="health" type="int" %}',
        g=7,
    )
    assert html == (
        '<div class="field"><label for="g7-hp">Health</label>'
        '<input id="g7-hp" name="health" inputmode="numeric" autocomplete="off" data-type="int">'
        '<p class="error" data-error-for="health" role="alert" hidden></p></div>'
    )


def test_a_select_of_choices_keeps_the_chosen_one() -> None:
    html = render(
        FIELD + 'id="el" label="Element" name="element" choices=elements selected=e %}',
        elements=["Fire", "Water"],
        e="Water",
    )
    assert (
        '<select id="el" name="element"><option>Fire</option><option selected>Water</option></select>' in html
    )


def test_a_partial_reads_only_what_it_is_given() -> None:
    """The page's own ``placeholder``, ``value`` and ``name`` do not leak into the field."""
    html = render(
        FIELD + 'id="n" label="Note" name="note" %}{% inline "partials/error.html" %}',
        placeholder="leaked",
        value="leaked",
        name="leaked",
    )
    assert "leaked" not in html
    assert html.endswith('<p class="error" data-error-for="" role="alert" hidden></p>')


def test_a_name_the_partial_does_not_take_is_an_error_at_compile_time() -> None:
    with pytest.raises(TemplateSyntaxError, match="takes no int"):
        render('{% inline "partials/field.html" id="n" label="N" name="n" int=True %}')
    with pytest.raises(TemplateSyntaxError, match="in quotes"):
        render("{% inline partial %}")


def test_the_context_is_left_as_it_was() -> None:
    html = render('{% inline "partials/error.html" name="by" %}{{ name }}', name="outer")
    assert html.endswith("</p>outer")


def test_a_partial_is_kept_for_its_values_and_rendered_again_for_new_ones() -> None:
    from unittest import mock

    from django.utils.safestring import mark_safe

    from campaigns.hotpath import inline

    inline.forget()
    board = engines["django"].from_string(
        "{% load inline %}" + FIELD + 'id="c" key=k label=label name="by" %}'
    )
    made = mock.patch.object(
        inline.InlineNode, "_render", autospec=True, side_effect=inline.InlineNode._render
    )
    with made as rendered:
        first = str(board.render({"k": 1, "label": "A & B"}))
        assert str(board.render({"k": 1, "label": "A & B"})) == first
        assert rendered.call_count == 2  # the field and its error slot, once
        assert "A &amp; B" in first
        assert "A & B" in str(board.render({"k": 1, "label": mark_safe("A & B")}))  # its own key
        assert 'for="c2"' in str(board.render({"k": 2, "label": "A & B"}))
        assert rendered.call_count == 4  # the field twice more; its error slot was kept
    inline.forget()


def test_a_translated_label_is_kept_once_per_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """``label=_("Name")`` resolves to a lazy translation, which a kept part cannot be keyed by:
    every board render rendered such a field again (issue #34 cost a third more per command)."""
    from django.utils import translation

    from campaigns.hotpath import inline

    renders: list[str] = []
    real = inline.InlineNode._render

    def counted(self: inline.InlineNode, context: object, values: dict[str, object]) -> str:
        renders.append(str(values.get("label")))
        return real(self, context, values)  # type: ignore[arg-type]

    monkeypatch.setattr(inline.InlineNode, "_render", counted)
    monkeypatch.setattr(inline, "_kept", type(inline._kept)())
    source = FIELD + 'id="c-name" label=_("Name") name="name" %}'
    engine = engines["django"]
    template = engine.from_string("{% load inline i18n %}" + source)
    with translation.override("de"):
        german = [str(template.render({})) for _ in range(3)]
    with translation.override("en-gb"):
        english = [str(template.render({})) for _ in range(3)]
    # The field once for each language, then kept (its error slot, given no label, the same)
    assert [label for label in renders if label == "Name"] == ["Name", "Name"]
    assert len(set(german)) == 1 and len(set(english)) == 1
