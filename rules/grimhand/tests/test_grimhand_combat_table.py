"""The combat helper at a Grim Hand table: ``combat.*`` commands (issue #10, §7.4, Appendix II).

Expected numbers are typed from the rulebook and the spec's Decisions. Every
refusal is checked to leave the state exactly as it was, and undo goes through
the rules' generic ``invert``.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from rules.engine import Actor, LoggedEvent, State
from rules.errors import RuleViolation
from rules.grimhand.table import GrimHandRules, standard_catalogue
from rules.grimhand.table.catalogue import Catalogue, EffectFacts, QuestFacts, ThreatFacts
from rules.grimhand.table.combat_state import _river_odds, odds_view

BASE = standard_catalogue()
CATALOGUE = Catalogue(
    BASE.equipment,
    (QuestFacts("Blood Rite", "Iron", "Recruit", 0, success_effects=(EffectFacts("gold", 7),)),),
    BASE.abilities,
    BASE.tables,
    threats=(
        ThreatFacts("Rabid Wolf", 2, "Wild", "Beast", 4),
        ThreatFacts("Iron Grunt", 4, "Iron", "Brute", 6),
        ThreatFacts("Iron Hound", 3, "Iron", "Beast", 5),
        ThreatFacts("Bone Bat", 1, "Bone", "Beast", 3),
        ThreatFacts("Shade", 3, "Shadow", "Spirit", 3),
    ),
)
RULES = GrimHandRules(CATALOGUE)
SEATS = (1, 2, 3)
HOST = Actor(seat_id=1, role="host", seat_ids=SEATS)
ANN = Actor(seat_id=2, role="player", seat_ids=SEATS)
BO = Actor(seat_id=3, role="player", seat_ids=SEATS)


def run(
    state: State, type_: str, actor: Actor = HOST, seed: int = 1, /, **payload: Any
) -> tuple[State, dict]:
    outcome = RULES.apply(state, type_, payload, actor, random.Random(seed))
    event = outcome.events[0]
    return outcome.state, {"type": event.type, "payload": event.payload}


def refused(state: State, type_: str, actor: Actor = HOST, /, **payload: Any) -> str:
    """The refusal's code; the state must be unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as problem:
        RULES.apply(state, type_, payload, actor, random.Random(1))
    assert state == before
    return problem.value.code


def undo(state: State, event: dict, seq: int = 99) -> State:
    outcome = RULES.invert(state, LoggedEvent(seq, 1, event["type"], event["payload"]), HOST)
    return outcome.state


def character(state: State, actor: Actor, name: str, **kwargs: Any) -> tuple[State, int]:
    race = kwargs.pop("race", "Orc")
    klass = kwargs.pop("klass", "Warrior")
    affinity = kwargs.pop("affinity", "Iron")
    state, event = run(
        state, "character.create", actor, 1, name=name, race=race, affinity=affinity, **{"class": klass}
    )
    cid = event["payload"]["character_id"]
    for stat, value in kwargs.items():
        state, _ = run(state, "character.set", actor, 1, character_id=cid, stat=stat, value=value)
    return state, cid


def exploring(state: State, rank: int = 3, level: int = 1) -> State:
    """The party is on a revealed, unresolved explore card (what issue #9's commands lead to)."""
    state = copy.deepcopy(state)
    camp = state["campaign"]
    # The decks hold every rank here (as late in a long campaign) so any threat can be fought.
    camp.update({"phase": "explore", "level": level, "card": 1, "deck_rank": 10})
    camp["explore"] = [
        {"n": 1, "rank": rank, "affinity": "Iron", "name": "Forge", "kind": "", "text": "", "holder": 2,
         "events": [], "resolved": False}
    ]  # fmt: skip
    return state


def char(state: State, cid: int) -> dict[str, Any]:
    found: dict[str, Any] = state["characters"][str(cid)]
    return found


