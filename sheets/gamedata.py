"""Registry of master-data loaders used by ``manage.py load_gamedata``."""

from __future__ import annotations

from collections.abc import Callable

from sheets.catalogue_loader import load_grimhand_catalogue

# name -> loader returning how many rows it made sure exist
LOADERS: dict[str, Callable[[], int]] = {
    "grimhand": load_grimhand_catalogue,
}
