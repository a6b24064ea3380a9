"""The command log's hot path in plain SQL: lock the snapshot, append, save.

Why not the ORM here: every phone's tap is one command, and the issue's
target is command → event on every phone within 3x a bare Channels relay.
Measured on the project machine, each ORM statement cost about 0.25 ms of
Python (query compilation, model instances) against 0.05 ms for the same
statement through a plain cursor; a command made five of them. Here the
snapshot is read with one statement and, on PostgreSQL, the events, the
command's answer and the new snapshot are written with ONE statement
(data-modifying CTEs); SQLite, which has no such CTEs, gets three. Every
other write (seats, settings, ending a table) stays on the ORM.

On PostgreSQL these three statements go with their values apart from the
text (server-side binding) and as prepared statements: the rest of the
project keeps Django's default client-side binding, which quotes every value
into the statement in Python (the snapshot twice per command: the table row
and the kept answer) and makes PostgreSQL parse and plan it anew each time.
Kept over the ORM with server-side binding (docs/decisions/logstore.md).
"""

from __future__ import annotations

import json
from typing import Any

from django.db import connection
from django.db.backends.utils import CursorWrapper

from campaigns import jsontext
from campaigns.hotpath.django_postgres import prepared_cursor
from campaigns.models import Event, Seat, Table

_TABLE_COLUMNS = ("id", "game", "name", "join_code", "edit_policy", "status", "seq", "state", "seat_ids")


def _cursor() -> CursorWrapper:
    """A cursor for the hot path's statements: prepared, values bound by the server, on
    PostgreSQL (``campaigns.hotpath.django_postgres``); Django's cursor wrapper around it
    (errors translated, so a repeated ``command_id`` is an IntegrityError; queries counted
    where tests count them)."""
    if connection.vendor != "postgresql":
        return connection.cursor()
    return prepared_cursor(connection)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


_SEAT_COLUMNS = ("id", "table_id", "name", "colour", "position", "role", "user_id", "removed_at")
_TABLE_ALL = (*_TABLE_COLUMNS, "host_user_id", "created_at", "ended_at")


