"""The 25 quests, five per affinity, and the six quest challenges (§9, §9.1).

Facts (name, affinity, required stature, QP, required item and threat) follow
the reference data with its typos fixed: the required items are spelt as on
their equipment cards ("Sangiune Effigy" -> Sanguine Effigy, "Daggers" ->
Duskfang Daggers, ...). Success and failure texts are our own summaries, with
the outcomes also given as structured ``Effect`` records for the rules.
"""

from __future__ import annotations

from sheets.catalogue_data.types import Effect
from sheets.catalogue_data.types import QuestChallengeData as C
from sheets.catalogue_data.types import QuestData as Q

CHALLENGES: tuple[C, ...] = (
    C("Fate Roll", "Pass a Strength or Agility check, or lose 1 LE and 1 AP."),
    C("Sacrifice Equipment", "Discard one equipped item with no gold back."),
    C("Gold Offering", "Pay 5 gold per explore level."),
    C("Affinity Check", "Roll 5 affinity dice needing 3 matches, or gain 1 Corruption and 1 Doubt."),
    C("Poker Hand Challenge", "Draw 5 cards needing a pair or better, or lose 2 LE."),
    C("Threat Manifestation",
      "Beat a threat alone: rank 6 at Novice up to rank 10 at Legend."),
)
"""In the order a higher 4d6 total reaches them (§9.1 table)."""

_PERM, _C1, _C2 = "permanent", "next_combat", "next_2_combats"
_X1, _X2 = "next_exploration", "next_2_explorations"


def _e(stat: str, amount: int, duration: str = "now", who: str = "self") -> Effect:
    return Effect(stat, amount, duration, who)


