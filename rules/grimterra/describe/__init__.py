"""One log line per Grimterra event, with names and numbers (brief: describe).

"Ann's hero Vex takes 3 wounds (wounds 2 → 5 of 7); Vex flips at the end of this round."
Every number a command changes is named as before → after (the log tells the
truth, ``rules.changes``): hands, decks and discard piles, wounds, dark
counters, the combat round. The lines are kept by kind of event: the game's
course (turns, phases, combat), heroes', cards', numbers set by hand; what
several share (a hero by its player, flips, deaths, the winner) is in
``consequences``, the names of things in ``rules.grimterra.words``.
"""

from __future__ import annotations

from rules.describing import Line, describer
from rules.grimterra.describe import by_hand, cards, heroes, turns

__all__ = ["LINES", "describe"]

LINES: dict[str, Line] = {**turns.LINES, **heroes.LINES, **cards.LINES, **by_hand.LINES}

describe = describer(LINES)
