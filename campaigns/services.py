"""Table services: the only code that writes tables, seats and the log.

Architecture ("commands, events, snapshots"): a command is validated and
applied by the game's pure rules under ``select_for_update`` on the table;
the events get the next ``seq`` values, the snapshot is saved, and the
command's answer is remembered, all in one transaction. Broadcasts and
Celery tasks run only after commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from campaigns import codes, logstore, logtext, registry, selectors, stats_cache, throttle
from campaigns.boards import board_html, has_board
from campaigns.broadcast import after_commit, broadcast_events
from campaigns.errors import SeatGone, TableError, stale
from campaigns.host_commands import (
    block_of,
    clean_name,
    mirror,
    rotate_code,
    seat_entry,
    seat_payload,
    snapshot_seats,
    with_block,
)
from campaigns.models import (
    Command,
    EditPolicy,
    Event,
    OutboxTask,
    Play,
    PlayResult,
    Role,
    Seat,
    Table,
    TableStatus,
)
from campaigns.outage import redis_outage
from campaigns.payloads import Held, check_payload, check_storable
from campaigns.registry import project, rules_for
from campaigns.undo import undo_redo
from rules import table as table_rules
from rules.engine import Actor, NewEvent, NotAllowed, Outcome, State
from rules.errors import RuleViolation

REPLAY = "_replay"
"""The key of a command's stored answer that keeps what replaying it needs (its payload and dice
seed, for ``campaigns.export``); never sent to a client."""
SEAT_COLOURS = ("#e0605a", "#7fcf7a", "#b49cff", "#e0a44a", "#6fc3df", "#e8dcc4", "#ff9ecd", "#a9b8c8")
MAX_SEATS = 12
UserLike = AbstractBaseUser | AnonymousUser | None


@dataclass(frozen=True)
class SeatGrant:
    """A new seat and its secret token (shown once; only its hash is kept)."""

    seat: Seat
    token: str


def _real_user(user: UserLike) -> Any:
    """The account behind a request, or None for a guest."""
    return user if user is not None and user.is_authenticated else None


def _new_seat(table: Table, *, name: str, role: str, position: int, user: UserLike) -> SeatGrant:
    token = codes.new_seat_token()
    seat = Seat.objects.create(
        table=table,
        name=name,
        role=role,
        position=position,
        colour=SEAT_COLOURS[position % len(SEAT_COLOURS)],
        token_hash=codes.hash_token(token),
        user=_real_user(user),
    )
    table.seat_ids = [*table.seat_ids, seat.pk]
    return SeatGrant(seat, token)


@transaction.atomic
def table_create(
    *,
    game: str,
    name: str,
    seat_name: str,
    user: UserLike = None,
    options: Mapping[str, Any] | None = None,
) -> tuple[Table, SeatGrant]:
    """Open a table for a registered game, set up with its options; its creator takes the host seat."""
    try:
        spec = registry.get(game)
    except RuleViolation as exc:
        raise TableError(
            "unknown_game", exc.message, extra={"field": "game", "games": registry.slugs()}
        ) from exc
    if options is not None:
        if not isinstance(options, Mapping):
            raise TableError("bad_options", "Options must be an object.", extra={"field": "options"})
        check_payload(dict(options), "options")
    spectators, options = _spectator_option(options)
    try:
        clean = spec.clean_options(options)
    except RuleViolation as exc:
        field = exc.extra.get("field", "")
        raise TableError(
            exc.code, exc.message, extra={**exc.extra, "field": f"options.{field}" if field else "options"}
        ) from exc
    rules = spec.rules
    table_name = clean_name(name, "a table name", table_rules.TABLE_NAME_MAX)
    host_name = clean_name(seat_name, "your name", field="seat_name")
    for _ in range(20):
        try:
            with transaction.atomic():
                table = Table.objects.create(
                    game=game,
                    name=table_name,
                    join_code=codes.new_join_code(),
                    host_user=_real_user(user),
                    state={
                        **rules.initial_state(clean),
                        "undone": [],
                        table_rules.BLOCK: table_rules.block(name=table_name, spectators=spectators),
                    },
                )
            break
        except IntegrityError:  # join code already taken: draw another
            continue
    else:  # pragma: no cover - 31^6 codes make this practically impossible
        raise TableError("no_code", "Could not find a free join code; please try again.", status=503)
    grant = _new_seat(table, name=host_name, role=Role.HOST, position=0, user=user)
    _seated(table, grant.seat)
    return table, grant


def _spectator_option(options: Mapping[str, Any] | None) -> tuple[int | None, dict[str, Any]]:
    """The platform's own option (``spectators``, at every game's table) and the game's options."""
    rest = dict(options or {})
    if table_rules.SPECTATORS not in rest:
        return None, rest
    try:
        return table_rules.clean_spectators(rest.pop(table_rules.SPECTATORS), "options.spectators"), rest
    except RuleViolation as exc:
        raise TableError(exc.code, exc.message, extra=exc.extra) from exc


