"""Which table a game's play belongs to when its export is imported (issue #14, "Exports and restore").

An ended table's export replays ``table.end``, and an ended table owes a
play record (``campaigns.tasks.write_play_record``). Imported on the server
that still holds the exported table, that would count the same game twice:
two plays in the players' histories and statistics, and the ratings moved
twice by one result. So an export names the game it holds (its *origin*:
the id and opening time of the table it was first played at, kept through
any number of copies), and a table imported from an ended export keeps that
name. Its play record is written only when no other table on this server
holds the same game: not the origin table itself (ended, so its own record
is owed or written), nor another copy already recorded. A restore (the
origin gone, or on another server) is recorded once, with the times the
game was actually played (the origin's opening and end), not the moment of
the import.

An export of an open table makes a table that goes on being played: from
there on it is its own game, recorded when it ends, and keeps no origin.

Exports written before this carry no origin. Imported where the table
their log was written at is held and ended, they are recognised by their
first event (that table's host seat id and the moment it joined: no other
table's log starts so) and are a copy of its game; elsewhere they are
imported as before. What the file says about its origin is not checked by the replay (it only
names which play is the same one); a wrong one can only withhold the
import's own play record, or misdate it, never touch another table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns.errors import TableError
from campaigns.models import Play, Table, TableStatus


@dataclass(frozen=True)
class Origin:
    """The game an export holds: its first table's id and opening time there, and when it ended."""

    table_id: int
    created_at: datetime
    ended_at: datetime | None


def origin_json(table: Table) -> dict[str, Any]:
    """The ``origin`` of ``table``'s export: its own game, or the game it is a copy of."""
    first = Table.objects.filter(pk=table.pk).values("origin_table_id", "origin_created_at").get()
    created = first["origin_created_at"] or table.created_at
    return {
        "table_id": first["origin_table_id"] or table.pk,
        "created_at": created.isoformat(),
        "ended_at": table.ended_at.isoformat() if table.ended_at else None,
    }


def _bad(message: str) -> TableError:
    return TableError(
        "import_bad_file",
        _("This is not a complete table export: %(detail)s") % {"detail": message},
        extra={"field": "origin"},
    )


def _moment(value: Any, what: str) -> datetime:
    """An ISO 8601 time with its offset (as exported), strictly."""
    if not isinstance(value, str) or len(value) > 40:
        raise _bad(_("the origin's %(what)s is not a time.") % {"what": what})
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise _bad(_("the origin's %(what)s is not a time.") % {"what": what}) from None
    if timezone.is_naive(moment):
        raise _bad(_("the origin's %(what)s has no time zone.") % {"what": what})
    return moment


def read_origin(value: Any) -> Origin | None:
    """The export's ``origin`` checked strictly, or ``None`` for an export without one (older files)."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"table_id", "created_at", "ended_at"}:
        raise _bad(_("“origin” must name table_id, created_at and ended_at."))
    table_id = value["table_id"]
    if not isinstance(table_id, int) or isinstance(table_id, bool) or not 0 < table_id < 2**53:
        raise _bad(_("the origin's table_id must be a positive whole number."))
    created = _moment(value["created_at"], "created_at")
    ended = None if value["ended_at"] is None else _moment(value["ended_at"], "ended_at")
    if ended is not None and ended < created:
        raise _bad(_("the origin ends before it starts."))
    return Origin(table_id, created, ended)


def found_here(first: Mapping[str, Any], game: str) -> Origin | None:
    """The game an export without ``origin`` holds, if the ended table its log was written at is
    here: the one whose first event is the export's (its host seat's id and the moment it joined)."""
    seat_id, written = first["payload"].get("seat_id"), first.get("created_at")
    if not isinstance(seat_id, int) or isinstance(seat_id, bool) or not isinstance(written, str):
        return None
    try:
        moment = datetime.fromisoformat(written)
    except ValueError:
        return None
    if timezone.is_naive(moment) or not 0 < seat_id < 2**63:
        return None
    table = Table.objects.filter(
        game=game,
        status=TableStatus.ENDED,
        seats__pk=seat_id,
        events__seq=1,
        events__seat_id=seat_id,
        events__created_at=moment,
    ).first()
    if table is None or table.ended_at is None:
        return None
    return Origin(
        table.origin_table_id or table.pk, table.origin_created_at or table.created_at, table.ended_at
    )


def keep_origin(table: Table, origin: Origin | None) -> None:
    """Mark an imported table that ended as a copy of ``origin``'s game, dated as it was played.

    Called inside the import's transaction, after the replay ended the
    table, so the play record queued on its commit sees the mark. A clock
    ahead of this server's cannot date a game in the future: the end is
    kept no later than now.
    """
    if origin is None or table.status != TableStatus.ENDED or origin.ended_at is None:
        return
    ended = min(origin.ended_at, timezone.now())
    table.origin_table_id = origin.table_id
    table.origin_created_at = min(origin.created_at, ended)
    table.ended_at = ended
    table.save(update_fields=["origin_table_id", "origin_created_at", "ended_at"])


def recorded_elsewhere(table: Table) -> bool:
    """Whether another table on this server holds ``table``'s game and so its play record.

    Only a copy asks (a table opened here is its own game): the origin table
    itself, ended, or another copy of the same game already recorded.
    """
    if table.origin_table_id is None or table.origin_created_at is None:
        return False
    first = Table.objects.filter(
        pk=table.origin_table_id,
        created_at=table.origin_created_at,
        origin_table_id=None,
        status=TableStatus.ENDED,
    )
    copies = Play.objects.filter(
        table__origin_table_id=table.origin_table_id, table__origin_created_at=table.origin_created_at
    ).exclude(table=table)
    return first.exists() or copies.exists()


def started_at(table: Table) -> datetime:
    """When ``table``'s game began: its origin's opening for a copy, else its own."""
    return table.origin_created_at or table.created_at
