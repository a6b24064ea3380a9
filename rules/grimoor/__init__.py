"""Grimoor: the pure rules of a two-player table (issue 13: Grimoor and Grimwood at the table).

Rulebook: ``shared/seeds/grimoor.txt``; spec: ``shared/spec/games/grimoor.md``.
"""

from __future__ import annotations

from rules.grimoor.rules import GrimoorRules
from rules.grimoor.scoring import Side, Verdict, decide, final_winners, next_start
from rules.grimoor.validate import TYPES

__all__ = ["TYPES", "GrimoorRules", "Side", "Verdict", "decide", "final_winners", "next_start"]
