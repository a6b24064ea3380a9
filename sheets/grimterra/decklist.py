"""Reading a typed deck list into the deck checker's input (``rules.grimterra.deck.check_deck``).

One card per line, as players write them: ``4 Ember Lance (Agilitas)``,
``4x Ember Lance, Agilitas`` or ``Ember Lance (Agilitas)`` for one copy. A
line that cannot be read is reported with its number, never guessed at, and
never hides the rest: the lines that can be read are still checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from rules.errors import RuleViolation
from rules.grimterra.validate import fate_of

LINE = re.compile(r"^\s*(?:(\d+)\s*[x\u00d7]?\s+)?(.+?)\s*(?:\(\s*([A-Za-z]+)\s*\)|,\s*([A-Za-z]+))\s*$")
MAX_LINES = 500
EXAMPLE = "“4 Ember Lance (Agilitas)”"


@dataclass
class DeckList:
    cards: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # one per line that could not be read


def read_cards(text: str) -> DeckList:
    """The readable lines as ``[{name, fate, copies}]``, and a problem for each other line
    (blank lines and # comments skipped)."""
    deck = DeckList()
    for number, raw in enumerate(text.splitlines()[:MAX_LINES], start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = LINE.match(line)
        if match is None:
            deck.problems.append(
                _("Line %(n)s cannot be read: “%(line)s”. Write it like %(example)s.")
                % {"n": number, "line": line[:60], "example": EXAMPLE}
            )
            continue
        copies, name, fate_a, fate_b = match.groups()
        try:
            fate = fate_of(fate_a or fate_b, "fate")
        except RuleViolation as exc:
            deck.problems.append(
                _("Line %(n)s, “%(line)s”: %(problem)s")
                % {"n": number, "line": line[:60], "problem": exc.message}
            )
            continue
        deck.cards.append({"name": name.strip(), "fate": fate, "copies": int(copies or 1)})
    return deck
