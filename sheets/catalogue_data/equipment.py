"""The 50 base equipment cards: ranks 1..10 in each affinity (§8, §7.3 market).

Facts (name, rank, affinity, AP cost, gold value, printed rarity) follow the
reference data with its spelling fixed ("Un-Common" -> Uncommon, "Ultra-Rare" ->
Ultra Rare); effects are our own one-line summaries.
"""

from __future__ import annotations

from sheets.catalogue_data.types import EquipmentData as E

C, U, R, UR, L = "Common", "Uncommon", "Rare", "Ultra Rare", "Legendary"

# name, rank, affinity, AP cost, gold value, printed rarity, our summary
EQUIPMENT: tuple[E, ...] = (
    E("Ritual Dagger", 1, "Blood", 1, 5, C, "Regain 1 LE whenever you damage an enemy."),
    E("Potion of Frenzy", 2, "Blood", 1, 8, C, "Use: +2 AT for your next combat street."),
    E("Sanguine Shroud", 3, "Blood", 1, 10, C, "Taking 1 damage or less heals you 1 LE."),
    E("Bloodied Bandages", 4, "Blood", 1, 12, U, "Use: heal 3 LE and clear Bleed."),
    E("Bloodied Gauntlets", 5, "Blood", 1, 15, U, "Each critical hit you land heals 1 LE."),
    E("Leeching Blade", 6, "Blood", 1, 22, R, "Damaging a target that has a status heals you 1 LE."),
    E("Crimson Heart Amulet", 7, "Blood", 1, 30, R,
      "Once per combat, dropping to 0 LE leaves you at 1 LE instead; lose 1 Corruption."),
    E("Visceral Cuirass", 8, "Blood", 2, 40, UR, "Whoever damages you gets a Bleed token."),
    E("Gore-Forged Cleaver", 9, "Blood", 2, 45, UR,
      "Each threat you defeat gives +1 max LE until the level ends."),
    E("Sanguine Effigy", 10, "Blood", 2, 55, L,
      "Once per combat, give yourself Bleed for +2 AT this street."),
    E("Bone Shard Axe", 1, "Bone", 1, 7, C, "+1 AT when attacking a Bone threat."),
    E("Dust of Ages", 2, "Bone", 1, 9, C, "Use: lose 1 Doubt, or draw a loot card if you have none."),
    E("Runic Skull Helm", 3, "Bone", 1, 12, C, "Bone threats you engage get -1 AT."),
    E("Shard of Preservation", 4, "Bone", 2, 14, U,
      "Use once: ignore the next permanent loss you would take."),
    E("Gravewraith Bracers", 5, "Bone", 1, 18, U, "Take 1 less damage from undead foes."),
    E("Necrotic Charm", 6, "Bone", 1, 25, R, "Once per level, defeating an undead threat gives 5 gold."),
    E("Ossuary Plate", 7, "Bone", 2, 35, R, "Once per turn, discard a Bone hole card for +1 AT."),
    E("Bone Carapace Shield", 8, "Bone", 2, 42, UR, "+1 AT if your affinity is Bone."),
    E("Soul-Woven Ring", 9, "Bone", 1, 48, UR, "Defeating a Bone threat draws you an equipment card."),
    E("Deathspeaker Staff", 10, "Bone", 2, 60, L, "Once per combat, put a Weakened token on an undead foe."),
    E("Shadowed Shiv", 1, "Shadow", 1, 6, C, "+1 AT while you are Hidden."),
    E("Smoke Bomb", 2, "Shadow", 1, 10, C, "Use in combat: retreat at once with no penalty."),
    E("Cloak of Whispers", 3, "Shadow", 1, 11, C,
      "Entering a dark room hides you from non-Shadow threats: no combat damage."),
    E("Vial of Liquid Shadow", 4, "Shadow", 2, 13, U, "Use: put a Weakened token on one enemy."),
    E("Gloomwalker Boots", 5, "Shadow", 1, 16, U, "Difficult terrain and slowing hazards do not affect you."),
    E("Shroud of Silence", 6, "Shadow", 1, 24, R,
      "Shadow characters engaging a threat may pass an Agility check to avoid all its damage."),
    E("Duskfang Daggers", 7, "Shadow", 2, 33, R, "Each Shadow card you play: +1 AT this combat (max +3)."),
    E("Veil of the Night", 8, "Shadow", 1, 43, UR,
      "Once per turn, with both active cards of your affinity, draw an equipment card."),
    E("Ring of Phantoms", 9, "Shadow", 1, 47, UR,
      "Once per combat, when attacked, draw and use an extra combat card."),
    E("Shadowdancer's Blade", 10, "Shadow", 2, 58, L,
      "Each Weakened or Dizzy token you inflict: +1 AT for this blade this combat."),
    E("Rusted Broadsword", 1, "Iron", 1, 8, C, "Critical hits have a 50% chance to cause Bleed."),
    E("Repair Kit", 2, "Iron", 1, 10, C, "Use: one equipped item gives +1 AT next combat round."),
    E("Studded Leather Vest", 3, "Iron", 1, 13, C, "Ignore the first status put on you each combat round."),
    E("Oil of Unburdening", 4, "Iron", 2, 15, U, "Use: your next weapon or armour costs 1 AP less to equip."),
    E("Tower Shield", 5, "Iron", 1, 20, U,
      "Roll 1d6 when hit: 1-2 it breaks, 3-4 take 1 less, 5-6 hit back for 1."),
    E("Steel Greaves", 6, "Iron", 1, 28, R, "Hits of 1 or 2 damage deal 1 less."),
    E("Adamantine Plate", 7, "Iron", 2, 40, R, "Take 2 less damage from everything."),
    E("Defender's Aegis", 8, "Iron", 1, 45, UR, "Iron characters get +1 AT when attacked."),
    E("Gauntlets of the Golem", 9, "Iron", 2, 50, UR, "Once per combat, ignore all status effects."),
    E("Forgemaster's Hammer", 10, "Iron", 2, 65, L,
      "Once per combat, attack with the threat's AT plus your base AT."),
    E("Thorned Club", 1, "Nature", 1, 6, C, "Each threat you defeat heals you 1 LE."),
    E("Wildherb Poultice", 2, "Nature", 1, 7, C, "Use: heal 2 LE and clear one status token."),
    E("Hunter's Hide Armor", 3, "Nature", 1, 11, C, "+1 Agility in natural or outdoor rooms."),
    E("Beast Lure", 4, "Nature", 2, 14, U, "Use: a drawn threat fights for you next combat round."),
    E("Talisman of the Grove", 5, "Nature", 1, 17, U, "Heal 2 LE at the start of your turn in Nature areas."),
    E("Serpent Fang Dagger", 6, "Nature", 1, 23, R,
      "Critical hits have a 50% chance to poison (1 damage next turn)."),
    E("Bestial Claws", 7, "Nature", 1, 32, R, "+1 AT when no other weapon is equipped."),
    E("Treant Bark Armor", 8, "Nature", 2, 44, UR,
      "Ending your turn in a natural or outdoor room heals 1 LE and 1 AP."),
    E("Heartwood Shield", 9, "Nature", 2, 46, UR, "Once per turn, take 2 less damage from a hit."),
    E("Wildspeaker's Staff", 10, "Nature", 2, 59, L,
      "Once per combat, Restrain an enemy: one random attack card is disabled."),
)
"""Base equipment cards, grouped by affinity in rulebook order, rank 1..10 within each."""
