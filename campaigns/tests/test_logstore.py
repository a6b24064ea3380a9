"""The plain-SQL hot path reads and writes exactly what the ORM would."""

from __future__ import annotations

import pytest
from django.forms.models import model_to_dict

from campaigns import codes, logstore
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
