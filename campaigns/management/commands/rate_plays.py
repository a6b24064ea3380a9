"""Rate every finished play not rated yet, oldest first (issue #14: ratings for plays from before them).

Plays recorded before ratings existed, or whose rating task was lost with
no outbox row, are rated in the order they ended, so the ratings come out
as if each had been rated when it ended. Idempotent: a rated play is skipped
(``campaigns.ratings.move_ratings``), so running it twice changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from campaigns.models import Play
from campaigns.ratings import move_ratings


class Command(BaseCommand):
    help = "Rate the finished plays not rated yet, oldest first. Safe to run repeatedly."

    def handle(self, *args: Any, **options: Any) -> None:
        unrated = Play.objects.filter(rating_changes__isnull=True).order_by("ended_at", "id")
        plays = rated = 0
        for play in unrated.iterator():
            plays += 1
            rated += 1 if move_ratings(play) else 0
        self.stdout.write(f"{rated} of {plays} unrated plays rated (the others are not competitive).")
