"""A table takes so many spectators (issue #32, item 7): a join code does not let anyone fill it.

Every game's table has the platform's ``spectators`` option (default 6), kept
in the snapshot's table block; a spectator past it is refused 409
``spectators_full``, and the host changes it with ``table.set_spectators``.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from campaigns import services
from campaigns.models import Seat, Table
from rules import table as table_rules
from tests.import_jobs import import_table
from tests.personas import Person, join, person

pytestmark = pytest.mark.django_db
JOIN = "/api/v1/tables/join/"


def join_as(table: Table, name: str, role: str = "spectator") -> Any:
    return APIClient().post(JOIN, {"code": table.join_code, "name": name, "role": role}, format="json")


def create(options: dict[str, Any], game: str = "counters") -> Any:
    body = {"game": game, "name": "Fri", "seat_name": "Ann", "options": options}
    return APIClient().post("/api/v1/tables/", body, format="json")


def test_six_spectators_by_default_then_409_spectators_full(host: Person) -> None:
    table = host.table
    answers = [join_as(table, f"Screen {i}").status_code for i in range(6)]
    assert answers == [201] * 6
    refused = join_as(table, "Screen 7")
    assert refused.status_code == 409
    body = refused.json()
    assert body["code"] == "spectators_full"
    assert body["message"] == (
        "All 6 spectator places at this table are taken. Join as a player, or ask the host to make room."
    )
    assert body["extra"] == {"field": "role", "limit": 6}
    assert Seat.objects.filter(table=table, role="spectator").count() == 6  # nothing added
    assert join_as(table, "Bo", "player").status_code == 201  # players still join


def test_a_removed_spectator_frees_a_place(host: Person) -> None:
    table = host.table
    watchers = [join(table, f"Screen {i}", "spectator") for i in range(6)]
    assert join_as(table, "Late").status_code == 409
    assert host.command("seat.remove", {"seat_id": watchers[0].seat.pk}).status_code == 200
    assert join_as(table, "Late").status_code == 201


def test_the_option_at_create_is_in_the_table_block_and_holds() -> None:
    made = create({"spectators": 2})
    assert made.status_code == 201, made.json()
    assert made.json()["state"]["table"]["spectators"] == 2
    table = Table.objects.get(pk=made.json()["id"])
    assert [join_as(table, f"S{i}").status_code for i in range(3)] == [201, 201, 409]
    assert join_as(table, "S").json()["extra"]["limit"] == 2


def test_none_at_all() -> None:
    table = Table.objects.get(pk=create({"spectators": 0}).json()["id"])
    refused = join_as(table, "Screen")
    assert refused.status_code == 409
    assert refused.json()["message"].startswith("This table takes no spectators.")


def test_every_game_takes_the_option_beside_its_own() -> None:
    made = create({"spectators": 1, "format": "coven"}, game="grim")
    assert made.status_code == 201, made.json()
    assert made.json()["state"]["table"]["spectators"] == 1


@pytest.mark.parametrize("value", [-1, 12, "3", True, None, 2.5])
def test_a_bad_limit_at_create_is_400_naming_the_option(value: Any) -> None:
    before = Table.objects.count()
    refused = create({"spectators": value})
    assert refused.status_code == 400
    assert refused.json()["code"] == "bad_spectators"
    assert refused.json()["extra"]["field"] == "options.spectators"
    assert Table.objects.count() == before


def test_the_host_changes_the_limit(host: Person) -> None:
    table = host.table
    join(table, "Screen", "spectator")
    changed = host.command("table.set_spectators", {"limit": 1})
    assert changed.status_code == 200, changed.json()
    event = changed.json()["events"][0]
    assert event["type"] == "table.spectators_changed"
    assert event["text"] == "set the spectators allowed: 6 → 1"
    assert changed.json()["state"]["table"]["spectators"] == 1
    assert join_as(table, "Second").json()["code"] == "spectators_full"
    assert host.command("table.set_spectators", {"limit": 3}).status_code == 200
    assert join_as(table, "Second").status_code == 201


def test_only_the_host_changes_it_and_only_to_a_number_it_can_be(host: Person, player: Person) -> None:
    refused = player.command("table.set_spectators", {"limit": 11})
    assert refused.status_code == 403 and refused.json()["code"] == "host_only"
    for bad in (12, -1, "6", None):
        answer = host.command("table.set_spectators", {"limit": bad})
        assert answer.status_code == 400
        assert answer.json()["code"] == "bad_spectators" and answer.json()["extra"]["field"] == "limit"
    assert table_rules.spectator_limit(Table.objects.get(pk=host.table.pk).state) == 6


def test_an_export_with_a_chosen_limit_imports_as_it_was(db: Any) -> None:
    table, grant = services.table_create(
        game="counters", name="Fri", seat_name="Ann", options={table_rules.SPECTATORS: 2}
    )
    ann = person(grant.seat, grant.token)
    join(table, "Screen", "spectator")
    assert ann.command("table.set_spectators", {"limit": 4}).status_code == 200
    exported = ann.client.get(f"/api/v1/tables/{table.pk}/export/").json()
    assert exported["options"] == {"spectators": 2}  # as the table was opened
    imported = import_table(exported)
    assert imported.status_code == 200 and imported.json()["status"] == "done", imported.json()
    assert Table.objects.get(pk=imported.json()["id"]).state["table"]["spectators"] == 4


def test_the_join_page_says_why_beside_the_choice(host: Person) -> None:
    table = Table.objects.get(pk=host.table.pk)
    assert host.command("table.set_spectators", {"limit": 0}).status_code == 200
    page = Client().post("/join/", {"code": table.join_code, "name": "Screen", "role": "spectator"})
    assert page.status_code == 409
    assert "This table takes no spectators. Join as a player" in page.content.decode()
