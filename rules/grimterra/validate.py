"""Strict reading of command payloads: every refusal names its field (brief: payload validation).

Handlers read their whole payload through these helpers before recording any
change, so a refused command never leaves a half-made change behind. Numbers
are whole numbers only: ``True`` is not 1 and ``"3"`` is not 3. The readers
every game shares are ``rules.validate``'s, re-exported here; Grimterra adds
its own words: Fates (by name or colour) and a hero.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimterra.state import FATE_COLOURS, FATES
from rules.i18n import gettext as _
from rules.validate import MAX_NAME as MAX_NAME  # shared by every game, re-exported
from rules.validate import MAX_NOTE as MAX_NOTE
from rules.validate import choice as choice
from rules.validate import fields as fields
from rules.validate import flag as flag
from rules.validate import identifier, pick
from rules.validate import integer as integer
from rules.validate import missing as missing
from rules.validate import optional_choice as optional_choice
from rules.validate import optional_text as optional_text
from rules.validate import participant as participant
from rules.validate import seat as seat
from rules.validate import text as text
from rules.validate import whole as whole

MAX_NUMBER = 99
"""Printed Grimterra numbers are small (Health, skills, requirements under 20); 99 is a generous bound."""
MAX_CARDS = 999
"""Deck, hand and discard counts."""


def fate_of(value: Any, key: str) -> str:
    """A Fate by name ("fortutidas") or colour ("red")."""
    return pick(value, key, FATES, _("A Fate"), "unknown_fate", aliases=FATE_COLOURS)


def fate(payload: Payload, key: str = "fate") -> str:
    if key not in payload or payload[key] is None:
        raise missing(key, _("A Fate"))
    return fate_of(payload[key], key)


def fates(payload: Payload, key: str = "fates") -> list[str]:
    """One to four different Fates, in the rulebook's order."""
    if key not in payload or payload[key] is None:
        raise missing(key, _("The hero's Fates"))
    value = payload[key]
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value:
        raise RuleViolation("bad_field", _("A hero has one or more Fates."), {"field": key})
    chosen = [fate_of(item, key) for item in value]
    if len(set(chosen)) != len(chosen):
        raise RuleViolation("bad_field", _("Name each of the hero's Fates once."), {"field": key})
    return [f for f in FATES if f in chosen]


def hero_id(payload: Payload, key: str = "hero_id") -> int:
    return identifier(payload, key, _("A hero"))
