"""Read models kept in step with a Grim Hand table's log (architecture: projectors).

Runs inside the command's transaction, right after its events are appended
(``GameSpec.projectors``). The paths of the ops each event carries (including
those inside undo/redo events) say whether characters or homebrew cards may
have changed; the rows then follow the snapshot. It keeps:

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


def _touched(events: list[Event]) -> tuple[bool, bool]:
    """Whether the events may have added, removed or renamed characters, or changed homebrew cards."""
    characters = homebrew = False
    for op in _ops(events):
        for path in (op.get("path"), op.get("from"), op.get("to")):
            if not isinstance(path, list) or not path:
                continue
            if path[0] == "homebrew":
                homebrew = True
            if path[0] == "characters" and (len(path) == 2 or path[-1] == "name"):
                characters = True
    return characters, homebrew


def project_characters(table: Table, events: list[Event]) -> None:
    """Keep the character rows and the homebrew cards in step with the snapshot (then the documents).

    The rows follow the snapshot itself, so an undo, a redo or an import lands
    the same way as the command it reverses.
    """
    characters, homebrew = _touched(events)
    if characters:
        _sync_characters(table)
    if homebrew:
        _sync_homebrew(table)
    _refresh_documents(table)


def _sync_characters(table: Table) -> None:
    wanted = {int(cid): char for cid, char in table.state.get("characters", {}).items()}
    existing = dict(Character.objects.filter(table=table).values_list("pk", "name"))
    gone = [pk for pk in existing if pk not in wanted]
    if gone:
        Character.objects.filter(pk__in=gone, table=table).delete()
    for pk, char in wanted.items():
        if pk not in existing:
            Character.objects.create(id=pk, table=table, seat_id=char["seat_id"], name=char["name"])
        elif existing[pk] != char["name"]:
            Character.objects.filter(pk=pk, table=table).update(name=char["name"])


def _sync_homebrew(table: Table) -> None:
    cards = {card["name"]: card for card in table.state.get("homebrew", {}).get("equipment", [])}
    existing = set(EquipmentCard.objects.filter(table=table).values_list("name", flat=True))
    EquipmentCard.objects.filter(table=table).exclude(name__in=list(cards)).delete()
    for name, card in cards.items():
        if name not in existing:
            EquipmentCard.objects.create(
                table=table,
                name=card["name"],
                rank=card["rank"],
                affinity=card["affinity"],
                printed_rarity=card["printed_rarity"],
                gold_value=card.get("gold_value", 0),
                effect=card.get("effect", "") or "Homebrew card.",
            )


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
