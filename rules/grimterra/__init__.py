"""Grimterra: the pure rules of a table of two or more players with three heroes each (issue 12).

Rulebook: ``shared/seeds/grimterra.txt``; spec: ``shared/spec/games/grimterra.md``.
"""

from __future__ import annotations

from rules.grimterra.cards import CardCheck, check_fate
from rules.grimterra.deck import check_deck
from rules.grimterra.rules import GrimterraRules
from rules.grimterra.state import FATES

__all__ = ["FATES", "CardCheck", "GrimterraRules", "check_deck", "check_fate"]
