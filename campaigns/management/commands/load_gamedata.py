"""Load the games' master data into the database (idempotent).

Each game's loaders come from its ``GameSpec`` (``campaigns.registry``);
running the command twice leaves the same rows.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from campaigns.registry import games


class Command(BaseCommand):
    help = "Load (or refresh) the games' reference data. Safe to run repeatedly."

    def handle(self, *args: Any, **options: Any) -> None:
        loaders = [(spec, loader) for spec in games() for loader in spec.loaders]
        if not loaders:
            self.stdout.write("No game data to load yet.")
            return
        for spec, loader in loaders:
            count = loader()
            self.stdout.write(f"{spec.slug}: {count} rows up to date")
