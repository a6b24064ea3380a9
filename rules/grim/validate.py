"""Strict reading of command payloads: every refusal names its field (brief: payload validation).

Handlers read their whole payload through these helpers before recording any
change, so a refused command never leaves a half-made change behind.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.engine import Actor, Payload
from rules.errors import RuleViolation
from rules.grim.chart import ELEMENTS, STATUSES

MAX_NAME = 60
MAX_NOTE = 200
MAX_NUMBER = 999
"""Printed GRIM numbers are small (Health around 20, damage around 10); 999 is a generous bound."""


def fields(payload: Payload, allowed: Iterable[str]) -> Mapping[str, Any]:
    """The payload itself, once it is a mapping with no key outside ``allowed``."""
    if not isinstance(payload, Mapping):
        raise RuleViolation("bad_payload", "The command's details must be an object.")
    known = set(allowed)
    for key in payload:
        if key not in known:
            raise RuleViolation(
                "unknown_field",
                f"This command has no field {key!r}.",
                {"field": key, "fields": sorted(known)},
            )
    return payload


def _missing(key: str, what: str) -> RuleViolation:
    return RuleViolation("missing_field", f"{what} is required.", {"field": key})


def integer(payload: Payload, key: str, what: str, lo: int, hi: int, *, default: int | None = None) -> int:
    """A whole number in ``lo..hi`` (booleans, floats and strings refused); ``default`` when absent."""
    if key not in payload or payload[key] is None:
        if default is None:
            raise _missing(key, what)
        return default
    value = payload[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleViolation("bad_field", f"{what} must be a whole number.", {"field": key})
    if not lo <= value <= hi:
        raise RuleViolation(
            "out_of_range", f"{what} must be between {lo} and {hi}.", {"field": key, "min": lo, "max": hi}
        )
    return value


def optional_integer(payload: Payload, key: str, what: str, lo: int, hi: int) -> int | None:
    if payload.get(key) is None:
        return None
    return integer(payload, key, what, lo, hi)


def flag(payload: Payload, key: str, what: str) -> bool:
    """An optional yes/no (absent or null means no); only real booleans are accepted."""
    value = payload.get(key)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise RuleViolation("bad_field", f"{what} must be true or false.", {"field": key})
    return value


def text(payload: Payload, key: str, what: str, max_len: int) -> str:
    """Required text, trimmed, not empty, at most ``max_len`` characters."""
    if key not in payload or payload[key] is None:
        raise _missing(key, what)
    value = payload[key]
    if not isinstance(value, str):
        raise RuleViolation("bad_field", f"{what} must be text.", {"field": key})
    value = value.strip()
    if not value:
        raise RuleViolation("bad_field", f"{what} cannot be empty.", {"field": key})
    if len(value) > max_len:
        raise RuleViolation(
            "too_long", f"{what} is at most {max_len} characters.", {"field": key, "max": max_len}
        )
    return value


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


def participant(actor: Actor) -> None:
    """Anyone seated at the table may do this; spectators only watch."""
    actor.require_edit(actor.seat_id)
