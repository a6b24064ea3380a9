"""One reading of an affinity's name for every command (spec Decision; issue #31).

Spec, The deck and hands (§5): "the data's suit "Wild" on exploration and
threat cards means Nature (its icon is Nature's); "Wild" is only the 6th face
of the affinity die." A name typed anywhere ("Wild", "nature", "NA") is read
the same way by every command.
"""

from __future__ import annotations

import pytest

from rules.engine import Actor
from rules.grimhand.cards import Affinity, parse_cards
from rules.grimhand.tests.campaign_support import (
    ANN,
    SHADOW,
    char,
    create,
    exploring,
    party,
    refused,
    run,
)

SEAT4 = Actor(seat_id=4, role="player", seat_ids=(1, 2, 3, 4))


@pytest.mark.parametrize("name", ["Wild", "wild", " WILD ", "Nature", "na"])
def test_the_one_reader_reads_wild_as_nature(name: str) -> None:
    assert Affinity.parse(name) is Affinity.NATURE
    assert parse_cards(f"7 {name.strip()}") == parse_cards("7NA")


def test_quest_progress_reads_wild_as_nature() -> None:
    """§9.1: a Wild (= Nature) explore card gives its rank in QP to a character of Nature."""
    state, _hal, _ada, _bea = party()
    state, nia = create(state, SEAT4, "Nia", "Nature")
    state, event = run(
        state, "quest.progress", SEAT4, character_id=nia, explore_rank=3, explore_affinity="Wild"
    )
    assert char(state, nia)["qp"] == 3 and event["payload"]["by"] == 3


def test_every_command_naming_an_affinity_reads_wild_as_nature() -> None:
    state, hal, ada, _bea = exploring()
    # a character, a homebrew card, an equipment card, an affinity check, a typed explore card
    state, _ = run(
        state, "character.create", SEAT4, name="Wren", race="Elf", affinity="Wild", **{"class": "Mage"}
    )
    wren = next(c for c in state["characters"].values() if c["name"] == "Wren")
    assert wren["affinity"] == "Nature"
    state, event = run(state, "homebrew.add_equipment", name="Mossblade", rank=4, affinity="Wild")
    assert event["payload"]["card"]["affinity"] == "Nature"
    state, _ = run(state, "character.equip", ANN, character_id=ada, rank=2, affinity="Wild")
    assert char(state, ada)["equipment"][0]["affinity"] == "Nature"
    state, _ = run(state, "explore.reveal", rank=3, affinity="wild")
    assert state["campaign"]["explore"][-1]["affinity"] == "Nature"
    state, event = run(
        state, "check.roll", character_id=hal, kind="affinity", affinity="Wild", dice=[5, 5, 5, 1, 1]
    )
    assert event["payload"]["check"]["affinity"] == "Nature" and event["payload"]["check"]["passed"]
    state, _ = run(state, "explore.event_roll", dice=[SHADOW] * 3)
    state, _ = run(
        state, "combat.start", threats=[{"name": "Moss Wolf", "rank": 2, "affinity": "Wild", "le": 3}]
    )
    assert state["combat"]["sides"][-1]["affinity"] == "Nature"


def test_a_name_that_is_no_affinity_is_refused_alike() -> None:
    state, hal, _ada, _bea = exploring()
    assert refused(
        state, "quest.progress", character_id=hal, explore_rank=2, explore_affinity="Fire"
    ).code == ("unknown_affinity")
    assert refused(state, "explore.reveal", rank=2, affinity="Fire").code == "bad_field"
