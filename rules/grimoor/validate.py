"""Strict reading of command payloads: every refusal names its field.

Handlers read their whole payload through these helpers before recording any
change, so a refused command never leaves a half-made change behind. Numbers
are whole numbers only: ``True``, ``2.0`` and ``"3"`` are refused, not read.
The readers every game shares are ``rules.validate``'s, re-exported here;
Grimoor adds its own words: Cohort types, where a Curio comes from, Cohorts.
Text of only spaces counts as not given (a note left empty is no note).
"""

from __future__ import annotations

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.i18n import gettext as _
from rules.i18n import ngettext
from rules.validate import MAX_NAME as MAX_NAME  # shared by every game, re-exported
from rules.validate import MAX_NOTE as MAX_NOTE
from rules.validate import choice as choice
from rules.validate import fields as fields
from rules.validate import flag as flag
from rules.validate import identifier as identifier
from rules.validate import integer as integer
from rules.validate import is_int
from rules.validate import missing as missing
from rules.validate import nullable_seat as nullable_seat
from rules.validate import optional_integer as optional_integer
from rules.validate import optional_text as optional_text
from rules.validate import participant as participant
from rules.validate import seat as seat
from rules.validate import text as text

TYPES: tuple[str, ...] = ("Duskgil", "Olatha", "Gaunt")
"""The three Cohort types (rulebook: Setup; the Strongholds come one of each type)."""

ALIASES: dict[str, str] = {"duskfin": "Duskgil"}
"""The rulebook's introduction spells Duskgil "Duskfin": one type (spec: Components)."""

SOURCES: tuple[str, ...] = ("hand", "deck")
"""Where a played Curio comes from: the hand or the top of the Curio deck (rulebook: Playing Curios)."""

MAX_STRENGTH = 99
MAX_POINTS = 999
"""Printed Strengths and points are small; these bounds only catch typing slips."""


def cohort_type(payload: Payload, key: str = "type") -> str:
    """Duskgil (or Duskfin), Olatha or Gaunt."""
    return choice(payload, key, TYPES, _("A Cohort type"), code="unknown_type", aliases=ALIASES)


def source(payload: Payload, key: str = "source") -> str:
    return choice(payload, key, SOURCES, _("Where the Curio comes from"), default="hand")


def identifiers(payload: Payload, key: str, what: str, most: int) -> list[int]:
    """A list of up to ``most`` distinct ids (absent or null: none)."""
    value = payload.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or not all(is_int(item) and item > 0 for item in value):
        raise RuleViolation(
            "bad_field", _("%(what)s must be a list of Cohort ids.") % {"what": what}, {"field": key}
        )
    if len(set(value)) != len(value):
        raise RuleViolation("bad_field", _("%(what)s names a Cohort twice.") % {"what": what}, {"field": key})
    if len(value) > most:
        message = ngettext("%(what)s: at most %(n)s Cohort.", "%(what)s: at most %(n)s Cohorts.", most)
        raise RuleViolation("too_many", message % {"what": what, "n": most}, {"field": key, "max": most})
    return list(value)
