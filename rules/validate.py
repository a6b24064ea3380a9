"""Strict readers of a command's payload, shared by every game's rules (architecture: bad input).

A payload is an object with no key the command does not know; a number is a
real whole number in its range (``true``, ``2.5`` and ``"3"`` are refused,
never read as 1, 2 or 3); a yes/no is a real boolean; a seat is one of the
table's. Each refusal is a ``RuleViolation`` naming its field, so the page
shows it beside that field. Games keep their own readers for their own
vocabulary (elements, fates, cards) in ``rules/<game>/validate.py``, which
re-exports these.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.engine import Actor, Payload
from rules.errors import RuleViolation
from rules.i18n import gettext as _

MAX_NAME = 60
MAX_NOTE = 200
"""The longest name (of a Grim, a hero, a Cohort) and note a command takes."""


def fields(payload: Payload, allowed: Iterable[str]) -> Mapping[str, Any]:
    """The payload itself, once it is a mapping with no key outside ``allowed``."""
    if not isinstance(payload, Mapping):
        raise RuleViolation("bad_payload", _("The command's details must be an object."))
    known = set(allowed)
    for key in payload:
        if key not in known:
            raise RuleViolation(
                "unknown_field",
                _("This command has no field %(field)r.") % {"field": key},
                {"field": key, "fields": sorted(known)},
            )
    return payload


def missing(key: str, what: str) -> RuleViolation:
    return RuleViolation("missing_field", _("%(what)s is required.") % {"what": what}, {"field": key})


def no_change(what: str, field: str) -> RuleViolation:
    """A command that would change nothing is refused: the log never shows a line that did nothing."""
    return RuleViolation("no_change", what, {"field": field})


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: Any, key: str, what: str, lo: int, hi: int) -> int:
    """``value`` as a whole number in ``lo..hi`` (booleans, floats and text refused)."""
    if not is_int(value):
        raise RuleViolation(
            "bad_field", _("%(what)s must be a whole number.") % {"what": what}, {"field": key}
        )
    if not lo <= value <= hi:
        said = _("%(what)s must be between %(lo)s and %(hi)s.") % {"what": what, "lo": lo, "hi": hi}
        raise RuleViolation("out_of_range", said, {"field": key, "min": lo, "max": hi})
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
        raise RuleViolation(
            "bad_field", _("%(what)s must be true or false.") % {"what": what}, {"field": key}
        )
    return value


def optional_text(
    payload: Payload,
    key: str,
    what: str,
    max_len: int,
    *,
    blank_is_absent: bool = True,
    code: str | None = None,
) -> str | None:
    """Text if given, trimmed, at most ``max_len`` characters; absent or null: None.

    Only spaces count as not given (None), unless ``blank_is_absent`` is
    False: then they are refused as empty text. ``code`` replaces the codes of
    empty and too long text (a name's ``bad_name``, as the platform's names).
    """
    value = payload.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RuleViolation("bad_field", _("%(what)s must be text.") % {"what": what}, {"field": key})
    value = value.strip()
    if not value:
        if blank_is_absent:
            return None
        raise RuleViolation(
            code or "bad_field", _("%(what)s cannot be empty.") % {"what": what}, {"field": key}
        )
    if len(value) > max_len:
        said = _("%(what)s is at most %(n)s characters.") % {"what": what, "n": max_len}
        raise RuleViolation(code or "too_long", said, {"field": key, "max": max_len})
    return value


def text(
    payload: Payload,
    key: str,
    what: str,
    max_len: int,
    *,
    blank_is_absent: bool = False,
    code: str | None = None,
) -> str:
    """Required text, trimmed, not empty, at most ``max_len`` characters.

    Only spaces are refused as empty text (``bad_field``, or ``code``), or, with
    ``blank_is_absent``, as text not given (``missing_field``).
    """
    value = optional_text(payload, key, what, max_len, blank_is_absent=blank_is_absent, code=code)
    if value is None:
        raise missing(key, what)
    return value


def pick(
    value: Any,
    key: str,
    options: tuple[str, ...],
    what: str,
    code: str = "bad_field",
    *,
    aliases: Mapping[str, str] | None = None,
) -> str:
    """One of ``options``, without regard to case or spacing (``" fire"`` is Fire, ``"dark  unicorn"``
    Dark Unicorn); ``aliases`` name an option by another word (casefolded: ``{"red": "Fortutidas"}``)."""
    if not isinstance(value, str):
        raise RuleViolation("bad_field", _("%(what)s must be text.") % {"what": what}, {"field": key})
    wanted = " ".join(value.split()).casefold()
    if aliases:
        wanted = aliases.get(wanted, wanted).casefold()
    for option in options:
        if option.casefold() == wanted:
            return option
    raise RuleViolation(
        code,
        # "An element" reads "an element" inside the sentence ("Ein Element": "ein Element").
        _("%(value)r is not %(what)s (%(options)s).")
        % {"value": value, "what": what[:1].lower() + what[1:], "options": ", ".join(options)},
        {"field": key, "options": list(options)},
    )


def choice(
    payload: Payload,
    key: str,
    options: tuple[str, ...],
    what: str,
    *,
    default: str | None = None,
    code: str = "bad_field",
    aliases: Mapping[str, str] | None = None,
) -> str:
    """One of ``options`` (``pick``); ``default`` when absent or null (else it is required)."""
    if payload.get(key) is None:
        if default is None:
            raise missing(key, what)
        return default
    return pick(payload[key], key, options, what, code, aliases=aliases)


def optional_choice(payload: Payload, key: str, options: tuple[str, ...], what: str) -> str | None:
    if payload.get(key) is None:
        return None
    return pick(payload[key], key, options, what)


def identifier(payload: Payload, key: str, what: str) -> int:
    """The id of something on the table (a Grim, a hero, a combo): a whole number from 1."""
    return integer(payload, key, what, 1, 10**9)


def seat(payload: Payload, actor: Actor, key: str = "seat_id", *, required: bool = False) -> int:
    """A seat id from the payload (default: the sender's), checked against the table's seats."""
    if payload.get(key) is None:
        if required:
            raise missing(key, _("A seat"))
        seat_id = actor.seat_id
    else:
        value = payload[key]
        if not is_int(value):
            raise RuleViolation("bad_field", _("A seat must be a seat number."), {"field": key})
        seat_id = int(value)
    if actor.seat_ids and seat_id not in actor.seat_ids:
        raise RuleViolation(
            "unknown_seat", _("That seat is not at this table."), {"field": key, "seat_id": seat_id}
        )
    return seat_id


def nullable_seat(payload: Payload, actor: Actor, key: str) -> int | None:
    """A seat id, or null for nobody; the key itself is required."""
    if key not in payload:
        raise missing(key, _("A seat (or null for nobody)"))
    if payload[key] is None:
        return None
    return seat(payload, actor, key)


def seats(payload: Payload, actor: Actor, key: str = "seat_ids") -> list[int]:
    """A list of distinct seats in playing order (default: every seat at the table, in its order)."""
    value = payload.get(key)
    if value is None:
        if not actor.seat_ids:
            raise missing(key, _("The players' seats"))
        return list(actor.seat_ids)
    if not isinstance(value, list) or not all(is_int(item) for item in value):
        raise RuleViolation(
            "bad_field", _("List the players' seat numbers in playing order."), {"field": key}
        )
    if len(set(value)) != len(value):
        raise RuleViolation("bad_field", _("A seat is listed twice."), {"field": key})
    for item in value:
        if actor.seat_ids and item not in actor.seat_ids:
            raise RuleViolation(
                "unknown_seat", _("That seat is not at this table."), {"field": key, "seat_id": item}
            )
    return [int(item) for item in value]


def options(raw: Mapping[str, Any] | None, known: Iterable[str], game: str) -> Mapping[str, Any]:
    """A table's setup options: an object (None: none) with no key but ``known`` (``game`` names the
    game in the refusal: "Grimoor has no option 'players'")."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise RuleViolation("bad_option", _("Options must be an object."), {"field": "options"})
    allowed = set(known)
    for key in raw:
        if key not in allowed:
            said = _("%(game)s has no option %(key)r.") % {"game": game, "key": key}
            raise RuleViolation("unknown_option", said, {"field": key})
    return raw


def option(raw: Mapping[str, Any], key: str, values: tuple[str, ...], message: str) -> str:
    """A setup option that is one of ``values``, without regard to case or surrounding spaces; absent
    or null: the first, the default. Refused with ``message``, which says what the choices mean."""
    value = raw.get(key)
    if value is None:
        return values[0]
    if not isinstance(value, str) or value.strip().lower() not in values:
        raise RuleViolation("bad_option", message, {"field": key, "options": list(values)})
    return value.strip().lower()


def participant(actor: Actor) -> None:
    """Anyone seated at the table may do this; spectators only watch."""
    actor.require_edit(actor.seat_id)
