"""A name that could not be kept is refused at the door, and a table holding one stays repairable
(issue #32, item 1).

A join name, or a table or seat name at create, holding a control character
or a direction override was accepted, and from then on every command of
that table (the host's repairs included) was refused as ``unstorable``.
Names now pass the same text rule as every stored value
(``rules.text.text_problem``), on every game, through the API and the pages;
and a table that holds a bad value anyway (written before, or by hand) is
still repaired by its host: a command is refused only for a bad value it
brings in itself.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from campaigns import registry, services
from campaigns.models import Seat, Table
from rules import table as table_rules
from tests.personas import join, person

pytestmark = pytest.mark.django_db

BAD_NAMES = ["Ann\x1b[31m", "Bo\x07b", "Cy\x85x", "Dee\u202egnp", "E\u2066va", "Fi\u2069n", "G\x7fus"]
"""ESC, BEL, NEL (U+0085), a right-to-left override, isolates and DEL, each inside a name
(at either end the form's trimming removes some of them)."""


def create(**body: Any) -> Any:
    return APIClient().post("/api/v1/tables/", {"name": "Friday", "seat_name": "Ann", **body}, format="json")


def refused(response: Any, field: str) -> None:
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "bad_text", body
    assert body["extra"]["field"] == field, body


@pytest.mark.parametrize("slug", registry.slugs())
def test_the_api_refuses_a_bad_table_seat_or_join_name_in_every_game(slug: str) -> None:
    tables = Table.objects.count()
    for bad in BAD_NAMES:
        refused(create(game=slug, name=bad), "name")
        refused(create(game=slug, seat_name=bad), "seat_name")
    assert Table.objects.count() == tables
    made = create(game=slug)
    assert made.status_code == 201, made.content
    seats = Seat.objects.count()
    for bad in BAD_NAMES:
        joined = APIClient().post(
            "/api/v1/tables/join/", {"code": made.json()["join_code"], "name": bad}, format="json"
        )
        refused(joined, "name")
    assert Seat.objects.count() == seats
    host = person(Seat.objects.get(pk=made.json()["seat"]["id"]), made.json()["seat"]["token"])
    assert host.command("table.rename", {"name": "Saturday"}).status_code == 200


@pytest.mark.parametrize("slug", registry.slugs())
def test_the_join_page_shows_the_refusal_beside_the_name(slug: str) -> None:
    table, _grant = services.table_create(game=slug, name="Friday", seat_name="Ann")
    seats = Seat.objects.count()
    for bad in BAD_NAMES:
        page = Client().post("/join/", {"code": table.join_code, "name": bad, "role": "player"})
        assert page.status_code == 400
        html = page.content.decode()
        assert 'id="join-name-error"' in html, html
        assert 'id="join-code-error"' not in html
    assert Seat.objects.count() == seats


def test_the_home_page_shows_the_refusal_beside_the_field_at_fault() -> None:
    for field, error_id in (("name", "new-name-error"), ("seat_name", "new-seat-error")):
        form = {"game": "counters", "name": "Friday", "seat_name": "Ann", field: "A\x1bnn"}
        page = Client().post("/tables/new/", form)
        assert page.status_code == 400
        assert f'id="{error_id}"' in page.content.decode()
    assert not Table.objects.exists()


def poison(table: Table, seat: Seat, bad: str) -> None:
    """Write a bad name into the snapshot and the rows by hand, as an older version let in."""
    state = table.state
    state[table_rules.BLOCK]["name"] = bad
    for entry in state[table_rules.BLOCK]["seats"]:
        if entry["seat_id"] == seat.pk:
            entry["name"] = bad
    Table.objects.filter(pk=table.pk).update(state=state, name=bad)
    Seat.objects.filter(pk=seat.pk).update(name=bad)


@pytest.mark.parametrize("slug", registry.slugs())
def test_a_table_holding_a_bad_name_is_repaired_by_its_host(slug: str) -> None:
    table, grant = services.table_create(game=slug, name="Friday", seat_name="Ann")
    host = person(grant.seat, grant.token)
    bo, cy = join(table, "Bo"), join(table, "Cy")
    poison(Table.objects.get(pk=table.pk), bo.seat, "Bo\u202egnp")
    poison(Table.objects.get(pk=table.pk), cy.seat, "Cy\x1b[31m")

    # Anyone's ordinary command goes through: it brings no bad value in.
    assert bo.command("seat.rename", {"seat_id": bo.seat.pk, "name": "Bo"}).status_code == 200
    # A command that would bring one in is refused, and says where.
    refused(host.command("table.rename", {"name": "X\x1by"}), "name")
    assert host.command("table.rename", {"name": "Saturday"}).status_code == 200
    assert host.command("seat.remove", {"seat_id": cy.seat.pk}).status_code == 200
    assert host.command("table.set_policy", {"edit_policy": "everyone"}).status_code == 200
    assert host.command("table.end").status_code == 200
    table.refresh_from_db()
    assert (table.name, table.status) == ("Saturday", "ended")
    assert Seat.objects.get(pk=bo.seat.pk).name == "Bo"
    assert Seat.objects.get(pk=cy.seat.pk).removed_at is not None


def test_a_seat_holding_a_bad_name_still_plays() -> None:
    table, grant = services.table_create(game="counters", name="Friday", seat_name="Ann")
    bo = join(table, "Bo")
    poison(Table.objects.get(pk=table.pk), bo.seat, "Bo\x07")
    added = bo.command("counter.add", {"name": "Life", "value": 20})
    assert added.status_code == 200, added.content
    assert (
        person(grant.seat, grant.token)
        .command("seat.rename", {"seat_id": bo.seat.pk, "name": "Bo"})
        .status_code
        == 200
    )
