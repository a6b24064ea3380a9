"""The exploration (explore) cards: deck 1 with 50 cards, deck 2 with 25 (§7.1, §7.2, §9.1).

Deck 1 holds ranks 1..10 in each affinity. Deck 2 repeats deck 1's ranks 6..10
(same names, kinds and effects), so its rows are derived here rather than
written twice. Spec **Decision**: the data's suit "Wild" is Nature. The
``resolve_text`` is our own one-line summary of what resolving the card does.
"""

from __future__ import annotations

from dataclasses import replace

from sheets.grimhand.catalogue_data.types import ExplorationData as X

B, BO, S, IR, N = "Blood", "Bone", "Shadow", "Iron", "Nature"

# rank, name, kind, affinity, our summary of the resolve step
DECK_1: tuple[X, ...] = (
    X(
        1,
        "Flesh-Worn Path",
        "Discovery",
        B,
        "Players not of this affinity lose 1 LE; draw and resolve another explore card.",
    ),
    X(2, "Blood-Matted Den", "Minor Threat", B, "Fight a Blood minor threat; a win draws 1 loot card."),
    X(
        3,
        "Sanguine Altar",
        "Discovery/Event",
        B,
        "You may heal 1 LE, then roll 1d6: 1-2 lose 1 max LE, 3-6 gain 1 gold.",
    ),
    X(
        4,
        "Rage-Filled Cavern",
        "Hazard/Event",
        B,
        "Check Strength; on a failure you go berserk: +1 AT until the next combat round ends.",
    ),
    X(5, "Heartbeat Passage", "Discovery", B, "Gain 2 gold, 3 if your affinity is Blood."),
    X(1, "Chamber of Whispers", "Discovery/Event", BO, "Bone characters get a shield that absorbs 1 LE."),
    X(2, "Ossuary Spire", "Discovery", BO, "Gain 10 gold."),
    X(
        3,
        "Grim Stature",
        "Hazard/Event",
        BO,
        "Check Strength: +1 AT next combat on success, +1 Doubt on failure.",
    ),
    X(
        4,
        "Blighted Barrow",
        "Minor Threat",
        BO,
        "Fight a Bone minor threat; a win lets you drop 1 Doubt or Corruption.",
    ),
    X(5, "Petrified Bloom", "Discovery/Loot", BO, "Gain a Bone equipment card."),
    X(1, "Whispering Passage", "Discovery/Event", S, "Shadow characters gain 10 gold."),
    X(2, "Flickering Gloom", "Hazard", S, "Check Agility or lose 1 AP next turn."),
    X(
        3,
        "Forgotten Cache",
        "Discovery/Loot",
        S,
        "Gain an equipment card; a Shadow one lets you draw another.",
    ),
    X(4, "Stifling Dark", "Hazard/Event", S, "Everyone here gains 1 Doubt."),
    X(5, "Veil of Illusion", "Hazard/Event", S, "Check Agility or gain 1 Corruption."),
    X(1, "Cold Stone Corridor", "Discovery", IR, "+1 AT for your next combat."),
    X(2, "Iron Barred Grate", "Obstacle", IR, "Open it with 2 AP or an Iron card from hand to gain 10 gold."),
    X(3, "Collapsing Pillar", "Hazard/Event", IR, "Check Strength or lose 2 LE."),
    X(4, "Rusted Gauntlet", "Discovery/Loot", IR, "Gain an equipment card; an Iron one also gives 1 AP."),
    X(
        5,
        "Gears of Ruin",
        "Puzzle/Hazard",
        IR,
        "Check Agility: recover an equipment card on success, lose 1 LE on failure.",
    ),
    X(1, "Spore-Choked Passage", "Hazard/Event", N, "Check Agility or become Dizzy and lose 1 AP."),
    X(2, "Overgrown Path", "Discovery", N, "Nature characters lose 1 Doubt."),
    X(3, "Murmuring Waters", "Discovery/Resource", N, "Heal 1 LE; Nature characters also gain 10 gold."),
    X(
        4,
        "Thorn-Laced Gauntlet",
        "Obstacle/Hazard",
        N,
        "You may force through with a Strength check: fail loses 1 LE, success draws an equipment card.",
    ),
    X(
        5,
        "Feral Guardian",
        "Minor Threat",
        N,
        "Fight a Nature minor threat; a win draws a Nature equipment card.",
    ),
    X(
        6,
        "Ritualistic Scars",
        "Event/Hazard",
        B,
        "Discard a random equipped item; aligned characters may take a Blood equipment card.",
    ),
    X(7, "Maddened Beast", "Minor Threat", B, "Fight a Blood minor threat; a win also gives 1 Corruption."),
    X(8, "Crimson Weeping Walls", "Hazard/Obstacle", B, "Check Agility or have 1 AP less next action phase."),
    X(
        9,
        "Bloodied Relic",
        "Discovery/Loot",
        B,
        "Gain an equipment card; a Blood one also gives +1 AT this turn.",
    ),
    X(
        10,
        "Crimson Gorge",
        "Hazard/Discovery",
        B,
        "You may cross with a Strength check at one die less: a Blood equipment card, or lose 2 LE.",
    ),
    X(6, "Restless Spirits", "Minor Threat", BO, "Fight a Bone minor threat; a win gives 10 gold."),
    X(
        7,
        "The Crypt-Keeper's Mark",
        "Hazard/Event",
        BO,
        "Bone characters may check Agility: draw an equipment card, or lose 1 LE.",
    ),
    X(8, "Cairn of Echoes", "Discovery", BO, "Choose 10 gold or a loot card."),
    X(
        9,
        "Bone Gate",
        "Obstacle/Discovery",
        BO,
        "Open it with 4 Strength or a Bone card from hand, or discard an equipped item.",
    ),
    X(10, "Sepulchral Maw", "Hazard/Obstacle", BO, "Check Agility or lose 2 LE and gain 1 Corruption."),
    X(6, "Shadow-Drawn Blade", "Minor Threat", S, "Fight a Shadow minor threat; a win may draw a loot card."),
    X(7, "Echoing Crypt", "Discovery", S, "You may check Agility for 2 gold and 1 AP."),
    X(
        8,
        "Umbral Stalker",
        "Minor Threat",
        S,
        "Fight a Shadow minor threat; a win lets you take 5 gold from another player.",
    ),
    X(
        9,
        "Whisperwind Labyrinth",
        "Hazard/Obstacle",
        S,
        "Discard an equipment card from hand; a Shadow one lets you draw a new card.",
    ),
    X(
        10,
        "The Darkened Vault",
        "Discovery/Loot",
        S,
        "Shadow characters gain an equipment card; others roll 1d6: 1-3 lose 2 LE, 4-6 gain one.",
    ),
    X(
        6,
        "Animated Construct",
        "Minor Threat",
        IR,
        "Fight an Iron minor threat; a win gives 2 LE and 15 gold.",
    ),
    X(
        7,
        "The Unyielding Door",
        "Obstacle",
        IR,
        "Equipped items ranked 7 or more in total open it for a loot card.",
    ),
    X(
        8,
        "Ancient Contraption",
        "Puzzle/Hazard",
        IR,
        "Spend an Iron equipment card from hand for 5 gold, or lose 2 LE getting past.",
    ),
    X(9, "Worn Anvil", "Discovery/Utility", IR, "Roll 1d6 for an equipped weapon: 1-3 gives it +1 AT."),
    X(
        10,
        "Iron Heart Forge",
        "Discovery/Event",
        IR,
        "You may roll 1d6 for an Iron weapon or armour: 1-3 +1 AT, 4-6 -1 AT.",
    ),
    X(
        6,
        "Unnatural Growth",
        "Hazard/Event",
        N,
        "Check Agility or be Restrained: only your first combat card plays and AP cannot swap it.",
    ),
    X(
        7,
        "Grove of Whispers",
        "Discovery",
        N,
        "Peek at the top Grim card before the flop; Nature characters draw a loot card.",
    ),
    X(
        8,
        "Bestial Ambush",
        "Minor Threat",
        N,
        "Fight a Nature minor threat; a win gives +1 Agility this turn.",
    ),
    X(
        9,
        "Blighted Grove",
        "Hazard/Event",
        N,
        "Everyone here loses 1 LE each turn and each combat phase until they leave or lift the blight.",
    ),
    X(
        10,
        "Primal Nexus",
        "Discovery/Event",
        N,
        "You may try a Nature affinity check: +1 Agility or +1 LE for good, or lose 2 LE.",
    ),
)
"""Deck 1: ranks 1..10 in each affinity."""

DECK_2: tuple[X, ...] = tuple(replace(card, deck=2) for card in DECK_1 if card.rank >= 6)
"""Deck 2: the same cards as deck 1's ranks 6..10."""

EXPLORATION: tuple[X, ...] = DECK_1 + DECK_2
