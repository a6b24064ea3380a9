"""One log line per Grimwood event, with names and numbers (brief: describe).

Worded when shown, in the reader's language (issue #34): each sentence is one
catalogue entry with named placeholders; the pieces put into a sentence are
only names, numbers as before → after, a combo's label, or the items of a
list in parentheses ("hand 3 → 0; deck 59 → 58"). The lines are kept by kind
of event: a turn's, draws and steals, combos', numbers set by hand.
"""

from __future__ import annotations

from rules.describing import Line, describer
from rules.grimwood.describe import by_hand, combos, draws, turns

__all__ = ["LINES", "describe"]

LINES: dict[str, Line] = {**turns.LINES, **combos.LINES, **draws.LINES, **by_hand.LINES}

describe = describer(LINES)
