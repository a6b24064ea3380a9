"""A game's board rendered in full: its template with every ``{% memo %}`` taken out.

A board keeps its unchanged parts (``campaigns/templatetags/memo.py``); its
tests compare the kept board with this one, rendered from the same template
and the same context, after every change they make.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.template import Context, engines
from django.template.loader import get_template

from campaigns.boards import board_template_and_context
from campaigns.models import Seat, Table

MEMO_TAGS = re.compile(r"{% load memo %}|{% memo [a-z0-9_ ]+ %}|{% endmemo %}")


def rendered_in_full(
    table: Table, state: Mapping[str, Any] | None = None, seats: list[Seat] | None = None
) -> str:
    """What ``campaigns.boards.board_html`` gives, with nothing kept: every part rendered."""
    found = board_template_and_context(table, state, seats)
    assert found is not None, "this game has no board"
    name, context = found
    loaded: Any = get_template(name)
    source, memos = MEMO_TAGS.subn("", str(loaded.template.source))
    assert memos, f"{name} keeps nothing"
    engine: Any = engines["django"]
    return str(engine.engine.from_string(source).render(Context(context, use_l10n=False)))
