"""A command's seat from the process's memo of tokens (``campaigns.seat_memo``, issue #15).

What must hold: a remembered token costs no lookup; a seat removed after its
token was remembered is answered exactly as a token that opens nothing (401
``bad_token``) and changes nothing; the memo never stands in for a fact that
can change (a renamed seat reads its new name).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns import seat_memo
from campaigns.codes import hash_token
from campaigns.models import Seat, Table
from tests.personas import Person, add_life, person

pytestmark = pytest.mark.django_db


def seat_reads(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if "campaigns_seat" in q["sql"]]


def test_a_remembered_token_opens_its_seat_without_a_query(host: Person, player: Person) -> None:
    life = add_life(player)
    seat_memo.forget(hash_token(player.token))
    with CaptureQueriesContext(connection) as first:
        assert player.command("counter.adjust", {"counter_id": life, "by": 1}).status_code == 200
    with CaptureQueriesContext(connection) as second:
        answer = player.command("counter.adjust", {"counter_id": life, "by": 1})
    assert answer.status_code == 200
    assert len(seat_reads(first)) == 1
    assert seat_reads(second) == []
    assert answer.json()["events"][0]["seat"] == player.seat.pk


def test_a_removed_seat_is_answered_as_an_unknown_token_and_changes_nothing(
    host: Person, player: Person
) -> None:
    life = add_life(player)
    assert player.command("counter.adjust", {"counter_id": life, "by": 1}).status_code == 200
    assert seat_memo.recall(hash_token(player.token)) is not None  # remembered on this process
    assert host.command("seat.remove", {"seat_id": player.seat.pk}).status_code == 200
    seq = Table.objects.get(pk=host.table.pk).seq

    gone = player.command("counter.adjust", {"counter_id": life, "by": 1})
    stranger = person(player.seat, "not-a-token-of-ours").command(
        "counter.adjust", {"counter_id": life, "by": 1}
    )

    assert gone.status_code == stranger.status_code == 401
    assert gone.json() == stranger.json()
    assert gone.json()["code"] == "bad_token"
    assert gone.headers == stranger.headers
    assert Table.objects.get(pk=host.table.pk).seq == seq
    assert seat_memo.recall(hash_token(player.token)) is None  # forgotten: the next one looks it up
    again = player.command("counter.adjust", {"counter_id": life, "by": 1})
    assert again.status_code == 401 and again.json() == stranger.json()


def test_a_removed_seat_retrying_an_answered_command_gets_no_answer(host: Person, player: Person) -> None:
    """The kept answer of an earlier command is not handed to a seat that has left."""
    life = add_life(player)
    first = player.command("counter.adjust", {"counter_id": life, "by": 1}, command_id="tap-1")
    assert first.status_code == 200
    host.command("seat.remove", {"seat_id": player.seat.pk})
    retry = player.command("counter.adjust", {"counter_id": life, "by": 1}, command_id="tap-1")
    assert retry.status_code == 401


def test_the_memo_holds_only_what_never_changes(host: Person, player: Person) -> None:
    key = hash_token(player.token)
    seat_memo.remember(key, Seat.objects.get(pk=player.seat.pk))
    player.command("seat.rename", {"seat_id": player.seat.pk, "name": "Bea"})
    recalled = seat_memo.recall(key)
    assert recalled is not None
    assert (recalled.pk, recalled.table_id, recalled.role) == (player.seat.pk, host.table.pk, "player")
    assert recalled.get_deferred_fields() >= {"name", "removed_at", "user_id"}
    assert recalled.name == "Bea"  # read from the database, not from the memo


def test_the_memo_is_bounded_and_local_to_the_process() -> None:
    memo = caches[seat_memo.CACHE]
    # Local: another process's memo must not open a seat that left its table (forgotten here).
    assert isinstance(memo, LocMemCache)
    configured: Any = settings.CACHES[seat_memo.CACHE]
    assert configured["OPTIONS"]["MAX_ENTRIES"] == 20_000  # a third dropped when full


def test_a_remembered_token_of_a_deleted_table_opens_nothing(host: Person) -> None:
    life = add_life(host)
    assert seat_memo.recall(hash_token(host.token)) is not None
    Table.objects.filter(pk=host.table.pk).delete()  # by an administrator; its seats go with it
    answer = host.command("counter.adjust", {"counter_id": life, "by": 1})
    assert answer.status_code == 401 and answer.json()["code"] == "bad_token"


def test_reads_look_the_seat_up_every_time(host: Person, player: Person) -> None:
    """Only commands, which check the seat under the table's lock, open it from the memo."""
    add_life(player)  # remembered on this process
    host.command("seat.remove", {"seat_id": player.seat.pk})
    assert seat_memo.recall(hash_token(player.token)) is not None  # not yet forgotten: no command since
    for path in ("", "events/?after=0"):
        answer = player.client.get(f"/api/v1/tables/{player.seat.table_id}/{path}")
        assert answer.status_code == 401, path
        assert answer.json()["code"] == "bad_token"