# name, affinity, stature, QP, required item, required threat, success, failure, effects
QUESTS: tuple[Q, ...] = (
    Q("The Sanguine Feast", "Blood", "Legend", 25, "Sanguine Effigy", "The Sanguine Horror",
      "+1 max LE for good.", "Lose 2 LE and gain 1 Doubt.",
      (_e("max_le", 1, _PERM),), (_e("le", -2), _e("doubt", 1))),
    Q("Crimson Reclamation", "Blood", "Adept", 10, "Crimson Heart Amulet", "Maddened Beast",
      "+1 Strength for the next 2 combats.", "The whole party starts the next combat with 1 AP less.",
      (_e("strength", 1, _C2),), (_e("ap", -1, _C1, "party"),)),
    Q("The Heart's Echo", "Blood", "Master", 20, "Gore-Forged Cleaver", "Blood Matron",
      "Gain 5 gold.", "-1 Agility during the next exploration.",
      (_e("gold", 5),), (_e("agility", -1, _X1),)),
    Q("Veins of the Earth", "Blood", "Veteran", 15, "Visceral Cuirass", "Blood Golem",
      "Heal 2 LE.", "Every player loses 1 LE.",
      (_e("le", 2),), (_e("le", -1, who="party"),)),
    Q("Blood Debt Repaid", "Blood", "Novice", 5, "Leeching Blade", "Crimson Blightcaller",
      "Gain 1 XP.", "Gain 1 Corruption.",
      (_e("xp", 1),), (_e("corruption", 1),)),
    Q("The Ossuary's Silence", "Bone", "Novice", 5, "Necrotic Charm", "Wight",
      "+1 Agility for good.", "1 AP less in the next combat.",
      (_e("agility", 1, _PERM),), (_e("ap", -1, _C1),)),
    Q("Echoes of the Fallen", "Bone", "Master", 20, "Soul-Woven Ring", "Grave Colossus",
      "Take 1 less damage for the next 2 combats.", "Every player loses 1 XP.",
      (_e("defense", 1, _C2),), (_e("xp", -1, who="party"),)),
    Q("The Sculpted Grave", "Bone", "Legend", 25, "Deathspeaker Staff", "The Ossuary Lich",
      "Gain 8 gold.", "Gain 1 Doubt.",
      (_e("gold", 8),), (_e("doubt", 1),)),
    Q("Marrow Harvest", "Bone", "Adept", 10, "Ossuary Plate", "Ghoul Pack Leader",
      "Regain 1 Strength.", "Every player's poker hand is 1 card smaller next combat.",
      (_e("strength", 1),), (_e("hand_size", -1, _C1, "party"),)),
    Q("The Silent Watch", "Bone", "Veteran", 15, "Bone Carapace Shield", "Wight Lord",
      "Gain 1 XP.", "Lose 2 gold.",
      (_e("xp", 1),), (_e("gold", -2),)),
    Q("Whispers in the Dark", "Shadow", "Adept", 10, "Duskfang Daggers", "Nightgaunt",
      "+1 max AP for good.", "Every player gains 1 Doubt.",
      (_e("max_ap", 1, _PERM),), (_e("doubt", 1, who="party"),)),
    Q("The Stolen Light", "Shadow", "Veteran", 15, "Veil of the Night", "Master Assassin",
      "+1 Agility for the next 2 explore encounters.", "The next threat revealed gets +1 AT.",
      (_e("agility", 1, _X2),), (_e("threat_attack", 1, _C1),)),
    Q("Umbral Ascent", "Shadow", "Novice", 5, "Shroud of Silence", "Gloom Weaver",
      "Gain 10 gold.", "Lose 1 LE.",
      (_e("gold", 10),), (_e("le", -1),)),
    Q("The Unseen Hand", "Shadow", "Legend", 25, "Shadowdancer's Blade", "The Soul Binder",
      "Regain 2 AP.", "Every player loses 1 gold.",
      (_e("ap", 2),), (_e("gold", -1, who="party"),)),
    Q("Veiled Truths", "Shadow", "Master", 20, "Ring of Phantoms", "Soul Thief",
      "Gain 1 XP.", "Gain 1 Corruption.",
      (_e("xp", 1),), (_e("corruption", 1),)),
    Q("The Forgemaster's Lament", "Iron", "Legend", 25, "Forgemaster's Hammer", "The Obsidian Tyrant",
      "+1 Strength for good.", "-1 Agility in the next combat.",
      (_e("strength", 1, _PERM),), (_e("agility", -1, _C1),)),
    Q("Steel Against Shadow", "Iron", "Novice", 5, "Steel Greaves", "Animated Armor",
      "+1 AT for the next 2 combats.", "Every player loses 1 LE.",
      (_e("attack", 1, _C2),), (_e("le", -1, who="party"),)),
    Q("The Golem's Heart", "Iron", "Master", 20, "Gauntlets of the Golem", "Siege Automaton",
      "Gain 7 gold.", "Gain 1 Corruption.",
      (_e("gold", 7),), (_e("corruption", 1),)),
    Q("Unbreakable Chains", "Iron", "Adept", 10, "Adamantine Plate", "Crushing Golem",
      "Heal 1 LE.", "Every player has 1 max AP less during the next exploration.",
      (_e("le", 1),), (_e("max_ap", -1, _X1, "party"),)),
    Q("The Sentinel's Vigil", "Iron", "Veteran", 15, "Defender's Aegis", "Ironclad Captain",
      "Gain 1 XP.", "Lose 2 gold.",
      (_e("xp", 1),), (_e("gold", -2),)),
    Q("The Blighted Grove", "Nature", "Legend", 25, "Wildspeaker's Staff", "The Blight-Flesh Horror",
      "+1 Agility for good.", "-1 Strength in the next combat.",
      (_e("agility", 1, _PERM),), (_e("strength", -1, _C1),)),
    Q("Rootbound Secrets", "Nature", "Veteran", 15, "Treant Bark Armor", "Bestial Horror",
      "+1 max LE for the next 2 combats.", "Every player loses 1 AP.",
      (_e("max_le", 1, _C2),), (_e("ap", -1, who="party"),)),
    Q("The Venomous Bloom", "Nature", "Novice", 5, "Serpent Fang Dagger", "Blight-Ridden Bear",
      "Gain 9 gold.", "Gain 1 Doubt.",
      (_e("gold", 9),), (_e("doubt", 1),)),
    Q("Whispers of the Wild", "Nature", "Master", 20, "Heartwood Shield", "Whisperwind Spirit",
      "Regain 2 AP.", "Every player's poker hand counts one category lower next combat.",
      (_e("ap", 2),), (_e("hand_rank", -1, _C1, "party"),)),
    Q("The Cycle's Embrace", "Nature", "Adept", 10, "Bestial Claws", "Twisted Treant",
      "Gain 1 XP.", "Lose 1 LE.",
      (_e("xp", 1),), (_e("le", -1),)),
)
"""Base quests, five per affinity (the reference data lists 25)."""
