"""A game's board, rendered by the server from the snapshot (architecture: one page shell).

The board is the same for every phone at the table, so it is rendered once
per command and sent with the event; each page then puts its own seat first
and hides the controls it may not use (``static/js/board.js``), and the
server still checks every command. A board template gets ``state``,
``table``, ``seats`` (the active seats in seating order), ``names`` (every
seat id to its name, removed seats included) and ``spec``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.template import Context
from django.template.loader import get_template
from django.utils.translation import get_language

from campaigns.models import Seat, Table, TableStatus
from campaigns.registry import find


def fragment_key(key: str, key_prefix: str, version: int) -> str:
    """The ``template_fragments`` cache's keys: Django's, with the active language, which
    ``{% cache %}`` leaves out and a board's words follow."""
    return f"{key_prefix}:{version}:{get_language()}:{key}"


def has_board(table: Table) -> bool:
    spec = find(table.game)
    return spec is not None and bool(spec.board_template)


def plain_seat(seat: Any) -> dict[str, Any]:
    """What a board shows of a seat, as plain data: a part of a board is kept under its values
    (``{% cache %}``), which a model's ``str`` would not tell apart."""
    return {"pk": seat.pk, "name": str(seat.name), "colour": str(seat.colour), "role": str(seat.role)}


def board_html(
    table: Table,
    state: Mapping[str, Any] | None = None,
    seats: list[Seat] | None = None,
) -> str | None:
    """The board of ``table`` (its current snapshot unless ``state`` is given); None without one."""
    found = board_template_and_context(table, state, seats)
    if found is None:
        return None
    name, context = found
    # Numbers print as they are (no locale formatting): a board's numbers are scores and
    # counts, the site's locale (en-gb, no thousands separator) prints them the same, and
    # localizing each one was a tenth of a loaded process's board rendering (bench_capacity).
    template: Any = get_template(name)
    return str(template.template.render(Context(context, use_l10n=False)))


def board_template_and_context(
    table: Table,
    state: Mapping[str, Any] | None = None,
    seats: list[Seat] | None = None,
) -> tuple[str, dict[str, Any]] | None:
    """The board's template name and everything it is rendered with; None without a board."""
    spec = find(table.game)
    if spec is None or not spec.board_template:
        return None
    if seats is None:
        seats = list(Seat.objects.filter(table=table).order_by("position", "id"))
    active = [s for s in seats if s.removed_at is None]
    snapshot = state if state is not None else table.state
    names = {s.pk: s.name for s in seats}
    context: dict[str, Any] = {
        "state": snapshot,
        "table": table,
        "seats": active,
        "names": names,
        "spec": spec,
        "ended": table.status == TableStatus.ENDED,
    }
    if spec.board_context is not None:
        context.update(spec.board_context(snapshot, active, names))
    return spec.board_template, context