def _room_to_watch(table: Table, seats: list[Seat]) -> None:
    """Refuse (409) a spectator past the table's limit: a join code must not let anyone fill it."""
    limit = table_rules.spectator_limit(with_block(table))
    if sum(1 for s in seats if s.role == Role.SPECTATOR) < limit:
        return
    taken = (
        f"All {limit} spectator places at this table are taken."
        if limit
        else "This table takes no spectators."
    )
    raise TableError(
        "spectators_full",
        f"{taken} Join as a player, or ask the host to make room.",
        status=409,
        extra={"field": "role", "limit": limit},
    )


def _seated(table: Table, seat: Seat) -> None:
    """A new seat enters the snapshot's table block, and the log says so (no command behind it)."""
    state = table.state
    if table_rules.BLOCK not in state:  # a snapshot from before the block: the seats already there
        others = list(Seat.objects.filter(table=table).exclude(pk=seat.pk))
        state = {**state, table_rules.BLOCK: block_of(table, others)}
    ops = table_rules.join(state, seat_entry(seat))
    _append(table, seat, [NewEvent("seat.joined", {**seat_payload(seat), "ops": ops})], state, "")
    table.save(update_fields=["seq", "state", "seat_ids"])


def seat_join(
    *, code: str, name: str, role: str = Role.PLAYER, user: UserLike = None
) -> tuple[Table, SeatGrant]:
    """Take a seat at the table whose join code this is."""
    if role not in (Role.PLAYER, Role.SPECTATOR):
        raise TableError("bad_role", "Join as a player or as a spectator.", extra={"field": "role"})
    seat_name = clean_name(name, "your name")
    normal = codes.normalise_code(code)
    if not codes.looks_like_code(normal):
        raise TableError(
            "bad_code",
            "A join code has 6 letters and digits, like K7QX2M.",
            status=404,
            extra={"field": "code"},
        )
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(join_code=normal).first()
        if table is None:
            raise TableError(
                "bad_code",
                "No open table has that code. Ask the host for the current code.",
                status=404,
                extra={"field": "code"},
            )
        if table.status == TableStatus.ENDED:
            raise TableError("table_ended", "That table has ended.", status=410)
        seats = list(table.seats.filter(removed_at=None))
        if len(seats) >= MAX_SEATS:
            raise TableError("table_full", f"That table already has {MAX_SEATS} seats.", status=409)
        if role == Role.SPECTATOR:
            _room_to_watch(table, seats)
        position = max((s.position for s in seats), default=-1) + 1
        grant = _new_seat(table, name=seat_name, role=role, position=position, user=user)
        _seated(table, grant.seat)
    return table, grant


