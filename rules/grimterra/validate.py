"""Strict reading of command payloads: every refusal names its field (brief: payload validation).

Handlers read their whole payload through these helpers before recording any
change, so a refused command never leaves a half-made change behind. Numbers
are whole numbers only: ``True`` is not 1 and ``"3"`` is not 3.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.engine import Actor, Payload
from rules.errors import RuleViolation
from rules.grimterra.state import FATE_COLOURS, FATES

MAX_NAME = 60
MAX_NOTE = 200
MAX_NUMBER = 99
"""Printed Grimterra numbers are small (Health, skills, requirements under 20); 99 is a generous bound."""
MAX_CARDS = 999
"""Deck, hand and discard counts."""


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


def missing(key: str, what: str) -> RuleViolation:
    return RuleViolation("missing_field", f"{what} is required.", {"field": key})


def whole(value: Any, key: str, what: str, lo: int, hi: int) -> int:
    """``value`` as a whole number in ``lo..hi`` (booleans, floats and text refused)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleViolation("bad_field", f"{what} must be a whole number.", {"field": key})
    if not lo <= value <= hi:
        raise RuleViolation(
            "out_of_range", f"{what} must be between {lo} and {hi}.", {"field": key, "min": lo, "max": hi}
        )
    return value


def integer(payload: Payload, key: str, what: str, lo: int, hi: int, *, default: int | None = None) -> int:
    """A whole number in ``lo..hi``; ``default`` when absent (else refused as missing)."""
    if key not in payload or payload[key] is None:
        if default is None:
            raise missing(key, what)
        return default
    return whole(payload[key], key, what, lo, hi)


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
        raise missing(key, what)
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


def participant(actor: Actor) -> None:
    """Anyone seated at the table may do this; spectators only watch."""
    actor.require_edit(actor.seat_id)
