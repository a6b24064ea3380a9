"""Load the games' master data into the database (idempotent).

Loaders are registered in ``sheets.gamedata.LOADERS``; running the command
twice leaves the same rows.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from sheets.gamedata import LOADERS


class Command(BaseCommand):
    help = "Load (or refresh) the games' reference data. Safe to run repeatedly."

    def handle(self, *args: Any, **options: Any) -> None:
        if not LOADERS:
            self.stdout.write("No game data to load yet.")
            return
        for name, loader in LOADERS.items():
            count = loader()
            self.stdout.write(f"{name}: {count} rows up to date")
