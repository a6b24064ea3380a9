"""The snapshot's table block is the truth; the Seat and Table rows mirror it (issue #8, "The shape").

Host commands are pure rules ops on the block (``rules.table``); the service
projects the block onto the rows with one write of the Table row per command.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from campaigns import seat_memo, services
from campaigns.codes import hash_token
from campaigns.models import Event, Seat, Table
from rules import table as table_rules
from tests.import_jobs import import_table
from tests.personas import Person, add_life

pytestmark = pytest.mark.django_db


def rows_agree(table_id: int) -> dict[str, Any]:
    """The block, after checking that every row says what it says."""
    table = Table.objects.get(pk=table_id)
    block: dict[str, Any] = table.state[table_rules.BLOCK]
    assert (table.name, table.edit_policy, table.status) == (
        block["name"],
        block["edit_policy"],
        block["status"],
    )
    assert (table.ended_at is not None) == (block["status"] == "ended")
    seats = list(Seat.objects.filter(table=table).order_by("id"))
    assert [(s.pk, s.name, s.role, s.colour, s.position, s.removed_at is not None) for s in seats] == [
        (e["seat_id"], e["name"], e["role"], e["colour"], e["position"], e["removed"]) for e in block["seats"]
    ]
    assert table.seat_ids == [e["seat_id"] for e in block["seats"] if not e["removed"]]
    return block


def table_writes(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(("UPDATE", "WITH")) and "campaigns_table" in q["sql"]
    ]


@pytest.mark.parametrize(
    ("type_", "payload"),
    [
        ("seat.rename", {"name": "Bobby"}),
        ("seat.reorder", {}),
        ("seat.remove", {}),
        ("table.set_policy", {"edit_policy": "everyone"}),
        ("table.rename", {"name": "Saturday"}),
        ("table.rotate_code", {}),
        ("table.end", {}),
    ],
)
def test_each_host_command_changes_the_block_by_ops_and_writes_the_table_row_once(
    host: Person, player: Person, type_: str, payload: dict[str, Any]
) -> None:
    if type_ in ("seat.rename", "seat.remove"):
        payload = {**payload, "seat_id": player.seat.pk}
    if type_ == "seat.reorder":
        payload = {"seat_ids": [player.seat.pk, host.seat.pk]}
    before = Table.objects.get(pk=host.table.pk)
    with CaptureQueriesContext(connection) as queries:
        answer = host.command(type_, payload)
    assert answer.status_code == 200, answer.json()
    assert len(table_writes(queries)) == 1, table_writes(queries)
    event = Event.objects.get(table=before, seq=answer.json()["seq"])
    block = rows_agree(before.pk)
    if type_ != "table.rotate_code":
        assert event.payload["ops"], "the event records what it changed"
        assert block != before.state[table_rules.BLOCK]
    after = Table.objects.get(pk=before.pk)
    assert (after.join_code != before.join_code) == (type_ == "table.rotate_code")
    assert answer.json()["state"][table_rules.BLOCK] == block  # every phone gets the new block


def test_joins_and_a_whole_evening_keep_rows_and_block_in_step(host: Person, player: Person) -> None:
    third = services.seat_join(code=host.table.join_code, name="Cy", role="spectator")[1].seat
    rows_agree(host.table.pk)
    joined = Event.objects.filter(table=host.table, type="seat.joined").order_by("seq").last()
    assert joined is not None and joined.payload["ops"][0]["op"] == "insert"
    host.command("seat.reorder", {"seat_ids": [third.pk, player.seat.pk, host.seat.pk]})
    player.command("seat.rename", {"seat_id": player.seat.pk, "name": "Bea"})
    host.command("seat.remove", {"seat_id": third.pk})
    block = rows_agree(host.table.pk)
    assert [s["name"] for s in table_rules.seating(Table.objects.get(pk=host.table.pk).state)] == [
        "Bea",
        "Ann",
    ]
    assert block["seats"][2]["removed"] is True


def test_a_game_command_reads_no_seat_rows_and_the_log_names_the_seats_from_the_block(
    host: Person, player: Person
) -> None:
    life = add_life(player)
    player.command("seat.rename", {"seat_id": player.seat.pk, "name": "Bea"})
    seat_memo.forget(hash_token(player.token))
    with CaptureQueriesContext(connection) as queries:
        answer = player.command("counter.adjust", {"counter_id": life, "by": -2})
    assert answer.status_code == 200
    seat_reads = [
        q["sql"]
        for q in queries.captured_queries
        if 'FROM "campaigns_seat"' in q["sql"] or "FROM campaigns_seat" in q["sql"]
    ]
    # The token lookup joins the seat once (the next command of this token needs none:
    # campaigns/tests/test_seat_memo.py); nothing else reads the seats.
    assert len(seat_reads) == 1, seat_reads
    assert "Bea" in answer.json()["events"][0]["text"]


def test_a_snapshot_from_before_the_block_gets_it_from_the_rows(host: Person, player: Person) -> None:
    """Tables opened before the block existed (the data migration fills theirs) still work."""
    table = Table.objects.get(pk=host.table.pk)
    Table.objects.filter(pk=table.pk).update(
        state={k: v for k, v in table.state.items() if k != table_rules.BLOCK}
    )
    late = services.seat_join(code=table.join_code, name="Late")[1].seat
    block = rows_agree(table.pk)
    assert [s["seat_id"] for s in block["seats"]] == [host.seat.pk, player.seat.pk, late.pk]
    Table.objects.filter(pk=table.pk).update(
        state={k: v for k, v in table.state.items() if k != table_rules.BLOCK}
    )
    assert host.command("seat.rename", {"seat_id": late.pk, "name": "Later"}).status_code == 200
    assert rows_agree(table.pk)["seats"][2]["name"] == "Later"


def test_refused_host_command_changes_no_row(host: Person, player: Person) -> None:
    before = rows_agree(host.table.pk)
    r = host.command("seat.rename", {"seat_id": player.seat.pk, "name": "x" * 41})
    assert r.status_code == 400 and r.json()["code"] == "bad_name" and r.json()["extra"]["field"] == "name"
    assert rows_agree(host.table.pk) == before


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_older_tables_their_block() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([("campaigns", "0010_table_origin")])
    apps = executor.loader.project_state([("campaigns", "0010_table_origin")]).apps
    old = apps.get_model("campaigns", "Table").objects.create(
        game="counters", name="Old", join_code="OLDOLD", edit_policy="everyone", state={"counters": []}
    )
    seat = apps.get_model("campaigns", "Seat")
    ann = seat.objects.create(table=old, name="Ann", role="host", position=1, colour="#111", token_hash="a")
    bo = seat.objects.create(
        table=old,
        name="Bo",
        role="player",
        position=0,
        colour="#222",
        token_hash="b",
        removed_at=timezone.now(),
    )
    apps.get_model("campaigns", "Table").objects.filter(pk=old.pk).update(seat_ids=[ann.pk])
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    state = Table.objects.get(pk=old.pk).state
    assert state == {
        "counters": [],
        "table": {
            "name": "Old",
            "edit_policy": "everyone",
            "status": "open",
            "seats": [
                {
                    "seat_id": ann.pk,
                    "name": "Ann",
                    "role": "host",
                    "colour": "#111",
                    "position": 1,
                    "removed": False,
                },
                {
                    "seat_id": bo.pk,
                    "name": "Bo",
                    "role": "player",
                    "colour": "#222",
                    "position": 0,
                    "removed": True,
                },
            ],
        },
    }
    rows_agree(old.pk)


def test_an_export_written_before_the_block_still_imports(host: Person, player: Person) -> None:
    """Backups made before host commands carried ops restore: the block is rebuilt by the replay."""
    add_life(player)
    host.command("seat.rename", {"seat_id": player.seat.pk, "name": "Bea"})
    host.command("seat.reorder", {"seat_ids": [player.seat.pk, host.seat.pk]})
    host.command("table.rename", {"name": "Saturday"})
    host.command("table.set_policy", {"edit_policy": "everyone"})
    export = host.client.get(f"/api/v1/tables/{host.table.pk}/export/").json()
    for event in export["events"]:
        if event["type"].startswith(("seat.", "table.")):
            del event["payload"]["ops"]
    del export["state"][table_rules.BLOCK]
    answer = import_table(export)
    assert answer.status_code == 200, answer.json()
    block = rows_agree(answer.json()["id"])
    assert block["name"] == "Saturday" and [s["name"] for s in block["seats"]] == ["Ann", "Bea"]
    tampered = copy.deepcopy(export)
    tampered["events"][-1]["payload"]["edit_policy"] = "own"
    assert import_table(tampered).status_code == 400
