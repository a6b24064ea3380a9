"""Whose turn it is and who comes next (rules/turns.py), for every game that takes turns."""

from __future__ import annotations

import random

import pytest

from rules.engine import Actor, NotAllowed
from rules.errors import RuleViolation
from rules.game import Ctx
from rules.ops import Recorder
from rules.turns import begin_turn, next_seat, refuse_when_over, turn_player

ANN, BOB, CAT = 1, 2, 3


def test_the_turns_player_the_host_or_everyone_when_allowed_may_act_for_the_seat() -> None:
    assert turn_player(Actor(ANN, "player"), ANN) == ANN
    assert turn_player(Actor(BOB, "host"), ANN) == ANN
    assert turn_player(Actor(BOB, "player", everyone_edits=True), ANN) == ANN


def test_another_player_is_refused_in_words_that_fit_the_table() -> None:
    with pytest.raises(NotAllowed) as info:
        turn_player(Actor(BOB, "player"), ANN)
    assert (info.value.code, info.value.extra) == ("not_your_turn", {"turn_seat_id": ANN})
    assert info.value.message.startswith("It is another player's turn.")
    with pytest.raises(NotAllowed) as info:
        turn_player(Actor(BOB, "player"), ANN, two_players=True)
    assert info.value.message.startswith("It is the other player's turn.")
    with pytest.raises(NotAllowed) as info:
        turn_player(Actor(BOB, "spectator", everyone_edits=True), ANN)
    assert info.value.code == "spectator"


def test_the_next_seat_goes_round_the_table_skipping_players_who_are_out() -> None:
    players = [
        {"seat_id": ANN, "lost": False},
        {"seat_id": BOB, "lost": True},
        {"seat_id": CAT, "lost": False},
    ]
    assert next_seat(players, ANN) == BOB
    assert next_seat(players, CAT) == ANN
    assert next_seat(players, ANN, out=lambda p: bool(p["lost"])) == CAT
    assert next_seat(players, None) == ANN
    alone = [{"seat_id": ANN, "lost": False}, {"seat_id": BOB, "lost": True}]
    assert next_seat(alone, ANN, out=lambda p: bool(p["lost"])) == ANN
    assert next_seat([{"seat_id": ANN, "lost": True}], ANN, out=lambda p: bool(p["lost"])) is None


def test_a_turn_begins_with_its_seat_actions_and_count() -> None:
    state = {"turn_seat_id": ANN, "actions_left": 0, "turn": 4}
    ctx = Ctx(state, Actor(ANN, "player"), random.Random(0), Recorder(state))
    begin_turn(ctx, BOB, 2)
    assert state == {"turn_seat_id": BOB, "actions_left": 2, "turn": 5}
    begin_turn(ctx, CAT, 1, number=1)
    assert state == {"turn_seat_id": CAT, "actions_left": 1, "turn": 1}
    assert [op["path"] for op in ctx.rec.ops][:3] == [["turn_seat_id"], ["actions_left"], ["turn"]]


def test_once_the_game_is_decided_play_stops_with_its_words() -> None:
    refuse_when_over(False, "unused")
    with pytest.raises(RuleViolation) as info:
        refuse_when_over(True, "The game is over: undo the last change to play on.")
    assert (info.value.code, info.value.message) == (
        "game_over",
        "The game is over: undo the last change to play on.",
    )
    with pytest.raises(RuleViolation) as info:
        refuse_when_over(True, "The match is over.", "match_over")
    assert info.value.code == "match_over"
