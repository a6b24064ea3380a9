"""The plain-SQL hot path reads and writes exactly what the ORM would."""

from __future__ import annotations

import pytest
from django.db import connection
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext

from campaigns import codes
from campaigns.hotpath import logstore
from campaigns.models import Command, Event, Seat, Table
from tests.personas import Person, add_life

pytestmark = pytest.mark.django_db


def test_active_seat_matches_the_orm_row_by_row(player: Person) -> None:
    seat = logstore.active_seat(codes.hash_token(player.token))
    assert seat is not None
    orm_seat = Seat.objects.get(pk=player.seat.pk)
    fields = ["id", "table", "name", "colour", "position", "role", "user", "removed_at"]
    assert model_to_dict(seat, fields=fields) == model_to_dict(orm_seat, fields=fields)
    orm_table = Table.objects.get(pk=player.seat.table_id)
    assert model_to_dict(seat.table) == model_to_dict(orm_table)
    assert seat.table.created_at == orm_table.created_at
    assert logstore.active_seat(codes.hash_token("nobody")) is None


def test_lock_table_and_write_command_round_trip(player: Person) -> None:
    life = add_life(player)
    player.command("counter.adjust", {"counter_id": life, "by": 3}, command_id="w1")
    table = Table.objects.get(pk=player.table.pk)
    locked = logstore.lock_table(table.pk)
    assert locked is not None
    assert (locked.seq, locked.state, locked.seat_ids, locked.status) == (
        table.seq,
        table.state,
        table.seat_ids,
        table.status,
    )
    event = Event.objects.get(table=table, command_id="w1")
    assert event.payload["after"] == 23 and event.seat_id == player.seat.pk
    assert Command.objects.get(table=table, command_id="w1").response["seq"] == event.seq
    assert logstore.lock_table(10**9) is None


postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="prepared statements exist on PostgreSQL only (CI runs it)"
)


def _prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


@postgresql_only
def test_on_postgresql_the_hot_path_is_prepared_and_nothing_else(player: Person) -> None:
    """PostgreSQL plans the command's statements once per connection (a third of its time per
    command, bench_capacity); Django's own statements stay unprepared (poolers)."""
    life = add_life(player)
    with CaptureQueriesContext(connection) as log:
        for n in range(3):
            player.command("counter.adjust", {"counter_id": life, "by": 1}, command_id=f"p{n}")
    # The query log (DEBUG, tests counting queries) still shows each statement with its values.
    assert (
        sum(q["sql"].startswith("WITH e AS (INSERT") and "'p2'" in q["sql"] for q in log.captured_queries)
        == 1
    )
    prepared = _prepared()
    assert any(s.startswith("SELECT s.id, s.table_id") for s in prepared)  # the seat a token opens
    assert any(s.startswith("SELECT id, game") and s.endswith("FOR UPDATE") for s in prepared)
    assert sum(s.startswith("WITH e AS (INSERT INTO campaigns_event") for s in prepared) == 1  # reused
    assert len(prepared) == 3, prepared  # no ORM statement among them
    assert Table.objects.get(pk=player.table.pk).state["counters"][0]["value"] == 23


@postgresql_only
def test_with_prepared_statements_off_nothing_is_prepared(player: Person) -> None:
    """``DB_PREPARED_STATEMENTS=0`` (a pooler in transaction mode) sets no threshold: none at all."""
    connection.ensure_connection()
    raw = connection.connection
    kept, raw.prepare_threshold = raw.prepare_threshold, None
    try:
        life = add_life(player)
        player.command("counter.adjust", {"counter_id": life, "by": 1}, command_id="off")
        assert _prepared() == []
    finally:
        raw.prepare_threshold = kept
