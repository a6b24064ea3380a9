"""Grim Hand rules engine (rulebook: seeds/grim-hand.txt; spec: spec/games/grimhand.md).

Module map:
    cards          -- Affinity, Card, the 50-card deck, parse_cards (§5)
    poker          -- Category, HandValue, evaluate, the fast int evaluator (§5.1)
    dice           -- d6 and affinity dice faces, match counting (App. I)
    chart_types    -- the chart row types and GameCharts (re-exported by charts)
    charts         -- DEFAULT_CHARTS: races, classes, affinities, stature, rarity,
                      set bonuses, alignment, equipment-hand bonuses, quest table
    rarity         -- roll_rarity on the d100, set_rarity (§8)
    equipment      -- EquippedItem, equipment_hand and its bonus (§8, App. I)
    character      -- SheetInput, derive_stats with breakdowns, clamp_current (§4, §12)
    progression    -- stature_for_xp, xp_award, gold_award, loot_cards, roll_loot (§9, §11)
    checks         -- Strength/Agility and affinity checks, corruption, meditation (§10)
    campaign       -- ante, initiative, event rolls, quest points, quest challenges (§7, §9.1)
    combat/        -- scoring (streets, resonance, crits/chains), lineup (mobs, queue),
                      damage, round (street-by-street play, retreat), rewards (§7.4, App. II)
    odds           -- exact river odds from the flop over every turn+river pair
    table/         -- the game at the table: commands, state, the log's words
    endgame        -- corruption redemption and trophies (§13)
"""