def side(state: State, side_id: str) -> dict[str, Any]:
    return next(s for s in state["combat"]["sides"] if s["id"] == side_id)


def appendix_two() -> tuple[State, int]:
    """A Blood Master with base attack 4: Goblin 1 + Mage 1 + Blood 1 + Master 2 - 1 (Doubt 5)."""
    state, cid = character(
        RULES.initial_state(), ANN, "Ann", race="Goblin", klass="Mage", affinity="Blood", xp=2000, doubt=5
    )
    assert char(state, cid)["derived"]["stats"]["attack"] == 4
    assert char(state, cid)["derived"]["extra_hole_cards"] == 1
    return exploring(state, rank=3), cid


def test_appendix_two_at_the_table_gives_58_xp_and_9_gold() -> None:
    """Appendix II with a Master's three active cards: 13 vs 3 and 8 on the flop, 15 vs 12 on the turn."""
    state, cid = appendix_two()
    gold, xp = char(state, cid)["gold"], char(state, cid)["xp"]
    state, _ = run(
        state, "combat.start", threats=[{"name": "Rabid Wolf"}, {"name": "Iron Grunt"}], active_limit=2
    )
    assert state["campaign"]["phase"] == "combat"
    me = f"C{cid}"
    state, _ = run(state, "combat.deal", ANN, 1, side_id=me, active=["7SH", "7BO", "3IR"], inactive="5NA 6NA")
    state, _ = run(state, "combat.deal", side_id="T1", active=["1SH", {"rank": 5, "affinity": "Bone"}])
    state, _ = run(state, "combat.deal", side_id="T2", active=["3SH", "3BO"])
    state, flop = run(state, "combat.street", cards=["7BL", "3BL", "9NA"])
    scores = {s["side_id"]: s for s in state["combat"]["scores"]}
    assert (scores[me]["attack"], scores["T1"]["attack"], scores["T2"]["attack"]) == (13, 3, 8)
    assert scores[me]["breakdown"] == [
        {"source": "base", "amount": 4},
        {"source": "Anchored Power", "amount": 6},
        {"source": "Affinity Resonance", "amount": 2},
        {"source": "Critical Hit", "amount": 1},
    ]
    assert (
        "Ann: 13 (base 4 + Anchored Power 6 + Affinity Resonance 2 + Critical Hit 1) vs Rabid Wolf 3"
        in (flop["payload"]["line"])
    )
    assert side(state, "T1")["status"] == "despatched" and side(state, "T2")["le"] == 1
    state, _ = run(state, "combat.street", cards=["7NA"])
    turn = [s for s in state["combat"]["scores"] if s["street"] == "turn"]
    assert {s["side_id"]: s["attack"] for s in turn} == {me: 15, "T2": 12}
    assert state["combat"]["street"] == "over"
    assert char(state, cid)["xp"] - xp == (3 + 2) * 1 * 6 + 4 * 1 * 7 == 58
    assert char(state, cid)["gold"] - gold == 3 + 2 + 4 == 9
    assert state["campaign"]["kills"][str(cid)] == ["Rabid Wolf", "Iron Grunt"]
    state, ended = run(state, "combat.end")
    assert state["combat"] is None and state["campaign"]["phase"] == "explore"
    assert ended["payload"]["won"] is True


def party_of_two(**limits: Any) -> tuple[State, int, int]:
    state, ann = character(RULES.initial_state(), ANN, "Ann")
    state, bo = character(state, BO, "Bo")
    return exploring(state, rank=2), ann, bo


def deal_all(state: State, cards: dict[str, list[str]]) -> State:
    for side_id, active in cards.items():
        actor = HOST
        state, _ = run(state, "combat.deal", actor, 1, side_id=side_id, active=active)
    return state


