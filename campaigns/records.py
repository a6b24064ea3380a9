"""Each game's records over its plays, side by side (issue #14: "best XP, most threats killed,
deepest level reached, fastest campaign").

A game's rules declare ``record_fields`` (``rules.game.RecordField``): which
numbers of a seat's ``details`` are records, and which end is best. This
module knows no game: it reads the declarations from the registry and finds
the best value of each over any set of ``PlayResult`` rows in one query,
whatever the number of plays (the JSON keys are extracted by the database;
only the declared keys of the games that have records come back).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import F, QuerySet
from django.db.models.fields.json import KeyTransform

from campaigns import registry
from campaigns.models import PlayResult
from rules.game import PLAY_DURATION, RecordField

Identity = tuple[int | None, str]
"""An account id, or ``(None, guest seat name)``, as in ``campaigns.ratings``."""


def fields_by_game() -> dict[str, tuple[RecordField, ...]]:
    """The registered games that keep records, with their fields in the game's order."""
    return {g.slug: tuple(g.rules.record_fields) for g in registry.games() if g.rules.record_fields}


def _alias(key: str) -> str:
    return "rec_" + key


def _number(value: Any) -> int | float | None:
    """A record's value: a JSON number only (never a flag, text or nothing)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return value


def record_rows(rows: QuerySet[PlayResult]) -> list[dict[str, Any]]:
    """The rows of games with records, oldest first, each with its record values (one query).

    A row whose details are empty (the play ended before the game gave a
    result, say a campaign abandoned) holds no records, not even its length.
    """
    fields = fields_by_game()
    if not fields:
        return []
    keys = sorted({f.key for spec in fields.values() for f in spec if f.key != PLAY_DURATION})
    found = (
        rows.filter(game__in=list(fields))
        .exclude(details={})
        .annotate(
            guest_name=F("name"),
            duration=F("play__duration_s"),
            **{_alias(k): KeyTransform(k, "details") for k in keys},
        )
        .order_by("ended_at", "play_id", "id")
        .values(
            "game",
            "user_id",
            "user__username",
            "guest_name",
            "play_id",
            "ended_at",
            "duration",
            *map(_alias, keys),
        )
    )
    out = []
    for row in found:
        values = {k: _number(row[_alias(k)]) for k in keys}
        values[PLAY_DURATION] = _number(row["duration"])
        out.append({**row, "values": values})
    return out


def _entry(field: RecordField) -> dict[str, Any]:
    return {
        "key": field.key,
        "label": field.label,
        "better": "higher" if field.higher_is_better else "lower",
        "unit": "s" if field.key == PLAY_DURATION else "",
        "value": None,
        "play_id": None,
        "ended_at": None,
    }


def best(
    fields: Iterable[RecordField], rows: Iterable[Mapping[str, Any]], *, holder: bool = False
) -> list[dict[str, Any]]:
    """The record of each field over ``rows`` (oldest first): its value and the play that set it.

    A tie keeps the first to reach it, as a record does. With ``holder``, each
    entry also names who holds it (the account's username or the guest's
    seat name; nobody for a play's length, which the whole play holds). A
    field no row has a number for has ``value`` ``None``.
    """
    fields = list(fields)
    entries = [_entry(f) for f in fields]
    if holder:
        for entry in entries:
            entry.update(name=None, account=None)
    for row in rows:
        for field, entry in zip(fields, entries, strict=True):
            value = row["values"].get(field.key)
            if value is None:
                continue
            current = entry["value"]
            if current is None or (value > current if field.higher_is_better else value < current):
                entry.update(value=value, play_id=row["play_id"], ended_at=row["ended_at"].isoformat())
                # A play's length is the whole play's record, not one seat's.
                if holder and field.key != PLAY_DURATION:
                    account = row["user_id"] is not None
                    entry.update(
                        name=row["user__username"] if account else row["guest_name"], account=account
                    )
    return entries


def identity_of(row: Mapping[str, Any]) -> Identity:
    return (row["user_id"], "" if row["user_id"] is not None else row["guest_name"])
