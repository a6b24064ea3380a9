"""Cohorts outside the Action count: Focused, Readied, joining and leaving by abilities, a Strength by
hand (rulebook: Playing Cohorts, Cohort Cards, Commander Cards)."""

from __future__ import annotations

from rules.grimoor.tests.test_grimoor_support import ANN, BOB, CAT, fill, started

ARROW = "\u2192"


def test_focus_and_ready_either_horde_never_twice() -> None:
    t = started(ANN)
    (knight,) = fill(t, BOB, [6])
    body = t.do("cohort.focus", {"cohort_id": knight}, seat=ANN)  # an Ability may Focus an opposing Cohort
    assert t.cohort(knight)["focused"] and body["counts"] == 1
    assert t.line() == "Bob's Gaunt cohort (strength 6) is Focused: it counts 1."
    refusal = t.refused("cohort.focus", {"cohort_id": knight})
    assert (refusal.code, refusal.extra["field"]) == ("already_focused", "cohort_id")
    assert "cannot be Focused" in refusal.message
    body = t.do("cohort.ready", {"cohort_id": knight}, seat=BOB)
    assert not t.cohort(knight)["focused"] and body["counts"] == 6
    assert t.refused("cohort.ready", {"cohort_id": knight}).code == "already_readied"
    assert t.refused("cohort.focus", {"cohort_id": 42}).code == "unknown_cohort"
    assert t.refused("cohort.focus", {"cohort_id": "1"}).code == "bad_field"
    assert t.refused("cohort.focus", {"cohort_id": knight}, role="spectator").code == "spectator"
    assert t.state["actions_left"] == 1  # outside the Action count


def test_focus_and_ready_log_lines_name_the_cohort() -> None:
    t = started(ANN)
    knight = t.join(BOB, "Gaunt", 6, name="Grave Knight")
    t.do("cohort.focus", {"cohort_id": knight})
    assert t.line() == "Bob's Grave Knight is Focused: it counts 1."
    t.do("cohort.ready", {"cohort_id": knight})
    assert t.line() == "Bob's Grave Knight is Readied: it counts 6 again."


def test_join_and_leave_by_abilities_cost_no_action() -> None:
    t = started(ANN)
    body = t.do("cohort.join", {"seat_id": BOB, "type": "Olatha", "strength": 2, "note": "Stronghold"})
    assert t.horde(BOB) == [body["cohort"]] and t.state["actions_left"] == 1
    assert t.line() == "An Olatha cohort, strength 2, joins Bob's Horde (1 Cohort): Stronghold."
    boss = t.join(ANN, "Gaunt", 7, name="Warlord", commander=True, focused=True)
    assert (
        t.line()
        == "Warlord, a Gaunt Commander, strength 7, joins Ann's Horde, Focused (counts 1) (1 Cohort)."
    )
    t.do("cohort.leave", {"cohort_id": boss, "note": "Banish ability"})
    assert t.horde(ANN) == []
    assert (
        t.line()
        == "Ann's Warlord leaves the Horde to the side of the play area (0 Cohorts left): Banish ability."
    )
    t.do("cohort.leave", {"cohort_id": body["cohort"]["id"]})
    assert (
        t.line() == "Bob's Olatha cohort (strength 2) leaves the Horde to the discard pile (0 Cohorts left)."
    )
    assert t.refused("cohort.leave", {"cohort_id": boss}).code == "unknown_cohort"
    assert t.refused("cohort.join", {"seat_id": CAT, "type": "Gaunt", "strength": 1}).code == "unknown_seat"
    assert t.refused("cohort.join", {"type": "Gaunt", "strength": 1}, role="spectator").code == "spectator"
    assert t.state["actions_left"] == 1


def test_cohort_adjust_corrects_a_printed_strength_with_a_note() -> None:
    t = started(ANN)
    knight = t.join(ANN, "Gaunt", 4, name="Grave Knight")
    t.do("cohort.adjust", {"cohort_id": knight, "strength": 6, "note": "misread the card"})
    assert t.cohort(knight)["strength"] == 6
    assert t.line() == f"Ann's Grave Knight: Strength 4 {ARROW} 6 by hand: misread the card."
    assert t.refused("cohort.adjust", {"cohort_id": knight, "strength": 6, "note": "x"}).code == "no_change"
    assert t.refused("cohort.adjust", {"cohort_id": knight, "strength": 5}).code == "missing_field"
    assert (
        t.refused("cohort.adjust", {"cohort_id": knight, "strength": 5, "note": " "}).code == "missing_field"
    )
    refusal = t.refused("cohort.adjust", {"cohort_id": knight, "strength": 5, "note": "x"}, seat=BOB)
    assert refusal.code == "not_your_seat"
