"""The growing decks (§3.1, §7.2; spec Campaign; issue #31): no card of a rank the deck does not hold yet.

§3.1: "Remove all explore cards rank 6-10 ... all threat cards rank 6-10 ...
Equipment: Remove all cards rank 6-10". §7.2: "Once Level one is completed,
players take all ranked 6 Event, Explore and Equipment cards and add them to
their deck. This continues each level adding rank 7 and so on." Loot is its
own deck, shuffled whole (§3.1), so equipment entered by hand is not limited.
"""

from __future__ import annotations

import pytest

from rules.grimhand.tests.campaign_support import (
    ANN,
    SHADOW,
    char,
    exploring,
    party,
    play_card,
    refused,
    run,
)


def test_an_explore_card_above_the_decks_rank_is_refused() -> None:
    state, _hal, _ada, _bea = exploring(levels=2)
    assert state["campaign"]["deck_rank"] == 5
    problem = refused(state, "explore.reveal", rank=9, affinity="Iron")
    assert problem.code == "not_in_deck" and problem.extra["field"] == "rank"
    assert "ranks 1\u20135" in problem.message
    assert refused(state, "explore.reveal", rank=6, affinity="Iron").code == "not_in_deck"
    state, _ = run(state, "explore.reveal", rank=5, affinity="Iron")


@pytest.mark.parametrize(("cards", "ok"), [("9IR", False), ("6BL", False), ("5BL 1BO", True)])
def test_the_first_market_offers_ranks_one_to_five(cards: str, ok: bool) -> None:
    state, _hal, _ada, _bea = party()
    state, _ = run(state, "campaign.start", levels=2)
    if ok:
        run(state, "market.open", cards=cards)
    else:
        problem = refused(state, "market.open", cards=cards)
        assert problem.code == "not_in_deck" and problem.extra["field"] == "cards"


def test_each_finished_level_adds_the_next_rank() -> None:
    state, _hal, _ada, _bea = exploring(levels=2)
    for _ in range(5):
        state = play_card(state, "Flesh-Worn Path", [SHADOW])
    assert state["campaign"]["deck_rank"] == 6
    assert refused(state, "market.open", cards="7IR").code == "not_in_deck"
    state, _ = run(state, "market.open", cards="6IR")
    state, _ = run(state, "market.close")
    state, _ = run(state, "level.start")
    state, _ = run(state, "initiative.roll", rolls={"1": 6, "2": 1, "3": 1})
    assert refused(state, "explore.reveal", rank=7, affinity="Blood").code == "not_in_deck"
    state, _ = run(state, "explore.reveal", rank=6, affinity="Blood")


def test_a_threat_above_the_event_decks_rank_is_refused_but_a_threat_manifestation_is_not() -> None:
    """§9.1 Threat Manifestation: "Rank 6 for Novice to Rank 10 for Legend" is drawn for the quest, so a
    solo quest fight may face a rank the event deck does not hold yet."""
    state, hal, ada, _bea = exploring()
    state, _ = run(state, "explore.reveal", name="Rust Gate")
    problem = refused(
        state, "combat.start", threats=[{"name": "Dread", "rank": 7, "affinity": "Iron", "le": 9}]
    )
    assert problem.code == "not_in_deck" and problem.extra["field"] == "threats.0"
    state, _ = run(state, "explore.event_roll", dice=[SHADOW, SHADOW])
    state, _ = run(state, "explore.resolve")
    state, _ = run(state, "character.set", ANN, character_id=ada, stat="xp", value=200)  # Novice
    state, _ = run(state, "quest.take", ANN, character_id=ada, quest="Blood Rite")
    state, _ = run(state, "character.set", ANN, character_id=ada, stat="qp", value=3)
    state, _ = run(state, "quest.challenge_roll", ANN, character_id=ada, dice=[6, 6, 6, 4])  # 22: Threat
    assert char(state, ada)["quests"][0]["challenge"]["threat_rank"] == 6
    dread = {"name": "Dread", "rank": 6, "affinity": "Blood", "le": 9}
    state, _ = run(state, "combat.start", threats=[dread], solo=ada, quest="Blood Rite")
    assert state["combat"]["solo"] is True and hal not in [
        s.get("character_id") for s in state["combat"]["sides"]
    ]
