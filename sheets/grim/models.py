"""GRIM's shared catalogue: every Grim card a table has entered, for pick lists next time."""

from __future__ import annotations

from django.db import models


class GrimCard(models.Model):
    """A Grim as printed (rulebook: The Grim card: Element, Health, Speed, Attacks).

    Filled from the ``grim.entered`` events of every table (issue: "remembered
    in a shared catalogue"); the latest table's numbers win, as a card typed
    wrong once is typed right the next time.
    """

    name = models.CharField(max_length=40, unique=True)
    element = models.CharField(max_length=12)
    health = models.PositiveIntegerField()
    speed = models.PositiveIntegerField()
    attacks = models.JSONField(default=list, blank=True)
    times_entered = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-times_entered", "name")

    def __str__(self) -> str:
        return self.name

    def as_payload(self) -> dict[str, object]:
        """The ``grim.enter`` payload that enters this card."""
        payload: dict[str, object] = {
            "name": self.name,
            "element": self.element,
            "health": self.health,
            "speed": self.speed,
        }
        if self.attacks:
            payload["attacks"] = list(self.attacks)
        return payload
