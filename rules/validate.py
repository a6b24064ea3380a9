"""Strict readers of a command's payload, shared by every game's rules (architecture: bad input).

A payload is an object with no key the command does not know; a number is a
real whole number in its range (``true``, ``2.5`` and ``"3"`` are refused,
never read as 1, 2 or 3); a yes/no is a real boolean. Each refusal is a
``RuleViolation`` naming its field, so the page shows it beside that field.
Games keep their own readers for their own vocabulary (elements, fates,
cards) in ``rules/<game>/validate.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.engine import Actor, Payload
from rules.errors import RuleViolation


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


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: Any, key: str, what: str, lo: int, hi: int) -> int:
    """``value`` as a whole number in ``lo..hi`` (booleans, floats and text refused)."""
    if not is_int(value):
        raise RuleViolation("bad_field", f"{what} must be a whole number.", {"field": key})
    if not lo <= value <= hi:
        raise RuleViolation(
            "out_of_range", f"{what} must be between {lo} and {hi}.", {"field": key, "min": lo, "max": hi}
        )
    result: int = value
    return result


def integer(payload: Payload, key: str, what: str, lo: int, hi: int, *, default: int | None = None) -> int:
    """A whole number in ``lo..hi``; ``default`` when absent or null (else it is required)."""
    if key not in payload or payload[key] is None:
        if default is None:
            raise missing(key, what)
        return default
    return whole(payload[key], key, what, lo, hi)


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


def participant(actor: Actor) -> None:
    """Anyone seated at the table may do this; spectators only watch."""
    actor.require_edit(actor.seat_id)
