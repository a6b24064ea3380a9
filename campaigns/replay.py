"""A new table rebuilt from an export by replaying its commands (issue #14, "Exports and restore").

The import trusts nothing in the file but the commands: it opens a new table
and sends them again, one by one, through the same service every phone uses
(``services.command_execute``), so the game's rules validate every step and
the dice fall as they fell the first time. Each replayed command must
produce the events the export says it produced, and the result must be the
exported final snapshot; otherwise the import is refused and leaves nothing
behind: no table, no seats, no outbox row.

The replay runs off the request path (``campaigns.imports``, issue #32) and
commits in short steps, not as one transaction: on SQLite a transaction
holds the database's one write lock, and a replay of thousands of commands
would keep every other table's commands waiting for it. Until the last step
nobody can use the table (no seat of it has a token anyone holds, its
broadcasts are dropped); a refusal deletes what the steps wrote. The last
step replays the last change (``table.end`` can only be the last), checks
the end and hands the host seat over, so a play record is only ever owed by
a table whose import succeeded.

Seat ids inside states and payloads are database ids, so a rebuilt table
has others. Command payloads name seats by the platform's convention (a
``seat_id`` or ``*_seat_id`` field, a ``seat_ids`` or ``*_seat_ids`` list,
the convention ``campaigns.undo`` relies on too); those are translated
before a command is sent again. Comparisons accept a seat id where the
rebuilt table has that seat's new id, so no game's state layout is assumed.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns import origins, registry, services
from campaigns.broadcast import unheard
from campaigns.errors import TableError
from campaigns.export import JOINED
from campaigns.models import Event, Role, Seat, Table, TableStatus
from campaigns.readexport import Doc, bad, is_int, same
from rules import table as table_rules
from rules.errors import RuleViolation

STEP_S = 0.1
"""Replay work per transaction before it commits."""
SINGLE_WRITER_PAUSE_S = 0.15
"""Where the database has one writer (SQLite), the pause after each step that lets a waiting
writer in: SQLite's busy handler tries again at most every 100 ms."""


class Hooks(Protocol):
    """What the caller (an import job) does inside the replay's transactions."""

    def opened(self, table: Table) -> None:
        """The table exists (first transaction): a replay stopped midway must find it to delete it."""

    def step(self) -> None:
        """Each step's transaction: raise to give up (nothing of this step is kept)."""

    def finished(self, table: Table, host: Seat) -> None:
        """The last transaction: the import succeeded; the host seat is the importer's."""


@dataclass
class _Rebuild:
    doc: Doc
    table: Table
    host: Seat
    ids: dict[int, int] = field(default_factory=dict)
    seats: dict[int, Seat] = field(default_factory=dict)


def _mismatch(message: str, **extra: Any) -> TableError:
    return TableError(
        "import_mismatch",
        _("Replaying this export does not give the table it describes: %(detail)s") % {"detail": message},
        extra=extra,
    )


def _as_then(old: Mapping[str, Any], new: Any) -> Any:
    """A replayed platform event's payload as an export of its day has it: exports written before
    host commands were rules over the snapshot's table block (issue #8) carry no ``ops`` on the
    seat and table events, and their backups must still restore."""
    platform = str(old["type"]).startswith(("seat.", "table."))
    if platform and isinstance(new, dict) and "ops" not in old["payload"]:
        return {k: v for k, v in new.items() if k != "ops"}
    return new


def _to_new_ids(
    value: Any, ids: Mapping[int, int], key: str = "", keyed: frozenset[str] = frozenset()
) -> Any:
    """A command payload with its seat ids translated to the new seats': fields named as the platform
    names seats (``seat_id``, ``*_seat_id``, ``seat_ids``), and the keys of the game's ``seat_keyed``
    fields."""
    if isinstance(value, dict) and key in keyed:
        return {_new_key(k, ids): _to_new_ids(v, ids) for k, v in value.items()}
    if isinstance(value, dict):
        return {k: _to_new_ids(v, ids, k, keyed) for k, v in value.items()}
    seat_field = key == "seat_id" or key.endswith("_seat_id")
    seats_field = key == "seat_ids" or key.endswith("_seat_ids")
    if isinstance(value, list):
        return [
            ids.get(v, v) if seats_field and is_int(v) else _to_new_ids(v, ids, keyed=keyed) for v in value
        ]
    if seat_field and is_int(value):
        return ids.get(value, value)
    return value


def _new_key(key: str, ids: Mapping[int, int]) -> str:
    return str(ids.get(int(key), key)) if key.isdecimal() else key


def _steps(doc: Doc) -> list[list[dict[str, Any]]]:
    """The log after the host's arrival as the changes to replay: a seat joining, or one command's events."""
    by_command: dict[str, list[dict[str, Any]]] = {}
    for event in doc.events:
        if event["command_id"]:
            by_command.setdefault(event["command_id"], []).append(event)
    steps = []
    seq = 1
    while seq < len(doc.events):
        event = doc.events[seq]
        if not event["command_id"]:
            steps.append([event])
            seq += 1
            continue
        expected = by_command[event["command_id"]]
        if [e["seq"] for e in expected] != list(range(event["seq"], event["seq"] + len(expected))):
            said = _("the events of command %(command)r are not together.") % {"command": event["command_id"]}
            raise bad(said, seq=event["seq"])
        steps.append(expected)
        seq += len(expected)
    return steps


