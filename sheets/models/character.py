"""The character index: one row per Grim Hand character at a table (read model).

The character itself lives in the table's snapshot (``Table.state``) and is
changed only by table commands (``rules.grimhand.table``); this row is kept in
step by ``sheets.projectors`` inside each command's transaction, so a
character can be found by id (API, export) and a seat holds at most one.
"""

from __future__ import annotations

from django.db import models


class Character(models.Model):
    """A seat's Grim Hand character; its id is the one the rules gave it."""

    id = models.BigIntegerField(primary_key=True)
    table = models.ForeignKey("campaigns.Table", on_delete=models.CASCADE, related_name="characters")
    seat = models.OneToOneField("campaigns.Seat", on_delete=models.CASCADE, related_name="character")
    name = models.CharField(max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "seat"]

    def __str__(self) -> str:
        return self.name
