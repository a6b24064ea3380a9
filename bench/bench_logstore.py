"""The command log's store (``campaigns.hotpath.logstore``) against the ORM, same run.

Ours locks the table row, then writes the events, the command's answer and
the new snapshot in one statement, all prepared and bound by the server
(``connection._prepare_cursor``). The library way: the ORM on a connection
with psycopg 3 server-side binding (``OPTIONS["server_side_binding"]``, and
psycopg's default ``prepare_threshold`` of 5, so repeated statements are prepared):
``select_for_update().only(...)``, ``bulk_create`` of the events, ``create``
of the command, ``save(update_fields=...)`` of the row. Both on PostgreSQL,
the same table (Grim Hand's mid-game scene: a real snapshot's size), each
in its own transaction as a command is; and a seat token's look-up
(``logstore.active_seat`` against ``select_related``). Rounds alternate
which goes first; printed: microseconds per command (median over rounds)
and ORM/ours. The path is the command's store work; a whole command through
the service is timed for scale.

Usage: ``python -m bench.bench_logstore [--quick]`` (needs PostgreSQL on 127.0.0.1).
"""

from __future__ import annotations

import copy
import os
import statistics
import sys
import tempfile
from collections.abc import Callable
from itertools import count
from typing import Any

from bench.pg import bench_env
from bench.timing import per_call_us

QUICK, FULL = (3, 50), (5, 200)
ORM = "orm_server_binding"


def _timed(run: Callable[[], object], repeat: int) -> float:
    return per_call_us(run, repeat)


def _django(database_url: str, folder: str) -> None:
    from bench.servers import production_env

    os.environ.update(production_env(DATABASE_URL=database_url))
    os.environ.pop("REDIS_URL", None)
    os.environ["STATIC_ROOT"] = folder
    os.environ["DJANGO_SETTINGS_MODULE"] = "companion.settings"
    import django
    from django.core.management import call_command
    from django.db import connections

    django.setup()
    call_command("migrate", verbosity=0)
    orm = copy.deepcopy(connections.settings["default"])
    # psycopg's own default threshold: a statement run five times is prepared by the driver.
    orm["OPTIONS"] = {**orm.get("OPTIONS", {}), "server_side_binding": True, "prepare_threshold": 5}
    connections.settings[ORM] = orm


def _writers(table_id: int, seat_id: int) -> tuple[Callable[[], None], Callable[[], None]]:
    from django.db import transaction
    from django.utils import timezone

    from campaigns.hotpath import logstore
    from campaigns.models import Command, Event, Table

    ids = count()
    body = {"events": [{"type": "counter.adjusted", "payload": {"by": 1}}], "ok": True}

    def event(table: Table, i: int) -> Event:
        return Event(
            table_id=table.pk, seq=table.seq, seat_id=seat_id, command_id=f"b{i}",
            type="bench.tick", payload={"by": 1, "i": i}, created_at=timezone.now(),
        )  # fmt: skip

    def ours() -> None:
        i = next(ids)
        with transaction.atomic():
            table = logstore.lock_table(table_id)
            assert table is not None
            table.seq += 1
            logstore.write_command(
                table, [event(table, i)], command_id=f"b{i}", seat_id=seat_id,
                type="bench.tick", fingerprint="f", response=body,
            )  # fmt: skip

    def orm() -> None:
        i = next(ids)
        with transaction.atomic(using=ORM):
            rows = Table.objects.using(ORM).select_for_update()
            table = rows.only(*logstore._TABLE_COLUMNS).get(pk=table_id)
            table.seq += 1
            Event.objects.using(ORM).bulk_create([event(table, i)])
            Command.objects.using(ORM).create(
                table_id=table_id, command_id=f"b{i}", seat_id=seat_id,
                type="bench.tick", fingerprint="f", response=body,
            )  # fmt: skip
            columns = ["seq", "state", "name", "join_code", "edit_policy", "status", "seat_ids"]
            table.save(using=ORM, update_fields=columns)

    return ours, orm


def _race(
    name: str, ours: Callable[[], object], orm: Callable[[], object], rounds: int, repeat: int
) -> float:
    mine: list[float] = []
    theirs: list[float] = []
    for r in range(rounds):
        pair = [(mine, ours), (theirs, orm)]
        for out, run in pair if r % 2 == 0 else pair[::-1]:
            out.append(_timed(run, repeat))
    ours_us, orm_us = statistics.median(mine), statistics.median(theirs)
    ratio = orm_us / ours_us
    print(f"  {name}: ours {ours_us:.0f} us  ORM {orm_us:.0f} us  ORM/ours {ratio:.2f}x", flush=True)
    return orm_us - ours_us


def main(argv: list[str]) -> int:
    rounds, repeat = QUICK if "--quick" in argv else FULL
    env = bench_env("grim_bench_logstore")
    with tempfile.TemporaryDirectory(prefix="grim-bench-logstore-") as folder:
        _django(env["DATABASE_URL"], folder)
        from django.db import connections

        from bench.scenes import play_scene
        from campaigns.hotpath import logstore
        from campaigns.models import Seat

        try:
            scene = play_scene("grimhand", 1)
            table = scene.table
            seat = Seat.objects.filter(table=table).first()
            assert seat is not None
            size = len(str(table.state))
            print(f"Command log store on PostgreSQL, Grim Hand snapshot of {size:,} characters:", flush=True)
            ours, orm = _writers(table.pk, seat.pk)
            ours()
            orm()  # both connections open, statements prepared, before timing
            write_gap = _race("lock + write a command", ours, orm, rounds, repeat)
            token = str(seat.token_hash)

            def seat_orm() -> None:
                rows = Seat.objects.using(ORM).select_related("table")
                rows.get(token_hash=token, removed_at__isnull=True)

            _race("a seat token's look-up", lambda: logstore.active_seat(token), seat_orm, rounds, repeat * 4)
            command_us = _command_us(table.pk, scene)
            ratio = (command_us + write_gap) / command_us
            print(f"  on the path (a Grim Hand command, {command_us:.0f} us): ORM/ours {ratio:.2f}x")
        finally:
            connections.close_all()
    return 0


def _command_us(table_id: int, scene: Any) -> float:
    """A whole Grim Hand command through the service (its store work included), for scale."""
    from bench.scenes import Sitting
    from campaigns import registry

    sample = registry.get("grimhand").sample_play
    assert sample is not None
    sitting = Sitting("grimhand", sample.scene.seats, sample.scene.options)
    change = sample.scene.setup(sitting)
    steps = count(1000)
    return _timed(lambda: sitting.do(*change(next(steps))), 30)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
