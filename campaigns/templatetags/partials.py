"""The boards' shared partials (``templates/partials/``) as Django inclusion tags.

``{% field label=_("Name") name="name" %}`` renders ``partials/field.html`` with
exactly the names its tag takes: each given value, every other one "" (a
partial tests ``!= ""``), nothing from the page's context. A name a tag does
not take is an error when the template is compiled. ``classes`` stands for
the HTML ``class``, a word Python keeps for itself.
"""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.inclusion_tag("partials/error.html")
def error(
    name: Any = "", classes: Any = "", control: Any = "", key: Any = "", suffix: Any = ""
) -> dict[str, Any]:
    """The slot where a refusal shows beside its control."""
    return dict(locals())


@register.inclusion_tag("partials/field.html")
def field(
    id: Any = "",
    key: Any = "",
    suffix: Any = "",
    label: Any = "",
    name: Any = "",
    type: Any = "",
    optional: Any = "",
    value: Any = "",
    placeholder: Any = "",
    maxlength: Any = "",
    list: Any = "",
    required: Any = "",
    choices: Any = "",
    options: Any = "",
    selected: Any = "",
    blank: Any = "",
    described: Any = "",
    classes: Any = "",
) -> dict[str, Any]:
    """A labelled field of a board's form with its error slot."""
    return dict(locals())


@register.inclusion_tag("partials/correction.html")
def correction(
    command: Any = "",
    edit_seat: Any = "",
    of: Any = "",
    of_id: Any = "",
    of_type: Any = "",
    says: Any = "",
    id: Any = "",
    key: Any = "",
    suffix: Any = "",
    note_suffix: Any = "",
    label: Any = "",
    name: Any = "",
    placeholder: Any = "",
    pick: Any = "",
    pick_suffix: Any = "",
    note_placeholder: Any = "",
    button: Any = "",
) -> dict[str, Any]:
    """The "printed card wins" correction form: a number set or changed by hand, with a note."""
    return dict(locals())


@register.inclusion_tag("partials/final_table.html")
def final_table(id: Any = "", title: Any = "", columns: Any = "", final: Any = "") -> dict[str, Any]:
    """An ended game's final places."""
    return dict(locals())
