"""The boards' shared partials (templates/partials/) as inclusion tags (campaigns/templatetags/partials.py).

A board's fields and error slots render as the partial says with exactly the
values given: a name not given is empty, whatever the page's context holds
under it, and a name the tag does not take is an error when the board is
compiled, not a silent gap on a phone.
"""

from __future__ import annotations

import pytest
from django.template import TemplateSyntaxError, engines
from django.utils import translation


def render(source: str, **context: object) -> str:
    engine = engines["django"]
    return str(engine.from_string("{% load partials %}" + source).render(context))


def test_a_field_renders_its_label_control_and_error_slot() -> None:
    html = render('{% field id="g" key=g suffix="-hp" label="Health" name="health" type="int" %}', g=7)
    assert html == (
        '<div class="field"><label for="g7-hp">Health</label>'
        '<input id="g7-hp" name="health" inputmode="numeric" autocomplete="off" data-type="int">'
        '<p class="error" data-error-for="health" role="alert" hidden></p></div>'
    )


def test_a_select_of_choices_keeps_the_chosen_one() -> None:
    html = render(
        '{% field id="el" label="Element" name="element" choices=elements selected=e %}',
        elements=["Fire", "Water"],
        e="Water",
    )
    assert (
        '<select id="el" name="element"><option>Fire</option><option selected>Water</option></select>' in html
    )


def test_a_partial_reads_only_what_it_is_given() -> None:
    """The page's own ``placeholder``, ``value`` and ``name`` do not leak into the field."""
    html = render(
        '{% field id="n" label="Note" name="note" %}{% error %}',
        placeholder="leaked",
        value="leaked",
        name="leaked",
    )
    assert "leaked" not in html
    assert html.endswith('<p class="error" data-error-for="" role="alert" hidden></p>')


def test_more_classes_go_on_the_slot() -> None:
    html = render('{% error name="by" classes="counter-error" %}')
    assert html == '<p class="error counter-error" data-error-for="by" role="alert" hidden></p>'


def test_a_name_the_partial_does_not_take_is_an_error_at_compile_time() -> None:
    with pytest.raises(TemplateSyntaxError, match="unexpected keyword argument 'int'"):
        render('{% field id="n" label="N" name="n" int=True %}')


def test_the_context_is_left_as_it_was() -> None:
    html = render('{% error name="by" %}{{ name }}', name="outer")
    assert html.endswith("</p>outer")


def test_a_translated_label_follows_the_active_language() -> None:
    template = engines["django"].from_string(
        '{% load partials i18n %}{% field id="c" label=_("Note") name="n" %}'
    )
    with translation.override("de"):
        german = str(template.render({}))
    with translation.override("en-gb"):
        english = str(template.render({}))
    assert ">Note</label>" in english and ">Notiz</label>" in german
