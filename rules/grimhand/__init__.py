"""Grim Hand rules engine (rulebook: seeds/grim-hand.txt; spec: spec/games/grimhand.md).

Module map:
    cards          -- Affinity, Card, the 50-card deck, parse_cards (§5)
    poker          -- Category, HandValue, evaluate, the fast int evaluator (§5.1)
    dice           -- d6 and affinity dice faces, match counting (App. I)
    table_types    -- the table row types and GameTables (re-exported by tables)
    tables         -- DEFAULT_TABLES: races, classes, affinities, stature, rarity,
                      set bonuses, alignment, equipment-hand bonuses, quest table
    rarity         -- roll_rarity on the d100, set_rarity (§8)
    equipment      -- EquippedItem, equipment_hand and its bonus (§8, App. I)
    character      -- SheetInput, derive_stats with breakdowns, clamp_current (§4, §12)
"""
