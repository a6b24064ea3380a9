"""Strict reading of command payloads: every refusal names its field (brief: payload validation).

Handlers read their whole payload through these helpers before recording any
change, so a refused command never leaves a half-made change behind. Numbers
are whole numbers only: ``True`` is not 1 and ``"3"`` is not 3.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Actor, Payload
from rules.errors import RuleViolation
from rules.grimterra.state import FATE_COLOURS, FATES
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
    missing as missing,
)
from rules.validate import (
    participant as participant,
)
from rules.validate import (
    text as text,
)
from rules.validate import (
    whole as whole,
)

MAX_NAME = 60
MAX_NOTE = 200
MAX_NUMBER = 99
"""Printed Grimterra numbers are small (Health, skills, requirements under 20); 99 is a generous bound."""
MAX_CARDS = 999
"""Deck, hand and discard counts."""


def optional_text(payload: Payload, key: str, what: str, max_len: int) -> str | None:
    if payload.get(key) is None:
        return None
    return text(payload, key, what, max_len)


def pick(value: Any, key: str, options: tuple[str, ...], what: str, code: str = "bad_field") -> str:
    """One of ``options``, matched without regard to case or surrounding spaces."""
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


def choice(payload: Payload, key: str, options: tuple[str, ...], what: str) -> str:
    if key not in payload or payload[key] is None:
        raise missing(key, what)
    return pick(payload[key], key, options, what)


def optional_choice(payload: Payload, key: str, options: tuple[str, ...], what: str) -> str | None:
    if payload.get(key) is None:
        return None
    return pick(payload[key], key, options, what)


def fate_of(value: Any, key: str) -> str:
    """A Fate by name ("fortutidas") or colour ("red")."""
    if isinstance(value, str) and value.strip().casefold() in FATE_COLOURS:
        return FATE_COLOURS[value.strip().casefold()]
    return pick(value, key, FATES, "A Fate", "unknown_fate")


def fate(payload: Payload, key: str = "fate") -> str:
    if key not in payload or payload[key] is None:
        raise missing(key, "A Fate")
    return fate_of(payload[key], key)


def fates(payload: Payload, key: str = "fates") -> list[str]:
    """One to four different Fates, in the rulebook's order."""
    if key not in payload or payload[key] is None:
        raise missing(key, "The hero's Fates")
    value = payload[key]
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value:
        raise RuleViolation("bad_field", "A hero has one or more Fates.", {"field": key})
    chosen = [fate_of(item, key) for item in value]
    if len(set(chosen)) != len(chosen):
        raise RuleViolation("bad_field", "Name each of the hero's Fates once.", {"field": key})
    return [f for f in FATES if f in chosen]


def seat(payload: Payload, actor: Actor, key: str = "seat_id") -> int:
    """A seat id from the payload (default: the sender's), checked against the table's seats."""
    if key not in payload or payload[key] is None:
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


def hero_id(payload: Payload, key: str = "hero_id") -> int:
    return integer(payload, key, "A hero", 1, 10**9)
