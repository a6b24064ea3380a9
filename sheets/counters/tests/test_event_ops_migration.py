"""Counters tables logged before the ops era still undo and redo after the data migration (issue #8)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps

from campaigns.models import Event, Table
from tests.personas import Person, add_life

pytestmark = pytest.mark.django_db
migration = importlib.import_module("sheets.counters.migrations.0001_counter_event_ops")


def log_old(p: Person, type_: str, payload: dict[str, Any], value: int, undone: list[int]) -> int:
    """Append an event as the log held it before Counters recorded ops, and its snapshot."""
    table = Table.objects.get(pk=p.table.pk)
    table.seq += 1
    Event.objects.create(table=table, seq=table.seq, seat=p.seat, type=type_, payload=payload)
    table.state["counters"][0]["value"] = value
    table.state["undone"] = undone
    table.save(update_fields=["seq", "state"])
    return table.seq


def life(p: Person) -> Any:
    p.table.refresh_from_db()
    return p.table.state["counters"][0]["value"]


def test_old_events_undo_and_redo_after_the_migration(host: Person) -> None:
    counter = add_life(host, 10, min=0, max=12)
    added = Event.objects.get(table=host.table, type="counter.added")
    added.payload = {k: v for k, v in added.payload.items() if k != "ops"}
    added.save(update_fields=["payload"])
    head = {"counter_id": counter, "seat_id": host.seat.pk, "name": "Life"}
    adjust = log_old(host, "counter.adjusted", {**head, "by": 2, "before": 10, "after": 12}, 12, [])
    back = {"type": "counter.adjusted", "payload": {**head, "by": -2, "before": 12, "after": 10}}
    undo = log_old(
        host, "undo", {"seq": adjust, "undone_type": "counter.adjusted", "events": [back]}, 10, [adjust]
    )
    assert host.command("redo", {"seq": undo}).json()["code"] == "cannot_undo"  # no ops to go on

    migration.forwards(apps, None)
    assert host.command("redo", {"seq": undo}).status_code == 200
    assert life(host) == 12
    assert host.command("counter.set", {"counter_id": counter, "value": 1}).status_code == 200
    refused = host.command("undo", {"seq": adjust})  # 1 - 2 would cross the minimum 0
    assert refused.status_code == 400 and refused.json()["code"] == "below_min"
    assert life(host) == 1
    before = list(Event.objects.filter(table=host.table).order_by("seq").values_list("payload", flat=True))
    migration.forwards(apps, None)  # a second run changes nothing
    after = list(Event.objects.filter(table=host.table).order_by("seq").values_list("payload", flat=True))
    assert after == before
