"""Grim Hand rules engine (rulebook: seeds/grim-hand.txt; spec: spec/games/grimhand.md).

Module map:
    cards        -- Affinity, Card, the 50-card deck, parse_cards (§5)
    poker        -- Category, HandValue, evaluate and the fast int evaluator (§5.1)
"""
