"""Personas at a Grim Hand table: a host, players, a spectator and an outsider.

Import the fixtures a test file needs (``from tests.grimhand_personas import
fixture_gh_host, ...  # noqa: F401``): they register as ``gh_host``, ``gh_player``,
``gh_other``, ``gh_spectator`` and ``gh_outsider``. ``Person`` and its
``command`` come from ``tests.personas``.
"""

from __future__ import annotations

from typing import Any

import pytest

from campaigns import services
from tests.personas import Person, join, person


def gh_table(name: str = "Grimwold", seat_name: str = "Ann") -> Person:
    _table, grant = services.table_create(game="grimhand", name=name, seat_name=seat_name)
    return person(grant.seat, grant.token)


@pytest.fixture(name="gh_host")
def fixture_gh_host(db: Any) -> Person:
    return gh_table()


@pytest.fixture(name="gh_player")
def fixture_gh_player(gh_host: Person) -> Person:
    return join(gh_host.table, "Bo")


@pytest.fixture(name="gh_other")
def fixture_gh_other(gh_host: Person) -> Person:
    return join(gh_host.table, "Cy")


@pytest.fixture(name="gh_spectator")
def fixture_gh_spectator(gh_host: Person) -> Person:
    return join(gh_host.table, "Screen", "spectator")


@pytest.fixture(name="gh_outsider")
def fixture_gh_outsider(db: Any) -> Person:
    """A seat at another Grim Hand table."""
    return gh_table("Elsewhere", "Dee")


def ok(response: Any) -> Any:
    assert response.status_code == 200, response.json()
    return response.json()


def create_character(
    p: Person,
    name: str = "Grum",
    race: str = "Orc",
    klass: str = "Warrior",
    affinity: str = "Iron",
    **extra: Any,
) -> int:
    """Create a character for ``p``'s seat through the API; its id."""
    body = ok(
        p.command(
            "character.create", {"name": name, "race": race, "class": klass, "affinity": affinity, **extra}
        )
    )
    return int(body["events"][0]["payload"]["character_id"])


def character_state(p: Person, character_id: int) -> dict[str, Any]:
    p.seat.table.refresh_from_db()
    found: dict[str, Any] = p.seat.table.state["characters"][str(character_id)]
    return found