def rebuild(doc: Doc, hooks: Hooks) -> tuple[Table, Seat]:
    """A new table rebuilt by replaying ``doc``'s commands; its host seat (``hooks.finished`` hands it over).

    Refusals (``TableError``): ``import_bad_file`` (not a whole export),
    ``import_refused`` (the rules refused a command), ``import_mismatch`` (a
    command, or the end result, differs from what the export says); 409
    ``import_conflict`` when a game's records drawn from the dice are still
    held by the exported table on this server. Nothing is left then. An
    ended export keeps its ``origin`` (``campaigns.origins``): beside the
    game it copies, no second play is recorded.
    """
    if registry.find(doc.game) is None:
        raise TableError(
            "unknown_game",
            _("This server has no game %(game)r.") % {"game": doc.game},
            extra={"field": "game"},
        )
    steps = _steps(doc)
    state = _open(doc, hooks)
    try:
        middle, last = steps[:-1], steps[-1:]  # the host alone: nothing after the opening
        done = 0
        while done < len(middle):
            with unheard(state.table.group_name), transaction.atomic():
                hooks.step()
                started = time.monotonic()
                while True:  # at least one change per step
                    _replay(state, middle[done])
                    done += 1
                    if done == len(middle) or time.monotonic() - started >= STEP_S:
                        break
            _let_writers_in()
        with unheard(state.table.group_name), transaction.atomic():
            hooks.step()
            for events in last:
                _replay(state, events)
            _check_end(state)
            # Before the commit queues its play record: the same game held here already is not played twice.
            origin = doc.origin
            if origin is None and state.table.status == TableStatus.ENDED:  # an export from before origins
                origin = origins.found_here(doc.events[0], doc.game)
            origins.keep_origin(state.table, origin)
            hooks.finished(state.table, state.host)
    except BaseException:
        Table.objects.filter(pk=state.table.pk).delete()
        raise
    return state.table, state.host


def _open(doc: Doc, hooks: Hooks) -> _Rebuild:
    """The table as it was opened, with its host, in the first transaction."""
    first = doc.events[0]
    if first["type"] != JOINED or first["command_id"] or first["seat"] is None:
        raise bad(_("it must start with its host taking a seat."), field="events")
    host = doc.seats[first["seat"]]
    if host["role"] != Role.HOST:
        raise bad(_("its first seat must be the host's."), field="seats")
    # The name the table was opened with: renames replay on their own.
    renames = [e for e in doc.events if e["type"] == "table.renamed" and "before" in e["payload"]]
    opened_as = str(renames[0]["payload"]["before"]) if renames else doc.name
    with ExitStack() as told_after_commit, transaction.atomic():
        # Nobody's yet: the importer's account and token come with the last step.
        table, grant = services.table_create(
            game=doc.game,
            name=opened_as,
            seat_name=str(first["payload"].get("name", host["name"])),
            options=doc.options,
        )
        told_after_commit.enter_context(unheard(table.group_name))  # left after the commit
        state = _Rebuild(doc, table, grant.seat)
        _joined(state, first, grant.seat)
        hooks.opened(table)
    return state


def _let_writers_in() -> None:
    """After a step that committed, where the database has one writer: let a writer queued behind it in."""
    if connection.vendor == "sqlite" and not connection.in_atomic_block:
        time.sleep(SINGLE_WRITER_PAUSE_S)


def _replay(state: _Rebuild, events: list[dict[str, Any]]) -> None:
    first = events[0]
    if first["command_id"]:
        _replay_command(state, state.doc.commands.get(first["command_id"]), events)
    else:
        _replay_join(state, first)


def _joined(state: _Rebuild, event: dict[str, Any], seat: Seat) -> None:
    """Record a seat recreated for the export's seat ``event['seat']`` and check its log entry."""
    old_id = event["payload"].get("seat_id")
    if not is_int(old_id) or old_id in state.ids or event["seat"] in state.seats:
        raise bad(_("a seat joins twice or without its id."), seq=event["seq"])
    state.ids[old_id] = seat.pk
    state.seats[event["seat"]] = seat
    made = Event.objects.get(table=state.table, seq=event["seq"])
    if made.type != event["type"] or not same(event["payload"], _as_then(event, made.payload), state.ids):
        said = _("change #%(seq)s (a seat joining) differs.") % {"seq": event["seq"]}
        raise _mismatch(said, seq=event["seq"])


def _replay_join(state: _Rebuild, event: dict[str, Any]) -> None:
    payload = event["payload"]
    if event["type"] != JOINED or event["seat"] is None:
        said = _("event %(seq)s is neither a seat joining nor part of a command.") % {"seq": event["seq"]}
        raise bad(said, seq=event["seq"])
    role = payload.get("role")
    if role not in (Role.PLAYER, Role.SPECTATOR):
        raise bad(_("only the first seat can be the host."), seq=event["seq"])
    code = Table.objects.values_list("join_code", flat=True).get(pk=state.table.pk)
    try:
        grant = services.seat_join(code=code, name=str(payload.get("name", "")), role=role)[1]
    except RuleViolation as exc:
        raise _refused(event["seq"], JOINED, exc) from exc
    _joined(state, event, grant.seat)


