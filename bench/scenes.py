"""What the in-process benchmarks share: Django set up on its embedded default in a folder, and a
game's mid-game table played through real commands (``Sitting``, ``play_scene``)."""

from __future__ import annotations

import atexit
import copy
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import count
from typing import TYPE_CHECKING, Any

from bench.servers import production_env

if TYPE_CHECKING:
    from campaigns.models import Seat, Table

State = dict[str, Any]


def setup_django(folder: str, *, keep_redis: bool = False) -> None:
    """Django on its embedded default with a fresh SQLite file in ``folder``, migrated, static
    files collected (as ``make run`` does); DEBUG off."""
    os.environ.update(production_env(DATABASE_URL=f"sqlite:///{folder}/boards.sqlite3"))
    if not keep_redis:
        os.environ.pop("REDIS_URL", None)  # the embedded default: in-memory channel layer, tasks in-process
    os.environ["DJANGO_SETTINGS_MODULE"] = "companion.settings"
    import django
    from django.core.management import call_command

    django.setup()
    if keep_redis:
        # What a benchmark leaves in Redis (the sessions it logged in with) goes when it ends;
        # the cache's clear keeps to the benchmark's own prefix (companion.cache.RedisCache).
        from django.core.cache import cache

        if not os.environ.get("REDIS_PREFIX", "").startswith("bench-"):
            raise RuntimeError("a benchmark on Redis needs a REDIS_PREFIX of its own (bench-...)")
        atexit.register(cache.clear)
    call_command("migrate", verbosity=0)
    # Boards link their game's stylesheet: DEBUG off, its URL comes from the collected manifest.
    call_command("collectstatic", interactive=False, verbosity=0)


class Sitting:
    """A table being played, as its seats' phones play it: every change a real command
    (a ``campaigns.sample_play.Sitting`` on the table service)."""

    def __init__(self, game: str, seats: Sequence[str], options: Mapping[str, Any] | None = None) -> None:
        from campaigns import services

        table, grant = services.table_create(
            game=game, name=f"Bench {game}", seat_name=seats[0], options=options
        )
        self.table_id: int = table.pk
        self.join_code: str = table.join_code
        self.seats: list[Seat] = [grant.seat]
        self._ids = count(1)
        for name in seats[1:]:
            self.join(name)

    def seat_id(self, seat: int) -> int:
        return int(self.seats[seat].pk)

    def join(self, name: str, role: str = "player") -> int:
        from campaigns import services

        _table, grant = services.seat_join(code=self.join_code, name=name, role=role)
        self.seats.append(grant.seat)
        return len(self.seats) - 1

    def do(self, seat: int, type_: str, payload: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Send one command; its answer's body. A refusal raises (the bench could not run)."""
        from campaigns import services

        result = services.command_execute(
            table_id=self.table_id,
            seat=self.seats[seat],
            command_id=f"bench-boards-{next(self._ids)}",
            type=type_,
            payload=dict(payload or {}),
        )
        if result.status != 200:
            raise RuntimeError(f"{type_} {payload}: answered {result.status} {result.body}")
        return result.body

    def state(self) -> State:
        from campaigns.models import Table

        state: State = copy.deepcopy(Table.objects.get(pk=self.table_id).state)
        return state


@dataclass
class Scene:
    """One game's table and the states measured: ``states[0]`` is the board before the first change."""

    game: str
    label: str
    table: Table
    states: list[State]
    seats: list[list[Seat]]


def play_scene(game: str, changes: int) -> Scene:
    """The game's mid-game scene (its sample play's ``scene``), then ``changes`` states, each one
    change command after the one before, and the seats as a command's board is rendered with
    them (``campaigns.services``: read from the snapshot)."""
    from campaigns import registry
    from campaigns.models import Table
    from campaigns.table_rows import seats_from_block

    sample = registry.get(game).sample_play
    if sample is None:
        raise RuntimeError(f"{game} has no sample play (GameSpec.sample_play)")
    sitting = Sitting(game, sample.scene.seats, sample.scene.options)
    change = sample.scene.setup(sitting)
    states = [sitting.state()]
    for k in range(changes):
        sitting.do(*change(k))
        states.append(sitting.state())
    table = Table.objects.get(pk=sitting.table_id)
    seats = [seats_from_block(table, state) for state in states]
    return Scene(game, sample.scene.label(states[0]), table, states, seats)


def benched_games() -> list[str]:
    """Every registered game with a board and a sample play, in the home page's order."""
    from campaigns import registry

    return [g.slug for g in registry.games() if g.board_template and g.sample_play is not None]
