"""Grimwood: the pure rules of a table of two or more (issue 13: Grimoor and Grimwood at the table).

Rulebook: ``shared/seeds/grimwood.txt``; spec: ``shared/spec/games/grimwood.md``.
"""

from __future__ import annotations

from rules.grimwood.cards import MALE, SUPERNATURALS, VALID_COMBOS, score
from rules.grimwood.rules import GrimwoodRules

__all__ = ["MALE", "SUPERNATURALS", "VALID_COMBOS", "GrimwoodRules", "score"]
