"""Seats: taking one with a join code, and tying a guest's seat to an account.

A new seat enters the snapshot's table block by the rules' ops and is logged
(``seat.joined``, no command behind it); the row is made here, its token's
hash kept, the token shown once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils.translation import gettext as _

from campaigns import codes, ratings, selectors, stats_cache, throttle
from campaigns.errors import TableError
from campaigns.models import Event, Play, PlayResult, Role, Seat, Table, TableStatus
from campaigns.services.events import announce, numbered
from campaigns.table_rows import block_from_rows, seat_entry, snapshot_of
from rules import table as table_rules
from rules.engine import NewEvent

SEAT_COLOURS = ("#e0605a", "#7fcf7a", "#b49cff", "#e0a44a", "#6fc3df", "#e8dcc4", "#ff9ecd", "#a9b8c8")
MAX_SEATS = 12
UserLike = AbstractBaseUser | AnonymousUser | None


@dataclass(frozen=True)
class SeatGrant:
    """A new seat and its secret token (shown once; only its hash is kept)."""

    seat: Seat
    token: str


def real_user(user: UserLike) -> Any:
    """The account behind a request, or None for a guest."""
    return user if user is not None and user.is_authenticated else None


def new_seat(table: Table, *, name: str, role: str, position: int, user: UserLike) -> SeatGrant:
    """The seat's row and its token; it joins the log with ``seated``."""
    token = codes.new_seat_token()
    seat = Seat.objects.create(
        table=table,
        name=name,
        role=role,
        position=position,
        colour=SEAT_COLOURS[position % len(SEAT_COLOURS)],
        token_hash=codes.hash_token(token),
        user=real_user(user),
    )
    table.seat_ids = [*table.seat_ids, seat.pk]
    return SeatGrant(seat, token)


def seated(table: Table, seat: Seat) -> None:
    """A new seat enters the snapshot's table block, and the log says so (no command behind it)."""
    state = table.state
    if table_rules.BLOCK not in state:  # a snapshot from before the block: the seats already there
        others = list(Seat.objects.filter(table=table).exclude(pk=seat.pk))
        state = {**state, table_rules.BLOCK: block_from_rows(table, others)}
    ops = table_rules.join(state, seat_entry(seat))
    rows = numbered(table, seat.pk, [NewEvent("seat.joined", {**_joined_payload(seat), "ops": ops})], "")
    Event.objects.bulk_create(rows)
    # Read after the join: every seat, removed ones included (the log still names them).
    announce(table, rows, state, list(Seat.objects.filter(table=table).order_by("position", "id")))
    table.save(update_fields=["seq", "state", "seat_ids"])


def _joined_payload(seat: Seat) -> dict[str, Any]:
    """A ``seat.joined`` event's payload, before its ops."""
    return {
        "seat_id": seat.pk,
        "name": seat.name,
        "role": seat.role,
        "colour": seat.colour,
        "position": seat.position,
    }


def _room_to_watch(table: Table, seats: list[Seat]) -> None:
    """Refuse (409) a spectator past the table's limit: a join code must not let anyone fill it."""
    limit = table_rules.spectator_limit(snapshot_of(table))
    if sum(1 for s in seats if s.role == Role.SPECTATOR) < limit:
        return
    if limit:
        said = _(
            "All %(n)s spectator places at this table are taken. "
            "Join as a player, or ask the host to make room."
        )
    else:
        said = _("This table takes no spectators. Join as a player, or ask the host to make room.")
    raise TableError(
        "spectators_full",
        said % {"n": limit} if limit else said,
        status=409,
        extra={"field": "role", "limit": limit},
    )


def seat_join(
    *, code: str, name: str, role: str = Role.PLAYER, user: UserLike = None
) -> tuple[Table, SeatGrant]:
    """Take a seat at the table whose join code this is."""
    if role not in (Role.PLAYER, Role.SPECTATOR):
        raise TableError("bad_role", _("Join as a player or as a spectator."), extra={"field": "role"})
    seat_name = table_rules.clean_name(name, "your name")
    normal = codes.normalise_code(code)
    if not codes.looks_like_code(normal):
        raise TableError(
            "bad_code",
            _("A join code has 6 letters and digits, like K7QX2M."),
            status=404,
            extra={"field": "code"},
        )
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(join_code=normal).first()
        if table is None:
            raise TableError(
                "bad_code",
                _("No open table has that code. Ask the host for the current code."),
                status=404,
                extra={"field": "code"},
            )
        if table.status == TableStatus.ENDED:
            raise TableError("table_ended", _("That table has ended."), status=410)
        seats = list(table.seats.filter(removed_at=None))
        if len(seats) >= MAX_SEATS:
            raise TableError(
                "table_full", _("That table already has %(n)s seats.") % {"n": MAX_SEATS}, status=409
            )
        if role == Role.SPECTATOR:
            _room_to_watch(table, seats)
        position = max((s.position for s in seats), default=-1) + 1
        grant = new_seat(table, name=seat_name, role=role, position=position, user=user)
        seated(table, grant.seat)
    return table, grant


def seat_join_guarded(
    *, client: str, code: str, name: str, role: str = Role.PLAYER, user: UserLike = None
) -> tuple[Table, SeatGrant]:
    """``seat_join`` with the wrong-code rate limit for one client (429; ``throttle.join_guard``)."""
    normal = codes.normalise_code(code)
    throttle.join_guard(client, normal, lambda: selectors.code_is_open(normal))
    try:
        return seat_join(code=code, name=name, role=role, user=user)
    except TableError as exc:
        if exc.code == "bad_code":  # counted, and refused as it was
            throttle.join_failed(client)
        raise


def seat_claim(*, seat: Seat, user: UserLike) -> Seat:
    """Tie a guest seat to an account so the table shows in that person's history."""
    account = real_user(user)
    if account is None:
        raise TableError("login_required", _("Log in first to keep this seat in your history."), status=401)
    if seat.user_id is not None and seat.user_id != account.pk:
        raise TableError("seat_claimed", _("This seat already belongs to another account."), status=409)
    with transaction.atomic():
        seat.user = account
        seat.save(update_fields=["user"])
        # Results this seat already has move to the account's history.
        PlayResult.objects.filter(seat=seat, user=None).update(user=account)
        plays = list(Play.objects.filter(results__seat=seat).select_related("table"))
        for play in plays:
            play.users.add(account)
            # A play rated while the seat was a guest's: its rating follows the seat (issue #33, item 12).
            ratings.carry_to_account(play, seat.name, account.pk)
        # The cached statistics read these results: the account's own, its opponents' (a guest
        # became an account) and the groups' (issue #14, "Speed"; campaigns.stats_cache).
        others = PlayResult.objects.filter(play__in=plays).values_list("user_id", flat=True)
        stats_cache.bump_accounts([account.pk, *others])
        stats_cache.bump_hosts(p.table.host_user_id for p in plays)
    return seat
