"""Registry of master-data loaders used by ``manage.py load_gamedata``."""

from __future__ import annotations

from collections.abc import Callable

# name -> loader returning how many rows it made sure exist
LOADERS: dict[str, Callable[[], int]] = {}
