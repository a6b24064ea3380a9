"""Result rows for the plays recorded before PlayResult existed (same rows as the task writes)."""

from __future__ import annotations

from typing import Any

from django.db import migrations


def backfill(apps: Any, schema_editor: Any) -> None:
    from campaigns.results import result_rows

    Play = apps.get_model("campaigns", "Play")
    PlayResult = apps.get_model("campaigns", "PlayResult")
    Seat = apps.get_model("campaigns", "Seat")
    for play in Play.objects.filter(results__isnull=True).iterator():
        rows = result_rows(play.summary or {}, play.seats or [])
        owners = dict(Seat.objects.filter(pk__in=[r["seat_id"] for r in rows]).values_list("pk", "user_id"))
        PlayResult.objects.bulk_create(
            PlayResult(
                play=play,
                seat_id=row["seat_id"] if row["seat_id"] in owners else None,
                name=row["name"],
                user_id=owners.get(row["seat_id"]),
                game=play.game,
                score=row["score"],
                place=row["place"],
                won=row["won"],
                details=row["details"],
                ended_at=play.ended_at,
            )
            for row in rows
        )


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0006_play_results")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
