"""Nothing stored that cannot be read back (issue #15, failures 2 and 6).

Each payload here was once saved and then made every later command, join or
events page of its table answer 500. Now each is refused with a 4xx before
anything is written, and the table keeps answering.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from campaigns.models import Command, Event, Table
from tests.personas import Person, add_life

pytestmark = pytest.mark.django_db(transaction=True)

POISON: list[tuple[str, dict[str, Any], str]] = [
    ("counter.add", {"name": "Life", "min": -(2**70), "max": 2**70}, "number_too_large"),
    ("counter.add", {"name": "Life", "value": 2**64}, "number_too_large"),
    ("counter.add", {"name": "a\ud800b"}, "bad_text"),
    ("counter.add", {"name": "nul\x00name"}, "bad_text"),
    ("counter.add", {"name": "\u202egnp.exe"}, "bad_text"),
    ("counter.add", {"name": "Life", "note": {"a": json.loads("[" * 40 + "]" * 40)}}, "too_deep"),
]


def raw_post(person: Person, body: str) -> Any:
    return person.client.post(
        f"/api/v1/tables/{person.seat.table_id}/commands/", body, content_type="application/json"
    )


def table_still_answers(host: Person, player: Person) -> None:
    life = add_life(player)
    assert player.command("counter.adjust", {"counter_id": life, "by": 1}).status_code == 200
    assert player.client.get(f"/api/v1/tables/{player.seat.table_id}/events/?after=0").status_code == 200
    joined = APIClient().post(
        "/api/v1/tables/join/", {"code": host.table.join_code, "name": "Late"}, format="json"
    )
    assert joined.status_code == 201


@pytest.mark.parametrize(("type_", "payload", "code"), POISON)
def test_a_poisoned_payload_is_refused_and_the_table_keeps_answering(
    host: Person, player: Person, type_: str, payload: dict[str, Any], code: str
) -> None:
    before = Table.objects.get(pk=host.table.pk)
    counts = (Event.objects.count(), Command.objects.count())
    body = json.dumps({"command_id": "poison", "type": type_, "payload": payload})
    response = raw_post(player, body)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code
    after = Table.objects.get(pk=host.table.pk)
    assert (after.seq, after.state) == (before.seq, before.state)
    assert (Event.objects.count(), Command.objects.count()) == counts
    table_still_answers(host, player)


def test_the_field_named_in_the_refusal_is_the_field_that_is_wrong(player: Person) -> None:
    r = player.command("counter.add", {"name": "Life", "max": 2**60})
    assert r.status_code == 400 and r.json()["extra"]["field"] == "max"
    # In a player's words (issue #33, item 4): no sixteen-digit bounds.
    assert r.json()["message"] == "That number is too large for any count at the table."


def test_numbers_the_rules_compute_are_checked_before_commit(host: Person, player: Person) -> None:
    """Within the input bounds, a result past 2**53 would still poison the table: refused."""
    life = add_life(player, value=0)
    r = player.command("counter.set", {"counter_id": life, "value": 2**53})
    assert r.status_code == 400
    table_still_answers(host, player)


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ('{"command_id": "x", "type": "counter.add", "payload": ' + "[" * 5000 + "]" * 5000 + "}", 400),
        ('{"command_id": "x", "type": "counter.add", "payload": {"name": "' + "a" * 70_000 + '"}}', 413),
        ('{"command_id": "x", "type": "counter.add", "payload": {"name": "' + "a" * 3_000_000 + '"}}', 413),
        ('{"command_id": "x\\u0000", "type": "counter.add", "payload": {}}', 400),
        ('{"command_id": "x", "type": "counter.add", "payload": {"name": "\\ud800"}}', 400),
        ("not json", 400),
    ],
)
def test_malformed_bodies_are_4xx_in_the_json_error_shape(
    host: Person, player: Person, body: str, status: int
) -> None:
    response = raw_post(player, body)
    assert response.status_code == status, response.content[:300]
    assert set(response.json()) == {"code", "message", "extra"}
    table_still_answers(host, player)


def test_a_bad_seat_reorder_is_a_400(host: Person, player: Person) -> None:
    for payload in ({"seat_ids": [[1]]}, {"seat_ids": [{"a": 1}]}, {"seat_ids": "x"}, {"seat_ids": [None]}):
        r = host.command("seat.reorder", payload)
        assert r.status_code == 400, (payload, r.content)
    table_still_answers(host, player)
