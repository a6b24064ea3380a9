"""Grim Hand table rules: characters' derived numbers, computed independently (spec: Character).

Expected values are plain sums of numbers typed here from the reference
data and the spec, never computed by ``derive_stats``.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from rules.engine import Actor, State
from rules.grimhand.table import AbilityFacts, EffectFacts, GrimHandRules, QuestFacts, standard_catalogue

# name: (life, strength, agility, gold, ap, attack)  -- §4, reference data
RACES = {
    "Human": (5, 2, 2, 10, 4, 2),
    "Dwarf": (6, 3, 1, 8, 3, 3),
    "Elf": (4, 1, 3, 12, 5, 2),
    "Orc": (7, 4, 0, 5, 3, 3),
    "Goblin": (3, 1, 4, 15, 4, 1),
}
CLASSES = {
    "Warrior": (6, 3, 1, 7, 2, 3),
    "Rogue": (4, 1, 4, 13, 3, 2),
    "Mage": (3, 0, 2, 10, 5, 1),
    "Cleric": (5, 2, 1, 8, 3, 2),
    "Ranger": (4, 2, 3, 11, 3, 2),
}
AFFINITIES = {
    "Blood": (1, 1, 0, 5, 1, 1),
    "Bone": (1, 0, 1, 6, 1, 1),
    "Shadow": (0, 0, 1, 7, 2, 1),
    "Iron": (2, 1, 0, 4, 0, 2),
    "Nature": (1, 0, 2, 8, 1, 0),
}
# stature: (xp, life, attack) -- spec: the current row only
STATURE = {
    "Recruit": (0, 0, 0),
    "Novice": (200, 1, 0),
    "Adept": (600, 1, 1),
    "Veteran": (1200, 1, 2),
    "Master": (2000, 1, 2),
    "Legend": (3000, 1, 2),
}

QUESTS = (
    QuestFacts(
        "Iron Test",
        "Iron",
        "Recruit",
        5,
        success_effects=(EffectFacts("agility", 1, "permanent"), EffectFacts("gold", 5)),
        failure_effects=(
            EffectFacts("le", -2),
            EffectFacts("doubt", 1),
            EffectFacts("le", -1, "now", "party"),
        ),
    ),
    QuestFacts(
        "Iron Trial", "Iron", "Adept", 10, success_effects=(EffectFacts("strength", 1, "next_combat"),)
    ),
    QuestFacts("Blood Rite", "Blood", "Recruit", 5),
)
ABILITIES = (
    AbilityFacts("Novice", "Spark"),
    AbilityFacts("Novice", "Glint"),
    AbilityFacts("Adept", "Blaze"),
)
RULES = GrimHandRules(standard_catalogue(QUESTS, ABILITIES))
SEATS = (1, 2, 3, 4)
HOST = Actor(seat_id=1, role="host", seat_ids=SEATS)
PLAYER = Actor(seat_id=2, role="player", seat_ids=SEATS)
OTHER = Actor(seat_id=3, role="player", seat_ids=SEATS)
OTHER_EVERYONE = Actor(seat_id=3, role="player", everyone_edits=True, seat_ids=SEATS)
WATCHER = Actor(seat_id=4, role="spectator", seat_ids=SEATS)


def run(
    state: State, type_: str, actor: Actor = PLAYER, seed: int = 1, /, **payload: Any
) -> tuple[State, dict]:
    outcome = RULES.apply(state, type_, payload, actor, random.Random(seed))
    assert len(outcome.events) == 1
    event = outcome.events[0]
    return outcome.state, {"type": event.type, "payload": event.payload}


def make(
    race: str = "Orc", klass: str = "Warrior", affinity: str = "Iron", actor: Actor = PLAYER
) -> tuple[State, int]:
    state, event = run(
        RULES.initial_state(),
        "character.create",
        actor,
        name="Grum",
        race=race,
        affinity=affinity,
        **{"class": klass},
    )
    return state, event["payload"]["character_id"]


def char(state: State, cid: int) -> Any:
    return state["characters"][str(cid)]


def stats(state: State, cid: int) -> Any:
    return char(state, cid)["derived"]["stats"]


def breakdown_sums(c: dict[str, Any]) -> None:
    for stat, lines in c["derived"]["breakdown"].items():
        assert sum(line["amount"] for line in lines) == c["derived"]["stats"][stat], stat


@pytest.mark.parametrize(("race", "klass", "affinity"), list(itertools.product(RACES, CLASSES, AFFINITIES)))
def test_all_125_combinations_derive_the_spec_sums(race: str, klass: str, affinity: str) -> None:
    state, cid = make(race, klass, affinity)
    r, k, a = RACES[race], CLASSES[klass], AFFINITIES[affinity]
    expected = {
        "max_le": r[0] + k[0] + a[0],
        "strength": r[1] + k[1] + a[1],
        "agility": r[2] + k[2] + a[2],
        "max_ap": r[4] + k[4] + a[4],
        "attack": r[5] + k[5] + a[5],
    }
    c = char(state, cid)
    assert c["derived"]["stats"] == expected
    assert c["le"] == expected["max_le"] and c["ap"] == expected["max_ap"]
    assert c["gold"] == r[3] + k[3] + a[3]
    assert c["derived"]["stature"] == "Recruit"
    assert [p["slot"] for p in c["derived"]["passive_abilities"]] == ["race", "class", "affinity"]
    attack_lines = {line["source"]: line["amount"] for line in c["derived"]["breakdown"]["attack"]}
    assert attack_lines == {f"race ({race})": r[5], f"class ({klass})": k[5], f"affinity ({affinity})": a[5]}
    breakdown_sums(c)


@pytest.mark.parametrize("stature", list(STATURE))
def test_stature_rows_apply_at_their_thresholds_veteran_included(stature: str) -> None:
    state, cid = make("Human", "Mage", "Nature")  # LE 5+3+1 = 9, AT 2+1+0 = 3
    xp, life, attack = STATURE[stature]
    if xp:
        state, event = run(state, "character.set", character_id=cid, stat="xp", value=xp)
        assert event["payload"]["stature"]["after"] == stature
    c = char(state, cid)
    assert c["derived"]["stature"] == stature
    assert stats(state, cid)["max_le"] == 9 + life
    assert stats(state, cid)["attack"] == 3 + attack
    breakdown_sums(c)


def test_veteran_at_1200_gives_plus_1_le_plus_2_at_and_keeps_it_until_master() -> None:
    state, cid = make("Human", "Mage", "Nature")
    state, _ = run(state, "character.set", character_id=cid, stat="xp", value=1199)
    assert (stats(state, cid)["max_le"], stats(state, cid)["attack"]) == (10, 4)  # Adept
    state, _ = run(state, "character.adjust", character_id=cid, stat="xp", by=1)
    assert (stats(state, cid)["max_le"], stats(state, cid)["attack"]) == (10, 5)  # Veteran
    assert {"source": "stature (Veteran)", "amount": 2} in char(state, cid)["derived"]["breakdown"]["attack"]
    state, _ = run(state, "character.set", character_id=cid, stat="xp", value=1999)
    assert (stats(state, cid)["max_le"], stats(state, cid)["attack"]) == (10, 5)


def test_alignment_gives_one_per_item_of_own_affinity_and_no_attack() -> None:
    # Orc Warrior Iron: ST 4+3+1 = 8, AT 3+3+2 = 8; Iron aligns Strength (App. I)
    state, cid = make("Orc", "Warrior", "Iron")
    for rank in (1, 3):
        state, _ = run(state, "character.equip", character_id=cid, rank=rank, affinity="Iron")
    state, _ = run(state, "character.equip", character_id=cid, rank=5, affinity="Blood")
    assert stats(state, cid)["strength"] == 8 + 2
    assert stats(state, cid)["attack"] == 8  # high card 1-3-5: no hand bonus, no alignment attack
    assert {"source": "alignment", "amount": 2} in char(state, cid)["derived"]["breakdown"]["strength"]


@pytest.mark.parametrize(
    ("affinity", "stat", "base"),
    [
        ("Blood", "max_le", 7 + 6 + 1),
        ("Bone", "agility", 0 + 1 + 1),
        ("Shadow", "max_ap", 3 + 2 + 2),
        ("Iron", "strength", 4 + 3 + 1),
        ("Nature", "max_le", 7 + 6 + 1),
    ],
)
def test_alignment_stat_per_affinity(affinity: str, stat: str, base: int) -> None:
    state, cid = make("Orc", "Warrior", affinity)
    state, _ = run(state, "character.equip", character_id=cid, rank=2, affinity=affinity)
    assert stats(state, cid)[stat] == base + 1


HANDS = [
    # items (rank, affinity), hand title, stat, bonus  -- App. I
    ([(4, "Blood"), (4, "Bone")], "Unified Effort", "attack", 1),
    ([(4, "Blood"), (4, "Bone"), (6, "Blood"), (6, "Bone")], "Dual Grip", "max_ap", 1),
    ([(4, "Blood"), (4, "Bone"), (4, "Shadow")], "Triad Impact", "strength", 1),
    ([(2, "Blood"), (3, "Bone"), (4, "Shadow"), (5, "Blood"), (6, "Bone")], "Unfettered Path", "agility", 1),
    (
        [(1, "Shadow"), (3, "Shadow"), (5, "Shadow"), (7, "Shadow"), (9, "Shadow")],
        "Pure Affinity",
        "max_le",
        1,
    ),
    ([(4, "Blood"), (4, "Bone"), (4, "Shadow"), (6, "Blood"), (6, "Bone")], "Anchored Power", "max_le", 0),
    ([(4, "Blood"), (4, "Bone"), (4, "Shadow"), (4, "Nature")], "Resonant Force", "attack", 2),
    (
        [(2, "Shadow"), (3, "Shadow"), (4, "Shadow"), (5, "Shadow"), (6, "Shadow")],
        "Primal Current",
        "max_le",
        2,
    ),
    (
        [(8, "Blood"), (8, "Bone"), (8, "Shadow"), (8, "Nature"), (8, "Iron")],
        "Monolithic Quintessence",
        "attack",
        3,
    ),
]


@pytest.mark.parametrize(("items", "title", "stat", "bonus"), HANDS)
def test_equipment_hands_give_their_bonus(items: list, title: str, stat: str, bonus: int) -> None:
    # Human Cleric Iron: LE 5+5+2 = 12, ST 2+2+1 = 5, AG 2+1+0 = 3, AP 4+3+0 = 7, AT 2+2+2 = 6
    base = {"max_le": 12, "strength": 5, "agility": 3, "max_ap": 7, "attack": 6}
    state, cid = make("Human", "Cleric", "Iron")
    for rank, affinity in items:
        state, _ = run(state, "character.equip", character_id=cid, rank=rank, affinity=affinity)
    c = char(state, cid)
    aligned = sum(1 for _, a in items if a == "Iron")  # Iron aligns Strength
    hand = c["derived"]["equipment_hand"]
    assert hand["title"] == title
    expected = dict(base)
    expected[stat] += bonus
    expected["strength"] += aligned
    if title == "Primal Current":
        expected["max_ap"] += 1
    if c["derived"]["set"] is None:
        assert stats(state, cid) == expected
    assert c["derived"]["damage_reduction"] == (1 if title == "Anchored Power" else 0)
    breakdown_sums(c)


def _five_with_rarity(rarity: str, affinity: str = "Blood") -> tuple[State, int]:
    state, cid = make("Human", "Cleric", "Iron")
    state, _ = run(state, "settings.set", HOST, key="printed_rarity", value=True)
    for rank in (1, 3, 5, 7, 9):
        state, _ = run(state, "character.equip", character_id=cid, rank=rank, affinity=affinity)
        state["characters"][str(cid)]["equipment"][-1]["rarity"] = rarity  # as if rolled so
    state, _ = run(state, "character.adjust", character_id=cid, stat="gold", by=1)  # re-derive
    return state, cid


@pytest.mark.parametrize(
    ("rarity", "le", "st", "ag", "ap", "at"),
    [
        ("Common", 0, 0, 0, 0, 0),
        ("Uncommon", 1, 0, 0, 0, 0),
        ("Rare", 1, 1, 0, 0, 0),
        ("Ultra Rare", 1, 1, 1, 0, 0),
        ("Legendary", 1, 1, 1, 1, 1),
        ("Mythic", 2, 2, 2, 2, 2),
    ],
)
def test_five_items_of_one_rarity_complete_a_set(
    rarity: str, le: int, st: int, ag: int, ap: int, at: int
) -> None:
    state, cid = _five_with_rarity(rarity)
    c = char(state, cid)
    assert c["derived"]["set"] == {"rarity": rarity}
    # Blood flush 1-3-5-7-9: Pure Affinity +1 LE; no Iron items
    assert stats(state, cid) == {
        "max_le": 12 + 1 + le,
        "strength": 5 + st,
        "agility": 3 + ag,
        "max_ap": 7 + ap,
        "attack": 6 + at,
    }


def test_rarity_is_rolled_once_and_kept_through_unequip_and_re_equip() -> None:
    state, cid = make()
    state, event = run(state, "character.equip", PLAYER, 7, character_id=cid, rank=9, affinity="Bone")
    rarity = event["payload"]["item"]["rarity"]
    for seed in range(20):
        state, _ = run(state, "character.unequip", character_id=cid, rank=9, affinity="Bone")
        state, _ = run(state, "character.equip", PLAYER, seed, character_id=cid, rank=9, affinity="Bone")
        assert char(state, cid)["equipment"][-1]["rarity"] == rarity


def test_printed_rarity_setting_uses_the_card() -> None:
    state, cid = make()
    state, _ = run(state, "settings.set", HOST, key="printed_rarity", value=True)
    for seed in range(5):
        state, event = run(
            state, "character.stash", PLAYER, seed, character_id=cid, rank=seed + 1, affinity="Blood"
        )
        assert event["payload"]["item"]["rarity"] == "Common"  # the standard test catalogue prints Common


def test_modifiers_permanent_and_temporary_count_and_show_in_breakdown() -> None:
    state, cid = make("Orc", "Warrior", "Iron")  # AG 0+1+0 = 1, AT 8
    state, e1 = run(state, "modifier.add", character_id=cid, stat="agility", amount=1, source="Ossuary quest")
    state, _e2 = run(
        state,
        "modifier.add",
        character_id=cid,
        stat="attack",
        amount=2,
        source="Potion",
        expiry="next_combat",
    )
    assert stats(state, cid)["agility"] == 2 and stats(state, cid)["attack"] == 10
    assert {"source": "Potion", "amount": 2} in char(state, cid)["derived"]["breakdown"]["attack"]
    state, _ = run(state, "modifier.expire", character_id=cid, expiry="next_combat")
    assert stats(state, cid)["attack"] == 8
    state, _ = run(state, "modifier.remove", character_id=cid, modifier_id=e1["payload"]["modifier"]["id"])
    assert stats(state, cid)["agility"] == 1


def test_an_altar_lowering_max_le_clamps_current_le_and_raising_it_does_not_heal() -> None:
    state, cid = make("Orc", "Warrior", "Iron")  # LE 15
    state, event = run(state, "modifier.add", character_id=cid, stat="max_le", amount=-3, source="Altar")
    assert stats(state, cid)["max_le"] == 12 and char(state, cid)["le"] == 12
    clamps = [op for op in event["payload"]["ops"] if op.get("path") == ["characters", str(cid), "le"]]
    assert [(op["op"], op["before"], op["after"]) for op in clamps] == [("counter", 15, 12)]
    state, _ = run(state, "modifier.add", character_id=cid, stat="max_le", amount=5, source="Blessing")
    assert stats(state, cid)["max_le"] == 17 and char(state, cid)["le"] == 12


@pytest.mark.parametrize(("doubt", "penalty"), [(0, 0), (4, 0), (5, 1), (9, 1), (10, 2), (50, 8)])
def test_doubt_costs_one_attack_per_full_five_never_below_zero(doubt: int, penalty: int) -> None:
    state, cid = make("Orc", "Warrior", "Iron")  # AT 8
    if doubt:
        state, _ = run(state, "character.set", character_id=cid, stat="doubt", value=doubt)
    assert stats(state, cid)["attack"] == max(0, 8 - penalty)
    breakdown_sums(char(state, cid))


def test_corruption_threshold_is_a_setting_defaulting_to_4() -> None:
    state, cid = make()
    state, _ = run(state, "character.set", character_id=cid, stat="corruption", value=3)
    assert char(state, cid)["derived"]["corrupted"] is False
    state, _ = run(state, "character.adjust", character_id=cid, stat="corruption", by=1)
    assert char(state, cid)["derived"]["corrupted"] is True
    state, _ = run(state, "settings.set", HOST, key="corruption_threshold", value=6)
    assert char(state, cid)["derived"]["corrupted"] is False


def test_randomise_deals_a_valid_character() -> None:
    state, event = run(RULES.initial_state(), "character.create", name="Lucky", randomise=True)
    c = char(state, event["payload"]["character_id"])
    assert c["race"] in RACES and c["class"] in CLASSES and c["affinity"] in AFFINITIES
    assert c["le"] == c["derived"]["stats"]["max_le"]
    assert event["payload"]["randomised"] is True
