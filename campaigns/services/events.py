"""A change's events, numbered for the log and announced to every phone after commit.

The one way events enter the log, for commands and for seats joining alike:
``numbered`` gives them the table's next ``seq`` values (stored by the
caller: ``logstore.write_command`` for a command, a bulk insert for a join),
and ``announce`` words them for the log and sends them, with the game's board
rendered once for each language read at the table, after the transaction commits.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone, translation

from campaigns import logtext
from campaigns.boards import board_html, has_board
from campaigns.broadcast import after_commit, broadcast_events
from campaigns.models import Event, Seat, Table
from rules.engine import NewEvent, State


def numbered(table: Table, seat_id: int | None, new: list[NewEvent], command_id: str) -> list[Event]:
    """The events as log rows (unsaved), with the next ``seq`` values; ``table.seq`` moves on."""
    rows = []
    for item in new:
        table.seq += 1
        rows.append(
            Event(
                table=table,
                seq=table.seq,
                seat_id=seat_id,
                command_id=command_id,
                type=item.type,
                payload=item.payload,
                created_at=timezone.now(),
            )
        )
    return rows


def announce(table: Table, rows: list[Event], state: State, seats: list[Seat]) -> list[dict[str, Any]]:
    """The rows as clients get them (each with its log line, worded with ``seats``' names as they
    are after the change), sent to the table's phones after commit; ``table.state`` becomes
    ``state``, which the lines and the board read."""
    table.state = state
    names = {s.pk: s.name for s in seats}
    sent = logtext.events_json(table, rows, names)
    group, seat_ids, status = table.group_name, list(table.seat_ids), str(table.status)

    def board() -> str | None:
        return board_html(table, state, seats)

    def reword() -> list[dict[str, Any]]:
        return logtext.reworded(table, sent, rows, names)

    render = board if has_board(table) else None
    language = translation.get_language()

    def send() -> None:
        broadcast_events(
            group,
            sent,
            state,
            seat_ids=seat_ids,
            status=status,
            board=render,
            language=language,
            reword=reword,
        )

    after_commit(send)
    return sent
