"""Quest challenges at the table, rules only (§9.1; issue #9): each kind, its roll and its cost."""

from __future__ import annotations

from typing import Any

from rules.engine import State
from rules.grimhand.tests.campaign_support import (
    IRON,
    SHADOW,
    char,
    exploring,
    play_card,
    refused,
    run,
)

# --- quest challenges (§9.1) ----------------------------------------------------------


def questing(dice: list[int], quest: str = "Iron Test") -> tuple[State, int]:
    state, hal, _, _ = exploring()
    state, _ = run(state, "quest.take", character_id=hal, quest=quest)
    state, _ = run(state, "explore.reveal", name="Flesh-Worn Path")  # Blood: no card bonus for Hal's checks
    state, _ = run(state, "character.set", character_id=hal, stat="qp", value=3)
    assert refused(state, "quest.challenge_roll", character_id=hal).code == "card_unresolved"
    state, _ = run(state, "explore.event_roll", dice=[SHADOW])
    state, _ = run(state, "explore.resolve")
    state, _ = run(state, "quest.challenge_roll", character_id=hal, dice=dice)
    return state, hal


def quest_of(state: State, cid: int) -> dict[str, Any]:
    found: dict[str, Any] = char(state, cid)["quests"][0]
    return found


def test_a_quest_is_not_completed_without_its_challenge() -> None:
    state, hal, _, _ = exploring()
    state, _ = run(state, "quest.take", character_id=hal, quest="Iron Test")
    state, _ = run(state, "character.set", character_id=hal, stat="qp", value=3)
    assert refused(state, "quest.complete", character_id=hal).code == "challenge_needed"
    assert refused(state, "quest.resolve", character_id=hal).code == "not_rolled"


def test_a_fate_roll_passed_completes_the_quest_with_its_reward() -> None:
    state, hal = questing([1, 1, 1, 1])
    assert quest_of(state, hal)["challenge"]["challenge"] == "Fate Roll"
    strength = char(state, hal)["derived"]["stats"]["strength"]
    assert refused(state, "quest.resolve", character_id=hal).code == "bad_field"  # which check
    gold = char(state, hal)["gold"]
    state, event = run(state, "quest.resolve", character_id=hal, check="strength",
                       dice=[IRON] + [SHADOW] * (strength - 1))  # fmt: skip
    assert event["type"] == "quest.completed" and quest_of(state, hal)["status"] == "completed"
    assert char(state, hal)["gold"] == gold + 5
    assert "passes the Fate Roll of Iron Test" in event["payload"]["line"]


def test_a_failed_fate_roll_costs_one_le_and_one_ap_and_the_retry_waits_for_the_next_card() -> None:
    state, hal = questing([1, 1, 1, 1])
    strength = char(state, hal)["derived"]["stats"]["strength"]
    le, ap, doubt = char(state, hal)["le"], char(state, hal)["ap"], char(state, hal)["doubt"]
    state, event = run(state, "quest.resolve", character_id=hal, check="strength", dice=[SHADOW] * strength)
    assert event["type"] == "quest.failed"
    # the check itself: +1 LE and +1 Doubt for no success (capped); then the Fate Roll's -1 LE -1 AP,
    # and the quest's own penalty +1 Doubt
    assert char(state, hal)["ap"] == ap - 1 and char(state, hal)["doubt"] == doubt + 2
    assert char(state, hal)["le"] == min(le + 1, char(state, hal)["derived"]["stats"]["max_le"]) - 1
    assert quest_of(state, hal)["status"] == "active" and quest_of(state, hal)["challenge"] is None
    assert refused(state, "quest.challenge_roll", character_id=hal).code == "retry_later"
    state = play_card(state, "Moss Hollow", [SHADOW] * 3)
    state, _ = run(state, "quest.challenge_roll", character_id=hal, dice=[1, 1, 1, 1])


def test_an_affinity_check_challenge_fails_with_one_corruption_and_one_doubt() -> None:
    state, hal = questing([5, 5, 5, 3])
    assert quest_of(state, hal)["challenge"]["challenge"] == "Affinity Check"
    corruption, doubt = char(state, hal)["corruption"], char(state, hal)["doubt"]
    state, event = run(state, "quest.resolve", character_id=hal, dice=[SHADOW] * 5)  # 1 for Iron only
    assert event["type"] == "quest.failed"
    assert char(state, hal)["corruption"] == corruption + 1 and char(state, hal)["doubt"] == doubt + 2


def test_a_poker_hand_challenge_needs_a_pair() -> None:
    state, hal = questing([5, 5, 5, 5])
    assert quest_of(state, hal)["challenge"]["challenge"] == "Poker Hand Challenge"
    assert refused(state, "quest.resolve", character_id=hal, cards="3BL 4IR").code == "wrong_card_count"
    le = char(state, hal)["le"]
    state, event = run(state, "quest.resolve", character_id=hal, cards="1BL 3IR 5NA 7SH 9BO")
    assert event["type"] == "quest.failed" and char(state, hal)["le"] == le - 2
    state, hal2 = questing([5, 5, 5, 5])
    state, event = run(state, "quest.resolve", character_id=hal2, cards="3BL 3IR 5NA 7SH 9BO")
    assert event["type"] == "quest.completed"


def test_sacrifice_equipment_discards_the_chosen_item_without_refund() -> None:
    state, hal = questing([3, 3, 3, 1])
    assert quest_of(state, hal)["challenge"]["challenge"] == "Sacrifice Equipment"
    assert refused(state, "quest.resolve", character_id=hal, card="4IR").code == "nothing_equipped"
    state, _ = run(state, "character.equip", character_id=hal, rank=4, affinity="Iron")
    gold = char(state, hal)["gold"]
    state, event = run(state, "quest.resolve", character_id=hal, card="4IR")
    assert char(state, hal)["equipment"] == [] and event["type"] == "quest.completed"
    assert char(state, hal)["gold"] == gold + 5  # the quest's reward, no refund for the item


def test_a_gold_offering_is_the_explore_level_times_five() -> None:
    """§9.1: tribute equal to Explore Level multiplied by 5 Gold."""
    state, hal = questing([4, 4, 4, 1])
    challenge = quest_of(state, hal)["challenge"]
    assert challenge["challenge"] == "Gold Offering" and challenge["gold"] == 5  # level 1
    state, _ = run(state, "character.set", character_id=hal, stat="gold", value=4)
    assert refused(state, "quest.resolve", character_id=hal).code == "not_enough_gold"
    state, _ = run(state, "character.set", character_id=hal, stat="gold", value=12)
    state, event = run(state, "quest.resolve", character_id=hal)
    assert char(state, hal)["gold"] == 12 - 5 + 5 and event["type"] == "quest.completed"


def test_a_threat_manifestation_is_fought_not_resolved_by_hand() -> None:
    state, hal = questing([6, 6, 6, 5])
    challenge = quest_of(state, hal)["challenge"]
    assert challenge["challenge"] == "Threat Manifestation" and challenge["threat_rank"] == 5
    assert refused(state, "quest.resolve", character_id=hal).code == "fight_it"


# --- the end of the game (§13) ---------------------------------------------------------
