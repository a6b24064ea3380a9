"""An uploaded table export, read strictly before anything is replayed (issue #14, "Exports and restore").

``outline`` is what the upload's request can afford to check (the top-level
shape, the game, the length of the log: no walk over the log), so a file
that is not an export at all is refused at once; ``read`` checks everything
the replay (``campaigns.replay``) relies on, off the request path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from campaigns import origins, registry
from campaigns.errors import TableError
from campaigns.export import FORMAT, VERSION
from campaigns.models import Role
from campaigns.payloads import check_payload


@dataclass(frozen=True)
class Doc:
    game: str
    name: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    events: list[dict[str, Any]]
    commands: dict[str, dict[str, Any]]
    final: dict[str, Any]
    origin: origins.Origin | None


def bad(message: str, **extra: Any) -> TableError:
    said = _("This is not a complete table export: %(detail)s") % {"detail": message}
    return TableError("import_bad_file", said, extra=extra)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_KINDS: tuple[tuple[str, type], ...] = (
    ("game", str),
    ("name", str),
    ("options", dict),
    ("seats", list),
    ("events", list),
    ("commands", list),
    ("state", dict),
    ("status", str),
    ("edit_policy", str),
)


def outline(data: Any) -> None:
    """The export's top level: its format, the kinds of its parts, a game this server has, and
    at most ``IMPORT_MAX_COMMANDS`` commands (400 ``import_too_long``). Cheap: nothing is walked."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bad(_("the file does not say it is a %(format)r.") % {"format": FORMAT}, field="format")
    if data.get("version") != VERSION:
        raise bad(_("only version %(version)s can be read.") % {"version": VERSION}, field="version")
    for key, kind in _KINDS:
        if not isinstance(data.get(key), kind):
            raise bad(_("“%(key)s” is missing or of the wrong kind.") % {"key": key}, field=key)
    if not is_int(data.get("seq")):
        raise bad(_("“%(key)s” is missing.") % {"key": "seq"}, field="seq")
    if registry.find(data["game"]) is None:
        raise TableError(
            "unknown_game",
            _("This server has no game %(game)r.") % {"game": data["game"]},
            extra={"field": "game"},
        )
    limit = int(settings.IMPORT_MAX_COMMANDS)
    if len(data["commands"]) > limit:
        raise TableError(
            "import_too_long",
            _(
                "This table's log is too long to import here: "
                "at most %(limit)s commands (this one has %(count)s)."
            )
            % {
                "limit": number_format(limit, force_grouping=True),
                "count": number_format(len(data["commands"]), force_grouping=True),
            },
            extra={"field": "commands", "limit": limit, "count": len(data["commands"])},
        )


def read(data: Any) -> Doc:
    """The export's whole shape, checked strictly before anything is written."""
    outline(data)
    seats: list[dict[str, Any]] = data["seats"]
    for i, seat in enumerate(seats):
        if (
            not isinstance(seat, dict)
            or not isinstance(seat.get("name"), str)
            or seat.get("role") not in Role.values
            or not isinstance(seat.get("removed"), bool)
        ):
            raise bad(
                _("seat %(i)s needs a name, a role and whether it was removed.") % {"i": i}, field="seats"
            )
    events: list[dict[str, Any]] = data["events"]
    for i, event in enumerate(events, start=1):
        by: Any = event.get("seat") if isinstance(event, dict) else None
        if (
            not isinstance(event, dict)
            or event.get("seq") != i
            or not isinstance(event.get("type"), str)
            or not isinstance(event.get("command_id"), str)
            or not isinstance(event.get("payload"), dict)
            or not (by is None or (is_int(by) and 0 <= by < len(seats)))
        ):
            said = _("event %(i)s is missing or malformed (events are numbered 1, 2, 3, …).") % {"i": i}
            raise bad(said, field="events")
    if data["seq"] != len(events) or not events:
        said = _("it ends at event %(last)s but says the table is at %(seq)s.") % {
            "last": len(events),
            "seq": data["seq"],
        }
        raise bad(said, field="seq")
    commands: dict[str, dict[str, Any]] = {}
    for command in data["commands"]:
        if (
            not isinstance(command, dict)
            or not isinstance(command.get("command_id"), str)
            or not isinstance(command.get("type"), str)
            or not (is_int(command.get("seat")) and 0 <= command["seat"] < len(seats))
            or not (command.get("payload") is None or isinstance(command.get("payload"), dict))
            or not (command.get("seed") is None or is_int(command.get("seed")))
            or command["command_id"] in commands
        ):
            raise bad(_("a command is malformed or repeated."), field="commands")
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
    return Doc(data["game"], data["name"], data["options"], seats, events, commands, final, origin)


def same(old: Any, new: Any, ids: Mapping[int, int]) -> bool:
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
            if match not in new or match in used or not same(value, new[match], ids):
                return False
            used.add(match)
        return True
    if isinstance(old, list) and isinstance(new, list):
        return len(old) == len(new) and all(same(a, b, ids) for a, b in zip(old, new, strict=True))
    if is_int(old) and is_int(new):
        return bool(old == new or ids.get(old) == new)
    if isinstance(old, str) and isinstance(new, str):
        return old == new or (old.isdigit() and int(old) in ids and str(ids[int(old)]) == new)
    return type(old) is type(new) and bool(old == new)
