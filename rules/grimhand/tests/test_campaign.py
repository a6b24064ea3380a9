"""Ante, initiative, event rolls, quest points and quest challenges (§7.1, §7.2, §9.1)."""

from __future__ import annotations

import random

import pytest

from rules.errors import RuleViolation
from rules.grimhand.campaign import (
    EventKind,
    ante_for_level,
    event_draws,
    gold_offering,
    initiative_leaders,
    next_initiative,
    pay_ante,
    quest_challenge,
    quest_points,
    reroll_quest_challenge,
    resolution_order,
    roll_events,
    roll_initiative,
    roll_quest_challenge,
    threat_manifestation_rank,
)
from rules.grimhand.cards import Affinity
from rules.grimhand.dice import DieFace

D = DieFace


def test_ante_grows_with_the_level_and_can_be_set() -> None:
    assert [ante_for_level(n) for n in range(1, 6)] == [1, 2, 3, 4, 5]
    assert ante_for_level(2, progression=[2, 4, 6]) == 4
    with pytest.raises(RuleViolation) as info:
        ante_for_level(0)
    assert info.value.code == "bad_level"


def test_paying_the_ante_or_being_defeated() -> None:
    assert pay_ante(10, 3).le == 7 and not pay_ante(10, 3).defeated
    assert pay_ante(3, 3).defeated  # LE <= ante cannot be paid
    assert pay_ante(2, 3).defeated
    assert pay_ante(4, 3).le == 1


class ScriptedDice(random.Random):
    """A random source returning scripted d6 results, to force initiative ties."""

    def __init__(self, *values: int) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        return self.values.pop(0)


def test_initiative_ties_reroll_among_the_tied_only() -> None:
    # a=6, b=6, c=2 -> a and b re-roll: 3, 5 -> b holds the token.
    result = roll_initiative(ScriptedDice(6, 6, 2, 3, 5), ["a", "b", "c"])
    assert result.holder == "b"
    assert result.rounds == ({"a": 6, "b": 6, "c": 2}, {"a": 3, "b": 5})
    assert initiative_leaders({"a": 4, "b": 4, "c": 1}) == ("a", "b")


def test_initiative_is_reproducible_and_passes_left() -> None:
    seats = ["a", "b", "c", "d"]
    assert roll_initiative(random.Random(8), seats) == roll_initiative(random.Random(8), seats)
    assert next_initiative(seats, "b") == "c"
    assert next_initiative(seats, "d") == "a"
    with pytest.raises(RuleViolation):
        next_initiative(seats, "z")


def test_event_roll_draws_on_affinity_or_wild() -> None:
    roll = event_draws([D.IRON, D.WILD, D.BLOOD, D.IRON], 4, Affinity.IRON)
    assert roll.draws == 3
    with pytest.raises(RuleViolation):
        event_draws([D.IRON], 4, Affinity.IRON)
    rolled = roll_events(random.Random(3), 5, Affinity.NATURE)
    assert len(rolled.dice) == 5
    assert rolled == roll_events(random.Random(3), 5, Affinity.NATURE)


def test_events_resolve_places_then_threats_then_npcs() -> None:
    events = [
        ("wolf", EventKind.THREAT),
        ("hermit", EventKind.NPC),
        ("ruin", EventKind.PLACE),
        ("grunt", EventKind.THREAT),
    ]
    ordered = resolution_order(events, lambda e: e[1])
    assert [name for name, _ in ordered] == ["ruin", "wolf", "grunt", "hermit"]


def test_quest_points_go_to_players_of_the_cards_affinity() -> None:
    assert quest_points(4, Affinity.BONE, Affinity.BONE) == 4
    assert quest_points(4, Affinity.BONE, Affinity.IRON) == 0


def test_quest_challenge_roll_reads_the_stature_column() -> None:
    assert quest_challenge([1, 1, 1, 1], "Novice").challenge == "Fate Roll"
    assert quest_challenge([6, 6, 6, 6], "Recruit").challenge == "Threat Manifestation"
    assert quest_challenge([3, 3, 3, 3], "Legendary").challenge == "Affinity Check"
    rolled = roll_quest_challenge(random.Random(6), "Adept")
    assert 4 <= rolled.total <= 24 and rolled.total == sum(rolled.dice)
    with pytest.raises(RuleViolation):
        quest_challenge([0, 1, 1, 1], "Adept")


def test_quest_challenge_reroll_costs_one_ap() -> None:
    _, ap = reroll_quest_challenge(random.Random(1), "Adept", ap=2)
    assert ap == 1
    with pytest.raises(RuleViolation) as info:
        reroll_quest_challenge(random.Random(1), "Adept", ap=0)
    assert info.value.code == "not_enough_ap"


def test_gold_offering_and_threat_manifestation_rank() -> None:
    assert gold_offering(3) == 15
    assert [threat_manifestation_rank(s) for s in ("Novice", "Adept", "Veteran", "Master", "Legend")] == [
        6,
        7,
        8,
        9,
        10,
    ]
