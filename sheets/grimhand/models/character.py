"""The character index: one row per Grim Hand character at a table (read model).

The character itself lives in the table's snapshot (``Table.state``) and is
changed only by table commands (``rules.grimhand.table``); this row is kept in
step by ``sheets.grimhand.projectors`` inside each command's transaction, so a
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
    # The character exactly as ``GET /api/v1/grimhand/characters/{id}/``
    # answers it, rewritten by the projector with every command at its
    # table: the hottest read of a party is then one indexed row, no JSON
    # work in Python. Empty until the first command after this field existed.
    document = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "seat"]

    def __str__(self) -> str:
        return self.name