def test_a_custom_active_limit_holds_across_rounds_and_the_queue_enters_on_the_turn() -> None:
    state, ann, bo = party_of_two()
    threats = [
        {"name": "Bone Bat"},
        {"rank": 9, "affinity": "Iron", "le": 99, "name": "Wall"},
        {"name": "Shade"},
    ]
    state, _ = run(state, "combat.start", threats=threats, active_limit=1)
    assert state["combat"]["queue"] == ["T2", "T3"]
    assert [s["status"] for s in state["combat"]["sides"][2:]] == ["active", "queued", "queued"]
    a, b = f"C{ann}", f"C{bo}"
    state = deal_all(state, {a: ["9BL", "9SH"], b: ["8BL", "8SH"], "T1": ["1BO", "2NA"]})
    state, flop = run(state, "combat.street", cards="5IR 6IR 10NA")
    # The Bat (LE 3) falls on the flop; the Wall enters for the turn with +1.
    assert side(state, "T1")["status"] == "despatched"
    assert side(state, "T2")["status"] == "active" and side(state, "T2")["entered_on"] == "turn"
    assert "Wall enters from the queue" in flop["payload"]["line"]
    assert refused(state, "combat.street", HOST, cards=["1IR"]) == "missing_hole_cards"
    state, _ = run(state, "combat.deal", side_id="T2", active=["2BO", "3BO"])
    state, _ = run(state, "combat.street", cards=["1IR"])
    wall = next(s for s in state["combat"]["scores"] if s["side_id"] == "T2")
    # base 9 + queue entry 1 + resonance 3 (three Iron cards on the board)
    assert (wall["entry"], wall["resonance"], wall["attack"]) == (1, 3, 9 + 1 + 3)
    state, _ = run(state, "combat.street", cards=["4BL"])
    assert refused(state, "combat.street", HOST, cards=["4SH"]) == "round_over"
    state, _ = run(state, "combat.next_round")
    combat = state["combat"]
    assert (combat["round"], combat["street"], combat["community"], combat["active_limit"]) == (
        2,
        "deal",
        [],
        1,
    )
    assert [s["id"] for s in combat["sides"] if s["status"] == "active"] == ["T2"]
    assert combat["queue"] == ["T3"]


def test_a_mob_shares_one_pool_and_falls_at_once() -> None:
    """§7.4.3: a Mob's LE is the sum of its members' (shared pool); when it falls "all member threats
    are despatched simultaneously" (§7.4.8: gold, loot and XP as for several threats)."""
    state, ann, bo = party_of_two()
    state, _ = run(state, "combat.start", threats=[{"name": "Iron Grunt"}, {"name": "Iron Hound"}])
    mob = side(state, "T1+T2")
    assert (mob["kind"], mob["base_attack"], mob["le"], mob["members"]) == (
        "mob",
        4 + 2,
        6 + 5,
        ["Iron Grunt", "Iron Hound"],
    )
    a, b = f"C{ann}", f"C{bo}"
    state = deal_all(state, {a: ["9BL", "9SH"], b: ["8BL", "8SH"], "T1+T2": ["1BO", "2NA"]})
    state, _ = run(state, "combat.street", cards="9BO 9NA 10SH")
    mob = side(state, "T1+T2")
    damage = [d for d in state["combat"]["damage"] if d["to"] == "T1+T2"]
    assert sum(d["amount"] for d in damage) >= 11 and mob["le"] == 0  # §7.4.7: LE stops at 0
    assert mob["status"] == "despatched"
    reward = state["combat"]["rewards"][0]
    assert reward["ranks"] == [4, 3] and reward["gold"] == 2 + 4 + 3
    kills = state["campaign"]["kills"]
    assert sum(len(v) for v in kills.values()) == 2 and len(kills) == 1  # one final blow keeps both
    # §11: XP "even if the player did not dispatch the final blow": both players earn it
    assert set(reward["xp"]) == {a, b} and all(xp > 0 for xp in reward["xp"].values())


