"""The Counters board, kept per seat card and per counter (``{% cache %}``), always shows the table now."""

from __future__ import annotations

from typing import Any

from campaigns.boards import board_html
from campaigns.models import Seat, Table
from tests.board_fragments import rendered_again_from_the_cache, rendered_in_full


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


def test_the_kept_board_is_the_board_rendered_in_full_after_every_change() -> None:
    table = Table(id=1, game="counters", status="open", state={})
    seats = _seats()
    for value in (20, 19, 20, 18):
        assert board_html(table, _state(value), seats) == rendered_in_full(table, _state(value), seats)
    seats[1].name = "Renamed"  # a seat card kept under the old name is not given again
    html = board_html(table, _state(18), seats)
    assert html == rendered_in_full(table, _state(18), seats)
    assert 'aria-label="Renamed"' in html and 'aria-label="P2"' not in html
    assert rendered_again_from_the_cache(table, _state(18), seats) == html
