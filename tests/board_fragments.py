"""A game's board rendered in full: its template with every ``{% cache %}`` taken out.

A board keeps its unchanged parts (``{% cache %}`` on the ``template_fragments``
cache); its tests compare the kept board with this one, rendered from the same
template and the same context, after every change they make. The board
benchmark (``bench/bench_boards.py``) renders it as its baseline.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any
from unittest import mock

from django.core.cache import caches
from django.template import Context, engines
from django.template.base import Template
from django.template.loader import get_template
from django.templatetags import cache as django_cache_tag
from django.templatetags.cache import CacheNode

from campaigns.boards import board_html, board_template_and_context
from campaigns.models import Seat, Table

FRAGMENT_TAGS = re.compile(r"{% load cache %}|{% cache None [a-z0-9_. ]+ %}|{% endcache %}")
_PLAIN = (dict, list, tuple, str, int, float, bool, type(None))


def fragment_nodes(name: str) -> list[CacheNode]:
    """Every ``cache`` tag of the template ``name``, nested ones included."""
    loaded: Any = get_template(name)
    return [n for n in loaded.template.nodelist.get_nodes_by_type(CacheNode) if isinstance(n, CacheNode)]


@functools.cache
def whole_template(name: str) -> Template:
    """The board template ``name`` with every cache tag taken out, compiled once per name.

    The engine's cached loader keeps the kept template compiled; this keeps its twin the
    same way, so rendering a board in full costs its rendering, not a compilation too."""
    loaded: Any = get_template(name)
    source, tags = FRAGMENT_TAGS.subn("", str(loaded.template.source).replace("{% load cache ", "{% load "))
    assert tags, f"{name} keeps nothing"
    engine: Any = engines["django"]
    template: Template = engine.engine.from_string(source)
    return template


def rendered_in_full(
    table: Table, state: Mapping[str, Any] | None = None, seats: list[Seat] | None = None
) -> str:
    """What ``campaigns.boards.board_html`` gives, with nothing kept: every part rendered."""
    found = board_template_and_context(table, state, seats)
    assert found is not None, "this game has no board"
    name, context = found
    return str(whole_template(name).render(Context(context, use_l10n=False)))


def plain(value: Any) -> bool:
    """Whether ``value`` is plain data of exactly these types throughout: ``{% cache %}`` keys a
    part by ``str`` of its values, which tells no model (or marked-safe text) from another."""
    if type(value) not in _PLAIN:
        return False
    if type(value) is dict:
        return all(plain(k) and plain(v) for k, v in value.items())
    if type(value) in (list, tuple):
        return all(plain(v) for v in value)
    return True


def rendered_again_from_the_cache(
    table: Table, state: Mapping[str, Any] | None = None, seats: list[Seat] | None = None
) -> str:
    """``table``'s board rendered twice: the second time no part may be rendered again, and
    every part is keyed by plain data (a model's ``str`` would give a stale part)."""
    cache_tag: Any = django_cache_tag  # its stubs leave make_template_fragment_key out
    key = cache_tag.make_template_fragment_key

    def checked(fragment_name: str, vary_on: Any = None) -> str:
        for value in vary_on or ():
            assert plain(value), f"{fragment_name} is kept under a value that is not plain data: {value!r}"
        made: str = key(fragment_name, vary_on)
        return made

    with mock.patch.object(cache_tag, "make_template_fragment_key", checked):
        first = board_html(table, state, seats)
        with mock.patch.object(
            caches["template_fragments"], "set", side_effect=AssertionError("rendered again")
        ):
            again = board_html(table, state, seats)
    assert again == first
    return str(again)


def kept_board(table_id: int) -> str:
    """The table's board as the server sends it, checked equal to the same board rendered in full."""
    table = Table.objects.get(pk=table_id)
    html = board_html(table)
    assert html is not None and html == rendered_in_full(table)
    return html