def test_full_house_equipment_takes_one_less_and_undo_restores_every_le() -> None:
    state, ann, bo = party_of_two()
    # Full House on the equipment row: three 4s and two 6s.
    for rank, aff in ((4, "Blood"), (4, "Bone"), (4, "Iron"), (6, "Blood"), (6, "Bone")):
        state, _ = run(state, "character.equip", ANN, 1, character_id=ann, rank=rank, affinity=aff)
    assert char(state, ann)["derived"]["damage_reduction"] == 1
    state, _ = run(
        state, "combat.start", threats=[{"rank": 10, "affinity": "Shadow", "le": 50, "name": "Ogre"}]
    )
    a, b = f"C{ann}", f"C{bo}"
    state = deal_all(state, {a: ["2BL", "3SH"], b: ["2SH", "3BL"], "T1": ["10SH", "10BO"]})
    le_before = {a: char(state, ann)["le"], b: char(state, bo)["le"]}
    scored, event = run(state, "combat.street", cards="7IR 8NA 5BO")
    taken = {d["to"]: d["amount"] for d in scored["combat"]["damage"] if d["from"] == "T1"}
    assert taken[b] - taken[a] == 1
    assert char(scored, ann)["le"] == le_before[a] - taken[a]
    restored = undo(scored, event)
    assert char(restored, ann)["le"] == le_before[a] and char(restored, bo)["le"] == le_before[b]
    assert restored["combat"]["sides"] == state["combat"]["sides"]
    assert restored["combat"] == state["combat"]


def test_retreat_refused_then_allowed() -> None:
    state, ann, bo = party_of_two()
    state, _ = run(
        state, "combat.start", threats=[{"rank": 10, "affinity": "Shadow", "le": 50, "name": "Ogre"}]
    )
    a, b = f"C{ann}", f"C{bo}"
    state, _ = run(state, "combat.deal", ANN, 1, side_id=a, active=["2BL", "3SH"], inactive=["7BO", "9NA"])
    state = deal_all(state, {b: ["2SH", "3BL"], "T1": ["10SH", "10BO"]})
    state, _ = run(state, "combat.street", cards="7IR 1NA 5BO")
    assert refused(state, "combat.retreat", ANN, side_id=a) == "retreat_refused"
    assert refused(state, "combat.retreat", BO, side_id=a) == "not_your_seat"
    state, _ = run(state, "combat.street", cards="9IR")
    le, ap = char(state, ann)["le"], char(state, ann)["ap"]
    state, _event = run(state, "combat.retreat", ANN, 1, side_id=a)
    assert (char(state, ann)["le"], char(state, ann)["ap"]) == (le - 1, ap - 1)
    assert side(state, a)["retreated"] is True
    assert state["combat"]["street"] == "turn"  # Bo still fights
    with_ap = copy.deepcopy(state)
    with_ap["characters"][str(bo)]["ap"] = 0
    assert refused(with_ap, "combat.retreat", BO, side_id=b) == "cannot_retreat"


def test_a_swap_costs_one_ap_and_is_refused_without_it() -> None:
    state, ann, _bo = party_of_two()
    state, _ = run(state, "combat.start", threats=[{"name": "Shade"}])
    a = f"C{ann}"
    state, _ = run(state, "combat.deal", ANN, 1, side_id=a, active=["2BL", "3SH"], inactive=["7BO", "9NA"])
    ap = char(state, ann)["ap"]
    swapped, _ = run(state, "combat.swap", ANN, 1, side_id=a, inactive="7BO", active="3SH")
    assert side(swapped, a)["active"] == ["2BL", "7BO"] and side(swapped, a)["inactive"] == ["3SH", "9NA"]
    assert char(swapped, ann)["ap"] == ap - 1
    broke = copy.deepcopy(state)
    broke["characters"][str(ann)]["ap"] = 0
    assert refused(broke, "combat.swap", ANN, side_id=a, inactive="7BO", active="3SH") == "not_enough_ap"