def seat_claim(*, seat: Seat, user: UserLike) -> Seat:
    """Tie a guest seat to an account so the table shows in that person's history."""
    account = _real_user(user)
    if account is None:
        raise TableError("login_required", "Log in first to keep this seat in your history.", status=401)
    if seat.user_id is not None and seat.user_id != account.pk:
        raise TableError("seat_claimed", "This seat already belongs to another account.", status=409)
    with transaction.atomic():
        seat.user = account
        seat.save(update_fields=["user"])
        # Results this seat already has move to the account's history.
        PlayResult.objects.filter(seat=seat, user=None).update(user=account)
        plays = list(Play.objects.filter(results__seat=seat).select_related("table"))
        for play in plays:
            play.users.add(account)
        # The cached statistics read these results: the account's own, its opponents' (a guest
        # became an account) and the groups' (issue #14, "Speed"; campaigns.stats_cache).
        others = PlayResult.objects.filter(play__in=plays).values_list("user_id", flat=True)
        stats_cache.bump_accounts([account.pk, *others])
        stats_cache.bump_hosts(p.table.host_user_id for p in plays)
    return seat


def seat_join_guarded(
    *, client: str, code: str, name: str, role: str = Role.PLAYER, user: UserLike = None
) -> tuple[Table, SeatGrant]:
    """``seat_join`` with the wrong-code rate limit for one client (429; ``throttle.join_guard``)."""
    normal = codes.normalise_code(code)
    throttle.join_guard(client, normal, lambda: selectors.code_is_open(normal))
    try:
        return seat_join(code=code, name=name, role=role, user=user)
    except TableError as exc:
        if exc.code == "bad_code":
            throttle.join_failed(client)
        raise


@dataclass(frozen=True)
class CommandResult:
    status: int
    body: dict[str, Any]


def command_execute(
    *,
    table_id: int,
    seat: Seat,
    command_id: str,
    type: str,
    payload: dict[str, Any],
    expected_seq: int | None = None,
    seed: int | None = None,
) -> CommandResult:
    """Validate and apply one command; append its events; answer like the first time.

    ``seed`` is the command's dice seed when a table is rebuilt from its
    export (issue #14); otherwise a fresh secret one is drawn. Either way it
    is kept with the command's answer, so a replay rolls the same dice.

    A repeated ``command_id`` must return its first answer even when applying
    it again would now fail (a retried "-1" at 0), so the stored answer is
    looked up on every refusal; on success the unique constraint on
    ``(table, command_id)`` catches the repeat and the whole attempt rolls back.
    That keeps the common path to one read and three writes.
    """
    check_payload(payload)
    asked = fingerprint(type, payload, seat.pk)
    try:
        return _command_once(table_id, seat, command_id, type, payload, expected_seq, asked, seed)
    except IntegrityError:
        previous = _previous_answer(table_id, command_id, asked, seat.pk, type)
        if previous is None:
            raise
        return previous
    except SeatGone:  # a seat that left is told so, not given the answers it had
        raise
    except (RuleViolation, TableError) as exc:
        previous = _previous_answer(table_id, command_id, asked, seat.pk, type)
        if previous is not None:
            return previous
        if isinstance(exc, TableError):
            raise
        raise TableError(exc.code, exc.message, status=exc.status, extra=exc.extra) from exc


