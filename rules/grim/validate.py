"""Strict reading of command payloads: every refusal names its field (brief: payload validation).

Handlers read their whole payload through these helpers before recording any
change, so a refused command never leaves a half-made change behind.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Actor, Payload
from rules.errors import RuleViolation
from rules.grim.chart import ELEMENTS, STATUSES
from rules.validate import (  # shared by every game, re-exported here
    fields as fields,
)
from rules.validate import (
    flag as flag,
)
from rules.validate import (
    integer as integer,
)
from rules.validate import missing as _missing
from rules.validate import (
    missing as missing,
)
from rules.validate import (
    optional_integer as optional_integer,
)
from rules.validate import (
    participant as participant,
)
from rules.validate import (
    text as text,
)

MAX_NAME = 60
MAX_NOTE = 200
MAX_NUMBER = 999
"""Printed GRIM numbers are small (Health around 20, damage around 10); 999 is a generous bound."""


def _choice(value: Any, key: str, options: tuple[str, ...], code: str, what: str) -> str:
    """One of ``options``; matched without regard to case or surrounding spaces ("fire" is Fire)."""
    if not isinstance(value, str):
        raise RuleViolation("bad_field", f"{what} must be text.", {"field": key})
    wanted = value.strip().casefold()
    for option in options:
        if option.casefold() == wanted:
            return option
    raise RuleViolation(
        code,
        f"{value!r} is not {what.lower()} ({', '.join(options)}).",
        {"field": key, "options": list(options)},
    )


def element(payload: Payload, key: str = "element", *, nullable: bool = False) -> str | None:
    """One of the 11 Elements (or None when ``nullable`` and the field is null)."""
    if key not in payload:
        raise _missing(key, "An Element")
    if payload[key] is None:
        if nullable:
            return None
        raise _missing(key, "An Element")
    return _choice(payload[key], key, ELEMENTS, "unknown_element", "An Element")


def required_element(payload: Payload, key: str = "element") -> str:
    value = element(payload, key)
    assert value is not None  # not nullable, so a value or a refusal
    return value


def status(payload: Payload, key: str = "status") -> str | None:
    """One of the 11 Statuses, or None (null) to clear it."""
    if key not in payload:
        raise _missing(key, "A Status")
    if payload[key] is None:
        return None
    return _choice(payload[key], key, STATUSES, "unknown_status", "A Status")


def choice(payload: Payload, key: str, options: tuple[str, ...], what: str) -> str:
    if key not in payload or payload[key] is None:
        raise _missing(key, what)
    return _choice(payload[key], key, options, "bad_field", what)


def seat(payload: Payload, actor: Actor, key: str = "seat_id", *, required: bool = False) -> int:
    """A seat id from the payload (default: the sender's), checked against the table's seats."""
    if key not in payload or payload[key] is None:
        if required:
            raise _missing(key, "A seat")
        seat_id = actor.seat_id
    else:
        value = payload[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleViolation("bad_field", "A seat must be a seat number.", {"field": key})
        seat_id = value
    if actor.seat_ids and seat_id not in actor.seat_ids:
        raise RuleViolation(
            "unknown_seat", "That seat is not at this table.", {"field": key, "seat_id": seat_id}
        )
    return seat_id


def grim_id(payload: Payload, key: str = "grim_id") -> int:
    value: int = integer(payload, key, "A Grim", 1, 10**9)
    return value
