"""Commands: validated by the game's rules under the table's lock, logged, answered once.

Architecture ("commands, events, snapshots"): a command is validated and
applied by the game's pure rules under ``select_for_update`` on the table;
the events get the next ``seq`` values, the snapshot is saved, and the
command's answer is remembered, all in one transaction. Broadcasts and
Celery tasks run only after commit.

A command goes down the layers once (``_apply``): the store locks the table
row (``logstore.lock_table``), its snapshot with the table block is read once
(``table_rows.snapshot_of``), the rules decide (``dispatch.outcome_of``), the
block is projected onto the rows (``table_rows.project_rows``), the events
are numbered, worded and announced for after commit (``services.events``),
the store writes events, answer and row in one statement
(``logstore.write_command``), and the game's projectors follow.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from campaigns import logtext, registry, table_rows
from campaigns.broadcast import after_commit
from campaigns.errors import SeatGone, TableError, stale
from campaigns.hotpath import logstore
from campaigns.models import Command, OutboxTask, Seat, Table, TableStatus
from campaigns.outage import redis_outage
from campaigns.payloads import Held, check_payload, check_storable
from campaigns.services.dispatch import actor_of, outcome_of
from campaigns.services.events import announce, numbered
from campaigns.tasks import PLAY_RECORD, write_play_record
from rules.engine import Outcome, State
from rules.errors import RuleViolation

REPLAY = "_replay"
"""The key of a command's stored answer that keeps what replaying it needs (its payload and dice
seed, for ``campaigns.export``); never sent to a client."""


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
    That keeps the common path to one read and three writes. A refusal is
    raised as the layer that refused made it (``RuleViolation``).
    """
    check_payload(payload)
    asked = fingerprint(type, payload, seat.pk)
    try:
        return _apply(table_id, seat, command_id, type, payload, expected_seq, asked, seed)
    except IntegrityError:
        previous = _previous_answer(table_id, command_id, asked, seat.pk, type)
        if previous is None:
            raise
        return previous
    except SeatGone:  # a seat that left is told so, not given the answers it had
        raise
    except RuleViolation:
        previous = _previous_answer(table_id, command_id, asked, seat.pk, type)
        if previous is None:
            raise
        return previous


def command_preview(*, seat: Seat, type: str, payload: dict[str, Any]) -> dict[str, Any]:
    """What a game command would do now, without doing it: its log lines and the new state.

    A phone shows this before a player confirms (an attack's damage with its
    breakdown): the rules compute it once, on the server, exactly as the real
    command will. Platform commands (seats, the table, undo) have no preview.
    Refusals are raised just as the command would raise them.
    """
    check_payload(payload)
    table = Table.objects.get(pk=seat.table_id)
    if table.status == TableStatus.ENDED:
        raise TableError("table_ended", _("This table has ended; nothing can change any more."), status=409)
    if seat.pk not in table.seat_ids:
        raise TableError("seat_removed", _("Your seat was removed from this table."), status=403)
    if type in ("undo", "redo") or type.startswith(("seat.", "table.")):
        raise TableError(
            "no_preview", _("Only a game's own commands can be previewed."), extra={"field": "type"}
        )
    state = table.state = table_rows.snapshot_of(table)
    rng = random.Random(secrets.randbits(64))
    outcome = outcome_of(table, actor_of(seat, state), type, payload, state, rng)
    seq = table.seq
    rows = numbered(table, seat.pk, outcome.events, "")
    return {"seq": seq, "events": logtext.events_json(table, rows), "state": outcome.state}


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
            _("That command id was already used for a different change. Send a new command id."),
            status=409,
            extra={"command_id": command_id, "field": "command_id"},
        )
    return CommandResult(200, {k: v for k, v in previous.response.items() if k != REPLAY})


def _apply(
    table_id: int,
    seat: Seat,
    command_id: str,
    type: str,
    payload: dict[str, Any],
    expected_seq: int | None,
    asked: str,
    seed: int | None,
) -> CommandResult:
    """The command's one pass down the layers, in one transaction."""
    with transaction.atomic():
        table = _locked_open_table(table_id, seat, expected_seq)
        state = table_rows.snapshot_of(table)
        # 52 bits: the seed stays an exact number in JSON exports (±2**53).
        seed = secrets.randbits(52) if seed is None else seed
        outcome = outcome_of(table, actor_of(seat, state), type, payload, state, random.Random(seed))
        _check_storable(state, outcome)
        # The Table columns and Seat rows follow the snapshot's table block (a projection); only
        # a seat command reads the rows it may change. The log and the board read the block.
        rows = _all_seats(table) if type.startswith("seat.") else []
        seats = table_rows.project_rows(table, outcome.state, rows)
        events = numbered(table, seat.pk, outcome.events, command_id)
        body = {
            "seq": table.seq,
            "events": announce(table, events, outcome.state, seats),
            "state": outcome.state,
        }
        logstore.write_command(
            table,
            events,
            command_id=command_id,
            seat_id=seat.pk,
            type=type,
            fingerprint=asked,
            response={**body, REPLAY: {"payload": payload, "seed": seed}},
        )
        registry.project(table, events)
        if any(e.type == "table.ended" for e in events):
            _owe_play_record(table)
    return CommandResult(200, body)


def _locked_open_table(table_id: int, seat: Seat, expected_seq: int | None) -> Table:
    """The table under its write lock, refused unless ``seat`` sits there, it is open and at
    ``expected_seq`` (when given)."""
    table = logstore.lock_table(table_id)
    # First: the command's seat may come from campaigns.seat_memo, not from a lookup that
    # would have refused a removed seat's token (or one whose table was deleted with it).
    if table is None or seat.pk not in table.seat_ids:
        raise SeatGone()
    if table.status == TableStatus.ENDED:
        raise TableError("table_ended", _("This table has ended; nothing can change any more."), status=409)
    if expected_seq is not None and expected_seq != table.seq:
        raise stale(table.seq, expected_seq)
    return table


def _check_storable(before: State, outcome: Outcome) -> None:
    """The new snapshot and the events hold only what may be stored; what the table already
    holds is not this command's to refuse."""
    held = Held(before)
    check_storable(outcome.state, "state", held)
    for new in outcome.events:
        check_storable(new.payload, "event", held)


def _all_seats(table: Table) -> list[Seat]:
    """Every seat row of the table, removed ones included, in seating order."""
    return list(Seat.objects.filter(table=table).order_by("position", "id"))


def _owe_play_record(table: Table) -> None:
    """The play record is owed from this commit on (outbox row), and queued after it."""
    OutboxTask.objects.create(task=PLAY_RECORD, table=table)
    table_id = table.pk
    # While Redis is known to be down the queueing is not tried (it waits on the broker): the
    # outbox's beat task sends it (campaigns.outage).
    after_commit(lambda: None if redis_outage.skipping() else write_play_record.delay(table_id))
