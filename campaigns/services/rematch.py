"""A rematch: a new table of an ended one's game, with its options and seats (issue #33, item 3).

The host opens it; every other seat of the ended table is offered to follow and takes a seat
of its own name, role and place there (a new token: the old seat's proves who follows).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.errors import TableError
from campaigns.models import Role, Seat, Table, TableStatus
from campaigns.services.seats import SeatGrant, new_seat, seated
from campaigns.services.tables import game_options, table_create
from campaigns.table_rows import snapshot_of
from rules import table as table_rules
from rules.engine import NotAllowed


def table_rematch(*, seat: Seat) -> tuple[Table, SeatGrant]:
    """The host of an ended table opens its rematch, and takes its host seat."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=seat.table_id)
        if seat.role != Role.HOST or seat.removed_at is not None:
            raise NotAllowed("host_only", _("Only the host can start a rematch."))
        if table.status != TableStatus.ENDED:
            raise TableError("not_ended", _("A rematch starts once this table has ended."), status=409)
        if Table.objects.filter(rematch_of=table).exists():
            raise TableError("rematch_exists", _("This table's rematch has already started."), status=409)
        spectators = table_rules.spectator_limit(snapshot_of(table))
        new, grant = table_create(
            game=table.game,
            name=table.name,
            seat_name=seat.name,
            user=seat.user,
            options=game_options(table) | {table_rules.SPECTATORS: spectators},
        )
        new.rematch_of = table
        new.save(update_fields=["rematch_of"])
    return new, grant


def rematch_follow(*, seat: Seat) -> tuple[Table, SeatGrant]:
    """A seat of an ended table takes its place at the rematch: its name, role and position."""
    with transaction.atomic():
        new = Table.objects.select_for_update().filter(rematch_of_id=seat.table_id).first()
        if new is None:
            raise TableError("no_rematch", _("The host has not started a rematch yet."), status=404)
        if seat.removed_at is not None:
            raise NotAllowed("seat_removed", _("Your seat was removed from this table."))
        if new.status == TableStatus.ENDED:
            raise TableError("table_ended", _("That rematch has ended."), status=410)
        if new.seats.filter(name=seat.name, removed_at=None).exists():
            taken = _("%(name)s already has a seat at the rematch.") % {"name": seat.name}
            raise TableError("already_followed", taken, status=409)
        role = Role.PLAYER if seat.role == Role.HOST else seat.role
        grant = new_seat(new, name=seat.name, role=role, position=seat.position, user=seat.user)
        seated(new, grant.seat)
    return new, grant
