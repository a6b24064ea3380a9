"""The table itself, as part of its snapshot: name, who may edit, open or ended, and the seats.

Architecture ("commands, events, snapshots"; issue #8, "The shape"): the
host's commands are rules like any game's. They change only the snapshot's
``table`` block, through recorded ops, so their events carry the ops that
explain them; the table service then mirrors the ``Seat`` rows and the
``Table`` row's own columns from the new block, as a projector does. Every
game's table has this block, and no game's rules ever see or change it.

The block: ``{"name", "edit_policy": "own" | "everyone", "status": "open" |
"ended", "seats": [{"seat_id", "name", "role", "colour", "position",
"removed"}], "spectators"?}``, the seats in the order they joined (their
``position`` is the seating order); ``spectators`` is how many spectators
the table takes, when its host chose (``SPECTATORS_DEFAULT`` otherwise).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.engine import Actor, NewEvent, NotAllowed, Outcome, Payload, State, working_copy
from rules.errors import RuleViolation
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.ops import Op, Recorder
from rules.text import text_problem
from rules.validate import fields

BLOCK = "table"
"""The snapshot key of the table's own block."""

OWN, EVERYONE = "own", "everyone"
OPEN, ENDED = "open", "ended"
HOST, SPECTATOR = "host", "spectator"
SEAT_NAME_MAX = 40
TABLE_NAME_MAX = 80

SPECTATORS = "spectators"
"""The block's key of the spectator limit, and the table option that sets it (every game's)."""
SPECTATORS_DEFAULT = 6
SPECTATORS_MAX = 11
"""A table has 12 seats, the host's among them."""

COMMANDS = (
    "seat.rename",
    "seat.reorder",
    "seat.remove",
    "table.set_policy",
    "table.set_spectators",
    "table.rename",
    "table.end",
)
"""The host's commands decided here (``table.rotate_code`` needs the database: the service)."""


NAME_REFUSALS = {
    "a name": (gettext_noop("Please enter a name."), gettext_noop("A name can be at most %(n)s characters.")),
    "a table name": (
        gettext_noop("Please enter a table name."),
        gettext_noop("A table name can be at most %(n)s characters."),
    ),
    "your name": (
        gettext_noop("Please enter your name."),
        gettext_noop("Your name can be at most %(n)s characters."),
    ),
}
"""What an empty or too long name is told, by the name asked for (whole sentences, for German)."""


def clean_name(raw: object, what: str, limit: int = SEAT_NAME_MAX, field: str = "name") -> str:
    """A name as typed, trimmed: refused when empty, longer than ``limit``, or holding what no
    text may (``rules.text``: the rule every stored value passes), naming ``field``; ``what``
    is one of ``NAME_REFUSALS``."""
    name = str(raw or "").strip()
    empty, too_long = NAME_REFUSALS[what]
    if not name:
        raise RuleViolation("bad_name", _(empty), {"field": field})
    if len(name) > limit:
        raise RuleViolation("bad_name", _(too_long) % {"n": limit}, {"field": field})
    problem = text_problem(name)
    if problem is not None:
        raise RuleViolation("bad_text", problem, {"field": field})
    return name


def block(
    *,
    name: str,
    edit_policy: str = OWN,
    status: str = OPEN,
    seats: Iterable[Mapping[str, Any]] = (),
    spectators: int | None = None,
) -> dict[str, Any]:
    """A table block (a new table's has no seats: each joins with ``join``)."""
    made: dict[str, Any] = {
        "name": name,
        "edit_policy": edit_policy,
        "status": status,
        "seats": [dict(s) for s in seats],
    }
    if spectators is not None:
        made[SPECTATORS] = spectators
    return made


def spectator_limit(state: Mapping[str, Any]) -> int:
    """How many spectators the table takes."""
    limit: int = state[BLOCK].get(SPECTATORS, SPECTATORS_DEFAULT)
    return limit


