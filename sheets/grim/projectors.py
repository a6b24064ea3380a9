"""GRIM's read models, kept in step with the log inside each command's transaction."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import F

from sheets.grim.models import GrimCard

if TYPE_CHECKING:
    from campaigns.models import Event, Table


def remember_cards(table: Table, events: list[Event]) -> None:
    """Each Grim entering play (placed, or swapped in) is remembered in the shared catalogue (its
    ``catalogue`` entry)."""
    for event in events:
        if event.type not in ("grim.entered", "grim.swapped"):
            continue
        card: Any = event.payload.get("catalogue")
        if not isinstance(card, dict) or not isinstance(card.get("name"), str):
            continue
        values = {
            "element": card.get("element", ""),
            "health": card.get("health", 0),
            "speed": card.get("speed", 0),
            "attacks": card.get("attacks") or [],
        }
        row, created = GrimCard.objects.get_or_create(
            name=card["name"], defaults=values | {"times_entered": 1}
        )
        if not created:
            GrimCard.objects.filter(pk=row.pk).update(**values, times_entered=F("times_entered") + 1)
