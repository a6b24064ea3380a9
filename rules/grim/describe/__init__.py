"""One log line per GRIM event, with names and numbers (brief: describe).

Each clause is worded whole in the reader's language (``rules.i18n``); a line joins its clauses
with "; " as the log always did. The lines are kept by kind of event: a Grim's Bond Cards, the
Attack, Heal and Swap, the Turns and Rounds, numbers set by hand; the pieces several share (a
Grim by its player, a card's word, Knockouts) are in ``parts``.
"""

from __future__ import annotations

from rules.describing import Line, describer
from rules.grim.describe import attacks, bonds, by_hand, heal_and_swap, rounds

__all__ = ["LINES", "describe"]

LINES: dict[str, Line] = {
    **bonds.LINES,
    **attacks.LINES,
    **heal_and_swap.LINES,
    **rounds.LINES,
    **by_hand.LINES,
}

describe = describer(LINES)
