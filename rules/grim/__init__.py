"""GRIM the Card Game: the pure rules of a two-player table (issue: GRIM at the table).

Rulebook: ``shared/seeds/grim-the-card-game.txt``; spec: ``shared/spec/games/grim.md``.
"""

from __future__ import annotations

from rules.grim.chart import ELEMENTS, STATUSES, Matchup, matchup
from rules.grim.rules import GrimRules

__all__ = ["ELEMENTS", "STATUSES", "GrimRules", "Matchup", "matchup"]
