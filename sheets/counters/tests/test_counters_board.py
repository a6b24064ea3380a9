"""The Counters board, kept per seat card and per counter (``{% memo %}``), always shows the table now."""

from __future__ import annotations

from typing import Any

from django.template import Context, engines
from django.template.loader import get_template

from campaigns.boards import board_html
from campaigns.models import Seat, Table
from sheets.counters.board import board_context

MEMO_TAGS = ("{% load memo %}", "{% memo p %}", "{% endmemo %}", "{% memo c %}")


def _seats() -> list[Seat]:
    return [
        Seat(
            id=i, table_id=1, name=f"P{i}", position=i, role="host" if i == 1 else "player", colour="#123456"
        )
        for i in range(1, 4)
    ]


def _state(value: int) -> dict[str, Any]:
    return {
        "counters": [
            {"id": 1, "seat_id": 1, "name": "Life", "value": value, "initial": 20, "min": 0, "max": None},
            {"id": 2, "seat_id": 2, "name": "Poison", "value": 3, "initial": 0, "min": None, "max": 10},
        ]
    }


def _unkept(table: Table, state: dict[str, Any], seats: list[Seat]) -> str:
    """The same board from the same template with every memo taken out (rendered in full), given
    the context ``campaigns.boards.board_html`` gives."""
    loaded: Any = get_template("counters/board.html")
    source = str(loaded.template.source)
    for tag in MEMO_TAGS:
        source = source.replace(tag, "")
    names = {s.pk: s.name for s in seats}
    context = {"state": state, "table": table, "seats": seats, "names": names, "ended": False}
    context.update(board_context(state, seats, names))
    engine: Any = engines["django"]
    return str(engine.engine.from_string(source).render(Context(context, use_l10n=False)))


def test_the_kept_board_is_the_board_rendered_in_full_after_every_change() -> None:
    table = Table(id=1, game="counters", status="open", state={})
    seats = _seats()
    for value in (20, 19, 20, 18):
        assert board_html(table, _state(value), seats) == _unkept(table, _state(value), seats)
    seats[1].name = "Renamed"  # a seat card kept under the old name is not given again
    html = board_html(table, _state(18), seats)
    assert html == _unkept(table, _state(18), seats)
    assert 'aria-label="Renamed"' in html and 'aria-label="P2"' not in html