def command_preview(*, seat: Seat, type: str, payload: dict[str, Any]) -> dict[str, Any]:
    """What a game command would do now, without doing it: its log lines and the new state.

    A phone shows this before a player confirms (an attack's damage with its
    breakdown): the rules compute it once, on the server, exactly as the real
    command will. Platform commands (seats, the table, undo) have no preview.
    Refusals raise ``TableError`` just as the command would.
    """
    check_payload(payload)
    table = Table.objects.get(pk=seat.table_id)
    if table.status == TableStatus.ENDED:
        raise TableError("table_ended", "This table has ended; nothing can change any more.", status=409)
    if seat.pk not in table.seat_ids:
        raise TableError("seat_removed", "Your seat was removed from this table.", status=403)
    if type in ("undo", "redo") or type.startswith(("seat.", "table.")):
        raise TableError(
            "no_preview", "Only a game's own commands can be previewed.", extra={"field": "type"}
        )
    table.state = with_block(table)
    actor = _actor(seat, table.state)
    try:
        outcome = _dispatch(table, actor, type, payload)
    except RuleViolation as exc:
        raise TableError(exc.code, exc.message, status=exc.status, extra=exc.extra) from exc
    now = timezone.now()
    rows = [
        Event(
            table=table,
            seq=table.seq + i + 1,
            seat_id=seat.pk,
            type=e.type,
            payload=e.payload,
            created_at=now,
        )
        for i, e in enumerate(outcome.events)
    ]
    return {
        "seq": table.seq,
        "events": logtext.said(table, rows),
        "state": outcome.state,
    }


