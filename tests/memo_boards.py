"""A game's board rendered in full: its template with every ``{% memo %}`` taken out.

A board keeps its unchanged parts (``campaigns/templatetags/memo.py``); its
tests compare the kept board with this one, rendered from the same template
and the same context, after every change they make. The board benchmark
(``bench/bench_boards.py``) renders it as its baseline.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any
from unittest import mock

from django.template import Context, engines
from django.template.base import Template
from django.template.loader import get_template

from campaigns.boards import board_html, board_template_and_context
from campaigns.models import Seat, Table
from campaigns.templatetags.memo import MemoNode

MEMO_TAGS = re.compile(r"{% load memo %}|{% memo [a-z0-9_ ]+ %}|{% endmemo %}")


def memo_nodes(name: str) -> list[MemoNode]:
    """Every ``memo`` of the template ``name``, nested ones included."""
    loaded: Any = get_template(name)
    return [n for n in loaded.template.nodelist.get_nodes_by_type(MemoNode) if isinstance(n, MemoNode)]


@functools.cache
def whole_template(name: str) -> Template:
    """The board template ``name`` with every memo tag taken out, compiled once per name.

    The engine's cached loader keeps the kept template compiled; this keeps its twin the
    same way, so rendering a board in full costs its rendering, not a compilation too."""
    loaded: Any = get_template(name)
    source, memos = MEMO_TAGS.subn("", str(loaded.template.source))
    assert memos, f"{name} keeps nothing"
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


def rendered_again_from_the_memo(
    table: Table, state: Mapping[str, Any] | None = None, seats: list[Seat] | None = None
) -> str:
    """``table``'s board rendered twice: the second time no part may be rendered again.

    A part whose values are not plain data (a model, a catalogue card) is rendered every
    time; a board test that only asks whether a part was kept once would miss it."""
    first = board_html(table, state, seats)

    def rendered_again(node: MemoNode, *_: Any) -> str:
        raise AssertionError(f"a part of an unchanged board was rendered again: memo {node.names}")

    with mock.patch.object(MemoNode, "_render", rendered_again):
        again = board_html(table, state, seats)
    assert again == first
    return str(again)


def kept_board(table_id: int) -> str:
    """The table's board as the server sends it, checked equal to the same board rendered in full."""
    table = Table.objects.get(pk=table_id)
    html = board_html(table)
    assert html is not None and html == rendered_in_full(table)
    return html
