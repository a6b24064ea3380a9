"""Games' sample plays (``GameSpec.sample_play``) played through the API, as the phones play them.

``ApiSitting`` is a ``campaigns.sample_play.Sitting`` whose seats are ``tests.personas``
people: each command goes through ``POST /api/v1/tables/<id>/commands/`` with that seat's
token (and so through the suite's log check, ``tests/lognumbers.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from campaigns import registry, services
from campaigns.models import Table, TableStatus
from campaigns.sample_play import Body, SamplePlay
from tests.personas import Person, join, person


class Refused(AssertionError):
    """A sample's command was refused: the sample no longer plays."""


class ApiSitting:
    """A table opened through the table service; its seats send commands through the API."""

    def __init__(
        self, game: str, seats: Sequence[str] = ("Ann", "Bo"), options: Mapping[str, Any] | None = None
    ) -> None:
        _table, grant = services.table_create(game=game, name="Friday", seat_name=seats[0], options=options)
        self.people: list[Person] = [person(grant.seat, grant.token)]
        for name in seats[1:]:
            self.join(name)
        self.sent: list[tuple[int, str, dict[str, Any]]] = []

    @classmethod
    def of(cls, *people: Person) -> ApiSitting:
        """The table these people sit at, its seats in this order (the first its host)."""
        sitting = cls.__new__(cls)
        sitting.people = list(people)
        sitting.sent = []
        return sitting

    @property
    def table(self) -> Table:
        return Table.objects.get(pk=self.people[0].table.pk)

    def seat_id(self, seat: int) -> int:
        return int(self.people[seat].seat.pk)

    def join(self, name: str, role: str = "player") -> int:
        self.people.append(join(self.people[0].table, name, role))
        return len(self.people) - 1

    def do(self, seat: int, type_: str, payload: Mapping[str, Any] | None = None) -> Body:
        response = self.people[seat].command(type_, dict(payload or {}))
        if response.status_code != 200:
            raise Refused(f"{type_} {payload}: {response.status_code} {response.content[:400]!r}")
        self.sent.append((seat, type_, dict(payload or {})))
        body: Body = response.json()
        return body

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.table.state
        return state

    def end(self) -> None:
        """The host ends the table, unless the game's last command already did."""
        if self.table.status != TableStatus.ENDED:
            self.do(0, "table.end")


def sample_of(game: str) -> SamplePlay:
    sample = registry.get(game).sample_play
    assert sample is not None, f"{game} has no sample play (GameSpec.sample_play)"
    return sample


def played(game: str) -> ApiSitting:
    """A table of ``game`` with its sample played to the end and the table ended."""
    sample = sample_of(game)
    sitting = ApiSitting(game, sample.seats, sample.options)
    sample.play(sitting)
    sitting.end()
    return sitting


def play_with(game: str, *people: Person) -> ApiSitting:
    """``game``'s sample played to the end by these people at their table (the first its host),
    and the table ended."""
    sitting = ApiSitting.of(*people)
    sample_of(game).play(sitting)
    sitting.end()
    return sitting


def at_the_scene(game: str) -> tuple[ApiSitting, Any]:
    """A table of ``game`` at its mid-game scene; its change (``campaigns.sample_play.Change``)."""
    scene = sample_of(game).scene
    sitting = ApiSitting(game, scene.seats, scene.options)
    return sitting, scene.setup(sitting)
