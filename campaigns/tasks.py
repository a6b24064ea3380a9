"""Celery tasks of the tables: the play record written after a table ends, then the ratings.

The play record is owed from the moment ``table.end`` commits: the command's
transaction writes an ``OutboxTask`` row, the task is queued after commit,
and ``drain_outbox`` (Celery beat) runs whatever is still owed, so a broker
that was down or lost the message never loses a play record. The play record
in turn owes the rating update (issue #14) the same way: its own outbox row,
written in the transaction that writes the results.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from campaigns import origins, ratings, stats_cache
from campaigns.broadcast import after_commit
from campaigns.models import OutboxTask, Play, PlayResult, Seat, Table, TableStatus
from campaigns.registry import rules_for
from campaigns.results import result_rows

logger = logging.getLogger(__name__)

PLAY_RECORD = "campaigns.write_play_record"
RATE_PLAY = "campaigns.rate_play"
GRACE = timedelta(seconds=30)
"""How long a queued task has before the drain runs it itself."""


def winner_names(summary: dict[str, Any], seats: list[Seat]) -> str:
    """Who won, for the record: the summary's ``winner``, else the seats its results mark ``won``
    (a shared win names them all: "Ann & Bo")."""
    if summary.get("winner"):
        return str(summary["winner"])[:80]
    names = {s.pk: s.name for s in seats}
    results = summary.get("results") or []
    won = [names.get(int(r["seat_id"]), "") for r in results if isinstance(r, dict) and r.get("won")]
    return " & ".join(n for n in won if n)[:80]


@shared_task(name=PLAY_RECORD, autoretry_for=(Exception,), max_retries=5, retry_backoff=True)
def write_play_record(table_id: int) -> int | None:
    """Record game, seats, final state, duration and winner of an ended table.

    Idempotent: a second run (a retry, the drain) finds the record and
    changes nothing; either way the outbox row is marked done. A table
    imported from the export of a game this server already holds writes
    nothing (``campaigns.origins``): one game is one play.
    """
    with transaction.atomic():
        _lock_copies_of_the_same_game(table_id)
        table = Table.objects.select_for_update().filter(pk=table_id, status=TableStatus.ENDED).first()
        if table is None or table.ended_at is None:
            return None
        OutboxTask.objects.filter(task=PLAY_RECORD, table=table, done_at=None).update(done_at=timezone.now())
        existing = Play.objects.filter(table=table).first()
        if existing is not None:
            return existing.pk
        if origins.recorded_elsewhere(table):
            return None
        play = _record(table, list(table.seats.all().order_by("position", "id")))
        # The ratings need the results just written: owed from this commit on.
        OutboxTask.objects.create(task=RATE_PLAY, table=table)
        after_commit(lambda: rate_play.delay(table_id))
        return play.pk


def _lock_copies_of_the_same_game(table_id: int) -> None:
    """Copies of one game are recorded one at a time: two restores of it ending together would
    each find no record and both write one. Every copy's row is locked in id order, so two
    workers wait for each other, never deadlock."""
    origin = Table.objects.filter(pk=table_id).values_list("origin_table_id", "origin_created_at").first()
    if origin is not None and origin[0] is not None:
        same_game = Table.objects.filter(origin_table_id=origin[0], origin_created_at=origin[1])
        list(same_game.select_for_update().order_by("pk").values_list("pk", flat=True))


def _record(table: Table, seats: list[Seat]) -> Play:
    """The play and one result row per playing seat, tied to every account that took part."""
    assert table.ended_at is not None
    state = {k: v for k, v in table.state.items() if k != "undone"}
    summary = rules_for(table.game).summary(state)
    started = origins.started_at(table)
    play = Play.objects.create(
        table=table,
        game=table.game,
        name=table.name,
        seats=[{"id": s.pk, "name": s.name, "role": s.role, "left": s.removed_at is not None} for s in seats],
        final_state=state,
        summary=summary,
        winner=winner_names(summary, seats),
        started_at=started,
        ended_at=table.ended_at,
        duration_s=max(0, int((table.ended_at - started).total_seconds())),
    )
    owners = {s.pk: s.user_id for s in seats}
    PlayResult.objects.bulk_create(
        PlayResult(
            play=play,
            seat_id=row["seat_id"],
            name=row["name"],
            user_id=owners.get(row["seat_id"]),
            game=play.game,
            score=row["score"],
            place=row["place"],
            won=row["won"],
            details=row["details"],
            ended_at=play.ended_at,
        )
        for row in result_rows(summary, play.seats)
    )
    users = {s.user_id for s in seats if s.user_id is not None}
    if table.host_user_id is not None:
        users.add(table.host_user_id)
    play.users.set(users)
    # Cached statistics are keyed on these counters: bumped in this transaction (issue #14, "Speed").
    # The host's own counter too: their list of groups counts the plays they hosted.
    stats_cache.bump_accounts([*owners.values(), table.host_user_id])
    stats_cache.bump_hosts([table.host_user_id])
    return play


@shared_task(name=RATE_PLAY, autoretry_for=(Exception,), max_retries=5, retry_backoff=True)
def rate_play(table_id: int) -> int | None:
    """Move the ratings by the ended table's play (``campaigns.ratings``); idempotent per play."""
    play = Play.objects.filter(table_id=table_id).first()
    if play is None:
        return None
    moved = ratings.move_ratings(play)
    OutboxTask.objects.filter(task=RATE_PLAY, table_id=table_id, done_at=None).update(done_at=timezone.now())
    return moved


@shared_task(name="campaigns.drain_outbox")
def drain_outbox(grace_s: float = GRACE.total_seconds()) -> int:
    """Run every task still owed after ``grace_s`` seconds; how many were run."""
    cutoff = timezone.now() - timedelta(seconds=grace_s)
    owed = list(OutboxTask.objects.filter(done_at=None, created_at__lte=cutoff).order_by("created_at")[:100])
    ran = 0
    for row in owed:
        OutboxTask.objects.filter(pk=row.pk).update(attempts=row.attempts + 1)
        try:
            if row.task == PLAY_RECORD:
                write_play_record.run(row.table_id)
                # The rating owed by the record just written need not wait for the next drain.
                rate_play.run(row.table_id)
            elif row.task == RATE_PLAY:
                rate_play.run(row.table_id)
            ran += 1
        except Exception as exc:  # keep draining the others; this one is tried again next time
            logger.warning("Outbox task %s failed", row, exc_info=True)
            OutboxTask.objects.filter(pk=row.pk).update(last_error=repr(exc)[:2000])
    return ran
