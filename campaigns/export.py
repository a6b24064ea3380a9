"""A table's whole log as JSON, and a new table rebuilt from it (issue #14, "Exports and restore").

The export carries the table as it was opened (game, options, the seats in
the order they joined) and every event of its log, with each command as its
seat sent it (type, payload, and the dice seed it was applied with), plus
the final snapshot for checking. Seats are named by their index in the
export, never by a database id or a token.

The import trusts nothing in the file but the commands: it opens a new table
and sends them again, one by one, through the same service every phone uses
(``services.command_execute``), so the game's rules validate every step and
the dice fall as they fell the first time. Each replayed command must
produce the events the export says it produced, and the result must be the
exported final snapshot; otherwise the import is refused (400) and, being
one transaction, leaves nothing behind: no table, no seats, no outbox row, no
broadcast (``transaction.on_commit`` callbacks are dropped with a rollback).

Seat ids inside states and payloads are database ids, so a rebuilt table
has others. Command payloads name seats by the platform's convention (a
``seat_id`` or ``*_seat_id`` field, a ``seat_ids`` or ``*_seat_ids`` list,
the convention ``campaigns.undo`` relies on too); those are translated
before a command is sent again. Comparisons accept a seat id where the
rebuilt table has that seat's new id, so no game's state layout is assumed.

The export names the game it holds (``origin``: the table it was first
played at), so an ended table imported beside that table is not recorded as
a second play of the same game (``campaigns.origins``).

The options a table was opened with are not stored; each game keeps them
in its snapshot under the option's own key (``option_fields``), which is
where the export reads them. A wrong guess cannot pass: the final check fails.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from campaigns import origins, registry, services
from campaigns.errors import TableError
from campaigns.models import Command, Event, PlayResult, Role, Seat, Table
from campaigns.payloads import check_payload
from rules import table as table_rules

FORMAT = "grim-table-export"
VERSION = 1
JOINED = "seat.joined"
"""The event a seat's arrival writes (``services.table_create``/``seat_join``): no command behind it."""


def table_export(*, table: Table) -> dict[str, Any]:
    """The table's whole log, ready to be imported elsewhere: seats by index, commands as sent."""
    seats = list(Seat.objects.filter(table=table).order_by("id"))
    index = {seat.pk: i for i, seat in enumerate(seats)}
    events = list(Event.objects.filter(table=table).order_by("seq"))
    commands = Command.objects.filter(table=table).order_by("id")
    spec = registry.find(table.game)
    fields = spec.rules.option_fields if spec is not None else ()
    options = {f["key"]: table.state[f["key"]] for f in fields if f["key"] in table.state}
    options.update(_opening_spectators(table, events))
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": table.game,
        "name": table.name,
        "options": options,
        "seats": [
            {
                "name": seat.name,
                "role": seat.role,
                "position": seat.position,
                "colour": seat.colour,
                "removed": seat.removed_at is not None,
            }
            for seat in seats
        ],
        "events": [
            {
                "seq": event.seq,
                "type": event.type,
                "seat": index.get(event.seat_id) if event.seat_id is not None else None,
                "command_id": event.command_id,
                "payload": event.payload,
                "created_at": event.created_at.isoformat(),
            }
            for event in events
        ],
        "commands": [_command_json(command, index) for command in commands],
        "seq": table.seq,
        "status": table.status,
        "edit_policy": table.edit_policy,
        "state": table.state,
        "origin": origins.origin_json(table),
    }


def _opening_spectators(table: Table, events: list[Event]) -> dict[str, Any]:
    """The table's ``spectators`` option as it was opened (the host may have changed it since)."""
    changed = [e for e in events if e.type == "table.spectators_changed"]
    if changed:
        return {table_rules.SPECTATORS: changed[0].payload["before"]}
    block = table.state.get(table_rules.BLOCK, {})
    return {table_rules.SPECTATORS: block[table_rules.SPECTATORS]} if table_rules.SPECTATORS in block else {}


def _command_json(command: Command, index: Mapping[int, int]) -> dict[str, Any]:
    # Commands applied before exports kept what they were sent with have no
    # replay record: exported as they are, refused by the import with a reason.
    replay = command.response.get(services.REPLAY) if isinstance(command.response, dict) else None
    return {
        "command_id": command.command_id,
        "type": command.type,
        "seat": index.get(command.seat_id) if command.seat_id is not None else None,
        "payload": replay.get("payload") if isinstance(replay, dict) else None,
        "seed": replay.get("seed") if isinstance(replay, dict) else None,
    }


@dataclass(frozen=True)
class _Doc:
    game: str
    name: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    events: list[dict[str, Any]]
    commands: dict[str, dict[str, Any]]
    final: dict[str, Any]
    origin: origins.Origin | None