def active_seat(token_hash: str) -> Seat | None:
    """The seat a token opens, with its table (every API call and socket asks this first)."""
    columns = [f"s.{c}" for c in _SEAT_COLUMNS] + [f"t.{c}" for c in _TABLE_ALL]
    with _cursor() as cursor:
        cursor.execute(
            f"SELECT {', '.join(columns)} FROM campaigns_seat s JOIN campaigns_table t ON t.id = s.table_id "
            "WHERE s.token_hash = %s AND s.removed_at IS NULL",
            [token_hash],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    seat_values = dict(zip(_SEAT_COLUMNS, row[: len(_SEAT_COLUMNS)], strict=True))
    table_values = dict(zip(_TABLE_ALL, row[len(_SEAT_COLUMNS) :], strict=True))
    seat: Seat = _instance(Seat, seat_values)
    seat.table = _table(table_values)
    return seat


def _instance(model: Any, values: dict[str, Any]) -> Any:
    """A model instance from some of its columns; ``from_db`` wants them in field order."""
    names = [f.attname for f in model._meta.concrete_fields if f.attname in values]
    return model.from_db(connection.alias, names, _convert(model, tuple(names), [values[n] for n in names]))


def _convert(model: Any, columns: tuple[str, ...], values: list[Any]) -> list[Any]:
    """Apply the backend's converters (SQLite returns datetimes as text)."""
    out = []
    for column, value in zip(columns, values, strict=True):
        field = model._meta.get_field(column.removesuffix("_id") if column.endswith("_id") else column)
        if value is not None and field.get_internal_type() == "DateTimeField":
            for converter in connection.ops.get_db_converters(field.get_col(model._meta.db_table)):
                value = converter(value, field.get_col(model._meta.db_table), connection)
        out.append(value)
    return out


def _table(values: dict[str, Any]) -> Table:
    values = dict(values)
    values["state"] = _json(values["state"])
    values["seat_ids"] = _json(values["seat_ids"])
    table: Table = _instance(Table, values)
    return table


def lock_table(table_id: int) -> Table | None:
    """The table row under a write lock until the transaction ends."""
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    with _cursor() as cursor:
        cursor.execute(
            f"SELECT {', '.join(_TABLE_COLUMNS)} FROM campaigns_table WHERE id = %s{lock}", [table_id]
        )
        row = cursor.fetchone()
    if row is None:
        return None
    # A partial instance: the fields not selected load lazily if ever used.
    return _table(dict(zip(_TABLE_COLUMNS, row, strict=True)))


def _events_insert(table: Table, events: list[Event], jsonb: str) -> tuple[str, list[Any]]:
    """One ``INSERT`` of all the command's events, and its parameters."""
    adapt = connection.ops.adapt_datetimefield_value
    rows = [
        (table.pk, e.seq, e.seat_id, e.command_id, e.type, jsontext.dumps(e.payload), adapt(e.created_at))
        for e in events
    ]
    sql = (
        "INSERT INTO campaigns_event (table_id, seq, seat_id, command_id, type, payload, created_at) VALUES "
        + (", ".join([f"(%s, %s, %s, %s, %s, %s{jsonb}, %s)"] * len(rows)))
    )
    return sql, [value for row in rows for value in row]


def _table_update(table: Table, jsonb: str) -> tuple[str, list[Any]]:
    """The ``UPDATE`` of the table row's mirrored columns, and its parameters (the id last)."""
    columns = ["seq", "state", "name", "join_code", "edit_policy", "status", "seat_ids"]
    values: list[Any] = [
        table.seq,
        jsontext.dumps(table.state),
        table.name,
        table.join_code,
        table.edit_policy,
    ]
    values += [table.status, jsontext.dumps(table.seat_ids)]
    if "ended_at" not in table.get_deferred_fields():  # loaded lazily otherwise: set only when ended
        columns.append("ended_at")
        values.append(connection.ops.adapt_datetimefield_value(table.ended_at))
    cast = {"state": jsonb, "seat_ids": jsonb}
    assignments = ", ".join(f"{c} = %s{cast.get(c, '')}" for c in columns)
    return f"UPDATE campaigns_table SET {assignments} WHERE id = %s", [*values, table.pk]


def write_command(
    table: Table,
    events: list[Event],
    *,
    command_id: str,
    seat_id: int,
    type: str,
    fingerprint: str,
    response: dict[str, Any],
) -> None:
    """Append ``events``, remember the answer and save the table row: one write per command,
    its ``seq`` and snapshot with the columns mirrored from the snapshot's table block
    (name, policy, status, seats; ``ended_at`` when this command ended it) and its join code.

    A repeated ``command_id`` violates the unique constraint and raises
    IntegrityError, which rolls the whole command back.
    """
    now = connection.ops.adapt_datetimefield_value(events[0].created_at if events else None)
    jsonb = "::jsonb" if connection.vendor == "postgresql" else ""
    insert_events, flat_events = _events_insert(table, events, jsonb)
    command_row = (table.pk, command_id, seat_id, type, fingerprint, jsontext.dumps(response), now)
    insert_command = (
        "INSERT INTO campaigns_command "
        "(table_id, command_id, seat_id, type, fingerprint, response, created_at) "
        f"VALUES (%s, %s, %s, %s, %s, %s{jsonb}, %s)"
    )
    update_table, table_row = _table_update(table, jsonb)
    with _cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                f"WITH e AS ({insert_events}), c AS ({insert_command}) {update_table}",
                [*flat_events, *command_row, *table_row],
            )
        else:
            cursor.execute(insert_events, flat_events)
            cursor.execute(insert_command, list(command_row))
            cursor.execute(update_table, table_row)
