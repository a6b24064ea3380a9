"""The one rule for text a table keeps: names, notes, every string of a payload (issue #32, item 1).

A name is shown on every phone, in the log and on the shared screen, and is
stored in the database (PostgreSQL's jsonb refuses NUL and lone
surrogates): a control character or a direction override there garbles or
disguises it (a name that reads backwards). The same rule is applied at the
door (a table's name and a seat's at create and join, by ``rules.table``)
and to every value a command brings in (``campaigns.payloads``), so nothing
the door lets in is refused later.
"""

from __future__ import annotations

import unicodedata

from rules.i18n import gettext as _

MAX_TEXT = 10_000
"""The longest text kept anywhere (names have their own, shorter limits)."""

BIDI = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
"""Bidirectional embeddings, overrides and isolates: they can make a name read as something else."""
ALLOWED_CONTROLS = frozenset("\n\t")
"""Line breaks and tabs are kept in longer texts (notes)."""


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be kept as text, in a player's words, or None when it can."""
    if len(value) > MAX_TEXT:
        return _("Text can be at most %(n)s characters.") % {"n": MAX_TEXT}
    if value.isprintable():  # the common case: no control, format or separator character at all
        return None
    for char in value:
        if "\ud800" <= char <= "\udfff":
            return _("The text contains a broken character.")
        if char in BIDI:
            return _("The text contains a direction-override character.")
        if char not in ALLOWED_CONTROLS and unicodedata.category(char) == "Cc":
            return _("The text contains a control character.")
    return None