def _bad(message: str, **extra: Any) -> TableError:
    return TableError("import_bad_file", f"This is not a complete table export: {message}", extra=extra)


def _mismatch(message: str, **extra: Any) -> TableError:
    return TableError(
        "import_mismatch",
        f"Replaying this export does not give the table it describes: {message}",
        extra=extra,
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read(data: Any) -> _Doc:
    """The export's shape, checked strictly before anything is written."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _bad(f"the file does not say it is a {FORMAT!r}.", field="format")
    if data.get("version") != VERSION:
        raise _bad(f"only version {VERSION} can be read.", field="version")
    for key, kind in (
        ("game", str),
        ("name", str),
        ("options", dict),
        ("seats", list),
        ("events", list),
        ("commands", list),
        ("state", dict),
        ("status", str),
        ("edit_policy", str),
    ):
        if not isinstance(data.get(key), kind):
            raise _bad(f"“{key}” is missing or of the wrong kind.", field=key)
    if not _is_int(data.get("seq")):
        raise _bad("“seq” is missing.", field="seq")
    seats: list[dict[str, Any]] = data["seats"]
    for i, seat in enumerate(seats):
        if (
            not isinstance(seat, dict)
            or not isinstance(seat.get("name"), str)
            or seat.get("role") not in Role.values
            or not isinstance(seat.get("removed"), bool)
        ):
            raise _bad(f"seat {i} needs a name, a role and whether it was removed.", field="seats")
    events: list[dict[str, Any]] = data["events"]
    for i, event in enumerate(events, start=1):
        by: Any = event.get("seat") if isinstance(event, dict) else None
        if (
            not isinstance(event, dict)
            or event.get("seq") != i
            or not isinstance(event.get("type"), str)
            or not isinstance(event.get("command_id"), str)
            or not isinstance(event.get("payload"), dict)
            or not (by is None or (_is_int(by) and 0 <= by < len(seats)))
        ):
            raise _bad(f"event {i} is missing or malformed (events are numbered 1, 2, 3, …).", field="events")
    if data["seq"] != len(events) or not events:
        raise _bad(f"it ends at event {len(events)} but says the table is at {data['seq']}.", field="seq")
    commands: dict[str, dict[str, Any]] = {}
    for command in data["commands"]:
        if (
            not isinstance(command, dict)
            or not isinstance(command.get("command_id"), str)
            or not isinstance(command.get("type"), str)
            or not (_is_int(command.get("seat")) and 0 <= command["seat"] < len(seats))
            or not (command.get("payload") is None or isinstance(command.get("payload"), dict))
            or not (command.get("seed") is None or _is_int(command.get("seed")))
            or command["command_id"] in commands
        ):
            raise _bad("a command is malformed or repeated.", field="commands")
        commands[command["command_id"]] = command
    # Bounds as for any command (numbers, text, depth), part by part: a log's
    # payloads were storable on their own, the whole file nests deeper.
    for key in ("game", "name", "options", "seats", "state", "status", "edit_policy"):
        check_payload(data[key], key)
    for part in (*events, *commands.values()):
        check_payload({k: v for k, v in part.items() if k != "payload"}, "events")
        check_payload(part.get("payload"), "payload")
    final = {key: data[key] for key in ("name", "seq", "status", "edit_policy", "state")}
    origin = origins.read_origin(data.get("origin"))
    return _Doc(data["game"], data["name"], data["options"], seats, events, commands, final, origin)


def _to_new_ids(value: Any, ids: Mapping[int, int], key: str = "") -> Any:
    """A command payload with its seat ids (by the platform's field names) translated to the new seats'."""
    if isinstance(value, dict):
        return {k: _to_new_ids(v, ids, k) for k, v in value.items()}
    seat_field = key == "seat_id" or key.endswith("_seat_id")
    seats_field = key == "seat_ids" or key.endswith("_seat_ids")
    if isinstance(value, list):
        return [ids.get(v, v) if seats_field and _is_int(v) else _to_new_ids(v, ids) for v in value]
    if seat_field and _is_int(value):
        return ids.get(value, value)
    return value


def _as_then(old: Mapping[str, Any], new: Any) -> Any:
    """A replayed platform event's payload as an export of its day has it: exports written before
    host commands were rules over the snapshot's table block (issue #8) carry no ``ops`` on the
    seat and table events, and their backups must still restore."""
    platform = str(old["type"]).startswith(("seat.", "table."))
    if platform and isinstance(new, dict) and "ops" not in old["payload"]:
        return {k: v for k, v in new.items() if k != "ops"}
    return new


def _same(old: Any, new: Any, ids: Mapping[int, int]) -> bool:
    """Equal, where a seat id of the export may stand for the rebuilt table's id of that seat.

    Seat ids turn up as numbers, as text (object keys, op paths) anywhere in
    a game's state, so the walk accepts either form without knowing the game.
    """
    if isinstance(old, dict) and isinstance(new, dict):
        if len(old) != len(new):
            return False
        used = set()
        for key, value in old.items():
            mapped = str(ids[int(key)]) if key.isdigit() and int(key) in ids else key
            match = mapped if mapped in new else key
            if match not in new or match in used or not _same(value, new[match], ids):
                return False
            used.add(match)
        return True
    if isinstance(old, list) and isinstance(new, list):
        return len(old) == len(new) and all(_same(a, b, ids) for a, b in zip(old, new, strict=True))
    if _is_int(old) and _is_int(new):
        return bool(old == new or ids.get(old) == new)
    if isinstance(old, str) and isinstance(new, str):
        return old == new or (old.isdigit() and int(old) in ids and str(ids[int(old)]) == new)
    return type(old) is type(new) and bool(old == new)


@transaction.atomic
def table_import(*, data: Any, user: services.UserLike = None) -> tuple[Table, services.SeatGrant]:
    """A new table rebuilt by replaying an export's commands; the importer holds its host seat.

    Refusals (400): ``import_bad_file`` (not a whole export), ``import_refused``
    (the rules refused a command), ``import_mismatch`` (a command, or the end
    result, differs from what the export says); 409 ``import_conflict`` when
    a game's records drawn from the dice are still held by the exported table
    on this server. Nothing is created then. An ended export keeps its
    ``origin`` (``campaigns.origins``): beside the game it copies, no second
    play is recorded; restored elsewhere, the play is dated as it was played.
    """
    doc = _read(data)
    if registry.find(doc.game) is None:
        raise TableError("unknown_game", f"This server has no game {doc.game!r}.", extra={"field": "game"})
    first = doc.events[0]
    if first["type"] != JOINED or first["command_id"] or first["seat"] is None:
        raise _bad("it must start with its host taking a seat.", field="events")
    host = doc.seats[first["seat"]]
    if host["role"] != Role.HOST:
        raise _bad("its first seat must be the host's.", field="seats")
    # The name the table was opened with: renames replay on their own.
    renames = [e for e in doc.events if e["type"] == "table.renamed" and "before" in e["payload"]]
    opened_as = str(renames[0]["payload"]["before"]) if renames else doc.name
    table, grant = services.table_create(
        game=doc.game,
        name=opened_as,
        seat_name=str(first["payload"].get("name", host["name"])),
        user=user,
        options=doc.options,
    )
    ids: dict[int, int] = {}
    seats: dict[int, Seat] = {}
    _joined(table, first, grant.seat, ids, seats)
    by_command: dict[str, list[dict[str, Any]]] = {}
    for event in doc.events:
        if event["command_id"]:
            by_command.setdefault(event["command_id"], []).append(event)
    seq = 1
    while seq < len(doc.events):
        event = doc.events[seq]
        if not event["command_id"]:
            _replay_join(table, event, ids, seats)
            seq += 1
            continue
        expected = by_command[event["command_id"]]
        if [e["seq"] for e in expected] != list(range(event["seq"], event["seq"] + len(expected))):
            raise _bad(f"the events of command {event['command_id']!r} are not together.", seq=event["seq"])
        _replay_command(table, doc.commands.get(event["command_id"]), expected, ids, seats)
        seq += len(expected)
    _check_end(table, doc, ids)
    # Before the commit queues its play record: the same game held here already is not played twice.
    origins.keep_origin(table, doc.origin)
    return table, grant


def _joined(
    table: Table, event: dict[str, Any], seat: Seat, ids: dict[int, int], seats: dict[int, Seat]
) -> None:
    """Record a seat recreated for the export's seat ``event['seat']`` and check its log entry."""
    old_id = event["payload"].get("seat_id")
    if not _is_int(old_id) or old_id in ids or event["seat"] in seats:
        raise _bad("a seat joins twice or without its id.", seq=event["seq"])
    ids[old_id] = seat.pk
    seats[event["seat"]] = seat
    made = Event.objects.get(table=table, seq=event["seq"])
    if made.type != event["type"] or not _same(event["payload"], _as_then(event, made.payload), ids):
        raise _mismatch(f"change #{event['seq']} (a seat joining) differs.", seq=event["seq"])


def _replay_join(table: Table, event: dict[str, Any], ids: dict[int, int], seats: dict[int, Seat]) -> None:
    payload = event["payload"]
    if event["type"] != JOINED or event["seat"] is None:
        raise _bad(f"event {event['seq']} is neither a seat joining nor part of a command.", seq=event["seq"])
    role = payload.get("role")
    if role not in (Role.PLAYER, Role.SPECTATOR):
        raise _bad("only the first seat can be the host.", seq=event["seq"])
    code = Table.objects.values_list("join_code", flat=True).get(pk=table.pk)
    try:
        _, grant = services.seat_join(code=code, name=str(payload.get("name", "")), role=role)
    except TableError as exc:
        raise _refused(event["seq"], JOINED, exc) from exc
    _joined(table, event, grant.seat, ids, seats)


def _refused(seq: int, type: str, exc: TableError) -> TableError:
    return TableError(
        "import_refused",
        f"Change #{seq} ({type}) is refused when replayed: {exc.message}",
        extra={"seq": seq, "type": type, "refusal": exc.code, "refusal_extra": exc.extra},
    )


def _replay_command(
    table: Table,
    command: dict[str, Any] | None,
    expected: list[dict[str, Any]],
    ids: Mapping[int, int],
    seats: Mapping[int, Seat],
) -> None:
    """Send one exported command again, as its seat, with its dice; it must log what the export says."""
    seq = expected[0]["seq"]
    if command is None:
        raise _bad(f"change #{seq} has no command.", seq=seq)
    if command["payload"] is None:
        raise TableError(
            "import_refused",
            f"Change #{seq} ({command['type']}) predates exports keeping commands; it cannot be replayed.",
            extra={"seq": seq, "type": command["type"]},
        )
    seat = seats.get(command["seat"])
    if seat is None:
        raise _bad(f"change #{seq} is sent by a seat that has not joined yet.", seq=seq)
    try:
        result = services.command_execute(
            table_id=table.pk,
            seat=seat,
            command_id=command["command_id"],
            type=command["type"],
            payload=_to_new_ids(command["payload"], ids),
            seed=command["seed"],
        )
    except TableError as exc:
        raise _refused(seq, command["type"], exc) from exc
    except IntegrityError as exc:
        # A game whose read models key rows by ids its rules drew from the
        # dice draws the same ids again: the table exported is still here.
        raise TableError(
            "import_conflict",
            f"Change #{seq} ({command['type']}) would recreate records the exported table still holds "
            "on this server; import it where that table is not (a restore).",
            status=409,
            extra={"seq": seq, "type": command["type"]},
        ) from exc
    made = result.body["events"]
    if len(made) != len(expected):
        raise _mismatch(
            f"change #{seq} ({command['type']}) logs {len(made)} events, not {len(expected)}.", seq=seq
        )
    for old, new in zip(expected, made, strict=True):
        seat_ok = (old["seat"] is None and new["seat"] is None) or (
            old["seat"] in seats and seats[old["seat"]].pk == new["seat"]
        )
        if (
            old["type"] != new["type"]
            or not seat_ok
            or not _same(old["payload"], _as_then(old, new["payload"]), ids)
        ):
            raise _mismatch(f"change #{old['seq']} ({old['type']}) comes out differently.", seq=old["seq"])


def _check_end(table: Table, doc: _Doc, ids: Mapping[int, int]) -> None:
    """The rebuilt table must be the exported one: snapshot, seq, name, status, policy and seats."""
    table.refresh_from_db()
    final = doc.final
    got = {
        "name": table.name,
        "seq": table.seq,
        "status": table.status,
        "edit_policy": table.edit_policy,
    }
    for key, value in got.items():
        if final[key] != value:
            raise _mismatch(f"the table's {key.replace('_', ' ')} differs.", field=key)
    state = table.state
    if table_rules.BLOCK not in final["state"]:  # exported before the block: its rows are checked below
        state = {k: v for k, v in state.items() if k != table_rules.BLOCK}
    if not _same(final["state"], state, ids):
        raise _mismatch("the final state differs.", field="state")
    seats = list(Seat.objects.filter(table=table).order_by("id"))
    rebuilt = [(s.name, s.role, s.position, s.removed_at is not None) for s in seats]
    exported = [(s["name"], s["role"], s.get("position"), s["removed"]) for s in doc.seats]
    if rebuilt != exported:
        raise _mismatch("the seats differ.", field="seats")


PLAY_COLUMNS = (
    "play_id",
    "game",
    "table_name",
    "ended_at",
    "seat_name",
    "score",
    "place",
    "won",
    "duration_s",
)
"""The columns of an account's plays as CSV (``/api/v1/me/plays/?format=csv``), in order."""


def account_play_rows(*, user: Any, game: str | None = None) -> list[dict[str, Any]]:
    """One row per play result of the account, newest first: its whole history for a spreadsheet."""
    from campaigns.history import results_of

    return [play_row(r) for r in results_of(user, game)]


def play_row(r: PlayResult) -> dict[str, Any]:
    """One result as a row of ``PLAY_COLUMNS`` (its ``play`` selected with it)."""
    return {
        "play_id": r.play_id,
        "game": r.game,
        "table_name": r.play.name,
        "ended_at": r.play.ended_at.isoformat(),
        "seat_name": r.name,
        "score": r.score,
        "place": r.place,
        "won": r.won,
        "duration_s": r.play.duration_s,
    }