def _refused(seq: int, type: str, exc: RuleViolation) -> TableError:
    return TableError(
        "import_refused",
        _("Change #%(seq)s (%(type)s) is refused when replayed: %(refusal)s")
        % {"seq": seq, "type": type, "refusal": exc.message},
        extra={"seq": seq, "type": type, "refusal": exc.code, "refusal_extra": exc.extra},
    )


def _replay_command(state: _Rebuild, command: dict[str, Any] | None, expected: list[dict[str, Any]]) -> None:
    """Send one exported command again, as its seat, with its dice; it must log what the export says."""
    seq = expected[0]["seq"]
    if command is None:
        raise bad(_("change #%(seq)s has no command.") % {"seq": seq}, seq=seq)
    if command["payload"] is None:
        raise TableError(
            "import_refused",
            _("Change #%(seq)s (%(type)s) predates exports keeping commands; it cannot be replayed.")
            % {"seq": seq, "type": command["type"]},
            extra={"seq": seq, "type": command["type"]},
        )
    seat_keyed = registry.get(state.table.game).rules.seat_keyed
    seat = state.seats.get(command["seat"])
    if seat is None:
        raise bad(_("change #%(seq)s is sent by a seat that has not joined yet.") % {"seq": seq}, seq=seq)
    try:
        result = services.command_execute(
            table_id=state.table.pk,
            seat=seat,
            command_id=command["command_id"],
            type=command["type"],
            payload=_to_new_ids(command["payload"], state.ids, keyed=seat_keyed),
            seed=command["seed"],
        )
    except RuleViolation as exc:  # the rules' refusal or the table's
        raise _refused(seq, command["type"], exc) from exc
    except IntegrityError as exc:
        # A game whose read models key rows by ids its rules drew from the
        # dice draws the same ids again: the table exported is still here.
        raise TableError(
            "import_conflict",
            _(
                "Change #%(seq)s (%(type)s) would recreate records the exported table still holds "
                "on this server; import it where that table is not (a restore)."
            )
            % {"seq": seq, "type": command["type"]},
            status=409,
            extra={"seq": seq, "type": command["type"]},
        ) from exc
    _check_logged(state, command["type"], expected, result.body["events"])


def _check_logged(
    state: _Rebuild, type: str, expected: list[dict[str, Any]], made: list[dict[str, Any]]
) -> None:
    """The replayed command logged what the export says: as many events, each of the same
    type and seat, with the same payload once the new ids are read as the old ones."""
    seq, seats = expected[0]["seq"], state.seats
    if len(made) != len(expected):
        raise _mismatch(
            _("change #%(seq)s (%(type)s) logs %(made)s events, not %(expected)s.")
            % {"seq": seq, "type": type, "made": len(made), "expected": len(expected)},
            seq=seq,
        )
    for old, new in zip(expected, made, strict=True):
        seat_ok = (old["seat"] is None and new["seat"] is None) or (
            old["seat"] in seats and seats[old["seat"]].pk == new["seat"]
        )
        if (
            old["type"] != new["type"]
            or not seat_ok
            or not same(old["payload"], _as_then(old, new["payload"]), state.ids)
        ):
            said = _("change #%(seq)s (%(type)s) comes out differently.") % {
                "seq": old["seq"],
                "type": old["type"],
            }
            raise _mismatch(said, seq=old["seq"])


_CHECKED = {
    "name": gettext_noop("name"),
    "seq": gettext_noop("seq"),
    "status": gettext_noop("status"),
    "edit_policy": gettext_noop("edit policy"),
}
"""The table's own values the end of a replay compares, as its refusal names them."""


def _check_end(state: _Rebuild) -> None:
    """The rebuilt table must be the exported one: snapshot, seq, name, status, policy and seats."""
    table, final, ids = state.table, state.doc.final, state.ids
    table.refresh_from_db()
    got = {
        "name": table.name,
        "seq": table.seq,
        "status": table.status,
        "edit_policy": table.edit_policy,
    }
    for key, value in got.items():
        if final[key] != value:
            raise _mismatch(_("the table's %(what)s differs.") % {"what": _(_CHECKED[key])}, field=key)
    current = table.state
    if table_rules.BLOCK not in final["state"]:  # exported before the block: its rows are checked below
        current = {k: v for k, v in current.items() if k != table_rules.BLOCK}
    if not same(final["state"], current, ids):
        raise _mismatch(_("the final state differs."), field="state")
    seats = list(Seat.objects.filter(table=table).order_by("id"))
    rebuilt = [(s.name, s.role, s.position, s.removed_at is not None) for s in seats]
    exported = [(s["name"], s["role"], s.get("position"), s["removed"]) for s in state.doc.seats]
    if rebuilt != exported:
        raise _mismatch(_("the seats differ."), field="seats")
