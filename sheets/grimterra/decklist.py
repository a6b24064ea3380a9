"""Reading a typed deck list into the deck checker's input (``rules.grimterra.deck.check_deck``).

One card per line, as players write them: ``4 Ember Lance (Agilitas)``,
``4x Ember Lance, Agilitas`` or ``Ember Lance (Agilitas)`` for one copy. A
line that cannot be read is reported with its number, never guessed at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

LINE = re.compile(r"^\s*(?:(\d+)\s*[x\u00d7]?\s+)?(.+?)\s*(?:\(\s*([A-Za-z]+)\s*\)|,\s*([A-Za-z]+))\s*$")
MAX_LINES = 500


@dataclass(frozen=True)
class BadLine(Exception):
    number: int
    text: str

    def __str__(self) -> str:
        example = "“4 Ember Lance (Agilitas)”"
        return f"Line {self.number} cannot be read: “{self.text[:60]}”. Write it like {example}."


def read_cards(text: str) -> list[dict[str, Any]]:
    """``[{name, fate, copies}]`` from the typed lines (blank lines and # comments skipped)."""
    cards = []
    for number, raw in enumerate(text.splitlines()[:MAX_LINES], start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = LINE.match(line)
        if match is None:
            raise BadLine(number, line)
        copies, name, fate_a, fate_b = match.groups()
        cards.append(
            {"name": name.strip(), "fate": (fate_a or fate_b).capitalize(), "copies": int(copies or 1)}
        )
    return cards
