"""The 25 stature ability cards, five per stature from Novice to Legend (§9).

A character picks one card on reaching each new stature; each costs 1 AP to
use. Names follow the reference data with apostrophes restored ("Flops
Embrace" -> Flop's Embrace); the data's level "Legendary" is the stature
Legend (spec). Effects are our own one-line summaries.
"""

from __future__ import annotations

from sheets.grimhand.catalogue_data.types import StatureAbilityData as A

STATURE_ABILITIES: tuple[A, ...] = (
    A("Novice", "Whisper of Chance", "The first flop card takes your affinity."),
    A("Novice", "Desperate Gambit", "Give up your lowest held card for gold equal to its rank."),
    A("Novice", "Flicker of Insight", "Before combat, peek at the top card of the Grim deck."),
    A("Novice", "Steadfast Stance", "Take no damage when a threat's AT beats yours by only 1."),
    A("Novice", "Verdant Spark", "Heal 1 LE from explore cards of your affinity."),
    A(
        "Adept",
        "Shadowed Draw",
        "After the flop, swap one flop card for any card of the Grim deck, then reshuffle it.",
    ),
    A(
        "Adept",
        "Bone Deep Resolve",
        "Once per combat round, cut damage taken by the Bone cards among the community cards.",
    ),
    A("Adept", "Crimson Bargain", "Once per combat round, turn 1 LE into +1 AT."),
    A("Adept", "Ironclad Will", "At 5 Doubt or Corruption, roll 1d6: a 1 or 6 removes one."),
    A(
        "Adept",
        "Thorned Path",
        "Once per combat round, if beaten, the threat loses 1 LE per Nature community card.",
    ),
    A("Veteran", "Flop's Embrace", "Once per combat round, change one flop card for your hand only."),
    A("Veteran", "Turn of the Tide", "Redraw the turn card."),
    A("Veteran", "River's Last Stand", "Redraw the river card."),
    A("Veteran", "Grave's Resilience", "Take no damage on the flop."),
    A("Veteran", "Wildheart's Fury", "Deal 1 extra damage per Blood card on the flop."),
    A("Master", "Hand of Destiny", "Use all 4 of your hole cards in combat."),
    A("Master", "Essence Drain", "The threat loses 3 LE at once."),
    A("Master", "Void Step", "On the river, swap the river card for any card left in the Grim deck."),
    A("Master", "Adamant Bulwark", "Halve all damage you take, rounded up."),
    A("Master", "Primal Dominion", "Redraw the flop up to 3 times, reshuffling unused cards."),
    A("Legend", "Grim Hand Ascendancy", "Once per combat, pick the turn and river cards from the Grim deck."),
    A("Legend", "Soul's Pact", "Spend your own LE as direct damage."),
    A("Legend", "Echoes of Oblivion", "Cancel every Shadow card effect."),
    A("Legend", "Unbroken Bastion", "Only four of a kind or better can damage you."),
    A("Legend", "World-Root Weaving", "Heal 2 LE per community card of your affinity."),
)
"""Base stature ability cards, five per stature in rulebook order."""
