"""Strict reading of command payloads: every refusal names its field.

Handlers read their whole payload through these helpers before recording any
change, so a refused command never leaves a half-made change behind. Numbers
are whole numbers only: ``True``, ``2.0`` and ``"3"`` are refused, not read.
The readers every game shares are ``rules.validate``'s, re-exported here;
Grimwood adds its own words: cards, supernaturals and the powers that act.
Text of only spaces counts as not given (a note left empty is no note).
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimwood.cards import CARDS, SUPERNATURALS, canonical
from rules.i18n import gettext as _
from rules.validate import MAX_NOTE as MAX_NOTE  # shared by every game, re-exported
from rules.validate import choice as choice
from rules.validate import fields as fields
from rules.validate import flag as flag
from rules.validate import identifier as identifier
from rules.validate import integer as integer
from rules.validate import missing as missing
from rules.validate import optional_text as optional_text
from rules.validate import participant as participant
from rules.validate import pick
from rules.validate import seat as seat
from rules.validate import seats as seats
from rules.validate import text as text

MAX_HAND = 99
MAX_POINTS = 99
MAX_ACTIONS = 20
MAX_LISTED = 12
"""Bounds that only catch typing slips: a hand never nears 99, no combo scores more than 15."""


def _card(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise RuleViolation(
            "bad_field", _("A card is named by text, e.g. 'Owl' or 'Dragon'."), {"field": key}
        )
    card = canonical(value)
    if card is None:
        raise RuleViolation(
            "unknown_card",
            _(
                "%(value)s is not a Grimwood card (Owl, Crow, Swamp, Path, Clearing, Rune, Amulet or a "
                "supernatural's name such as Dragon)."
            )
            % {"value": repr(value)},
            {"field": key, "options": list(CARDS)},
        )
    return card


def card(payload: Payload, key: str = "card") -> str:
    """One card, by name."""
    if payload.get(key) is None:
        raise missing(key, _("A card"))
    return _card(payload[key], key)


def supernatural(payload: Payload, key: str = "card") -> str:
    """One supernatural, by name."""
    name = card(payload, key)
    if name not in SUPERNATURALS:
        raise RuleViolation(
            "not_a_supernatural",
            _("%(card)s is not a supernatural.") % {"card": name},
            {"field": key, "card": name},
        )
    return name


def cards(payload: Payload, key: str = "cards") -> list[str]:
    """A list of cards by name (at least one, at most a dozen: a combo has five at most)."""
    value = payload.get(key)
    if value is None:
        raise missing(key, _("The combo's cards"))
    if not isinstance(value, list) or not value:
        raise RuleViolation(
            "bad_field", _("List the combo's cards, e.g. ['Owl', 'Owl', 'Owl']."), {"field": key}
        )
    if len(value) > MAX_LISTED:
        raise RuleViolation(
            "combo_too_big",
            _("A combo has at most 5 cards, not %(n)s.") % {"n": len(value)},
            {"field": key, "max": 5},
        )
    return [_card(item, key) for item in value]


def power(payload: Payload, options: tuple[str, ...], key: str = "power") -> str | None:
    """The supernatural whose power does this (for the log, and the Bride's males-only rule), or none."""
    value = payload.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RuleViolation("bad_field", _("The power is named by its supernatural."), {"field": key})
    return pick(value, key, options, _("A power that does this"))
