"""Strongholds and the clean-up between Conflicts (rulebook: Stronghold Cards, Building Strongholds,
New Conflict; spec: Entities, Computations 5)."""

from __future__ import annotations

from rules.grimoor.tests.test_grimoor_support import ANN, BOB, close, started

ARROW = "\u2192"


def test_a_built_strongholds_ability_triggers_when_a_cohort_of_its_type_joins() -> None:
    """ "Each Stronghold, when built, offers the player an ongoing Ability that triggers after a
    Cohort of the indicated type joins their Horde": the line reminds the player, from anywhere."""
    t = started(ANN)
    t.do("stronghold.build", {"type": "Duskgil"})
    t.end(skip=True)
    body = t.do("cohort.play", {"type": "Duskgil", "strength": 3}, seat=BOB)
    assert body["stronghold"] is None  # Bob has not built his Duskgil Stronghold
    t.end(skip=True)
    body = t.do("cohort.play", {"type": "Duskfin", "strength": 2})  # Duskfin is Duskgil
    assert body["stronghold"] == "Duskgil"
    assert t.line() == (
        f"Ann plays a Duskgil cohort, strength 2 (1 Cohort in the Horde; Actions 2 {ARROW} 1); "
        "Ann's Duskgil Stronghold's Ability triggers."
    )
    body = t.do("cohort.join", {"seat_id": ANN, "type": "Duskgil", "strength": 1, "note": "an Ability"})
    assert body["stronghold"] == "Duskgil" and t.line().endswith(
        "Ann's Duskgil Stronghold's Ability triggers."
    )
    body = t.do("cohort.play", {"type": "Gaunt", "strength": 4})
    assert body["stronghold"] is None and "Stronghold" not in t.line()


def test_a_cohort_joining_the_other_horde_triggers_that_players_stronghold() -> None:
    """The Ability is the Horde owner's: "after a Cohort of the indicated type joins their Horde"."""
    t = started(ANN)
    t.do("stronghold.build", {"type": "Gaunt"})
    body = t.do("cohort.join", {"seat_id": BOB, "type": "Gaunt", "strength": 1}, seat=BOB)
    assert body["stronghold"] is None
    body = t.do("cohort.join", {"seat_id": ANN, "type": "Gaunt", "strength": 1}, seat=BOB, role="host")
    assert body["stronghold"] == "Gaunt"


def test_the_clean_up_between_conflicts_says_where_every_card_goes() -> None:
    """New Conflict: "Each player moves all non-Commander Cohorts in their Horde to the discard pile.
    Any played Commanders and Curios are returned to the side of the play area", then three Cohorts,
    a Curio and a Commander are dealt to each player."""
    t = started(BOB)
    t.do("cohort.play", {"type": "Gaunt", "strength": 5, "commander": True, "name": "Warlord"})
    t.end()
    t.do("curio.play", {"focus": [], "points": 0})
    t.do("curio.play", {"source": "deck", "focus": [], "points": 0})
    close(t, [3, 3, 3, 3, 3], [1])
    body = t.log[-1].payload["conflict_end"]
    assert body["cleared"] == {
        str(ANN): {"discarded": 5, "aside": 0, "curios": 2},
        str(BOB): {"discarded": 1, "aside": 1, "curios": 0},
    }
    for player in t.state["players"]:
        assert player["horde"] == [] and player["curios"] == []
    assert (
        "Clean-up: Bob's 1 Cohort to the discard pile and 1 Commander to the side; "
        "Ann's 5 Cohorts to the discard pile and 2 Curios to the side. "
        "Shuffle the discard pile into the deck and deal each player 3 Cohorts, 1 Curio and 1 Commander."
    ) in t.line()


def test_the_last_conflict_leaves_the_hordes_on_the_table() -> None:
    """After the third Conflict there is no New Conflict: nothing is cleared or dealt."""
    t = started(ANN)
    for _ in range(3):
        close(t, [9], [1, 1, 1, 1, 1])
    body = t.log[-1].payload["conflict_end"]
    assert t.state["over"] and body.get("cleared") is None
    assert "Clean-up" not in t.line() and len(t.state["players"][0]["horde"]) == 1
