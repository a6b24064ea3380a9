"""A quest ends by its challenge (§9.1; issue #31): passed, failed, or completed by hand with a note.

§9.1: "If players are successful in the Quest Challenge they collect the
bonuses associated with the Quest, failure and they suffer the penalties."
Quest facts are typed from the reference data (Blood Debt Repaid: Blood,
Novice, 5 QP; success: gain 1 XP; failure: gain 1 Corruption).
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest

from rules.engine import Actor, State
from rules.errors import RuleViolation
from rules.grimhand.table import GrimHandRules, QuestFacts, standard_catalogue
from rules.grimhand.table.catalogue import EffectFacts, ExploreFacts

QUESTS = (
    QuestFacts("Blood Debt Repaid", "Blood", "Novice", 5,
               success_effects=(EffectFacts("xp", 1),), failure_effects=(EffectFacts("corruption", 1),)),
    QuestFacts("Iron Test", "Iron", "Recruit", 3, success_effects=(EffectFacts("gold", 5),)),
)  # fmt: skip
RULES = GrimHandRules(
    dataclasses.replace(
        standard_catalogue(QUESTS),
        exploration=(ExploreFacts(1, "Blood", "Flesh-Worn Path"), ExploreFacts(2, "Iron", "Rust Gate")),
    )
)
HOST = Actor(seat_id=1, role="host", seat_ids=(1, 2))
ANN = Actor(seat_id=2, role="player", seat_ids=(1, 2))
BLOOD, BONE, SHADOW, IRON, NATURE, WILD = 1, 2, 3, 4, 5, 6


def run(state: State, type_: str, actor: Actor = HOST, /, **payload: Any) -> tuple[State, dict[str, Any]]:
    outcome = RULES.apply(state, type_, payload, actor, random.Random(2))
    event = outcome.events[-1]
    return outcome.state, {"type": event.type, "payload": event.payload}


def refused(state: State, type_: str, actor: Actor = HOST, /, **payload: Any) -> RuleViolation:
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as info:
        RULES.apply(state, type_, payload, actor, random.Random(3))
    assert state == before
    return info.value


def challenged(quest: str, affinity: str, xp: int, dice: list[int]) -> tuple[State, int]:
    """Ada of ``affinity`` on a resolved Flesh-Worn Path (Blood) with ``quest``'s challenge rolled."""
    state, event = run(RULES.initial_state(), "character.create", ANN, name="Ada", race="Human",
                       affinity=affinity, **{"class": "Warrior"})  # fmt: skip
    ada = int(event["payload"]["character_id"])
    if xp:
        state, _ = run(state, "character.set", ANN, character_id=ada, stat="xp", value=xp)
    state, _ = run(state, "campaign.start", levels=1)
    state, _ = run(state, "level.start")
    state, _ = run(state, "initiative.roll", rolls={"2": 6})
    state, _ = run(state, "quest.take", ANN, character_id=ada, quest=quest)
    state, _ = run(state, "character.set", ANN, character_id=ada, stat="qp", value=5)
    state, _ = run(state, "explore.reveal", name="Flesh-Worn Path")
    state, _ = run(state, "explore.event_roll", dice=[SHADOW])
    state, _ = run(state, "explore.resolve")
    state, _ = run(state, "quest.challenge_roll", ANN, character_id=ada, dice=dice)
    return state, ada


def sheet(state: State, cid: int) -> dict[str, Any]:
    found: dict[str, Any] = state["characters"][str(cid)]
    return found


@pytest.mark.parametrize(
    ("dice", "challenge"),
    [
        ([6, 6, 6, 5], "Threat Manifestation"),
        ([5, 5, 5, 3], "Affinity Check"),
        ([5, 5, 5, 5], "Poker Hand Challenge"),
    ],
)
def test_a_rolled_challenge_must_be_passed_before_the_quest_completes(
    dice: list[int], challenge: str
) -> None:
    """§9.1: only a passed challenge collects the quest's bonuses; quest.complete before quest.resolve
    (or the solo combat) is refused and pays nothing."""
    state, ada = challenged("Iron Test", "Iron", 0, dice)
    assert sheet(state, ada)["quests"][0]["challenge"]["challenge"] == challenge
    problem = refused(state, "quest.complete", ANN, character_id=ada)
    assert problem.code == "challenge_not_passed" and challenge in problem.message


def test_completing_by_hand_is_an_override_with_a_note_the_log_shows() -> None:
    """A printed card may say the quest is done: the players override the challenge, with a note."""
    state, ada = challenged("Iron Test", "Iron", 0, [6, 6, 6, 5])
    assert refused(state, "quest.complete", ANN, character_id=ada, override=True).code == "missing_field"
    assert (
        refused(state, "quest.complete", ANN, character_id=ada, override="yes", note="x").code == "bad_field"
    )
    gold = sheet(state, ada)["gold"]
    state, event = run(state, "quest.complete", ANN, character_id=ada, override=True,
                       note="the Oracle card completes it")  # fmt: skip
    assert sheet(state, ada)["quests"][0]["status"] == "completed" and sheet(state, ada)["gold"] == gold + 5
    assert event["payload"]["override"] is True
    line = RULES.describe(event["type"], event["payload"], {})
    assert line == (
        f"Ada completed Iron Test by hand, overriding its Threat Manifestation (the Oracle card completes "
        f"it): Gold {gold} \u2192 {gold + 5}"
    )


def test_blood_debt_repaids_failed_affinity_check_logs_both_corruptions() -> None:
    """§9.1 Affinity Check "Fail: Gain 1 Corruption and 1 Doubt", then the quest's own penalty "Gain 1
    Corruption": the line names 1 → 2 and 2 → 3, and the sheet shows 3 (the phone walkthrough)."""
    state, ada = challenged("Blood Debt Repaid", "Blood", 200, [5, 5, 5, 1])  # 16 at Novice
    assert sheet(state, ada)["quests"][0]["challenge"]["challenge"] == "Affinity Check"
    state, _ = run(state, "character.set", ANN, character_id=ada, stat="corruption", value=1)
    # 0 dice of Blood, +1 for Ada of Blood, +1 for the Blood card: 2 of 3 -> failed
    state, event = run(state, "quest.resolve", ANN, character_id=ada, dice=[SHADOW] * 5)
    assert event["type"] == "quest.failed" and sheet(state, ada)["corruption"] == 3
    line = RULES.describe(event["type"], event["payload"], {})
    assert "Corruption 1 \u2192 2" in line and "Corruption 2 \u2192 3" in line and "Doubt 0 \u2192 1" in line
    assert line.index("Corruption 1 \u2192 2") < line.index("Corruption 2 \u2192 3")