def test_a_solo_threat_manifestation_combat() -> None:
    state, ann, _bo = party_of_two()
    state["campaign"]["phase"] = "preparation"
    assert (
        refused(state, "combat.start", HOST, threats=[{"name": "Shade"}], solo=ann, quest="Blood Rite")
        == "no_threat_challenge"
    )
    state, _ = run(state, "quest.take", ANN, character_id=ann, quest="Blood Rite")
    state, _ = run(state, "quest.challenge_roll", ANN, character_id=ann, dice=[6, 6, 6, 5])
    gold = state["characters"][str(ann)]["gold"]
    state, _ = run(
        state,
        "combat.start",
        threats=[{"rank": 6, "affinity": "Blood", "le": 4}],
        solo=ann,
        quest="Blood Rite",
    )
    combat = state["combat"]
    assert [s["id"] for s in combat["sides"] if s["kind"] == "player"] == [f"C{ann}"]
    assert combat["quest"] == {"character_id": ann, "quest": "Blood Rite"} and combat["explore_rank"] == 0
    assert state["campaign"]["phase"] == "combat"
    state = deal_all(state, {f"C{ann}": ["10BL", "10SH"], "T1": ["1BO", "2NA"]})
    state, _ = run(state, "combat.street", cards="10BO 10NA 3IR")
    assert state["combat"]["street"] == "over"
    state, ended = run(state, "combat.end")
    assert ended["payload"]["won"] is True
    assert state["campaign"]["phase"] == "preparation" and state["combat"] is None
    quest = state["characters"][str(ann)]["quests"][0]
    assert quest["status"] == "completed" and quest["challenge"]["passed"] is True  # decided by the fight
    assert state["characters"][str(ann)]["gold"] > gold  # the quest's reward on top of the combat's
    assert "passes the Threat Manifestation of Blood Rite" in ended["payload"]["line"]


def test_refusals_leave_the_state_unchanged() -> None:
    state, ann, bo = party_of_two()
    assert refused(state, "combat.street", HOST, cards="1BL 2BL 3BL") == "no_combat"
    setup = copy.deepcopy(state)
    setup["campaign"]["phase"] = "setup"
    assert refused(setup, "combat.start", HOST, threats=[{"name": "Shade"}]) == "wrong_phase"
    assert refused(state, "combat.start", ANN, threats=[{"name": "Shade"}]) == "host_only"
    assert refused(state, "combat.start", HOST, threats=[{"name": "Nobody"}]) == "unknown_threat"
    assert refused(state, "combat.start", HOST, threats=[{"rank": 3, "affinity": "Iron"}]) == "missing_field"
    state, _ = run(state, "combat.start", threats=[{"name": "Shade"}])
    a, b = f"C{ann}", f"C{bo}"
    assert refused(state, "combat.start", HOST, threats=[{"name": "Shade"}]) == "combat_under_way"
    assert refused(state, "combat.deal", ANN, side_id=b, active=["1BL", "2BL"]) == "not_your_seat"
    assert refused(state, "combat.deal", ANN, side_id=a, active=["1BL"]) == "wrong_card_count"
    assert refused(state, "combat.deal", ANN, side_id=a, active=["1BL", "1BL"]) == "duplicate_card"
    assert refused(state, "combat.deal", ANN, side_id=a, active=["1XX", "1BL"]) == "bad_card"
    state, _ = run(state, "combat.deal", ANN, 1, side_id=a, active=["1BL", "2BL"])
    assert refused(state, "combat.deal", BO, side_id=b, active=["1BL", "3BL"]) == "card_already_seen"
    assert refused(state, "combat.street", HOST, cards="5BL 6BL 7BL") == "missing_hole_cards"
    state = deal_all(state, {b: ["3BL", "4BL"], "T1": ["1SH", "2SH"]})
    assert refused(state, "combat.street", HOST, cards="5BL 6BL") == "wrong_card_count"
    assert refused(state, "combat.street", HOST, cards="1BL 6BL 7BL") == "card_already_seen"
    assert refused(state, "combat.next_round", HOST) == "round_not_over"
    assert refused(state, "combat.adjust", HOST, side_id="T1", field="rank", by=1, note="x") == "bad_field"
    assert refused(state, "combat.loot", HOST, side_id="T1") == "not_despatched"
    assert refused(state, "combat.retreat", ANN, side_id=a) == "retreat_refused"