def clean_spectators(raw: object, field: str = "limit") -> int:
    """A spectator limit as asked for: a whole number from 0 to ``SPECTATORS_MAX``."""
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= SPECTATORS_MAX:
        raise RuleViolation(
            "bad_spectators",
            _("Choose how many spectators may watch: a whole number from 0 to %(n)s.")
            % {"n": SPECTATORS_MAX},
            {"field": field},
        )
    return raw


def seat_entry(
    *, seat_id: int, name: str, role: str, colour: str, position: int, removed: bool = False
) -> dict[str, Any]:
    return {
        "seat_id": seat_id,
        "name": name,
        "role": role,
        "colour": colour,
        "position": position,
        "removed": removed,
    }


def seats_of(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every seat of the block, removed ones included, in the order they joined."""
    seats: list[dict[str, Any]] = state[BLOCK]["seats"]
    return seats


def seating(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The active seats in seating order (the host first unless reordered)."""
    active = [s for s in seats_of(state) if not s["removed"]]
    return sorted(active, key=lambda s: (s["position"], s["seat_id"]))


def actor(state: Mapping[str, Any], seat_id: int, role: str) -> Actor:
    """The seat ``seat_id`` as the sender of a command, with what the block allows now."""
    everyone = state[BLOCK]["edit_policy"] == EVERYONE
    return Actor(seat_id=seat_id, role=role, everyone_edits=everyone, seat_ids=playing_ids(state))


def actors(state: Mapping[str, Any]) -> list[Actor]:
    """Every playing seat (spectators change nothing) as the sender of a command."""
    return [actor(state, s["seat_id"], s["role"]) for s in seating(state) if s["role"] != SPECTATOR]


def playing_ids(state: Mapping[str, Any]) -> tuple[int, ...]:
    """The seats a game may name as players: active and not watching, in seating order."""
    return tuple(s["seat_id"] for s in seating(state) if s["role"] != SPECTATOR)


def join(state: State, entry: Mapping[str, Any]) -> list[Op]:
    """A seat takes its place at the table (in place); the ops that record it."""
    rec = Recorder(state)
    rec.insert([BLOCK, "seats"], dict(entry))
    return rec.ops


def end(state: State) -> list[Op]:
    """The table ends (in place): by the host, or because a game's rules say the game is over."""
    rec = Recorder(state)
    rec.set([BLOCK, "status"], ENDED)
    return rec.ops


def apply(state: State, command_type: str, payload: Payload, actor: Actor) -> Outcome:
    """One host command on a copy of ``state``; refusals raise and change nothing.

    Anyone seated may rename their own seat; everything else is the host's.
    """
    fields(payload, _FIELDS[command_type])
    new = working_copy(state)
    rec = Recorder(new)
    body = _HANDLERS[command_type](rec, actor, payload)
    event_type = _EVENT[command_type]
    return Outcome(new, [NewEvent(event_type, {**body, "ops": rec.ops})])


def _require_host(actor: Actor, refusal: str) -> None:
    if not actor.is_host:
        raise NotAllowed("host_only", refusal)


def _active(rec: Recorder, payload: Payload) -> dict[str, Any]:
    seat_id = payload.get("seat_id")
    for seat in seats_of(rec.state):
        if seat["seat_id"] == seat_id and not seat["removed"] and not isinstance(seat_id, bool):
            return seat
    raise RuleViolation(
        "unknown_seat", _("That seat is not at this table."), {"seat_id": seat_id, "field": "seat_id"}
    )


def _seat_path(seat_id: int, key: str) -> list[Any]:
    return [BLOCK, "seats", {"seat_id": seat_id}, key]


def _rename_seat(rec: Recorder, actor: Actor, payload: Payload) -> dict[str, Any]:
    seat = _active(rec, payload)
    if seat["seat_id"] != actor.seat_id:
        _require_host(actor, _("Only the host can rename other seats."))
    before = seat["name"]
    name = clean_name(payload.get("name"), "a name")
    rec.set(_seat_path(seat["seat_id"], "name"), name)
    return {"seat_id": seat["seat_id"], "name": name, "before": before}


def _reorder(rec: Recorder, actor: Actor, payload: Payload) -> dict[str, Any]:
    _require_host(actor, _("Only the host can change the seating order."))
    order = payload.get("seat_ids")
    active = sorted(s["seat_id"] for s in seats_of(rec.state) if not s["removed"])
    if (
        not isinstance(order, list)
        or any(isinstance(i, bool) or not isinstance(i, int) for i in order)
        or sorted(order) != active
    ):
        raise RuleViolation(
            "bad_order", _("List every seat exactly once, in the new order."), {"field": "seat_ids"}
        )
    for position, seat_id in enumerate(order):
        rec.set(_seat_path(seat_id, "position"), position)
    return {"seat_ids": list(order)}


def _remove(rec: Recorder, actor: Actor, payload: Payload) -> dict[str, Any]:
    _require_host(actor, _("Only the host can remove seats."))
    seat = _active(rec, payload)
    if seat["role"] == HOST:
        raise RuleViolation(
            "cannot_remove_host", _("The host's seat cannot be removed; end the table instead.")
        )
    rec.set(_seat_path(seat["seat_id"], "removed"), True)
    return {"seat_id": seat["seat_id"], "name": seat["name"]}


def _set_policy(rec: Recorder, actor: Actor, payload: Payload) -> dict[str, Any]:
    _require_host(actor, _("Only the host can change who may edit."))
    policy = payload.get("edit_policy")
    if policy not in (OWN, EVERYONE):
        raise RuleViolation("bad_policy", _("Choose “own” or “everyone”."), {"field": "edit_policy"})
    rec.set([BLOCK, "edit_policy"], policy)
    return {"edit_policy": policy}


def _set_spectators(rec: Recorder, actor: Actor, payload: Payload) -> dict[str, Any]:
    """Spectators already watching stay (the host may remove seats); the limit stops new ones."""
    _require_host(actor, _("Only the host can change how many may watch."))
    before = spectator_limit(rec.state)
    limit = clean_spectators(payload.get("limit"))
    rec.set([BLOCK, SPECTATORS], limit)
    return {"limit": limit, "before": before}


def _rename_table(rec: Recorder, actor: Actor, payload: Payload) -> dict[str, Any]:
    _require_host(actor, _("Only the host can rename the table."))
    before = rec.get([BLOCK, "name"])
    name = clean_name(payload.get("name"), "a table name", TABLE_NAME_MAX)
    rec.set([BLOCK, "name"], name)
    return {"name": name, "before": before}


def _end(rec: Recorder, actor: Actor, payload: Payload) -> dict[str, Any]:
    _require_host(actor, _("Only the host can end the table."))
    rec.set([BLOCK, "status"], ENDED)
    return {}


_HANDLERS = {
    "seat.rename": _rename_seat,
    "seat.reorder": _reorder,
    "seat.remove": _remove,
    "table.set_policy": _set_policy,
    "table.set_spectators": _set_spectators,
    "table.rename": _rename_table,
    "table.end": _end,
}
_FIELDS: dict[str, tuple[str, ...]] = {
    "seat.rename": ("seat_id", "name"),
    "seat.reorder": ("seat_ids",),
    "seat.remove": ("seat_id",),
    "table.set_policy": ("edit_policy",),
    "table.set_spectators": ("limit",),
    "table.rename": ("name",),
    "table.end": (),
}
"""The payload keys each command takes: any other is refused (``unknown_field``), as in every game."""
_EVENT = {
    "seat.rename": "seat.renamed",
    "seat.reorder": "seat.reordered",
    "seat.remove": "seat.removed",
    "table.set_policy": "table.policy_changed",
    "table.set_spectators": "table.spectators_changed",
    "table.rename": "table.renamed",
    "table.end": "table.ended",
}
