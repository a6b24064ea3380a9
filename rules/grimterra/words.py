"""The names of Grimterra's things, marked once for the catalogue and translated where shown.

The phases of a turn (rulebook 3), the kinds of card (rulebook 6), a hero's sides,
positions and star (rulebook 7), the numbers corrected by hand. A thing read both
inside a sentence and as a label has its two forms in one row: a log line or a
refusal says "empowered", the board's label "Empowered side". The board
(``sheets.grimterra.board``) reads these tables; nothing writes them again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.i18n import gettext as _
from rules.i18n import gettext_noop, pgettext

PHASE_NAMES: dict[str, str] = {
    "draw": gettext_noop("Draw"),
    "pre": gettext_noop("Pre Combat"),
    "combat": gettext_noop("Combat"),
    "post": gettext_noop("Post Combat"),
    "discard": gettext_noop("Discard"),
}
"""The phases of a turn, in a line and on the board alike."""
KIND_NAMES = {
    "spell": gettext_noop("Spell"),
    "equipment": gettext_noop("Equipment"),
    "power": gettext_noop("Power"),
    "attack": gettext_noop("Attack"),
    "defense": gettext_noop("Defense"),
}
"""The kinds of card, in a line and on the board alike."""
SIDES = {
    "normal": (gettext_noop("normal"), gettext_noop("Normal side")),
    "empowered": (gettext_noop("empowered"), gettext_noop("Empowered side")),
    "dead": (gettext_noop("dead"), gettext_noop("Dead")),
}
"""A hero's side: inside a sentence, and as the board labels it."""
SIDE_NAMES = {side: said for side, (said, _label) in SIDES.items()}
SIDE_LABELS = {side: label for side, (_said, label) in SIDES.items()}
RARITY_NAMES = {
    "common": gettext_noop("common"),
    "uncommon": gettext_noop("uncommon"),
    "rare": gettext_noop("rare"),
}
"""A hero's star: white, silver, gold."""
POSITION_LABELS = {"arena": gettext_noop("Arena"), "backrow": gettext_noop("Backrow")}
"""Where a hero stands, as the board labels it."""
HERO_NUMBERS = {
    "health": (gettext_noop("health"), gettext_noop("Health")),
    "empowered_health": (gettext_noop("empowered health"), gettext_noop("Empowered health")),
    "wounds": (gettext_noop("wounds"), gettext_noop("Wounds")),
}
"""A hero's printed Health and its wounds: inside a sentence, and as the board labels them."""
HERO_FIELD_NAMES = {
    **{field: said for field, (said, _label) in HERO_NUMBERS.items()},
    "dark": gettext_noop("dark"),
    "side": gettext_noop("side"),
}
"""``hero.adjust``'s fields inside a sentence (its log line, its refusals)."""
HERO_FIELD_LABELS = {field: label for field, (_said, label) in HERO_NUMBERS.items()}
"""``hero.adjust``'s numbers as the board labels them; the dark counters': ``hero_field_label``."""
PLAYER_FIELD_NAMES = {
    "deck": gettext_noop("deck"),
    "hand": gettext_noop("hand"),
    "discard": gettext_noop("discard"),
}
"""``player.adjust``'s counts as its log line names them."""


def word(table: Mapping[str, str], key: Any) -> str:
    """A marked word of ``table`` in the reader's language (the key itself when unknown)."""
    found = table.get(str(key))
    return _(found) if found is not None else str(key)


def hero_field_label(field: str) -> str:
    """One of a hero's numbers as the board labels it; "Dark" by its context, the counters, not the colour."""
    if field == "dark":
        return pgettext("dark counters", "Dark")
    return word(HERO_FIELD_LABELS, field)
