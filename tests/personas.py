"""Personas for table tests: a host, players, a spectator and an outsider."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import count
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from campaigns import services
from campaigns.models import Seat, Table

_ids = count(1)


@dataclass
class Person:
    """Someone at (or outside) a table, with a client that carries their token."""

    seat: Seat
    token: str
    client: APIClient

    @property
    def table(self) -> Table:
        return self.seat.table

    def command(self, type_: str, payload: dict[str, Any] | None = None, **extra: Any) -> Any:
        body = {
            "command_id": extra.pop("command_id", f"cmd-{next(_ids)}"),
            "type": type_,
            "payload": payload or {},
        }
        body.update(extra)
        return self.client.post(f"/api/v1/tables/{self.seat.table_id}/commands/", body, format="json")


def page_client(p: Person) -> Client:
    """A browser-like client holding the seat's cookie, as the table page does."""
    from campaigns.credentials import cookie_name

    client = Client()
    client.cookies[cookie_name(p.table.pk)] = p.token
    return client


def board(p: Person) -> str:
    """The board as the table page fetches it, with the seat's cookie."""
    response = page_client(p).get(f"/t/{p.table.pk}/board/")
    assert response.status_code == 200, response.content
    return str(response.content.decode())


def state_of(p: Person) -> dict[str, Any]:
    """The table's snapshot as stored now."""
    state: dict[str, Any] = Table.objects.get(pk=p.table.pk).state
    return state


def ok(response: Any) -> dict[str, Any]:
    """The answer's body, once it is a 200."""
    assert response.status_code == 200, response.content
    body: dict[str, Any] = response.json()
    return body


def host_of(game: str, table: str, seat_name: str = "Ann", options: dict[str, Any] | None = None) -> Person:
    """The host of a new table of ``game``."""
    _table, grant = services.table_create(game=game, name=table, seat_name=seat_name, options=options)
    return person(grant.seat, grant.token)


@pytest.fixture
def bo(ann: Person) -> Person:
    """A second player at the table of the module's ``ann`` (a game's host_of fixture)."""
    return join(ann.table, "Bo")


def person(seat: Seat, token: str) -> Person:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Seat {token}")
    return Person(seat, token, client)


@pytest.fixture
def host(db: Any) -> Person:
    _table, grant = services.table_create(game="counters", name="Friday", seat_name="Ann")
    return person(grant.seat, grant.token)


def join(table: Table, name: str, role: str = "player") -> Person:
    _, grant = services.seat_join(code=table.join_code, name=name, role=role)
    return person(grant.seat, grant.token)


@pytest.fixture
def player(host: Person) -> Person:
    return join(host.table, "Bo")


@pytest.fixture
def other_player(host: Person) -> Person:
    return join(host.table, "Cy")


@pytest.fixture
def spectator(host: Person) -> Person:
    return join(host.table, "Screen", "spectator")


@pytest.fixture
def outsider(db: Any) -> Person:
    """A seat at a different table."""
    _, grant = services.table_create(game="counters", name="Elsewhere", seat_name="Dee")
    return person(grant.seat, grant.token)


def add_life(p: Person, value: int = 20, **extra: Any) -> int:
    response = p.command("counter.add", {"name": "Life", "value": value, **extra})
    assert response.status_code == 200, response.json()
    counters = [c for c in response.json()["state"]["counters"] if c["seat_id"] == p.seat.pk]
    return int(counters[-1]["id"])


@pytest.fixture
def eager_tasks() -> Any:
    """Run Celery tasks in-process for one test, whatever the broker is.

    tests/test_celery_worker.py runs the same task on a real worker over Redis.
    """
    from companion.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before
