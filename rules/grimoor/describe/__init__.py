"""One log line per Grimoor event, with names and numbers (brief: describe).

Every number a command changes is named as before → after (the log tells the
truth, ``rules.changes``): the Actions left, the turn and Conflict counts,
points and End of Conflict cards. Each line is worded when shown, in the
reader's language (``rules.i18n``; docs/decisions/german.md): the German
follows ``docs/glossary-de.md``. The lines are kept by kind of event: turns,
Hordes, a Conflict's end, points.
"""

from __future__ import annotations

from rules.describing import Line, describer
from rules.grimoor.describe import cohorts, conflicts, scores, turns

__all__ = ["LINES", "describe"]

LINES: dict[str, Line] = {**turns.LINES, **cohorts.LINES, **scores.LINES, **conflicts.LINES}

describe = describer(LINES)
