"""Corruption redemption and trophies (§13)."""

from __future__ import annotations

import random

import pytest

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity, parse_cards
from rules.grimhand.dice import DieFace
from rules.grimhand.endgame import (
    PlayerRecord,
    award_trophies,
    break_tie,
    draw_tie_break,
    redeem,
    redemption_successes,
)
from rules.grimhand.poker import evaluate

D = DieFace


def test_section_thirteen_redemption_example() -> None:
    # Three players roll 2, 4 and 3 successes: a pool of 9.
    result = redeem({"p4": 7, "p5": 12}, pool=2 + 4 + 3, order=["p4", "p5"])
    assert result.corruption == {"p4": 3, "p5": 7}
    assert result.still_corrupted == ("p5",)
    assert result.unused == 0


def test_redemption_order_is_the_players_choice_and_leftovers_are_kept() -> None:
    other_way = redeem({"p4": 7, "p5": 12}, pool=9, order=["p5", "p4"])
    assert other_way.corruption == {"p4": 7, "p5": 3}
    generous = redeem({"p4": 5}, pool=9, order=["p4"])
    assert generous.corruption == {"p4": 3} and generous.unused == 7
    with pytest.raises(RuleViolation):
        redeem({"p4": 5}, pool=1, order=["nobody"])


def test_wilds_do_not_count_for_redemption() -> None:
    dice = [D.WILD, D.WILD, D.NATURE, D.NATURE, D.IRON]
    assert redemption_successes(dice, Affinity.NATURE) == 2


def record(seat: str, xp: int, gold: int, quests: int, threats: int, hand: str | None) -> PlayerRecord:
    return PlayerRecord(seat, xp, gold, quests, threats, evaluate(parse_cards(hand)) if hand else None)


def test_trophies_with_ties_all_scoring() -> None:
    records = [
        record("ann", 500, 40, 2, 5, "7BL 7BO 3SH 3IR 9NA"),
        record("bob", 500, 10, 3, 5, "2BL 2BO 2SH 9IR 1NA"),
        record("cyd", 100, 40, 0, 1, None),
    ]
    result = award_trophies(records)
    assert result.awards == {
        "xp": ("ann", "bob"),
        "gold": ("ann", "cyd"),
        "quests": ("bob",),
        "threats": ("ann", "bob"),
        "equipment_hand": ("bob",),
    }
    assert result.trophies == {"ann": 1 + 1 + 2, "bob": 1 + 1 + 2 + 2, "cyd": 1}
    assert result.leaders == ("bob",)


def test_overall_tie_is_broken_by_five_drawn_cards() -> None:
    winners = break_tie(
        {"ann": parse_cards("1BL 1BO 5SH 6IR 9NA"), "bob": parse_cards("2BL 2BO 5BL 6BO 9SH")}
    )
    assert winners == ("bob",)
    drawn = draw_tie_break(random.Random(5), ["ann", "bob"])
    assert len(set(drawn["ann"]) | set(drawn["bob"])) == 10
    assert set(break_tie(drawn)) <= {"ann", "bob"}
