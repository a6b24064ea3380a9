"""Strict reading of command payloads: every refusal names its field.

Handlers read their whole payload through these helpers before recording any
change, so a refused command never leaves a half-made change behind. Numbers
are whole numbers only: ``True``, ``2.0`` and ``"3"`` are refused, not read.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Actor, Payload
from rules.errors import RuleViolation
from rules.grimwood.cards import CARDS, SUPERNATURALS, canonical
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
    participant as participant,
)

MAX_NOTE = 200
MAX_HAND = 99
MAX_POINTS = 99
MAX_ACTIONS = 20
MAX_LISTED = 12
"""Bounds that only catch typing slips: a hand never nears 99, no combo scores more than 15."""


def optional_text(payload: Payload, key: str, what: str, max_len: int = MAX_NOTE) -> str | None:
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


def text(payload: Payload, key: str, what: str, max_len: int = MAX_NOTE) -> str:
    """Required text, trimmed, not empty, at most ``max_len`` characters."""
    value = optional_text(payload, key, what, max_len)
    if value is None:
        raise _missing(key, what)
    return value


def choice(payload: Payload, key: str, options: tuple[str, ...], what: str, *, default: str) -> str:
    """One of ``options`` (case and surrounding spaces do not matter); ``default`` when absent or null."""
    value = payload.get(key)
    if value is None:
        return default
    if not isinstance(value, str):
        raise RuleViolation("bad_field", f"{what} must be text.", {"field": key})
    wanted = value.strip().casefold()
    for option in options:
        if option.casefold() == wanted:
            return option
    raise RuleViolation(
        "bad_field",
        f"{value!r} is not {what.lower()} ({', '.join(options)}).",
        {"field": key, "options": list(options)},
    )


def _card(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise RuleViolation("bad_field", "A card is named by text, e.g. 'Owl' or 'Dragon'.", {"field": key})
    card = canonical(value)
    if card is None:
        raise RuleViolation(
            "unknown_card",
            f"{value!r} is not a Grimwood card (Owl, Crow, Swamp, Path, Clearing, Rune, Amulet or a "
            "supernatural's name such as Dragon).",
            {"field": key, "options": list(CARDS)},
        )
    return card


def card(payload: Payload, key: str = "card") -> str:
    """One card, by name."""
    if payload.get(key) is None:
        raise _missing(key, "A card")
    return _card(payload[key], key)


def supernatural(payload: Payload, key: str = "card") -> str:
    """One supernatural, by name."""
    name = card(payload, key)
    if name not in SUPERNATURALS:
        raise RuleViolation(
            "not_a_supernatural", f"{name} is not a supernatural.", {"field": key, "card": name}
        )
    return name


def cards(payload: Payload, key: str = "cards") -> list[str]:
    """A list of cards by name (at least one, at most a dozen: a combo has five at most)."""
    value = payload.get(key)
    if value is None:
        raise _missing(key, "The combo's cards")
    if not isinstance(value, list) or not value:
        raise RuleViolation(
            "bad_field", "List the combo's cards, e.g. ['Owl', 'Owl', 'Owl'].", {"field": key}
        )
    if len(value) > MAX_LISTED:
        raise RuleViolation(
            "combo_too_big", f"A combo has at most 5 cards, not {len(value)}.", {"field": key, "max": 5}
        )
    return [_card(item, key) for item in value]


def power(payload: Payload, options: tuple[str, ...], key: str = "power") -> str | None:
    """The supernatural whose power does this (for the log, and the Bride's males-only rule), or none."""
    value = payload.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RuleViolation("bad_field", "The power is named by its supernatural.", {"field": key})
    name = canonical(value)
    if name not in options:
        raise RuleViolation(
            "bad_field",
            f"{value!r} is not a power that does this ({', '.join(options)}).",
            {"field": key, "options": list(options)},
        )
    return name


def identifier(payload: Payload, key: str, what: str) -> int:
    return integer(payload, key, what, 1, 10**9)


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


def seats(payload: Payload, actor: Actor, key: str = "seat_ids") -> list[int]:
    """A list of distinct seats (default: every seat at the table, in its order)."""
    value = payload.get(key)
    if value is None:
        if not actor.seat_ids:
            raise _missing(key, "The players' seats")
        return list(actor.seat_ids)
    if not isinstance(value, list) or not all(is_int(item) for item in value):
        raise RuleViolation("bad_field", "List the players' seat numbers in playing order.", {"field": key})
    if len(set(value)) != len(value):
        raise RuleViolation("bad_field", "A seat is listed twice.", {"field": key})
    for item in value:
        if actor.seat_ids and item not in actor.seat_ids:
            raise RuleViolation(
                "unknown_seat", "That seat is not at this table.", {"field": key, "seat_id": item}
            )
    return [int(item) for item in value]
