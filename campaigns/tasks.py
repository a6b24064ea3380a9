"""Celery tasks of the tables: the play record written after a table ends."""

from __future__ import annotations

from celery import shared_task
from django.db import transaction

from campaigns.games import rules_for
from campaigns.models import Play, Table, TableStatus


@shared_task(
    name="campaigns.write_play_record", autoretry_for=(Exception,), max_retries=5, retry_backoff=True
)
def write_play_record(table_id: int) -> int | None:
    """Record game, seats, final state, duration and winner of an ended table.

    Idempotent: a second run (a retry) finds the record and changes nothing.
    """
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id, status=TableStatus.ENDED).first()
        if table is None or table.ended_at is None:
            return None
        existing = Play.objects.filter(table=table).first()
        if existing is not None:
            return existing.pk
        seats = list(table.seats.all().order_by("position", "id"))
        state = {k: v for k, v in table.state.items() if k != "undone"}
        summary = rules_for(table.game).summary(state)
        play = Play.objects.create(
            table=table,
            game=table.game,
            name=table.name,
            seats=[
                {"id": s.pk, "name": s.name, "role": s.role, "left": s.removed_at is not None} for s in seats
            ],
            final_state=state,
            summary=summary,
            winner=str(summary.get("winner") or ""),
            started_at=table.created_at,
            ended_at=table.ended_at,
            duration_s=max(0, int((table.ended_at - table.created_at).total_seconds())),
        )
        users = {s.user_id for s in seats if s.user_id is not None}
        if table.host_user_id is not None:
            users.add(table.host_user_id)
        play.users.set(users)
        return play.pk
