"""Read models kept in step with a Grim Hand table's log (architecture: projectors).

Runs inside the command's transaction, right after its events are appended
(``campaigns.games.register_projector``). It reads the primitive operations
each event carries (``rules.grimhand.table.ops``), including those inside
undo/redo events, and keeps:

- ``sheets.Character``: one row per character (create, retire, rename, import),
  with the character's API document rewritten after every command;
- the table's homebrew ``EquipmentCard`` rows, so the catalogue API's
  ``?table=`` shows the campaign's own cards.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from campaigns.models import Event, Table
from sheets.grimhand.models import Character, EquipmentCard
from sheets.grimhand.selectors import character_json


def _ops(events: list[Event]) -> Iterator[dict[str, Any]]:
    for event in events:
        payload = event.payload or {}
        if event.type in ("undo", "redo"):
            for inner in payload.get("events", []):
                yield from inner.get("payload", {}).get("ops", [])
        else:
            yield from payload.get("ops", [])


def project_characters(table: Table, events: list[Event]) -> None:
    """Apply the character and homebrew operations of ``events`` to the read models."""
    for op in _ops(events):
        kind = op.get("op")
        if kind == "create":
            char = op["character"]
            Character.objects.create(id=char["id"], table=table, seat_id=char["seat_id"], name=char["name"])
        elif kind == "delete":
            Character.objects.filter(pk=op["character"]["id"], table=table).delete()
        elif kind == "field" and op.get("field") == "name":
            Character.objects.filter(pk=op["character_id"], table=table).update(name=op["after"])
        elif kind == "homebrew_add":
            card = op["card"]
            EquipmentCard.objects.create(
                table=table,
                name=card["name"],
                rank=card["rank"],
                affinity=card["affinity"],
                printed_rarity=card["printed_rarity"],
                gold_value=card.get("gold_value", 0),
                effect=card.get("effect", "") or "Homebrew card.",
            )
        elif kind == "homebrew_remove":
            EquipmentCard.objects.filter(table=table, name=op["card"]["name"]).delete()
    _refresh_documents(table)


def _refresh_documents(table: Table) -> None:
    """Rewrite every character's API document from the new snapshot (one UPDATE).

    All of them, not only those the events name: a settings change or a
    clamp in ``settle`` can move any character's numbers.
    """
    characters = table.state.get("characters", {})
    rows = [
        Character(pk=int(cid), document=json.dumps(character_json(char, table.pk), separators=(",", ":")))
        for cid, char in characters.items()
    ]
    if rows:
        Character.objects.bulk_update(rows, ["document"])