def test_adjust_and_loot() -> None:
    state, ann, _bo = party_of_two()
    state, _ = run(state, "combat.start", threats=[{"name": "Shade"}])
    state, event = run(state, "combat.adjust", side_id="T1", field="le", by=-3, note="Ann's Fire Bolt card")
    assert side(state, "T1")["status"] == "despatched"
    assert "Shade: LE 3 → 0 (Ann's Fire Bolt card)" in event["payload"]["line"]
    assert state["combat"]["rewards"][0]["gold"] == 2 + 3
    state, loot = run(state, "combat.loot", side_id="T1", dice=[3, 3, 6, 1, 2])
    # Shadow is face 3; Wild (6) counts: 3 matches give 2 cards.
    assert (loot["payload"]["matches"], loot["payload"]["cards"]) == (3, 2)
    assert refused(state, "combat.loot", HOST, side_id="T1") == "loot_rolled"
    state2, _ = run(state, "combat.adjust", ANN, 1, side_id=f"C{ann}", field="attack", by=2, note="Blessing")
    assert side(state2, f"C{ann}")["modifiers"] == 2


def two_against_two_ogres() -> tuple[State, str]:
    """Ann (two inactive cards) and Bo against two ogres, every side's cards dealt, before the flop;
    and Ann's side id."""
    state, ann, bo = party_of_two()
    ogres = [{"rank": 9, "affinity": "Shadow", "le": 60}, {"rank": 8, "affinity": "Bone", "le": 60}]
    state, _ = run(state, "combat.start", threats=ogres)
    a, b = f"C{ann}", f"C{bo}"
    state, _ = run(state, "combat.deal", ANN, 1, side_id=a, active=["2BL", "3SH"], inactive=["7BO", "9NA"])
    return deal_all(state, {b: ["2SH", "3BL"], "T1": ["10SH", "10BO"], "T2": ["4BO", "5BO"]}), a


def test_odds_are_counted_once_for_the_same_fight_and_again_when_an_input_changes() -> None:
    state, a = two_against_two_ogres()
    state, _ = run(state, "combat.street", cards="7IR 1NA 5IR")
    _river_odds.cache_clear()
    first = odds_view(state)
    # The board again after a command that leaves the fight alike (a page load, a sheet's gold).
    assert odds_view(copy.deepcopy(state)) == first
    assert (_river_odds.cache_info().hits, _river_odds.cache_info().misses) == (1, 1)
    # +5 attack for Ann: counted again, and the same as counted afresh.
    stronger, _ = run(state, "combat.adjust", ANN, 1, side_id=a, field="attack", by=5, note="Blessing")
    changed = odds_view(stronger)
    assert _river_odds.cache_info().misses == 2
    assert changed["players"][0]["against"] != first["players"][0]["against"]
    _river_odds.cache_clear()
    assert odds_view(stronger) == changed and odds_view(state) == first


def test_odds_view_on_the_flop_sums_to_one() -> None:
    state, _a = two_against_two_ogres()
    assert odds_view(state)["when"] == "on the flop"  # before it: test_flop_before_scoring.py
    state, _ = run(state, "combat.street", cards="7IR 1NA 5IR")
    view = odds_view(state)
    assert view["available"] and view["runouts"] == 37 * 36  # ordered turn, river of 37 unseen
    for row in view["players"]:
        for m in row["against"]:
            assert abs(m["higher"] + m["equal"] + m["lower"] - 1) < 1e-9
    assert len(view["players"][0]["swaps"]) == 4 and view["players"][1]["swaps"] == []
