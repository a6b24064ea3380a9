"""A table's whole log as JSON (issue #14, "Exports and restore").

The export carries the table as it was opened (game, options, the seats in
the order they joined) and every event of its log, with each command as its
seat sent it (type, payload, and the dice seed it was applied with), plus
the final snapshot for checking. Seats are named by their index in the
export, never by a database id or a token.

An import replays it into a new table (``campaigns.imports`` runs the job,
``campaigns.readexport`` reads the file, ``campaigns.replay`` rebuilds it).
The export names the game it holds (``origin``: the table it was first
played at), so an ended table imported beside that table is not recorded as
a second play of the same game (``campaigns.origins``).

The options a table was opened with are not stored; each game keeps them
in its snapshot under the option's own key (``option_fields``), which is
where the export reads them. A wrong guess cannot pass: the replay's final
check fails.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaigns import origins, services
from campaigns.models import Command, Event, PlayResult, Seat, Table
from rules import table as table_rules

FORMAT = "grim-table-export"
VERSION = 1
JOINED = "seat.joined"
"""The event a seat's arrival writes (``services.table_create``/``seat_join``): no command behind it."""


def table_export(*, table: Table) -> dict[str, Any]:
    """The table's whole log, ready to be imported elsewhere: seats by index, commands as sent."""
    seats = list(Seat.objects.filter(table=table).order_by("id"))
    index = {seat.pk: i for i, seat in enumerate(seats)}
    events = list(Event.objects.filter(table=table).order_by("seq"))
    commands = Command.objects.filter(table=table).order_by("id")
    options = services.game_options(table) | _opening_spectators(table, events)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": table.game,
        "name": table.name,
        "options": options,
        "seats": [
            {
                "name": seat.name,
                "role": seat.role,
                "position": seat.position,
                "colour": seat.colour,
                "removed": seat.removed_at is not None,
            }
            for seat in seats
        ],
        "events": [
            {
                "seq": event.seq,
                "type": event.type,
                "seat": index.get(event.seat_id) if event.seat_id is not None else None,
                "command_id": event.command_id,
                "payload": event.payload,
                "created_at": event.created_at.isoformat(),
            }
            for event in events
        ],
        "commands": [_command_json(command, index) for command in commands],
        "seq": table.seq,
        "status": table.status,
        "edit_policy": table.edit_policy,
        "state": table.state,
        "origin": origins.origin_json(table),
    }


def _opening_spectators(table: Table, events: list[Event]) -> dict[str, Any]:
    """The table's ``spectators`` option as it was opened (the host may have changed it since)."""
    changed = [e for e in events if e.type == "table.spectators_changed"]
    if changed:
        return {table_rules.SPECTATORS: changed[0].payload["before"]}
    block = table.state.get(table_rules.BLOCK, {})
    return {table_rules.SPECTATORS: block[table_rules.SPECTATORS]} if table_rules.SPECTATORS in block else {}


def _command_json(command: Command, index: Mapping[int, int]) -> dict[str, Any]:
    # Commands applied before exports kept what they were sent with have no
    # replay record: exported as they are, refused by the import with a reason.
    replay = command.response.get(services.REPLAY) if isinstance(command.response, dict) else None
    return {
        "command_id": command.command_id,
        "type": command.type,
        "seat": index.get(command.seat_id) if command.seat_id is not None else None,
        "payload": replay.get("payload") if isinstance(replay, dict) else None,
        "seed": replay.get("seed") if isinstance(replay, dict) else None,
    }


PLAY_COLUMNS = (
    "play_id",
    "game",
    "table_name",
    "ended_at",
    "seat_name",
    "score",
    "place",
    "won",
    "duration_s",
)
"""The columns of an account's plays as CSV (``/api/v1/me/plays/?format=csv``), in order."""


def account_play_rows(*, user: Any, game: str | None = None) -> list[dict[str, Any]]:
    """One row per play result of the account, newest first: its whole history for a spreadsheet."""
    from campaigns.history import results_of

    return [play_row(r) for r in results_of(user, game)]


def play_row(r: PlayResult) -> dict[str, Any]:
    """One result as a row of ``PLAY_COLUMNS`` (its ``play`` selected with it)."""
    return {
        "play_id": r.play_id,
        "game": r.game,
        "table_name": r.play.name,
        "ended_at": r.play.ended_at.isoformat(),
        "seat_name": r.name,
        "score": r.score,
        "place": r.place,
        "won": r.won,
        "duration_s": r.play.duration_s,
    }
