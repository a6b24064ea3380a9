"""Strict reading of command payloads: every refusal names its field (brief: payload validation).

Handlers read their whole payload through these helpers before recording any
change, so a refused command never leaves a half-made change behind. The
readers every game shares are ``rules.validate``'s, re-exported here; GRIM
adds its own words: Elements, Statuses, a Grim.
"""

from __future__ import annotations

from rules.engine import Payload
from rules.grim.chart import ELEMENTS, STATUSES
from rules.i18n import gettext as _
from rules.validate import MAX_NAME as MAX_NAME  # shared by every game, re-exported
from rules.validate import MAX_NOTE as MAX_NOTE
from rules.validate import choice as choice
from rules.validate import fields as fields
from rules.validate import flag as flag
from rules.validate import identifier, pick
from rules.validate import integer as integer
from rules.validate import missing as missing
from rules.validate import optional_integer as optional_integer
from rules.validate import participant as participant
from rules.validate import seat as seat
from rules.validate import text as text

MAX_NUMBER = 999
"""Printed GRIM numbers are small (Health around 20, damage around 10); 999 is a generous bound."""


def element(payload: Payload, key: str = "element", *, nullable: bool = False) -> str | None:
    """One of the 11 Elements (or None when ``nullable`` and the field is null)."""
    if key not in payload:
        raise missing(key, _("An Element"))
    if payload[key] is None:
        if nullable:
            return None
        raise missing(key, _("An Element"))
    return pick(payload[key], key, ELEMENTS, _("An Element"), "unknown_element")


def required_element(payload: Payload, key: str = "element") -> str:
    value = element(payload, key)
    assert value is not None  # not nullable, so a value or a refusal
    return value


def status(payload: Payload, key: str = "status") -> str | None:
    """One of the 11 Statuses, or None (null) to clear it."""
    if key not in payload:
        raise missing(key, _("A Status"))
    if payload[key] is None:
        return None
    return pick(payload[key], key, STATUSES, _("A Status"), "unknown_status")


def grim_id(payload: Payload, key: str = "grim_id") -> int:
    return identifier(payload, key, _("A Grim"))
