"""Strict reading of command payloads: every refusal names its field.

Handlers read their whole payload through these helpers before recording any
change, so a refused command never leaves a half-made change behind. Numbers
are whole numbers only: ``True``, ``2.0`` and ``"3"`` are refused, not read.
"""

from __future__ import annotations

from rules.engine import Actor, Payload
from rules.errors import RuleViolation
from rules.validate import (  # shared by every game, re-exported here
    fields as fields,
)
from rules.validate import (
    flag as flag,
)
from rules.validate import (
    integer as integer,
)
from rules.validate import (
    is_int as is_int,
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

TYPES: tuple[str, ...] = ("Duskgil", "Olatha", "Gaunt")
"""The three Cohort types (rulebook: Setup; the Strongholds come one of each type)."""

ALIASES: dict[str, str] = {"duskfin": "Duskgil"}
"""The rulebook's introduction spells Duskgil "Duskfin": one type (spec: Components)."""

SOURCES: tuple[str, ...] = ("hand", "deck")
"""Where a played Curio comes from: the hand or the top of the Curio deck (rulebook: Playing Curios)."""

MAX_NAME = 60
MAX_NOTE = 200
MAX_STRENGTH = 99
MAX_POINTS = 999
"""Printed Strengths and points are small; these bounds only catch typing slips."""


def text(payload: Payload, key: str, what: str, max_len: int) -> str:
    """Required text, trimmed, not empty, at most ``max_len`` characters."""
    value = optional_text(payload, key, what, max_len)
    if value is None:
        raise _missing(key, what)
    return value


def optional_text(payload: Payload, key: str, what: str, max_len: int) -> str | None:
    """Text if given (absent, null or only spaces: none), trimmed, at most ``max_len`` characters."""
    value = payload.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RuleViolation("bad_field", f"{what} must be text.", {"field": key})
    value = value.strip()
    if not value:
        return None
    if len(value) > max_len:
        raise RuleViolation(
            "too_long", f"{what} is at most {max_len} characters.", {"field": key, "max": max_len}
        )
    return value


def _choice(payload: Payload, key: str, options: tuple[str, ...], what: str, code: str) -> str:
    """One of ``options``, without regard to case or surrounding spaces (``"gaunt"`` is Gaunt)."""
    if key not in payload or payload[key] is None:
        raise _missing(key, what)
    value = payload[key]
    if not isinstance(value, str):
        raise RuleViolation("bad_field", f"{what} must be text.", {"field": key})
    wanted = value.strip().casefold()
    wanted = ALIASES.get(wanted, wanted).casefold()
    for option in options:
        if option.casefold() == wanted:
            return option
    raise RuleViolation(
        code,
        f"{value!r} is not {what.lower()} ({', '.join(options)}).",
        {"field": key, "options": list(options)},
    )


def cohort_type(payload: Payload, key: str = "type") -> str:
    """Duskgil (or Duskfin), Olatha or Gaunt."""
    return _choice(payload, key, TYPES, "A Cohort type", "unknown_type")


def source(payload: Payload, key: str = "source") -> str:
    if payload.get(key) is None:
        return "hand"
    return _choice(payload, key, SOURCES, "Where the Curio comes from", "bad_field")


def field_name(payload: Payload, key: str, options: tuple[str, ...]) -> str:
    return _choice(payload, key, options, "The field", "bad_field")


def identifier(payload: Payload, key: str, what: str) -> int:
    return integer(payload, key, what, 1, 10**9)


def identifiers(payload: Payload, key: str, what: str, most: int) -> list[int]:
    """A list of up to ``most`` distinct ids (absent or null: none)."""
    value = payload.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or not all(is_int(item) and item > 0 for item in value):
        raise RuleViolation("bad_field", f"{what} must be a list of Cohort ids.", {"field": key})
    if len(set(value)) != len(value):
        raise RuleViolation("bad_field", f"{what} names a Cohort twice.", {"field": key})
    if len(value) > most:
        raise RuleViolation("too_many", f"{what}: at most {most} Cohorts.", {"field": key, "max": most})
    return list(value)


def seat(payload: Payload, actor: Actor, key: str = "seat_id", *, required: bool = False) -> int:
    """A seat id from the payload (default: the sender's), checked against the table's seats."""
    if key not in payload or payload[key] is None:
        if required:
            raise _missing(key, "A seat")
        seat_id = actor.seat_id
    else:
        value = payload[key]
        if not is_int(value):
            raise RuleViolation("bad_field", "A seat must be a seat number.", {"field": key})
        seat_id = int(value)
    if actor.seat_ids and seat_id not in actor.seat_ids:
        raise RuleViolation(
            "unknown_seat", "That seat is not at this table.", {"field": key, "seat_id": seat_id}
        )
    return seat_id


def nullable_seat(payload: Payload, actor: Actor, key: str) -> int | None:
    """A seat id, or null for nobody; the key itself is required."""
    if key not in payload:
        raise _missing(key, "A seat (or null for nobody)")
    if payload[key] is None:
        return None
    return seat(payload, actor, key)
