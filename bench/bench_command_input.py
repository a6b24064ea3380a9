"""A command's body read by ``command_input``'s shortcut against DRF's ``CommandIn`` serializer.

Issue #35, part 2: the shortcut (``command_input``, a copy kept here) against the
serializer alone (``CommandIn(data=...).is_valid()``), first on one body, then
on the path it serves: a real ``POST /api/v1/tables/<id>/commands/`` (a
counter tap) through Django's test client, the view reading its body one way
or the other, rounds interleaved. Figures are microseconds of this thread's CPU (steadier
than the wall clock on a shared machine; the client, view and SQLite all run on it); the ratio is the
serializer's time over the shortcut's (above 1: the shortcut is faster).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from itertools import count
from typing import Any

from bench.timing import per_call_us

BODY = {"command_id": "c-1", "type": "counter.adjust", "payload": {"counter_id": 1, "by": 1}}


def by_serializer(data: Any) -> dict[str, Any]:
    from api.tables import CommandIn

    serializer = CommandIn(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _plain_text(value: Any, longest: int) -> bool:
    return (
        isinstance(value, str)
        and 0 < len(value) <= longest
        and value.isascii()
        and value.isprintable()
        and value == value.strip()
    )


def command_input(data: Any) -> dict[str, Any]:
    """The shortcut ``api.tables`` read commands with until issue #35, kept here as measured
    (its property test held it to the serializer's word): a plain body skips ``CommandIn``."""
    if isinstance(data, dict):
        seq = data.get("expected_seq")
        payload = data.get("payload", {})
        if (
            _plain_text(data.get("command_id"), 64)
            and _plain_text(data.get("type"), 40)
            and (seq is None or (type(seq) is int and 0 <= seq <= 2**53))
            and type(payload) is dict
            and all(type(key) is str for key in payload)
        ):
            return {
                "command_id": data["command_id"],
                "type": data["type"],
                "payload": payload,
                "expected_seq": seq,
            }
    return by_serializer(data)


class ShortcutIn:
    """Stands in for ``CommandIn`` in the view: reads the body with the shortcut."""

    fields: dict[str, Any] = {}  # nothing for the view's drop_serializer_cycles to untie

    def __init__(self, data: Any) -> None:
        self.data = data

    def is_valid(self, raise_exception: bool = False) -> bool:
        self.validated_data = command_input(self.data)
        return True


def _timed(run: Callable[[], object], repeat: int) -> float:
    return per_call_us(run, repeat, time.thread_time)


def _race(
    name: str, ours: Callable[[], object], library: Callable[[], object], rounds: int, repeat: int
) -> None:
    mine: list[float] = []
    theirs: list[float] = []
    for r in range(rounds):
        pair = [(mine, ours), (theirs, library)]
        for out, run in pair if r % 2 == 0 else pair[::-1]:
            out.append(_timed(run, repeat))
    ours_us, library_us = statistics.median(mine), statistics.median(theirs)
    print(
        f"{name:34} shortcut {ours_us:8.1f} us  serializer {library_us:8.1f} us  {library_us / ours_us:5.2f}x"
    )


def command_post() -> tuple[Callable[[], object], Callable[[], object]]:
    """A counter tap posted through the test client: with the shortcut, and with the serializer."""
    from django.conf import settings
    from django.test import Client

    import api.tables
    from campaigns import services

    settings.SEAT_COMMANDS_PER_WINDOW = 10**9  # the seat limit is not what is measured
    table, grant = services.table_create(game="counters", name="Bench input", seat_name="A")
    services.command_execute(
        table_id=table.pk,
        seat=grant.seat,
        command_id="add",
        type="counter.add",
        payload={"name": "L", "value": 1},
    )
    counter = table.__class__.objects.get(pk=table.pk).state["counters"][0]["id"]
    client = Client(HTTP_HOST="localhost", HTTP_AUTHORIZATION=f"Seat {grant.token}")
    ids = count()
    serializer = api.tables.CommandIn

    def post(reader: Any) -> Callable[[], object]:
        def run() -> None:
            api.tables.CommandIn = reader  # type: ignore[misc]
            body = {
                "command_id": f"b{next(ids)}",
                "type": "counter.adjust",
                "payload": {"counter_id": counter, "by": 1},
            }
            r = client.post(f"/api/v1/tables/{table.pk}/commands/", body, content_type="application/json")
            if r.status_code != 200:
                raise RuntimeError(f"answered {r.status_code}: {r.content[:200]!r}")

        return run

    return post(ShortcutIn), post(serializer)


def main(argv: list[str]) -> int:
    from bench.scenes import setup_django

    from_env = os.environ.get("REDIS_URL")
    rounds, repeat, posts = (2, 500, 20) if "--quick" in argv else (4, 3000, 60)
    with tempfile.TemporaryDirectory(prefix="grim-bench-input-") as folder:
        if from_env:
            os.environ["REDIS_PREFIX"] = f"bench-input-{os.getpid()}"
        setup_django(folder, keep_redis=bool(from_env))
        print(f"on {'Redis' if from_env else 'the embedded default'}, SQLite")
        _race("one body read", lambda: command_input(BODY), lambda: by_serializer(BODY), rounds, repeat)
        ours, library = command_post()
        ours(), library()  # warm-up
        _race("POST a counter tap", ours, library, rounds, posts)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