def fingerprint(type: str, payload: dict[str, Any], seat_id: int) -> str:
    """What a command asked for, as a hash: equal only for the very same request."""
    canonical = json.dumps([type, payload, seat_id], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


def _previous_answer(
    table_id: int, command_id: str, asked: str, seat_id: int, type: str
) -> CommandResult | None:
    """The first answer to this ``command_id``; a 409 if it was asked for something else."""
    previous = (
        Command.objects.filter(table_id=table_id, command_id=command_id)
        .only("response", "fingerprint", "seat_id", "type")
        .first()
    )
    if previous is None:
        return None
    same = (
        previous.fingerprint == asked
        if previous.fingerprint
        else (previous.seat_id == seat_id and previous.type == type)
    )
    if not same:
        raise TableError(
            "command_id_reused",
            "That command id was already used for a different change. Send a new command id.",
            status=409,
            extra={"command_id": command_id, "field": "command_id"},
        )
    return CommandResult(200, {k: v for k, v in previous.response.items() if k != REPLAY})


def _command_once(
    table_id: int,
    seat: Seat,
    command_id: str,
    type: str,
    payload: dict[str, Any],
    expected_seq: int | None,
    asked: str,
    seed: int | None = None,
) -> CommandResult:
    with transaction.atomic():
        table = logstore.lock_table(table_id)
        # First: the command's seat may come from campaigns.seat_memo, not from a lookup that
        # would have refused a removed seat's token (or one whose table was deleted with it).
        if table is None or seat.pk not in table.seat_ids:
            raise SeatGone()
        if table.status == TableStatus.ENDED:
            raise TableError("table_ended", "This table has ended; nothing can change any more.", status=409)
        if expected_seq is not None and expected_seq != table.seq:
            raise stale(table.seq, expected_seq)
        table.state = with_block(table)
        actor = _actor(seat, table.state)
        # 52 bits: the seed stays an exact number in JSON exports (±2**53).
        seed = secrets.randbits(52) if seed is None else seed
        outcome = _dispatch(table, actor, type, payload, random.Random(seed))
        held = Held(table.state)  # what the table already holds is not this command's to refuse
        check_storable(outcome.state, "state", held)
        for new in outcome.events:
            check_storable(new.payload, "event", held)
        # The Table columns and Seat rows follow the snapshot's table block (a projector); only
        # a seat command reads the rows it may change. The log and the board read the block.
        mirror(table, outcome.state, _seats(table) if type.startswith("seat.") else [])
        seats = snapshot_seats(table, outcome.state)
        events, said = _append(
            table, seat, outcome.events, outcome.state, command_id, store=False, seats=seats
        )
        body = {"seq": table.seq, "events": said, "state": table.state}
        logstore.write_command(
            table,
            events,
            command_id=command_id,
            seat_id=seat.pk,
            type=type,
            fingerprint=asked,
            response={**body, REPLAY: {"payload": payload, "seed": seed}},
        )
        project(table, events)
        if any(e.type == "table.ended" for e in events):
            _owe_play_record(table)
    return CommandResult(200, body)


def _owe_play_record(table: Table) -> None:
    """The play record is owed from this commit on (outbox row), and queued after it."""
    from campaigns.tasks import PLAY_RECORD, write_play_record

    OutboxTask.objects.create(task=PLAY_RECORD, table=table)
    table_id = table.pk
    # While Redis is known to be down the queueing is not tried (it waits on the broker): the
    # outbox's beat task sends it (campaigns.outage).
    after_commit(lambda: None if redis_outage.skipping() else write_play_record.delay(table_id))


def _dispatch(
    table: Table, actor: Actor, type: str, payload: dict[str, Any], rng: random.Random | None = None
) -> Outcome:
    if actor.role == Role.SPECTATOR:
        raise NotAllowed("spectator", "Spectators can watch but not change anything.")
    state = with_block(table)
    if type in table_rules.COMMANDS:
        return table_rules.apply(state, type, payload, actor)
    if type == "table.rotate_code":
        return rotate_code(table, actor, payload)
    # The game's rules never see the platform's part of the snapshot.
    game_state = dict(state)
    block = game_state.pop(table_rules.BLOCK)
    if type in ("undo", "redo"):
        outcome = undo_redo(table, actor, type, payload, game_state)
    else:
        undone = game_state.pop("undone", [])
        outcome = rules_for(table.game).apply(
            game_state, type, payload, actor, rng or random.Random(secrets.randbits(64))
        )
        outcome.state["undone"] = undone
    outcome.state[table_rules.BLOCK] = block
    if any(e.payload.get(GAME_OVER) is True for e in outcome.events):
        # The game's rules say the game is over (a campaign's end): the table
        # ends in the same command, so its play record is owed in this commit.
        ops = table_rules.end(outcome.state)
        outcome.events.append(NewEvent("table.ended", {"ops": ops}))
    return outcome


GAME_OVER = "ends_table"
"""An event payload key a game's rules set to true when its game is over: the table ends with it."""


def _actor(seat: Seat, state: Mapping[str, Any]) -> Actor:
    """Who sends a command, with what the table's block allows now."""
    return Actor(
        seat_id=seat.pk,
        role=seat.role,
        everyone_edits=state[table_rules.BLOCK]["edit_policy"] == EditPolicy.EVERYONE,
        seat_ids=table_rules.playing_ids(state),
    )


def _seats(table: Table) -> list[Seat]:
    """Every seat of the table, removed ones included (the log still names them), in seating order."""
    return list(Seat.objects.filter(table=table).order_by("position", "id"))


def _append(
    table: Table,
    seat: Seat | None,
    new: list[NewEvent],
    state: State,
    command_id: str,
    *,
    store: bool = True,
    seats: list[Seat] | None = None,
) -> tuple[list[Event], list[dict[str, Any]]]:
    """Give the events the next seq numbers (stored now, or by the caller's
    ``logstore.write_command``) and broadcast them after commit, worded for
    the log and with the game's board rendered once for every phone.
    Returns the rows and their JSON (with the log line)."""
    rows = []
    for item in new:
        table.seq += 1
        rows.append(
            Event(
                table=table,
                seq=table.seq,
                seat_id=seat.pk if seat is not None else None,
                command_id=command_id,
                type=item.type,
                payload=item.payload,
                created_at=timezone.now(),
            )
        )
    if store:
        Event.objects.bulk_create(rows)
    table.state = state
    if seats is None:
        seats = _seats(table)  # after the command: a renamed or removed seat reads as it is now
    said = logtext.said(table, rows, {s.pk: s.name for s in seats})
    group, seat_ids, status = table.group_name, list(table.seat_ids), str(table.status)

    def board() -> str | None:
        return board_html(table, state, seats)

    render = board if has_board(table) else None
    after_commit(lambda: broadcast_events(group, said, state, seat_ids=seat_ids, status=status, board=render))
    return rows, said
