"""Grim Hand at a live table: characters as table commands (spec: Character; §4, §8, §9, §9.1).

Module map:
    catalogue   -- the card facts and data tables the rules need (a Catalogue, or a source of the current one)
    state       -- the snapshot: characters with their derived numbers, settings
    ops         -- primitive invertible changes; undo/redo; clamping after a change
    context     -- a command in progress (state, actor, dice, catalogue, ops)
    characters  -- create, rename, retire, adjust/set counters
    items       -- equip, unequip, stash, discard, give; homebrew cards
    quests      -- quests: take one, gain QP
    quest_rolls -- a quest's challenge roll and re-roll
    quest_outcomes -- complete or fail a quest; its effects
    stature_abilities -- choose, remove, use a stature ability
    modifiers   -- permanent/temporary modifiers; campaign settings
    transfer    -- export a character, import it into another table
    rules       -- GrimHandRules (the engine's GameRules for game "grimhand")
"""

from rules.grimhand.table.catalogue import (
    AbilityFacts,
    CardFacts,
    Catalogue,
    EffectFacts,
    QuestFacts,
    standard_catalogue,
)
from rules.grimhand.table.rules import HANDLERS, GrimHandRules
from rules.grimhand.table.transfer import export_character

__all__ = [
    "HANDLERS",
    "AbilityFacts",
    "CardFacts",
    "Catalogue",
    "EffectFacts",
    "GrimHandRules",
    "QuestFacts",
    "export_character",
    "standard_catalogue",
]
