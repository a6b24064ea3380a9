"""The combat helper's words and the Legend's re-dealt flop (§7.4.7, §7.4.8, §11, spec Stature; issue #31).

§7.4.7: "If a character's Life Essence drops to 0 → Defeated"; a threat's LE
stops at 0 too, and the log says it was despatched. §11: gold and XP go to the
players; when nobody is left standing to collect them the log says so.
Spec (Stature): "Legend may re-deal the flop once per combat."
"""

from __future__ import annotations

from rules.engine import State
from rules.grimhand.tests.test_grimhand_combat_table import (
    ANN,
    RULES,
    appendix_two,
    char,
    character,
    exploring,
    refused,
    run,
    side,
)


def test_a_threats_le_stops_at_zero_and_the_line_says_despatched() -> None:
    """Appendix II: "+10 Damage ... the Wolf only has 4 health and is defeated": LE 4 → 0, not → -6."""
    state, cid = appendix_two()
    state, _ = run(
        state, "combat.start", threats=[{"name": "Rabid Wolf"}, {"name": "Iron Grunt"}], active_limit=2
    )
    me = f"C{cid}"
    state, _ = run(state, "combat.deal", ANN, 1, side_id=me, active=["7SH", "7BO", "3IR"], inactive="5NA 6NA")
    state, _ = run(state, "combat.deal", side_id="T1", active=["1SH", "5BO"])
    state, _ = run(state, "combat.deal", side_id="T2", active=["3SH", "3BO"])
    gold, xp = char(state, cid)["gold"], char(state, cid)["xp"]
    state, flop = run(state, "combat.street", cards=["7BL", "3BL", "9NA"])
    assert side(state, "T1")["le"] == 0
    line = RULES.describe("combat.street_scored", flop["payload"], {})
    assert "Rabid Wolf: LE 4 \u2192 0, despatched" in line and "-" not in line.split("Rabid Wolf: LE")[1][:8]
    assert (
        f"Rabid Wolf's gold and XP: Ann gold {gold} \u2192 {gold + 5}, XP {xp} \u2192 {xp + 30}" in line
    )  # (3 + 2) x ante 1 x Anchored Power 6


def doomed_duel() -> tuple[State, int]:
    """Ann (attack 3, LE 2) beats a Bat of LE 1 on the flop while the Grunt's trips kill her."""
    state, cid = character(RULES.initial_state(), ANN, "Ann", race="Goblin", klass="Mage", affinity="Blood")
    state, _ = run(state, "character.set", ANN, 1, character_id=cid, stat="le", value=2)
    state = exploring(state, rank=3)
    bat = {"name": "Bat", "rank": 1, "affinity": "Bone", "le": 1}
    grunt = {"name": "Grunt", "rank": 4, "affinity": "Iron", "le": 6}
    state, _ = run(state, "combat.start", active_limit=2, threats=[bat, grunt])
    state, _ = run(state, "combat.deal", ANN, 1, side_id=f"C{cid}", active="1IR 4NA")
    state, _ = run(state, "combat.deal", side_id="T1", active="3BL 6BL")
    state, _ = run(state, "combat.deal", side_id="T2", active="9IR 9NA")
    return state, cid


def test_a_threat_that_falls_with_nobody_left_to_collect_says_so() -> None:
    """Ann 3 vs Bat 2 (base 1 + a Bone card): the Bat falls; Ann 3 vs Grunt 8 (trips + crit): Ann falls on
    the same street, so nobody is left in the fight to take the Bat's gold and XP."""
    state, cid = doomed_duel()
    state, flop = run(state, "combat.street", cards="2SH 5SH 9BO")
    assert char(state, cid)["le"] == 0 and side(state, "T1")["status"] == "despatched"
    line = RULES.describe("combat.street_scored", flop["payload"], {})
    assert "Bat: LE 1 \u2192 0, despatched" in line and "Ann: LE 2 \u2192 0, defeated" in line
    assert "nobody is left in the fight to collect Bat's gold and XP" in line
    assert "XP ;" not in line and not line.endswith("XP ")


def legend() -> tuple[State, int]:
    state, cid = character(
        RULES.initial_state(), ANN, "Lia", race="Human", klass="Warrior", affinity="Iron", xp=3000
    )
    assert char(state, cid)["derived"]["redeal_flop"] is True
    state = exploring(state, rank=3)
    state, _ = run(
        state, "combat.start", threats=[{"name": "Grunt", "rank": 4, "affinity": "Iron", "le": 60}]
    )
    state, _ = run(state, "combat.deal", ANN, 1, side_id=f"C{cid}", active="2IR 2BO", inactive="8SH 8NA")
    state, _ = run(state, "combat.deal", side_id="T1", active="10IR 10BL")
    return state, cid


def test_a_legend_redeals_the_flop_once_per_combat() -> None:
    """Spec (Stature): the Legend may re-deal the flop once per combat; the first flop's cards are gone
    for this round and the new three are scored."""
    state, cid = legend()
    me = f"C{cid}"
    assert (
        refused(
            state, "combat.street", cards="10BO 10SH 1NA", redeal={"side_id": "T1", "cards": "3NA 4NA 5BL"}
        )
        == "not_a_legend"
    )
    state, flop = run(
        state, "combat.street", cards="10BO 10SH 1NA", redeal={"side_id": me, "cards": "3NA 4NA 5BL"}
    )
    assert state["combat"]["community"] == ["3NA", "4NA", "5BL"]
    assert state["combat"]["redealt"] == [me]
    line = RULES.describe("combat.street_scored", flop["payload"], {})
    assert line.startswith("Lia re-deals the flop 10BO 10SH 1NA: Flop 3NA 4NA 5BL")
    assert refused(state, "combat.street", cards="10BO") == "card_already_seen"  # the first flop is gone
    state, _ = run(state, "combat.street", cards="6SH")
    assert refused(state, "combat.street", cards="7SH", redeal={"side_id": me, "cards": "7BL"}) == "flop_only"
    state, _ = run(state, "combat.street", cards="7SH")
    assert state["combat"]["street"] == "river"  # the Grunt's 60 LE outlast the round
    state, _ = run(state, "combat.next_round")
    state, _ = run(state, "combat.deal", ANN, 1, side_id=me, active="2IR 2BO")
    state, _ = run(state, "combat.deal", side_id="T1", active="10IR 10BL")
    assert (
        refused(state, "combat.street", cards="3SH 4SH 5SH", redeal={"side_id": me, "cards": "6NA 7NA 8NA"})
        == "redeal_used"
    )


def test_a_single_player_who_retreats_leaves_the_threats_behind() -> None:
    """§7.4.10: "Retreating players lose 1 AP and 1 LE ... In Single player threats are discarded and
    play moves onto the next Exploration card": the combat is over, and the line names LE and AP."""
    state, cid = legend()
    state, _ = run(state, "combat.street", cards="10BO 10SH 1NA")  # inactive 8SH 8NA: two pair
    le, ap = char(state, cid)["le"], char(state, cid)["ap"]
    state, event = run(state, "combat.retreat", ANN, 1, side_id=f"C{cid}")
    assert state["combat"]["street"] == "over" and side(state, f"C{cid}")["status"] == "retreated"
    line = RULES.describe(event["type"], event["payload"], {})
    assert line == f"Lia retreats with Dual Grip: LE {le} \u2192 {le - 1}, AP {ap} \u2192 {ap - 1}"
