"""A platform command with a key it does not know is refused naming that key (issue #32, item 9).

Every game's commands refuse an unknown payload key (``rules.validate.fields``:
400 ``unknown_field``); the Counters commands, the host's ``seat.*`` and
``table.*`` and ``undo``/``redo`` took one silently, so a typo ("seatid")
was ignored instead of shown beside its field.
"""

from __future__ import annotations

from typing import Any

import pytest

from campaigns.models import Command, Table
from tests.personas import Person, add_life

pytestmark = pytest.mark.django_db


def valid_payloads(host: Person, player: Person) -> list[tuple[str, dict[str, Any]]]:
    """One payload each command takes, at this table."""
    life = add_life(host)
    done = host.command("counter.adjust", {"counter_id": life, "by": 1}).json()["seq"]
    undone = host.command("undo", {"seq": done}).json()["seq"]
    change = host.command("counter.adjust", {"counter_id": life, "by": 1}).json()["seq"]
    return [
        ("counter.add", {"name": "Poison", "value": 0, "min": 0, "max": 10, "seat_id": host.seat.pk}),
        ("counter.adjust", {"counter_id": life, "by": 1}),
        ("counter.set", {"counter_id": life, "value": 5}),
        ("counter.reset", {"counter_id": life}),
        ("counter.rename", {"counter_id": life, "name": "Health"}),
        ("counter.remove", {"counter_id": life}),
        ("seat.rename", {"seat_id": player.seat.pk, "name": "Bea"}),
        ("seat.reorder", {"seat_ids": [player.seat.pk, host.seat.pk]}),
        ("seat.remove", {"seat_id": player.seat.pk}),
        ("table.set_policy", {"edit_policy": "everyone"}),
        ("table.rename", {"name": "Saturday"}),
        ("table.rotate_code", {}),
        ("undo", {"seq": change}),
        ("redo", {"seq": undone}),
        ("table.end", {}),
    ]


TYPES = [
    "counter.add", "counter.adjust", "counter.set", "counter.reset", "counter.rename", "counter.remove",
    "seat.rename", "seat.reorder", "seat.remove",
    "table.set_policy", "table.rename", "table.rotate_code", "table.end", "undo", "redo",
]  # fmt: skip


@pytest.mark.parametrize("type_", TYPES)
def test_a_platform_command_refuses_a_key_it_does_not_know(host: Person, player: Person, type_: str) -> None:
    payload = dict(valid_payloads(host, player))[type_]
    before = Table.objects.get(pk=host.table.pk)
    commands = Command.objects.count()
    r = host.command(type_, {**payload, "seatid": 3})
    assert r.status_code == 400, r.content
    body = r.json()
    assert body["code"] == "unknown_field" and body["extra"]["field"] == "seatid", body
    after = Table.objects.get(pk=host.table.pk)
    assert (after.seq, after.state, after.join_code) == (before.seq, before.state, before.join_code)
    assert Command.objects.count() == commands
    assert host.command(type_, payload).status_code == 200  # the same without the stray key is taken
