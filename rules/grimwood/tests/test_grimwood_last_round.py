"""The last round, the end and the results.

Rulebook: Turn Overview ("The game ends when the last card is drawn"), Types
of Combos & Scoring; spec: Turn and end.
"""

from __future__ import annotations

import random

import pytest

from rules.engine import Actor
from rules.errors import RuleViolation
from rules.grimwood.tests.test_grimwood_support import ANN, BOB, CAT, DAN, RULES, Table, started

# --- the last round --------------------------------------------------------------------------------------


def test_the_last_card_drawn_gives_the_other_player_one_last_turn() -> None:
    t = started()
    assert t.state["deck"]["remaining"] == 58
    t.do("deck.set", {"remaining": 1, "note": "recount"})
    t.place(ANN, "Owl", "Owl", "Owl")
    t.hand(ANN, 0)
    body = t.do("turn.draw", {})
    assert body["last_round"] == {"started_by": ANN, "remaining_turns": 1}
    assert t.state["last_round"] == {"started_by": ANN, "remaining_turns": 1}
    assert (t.state["turn_seat_id"], t.state["deck"]["remaining"]) == (BOB, 0)
    assert t.line() == (
        "Ann draws a card and ends the turn (hand 0 \u2192 1; deck 1 \u2192 0). "
        "That was the last card: the last round begins, the other player has one last turn. "
        "Last round: 1 last turn to go. "
        "Turn 1 \u2192 2: Bob's turn (2 actions)."
    )
    assert t.refused("turn.draw", {}).code == "deck_empty"
    t.place(BOB, "Troll", "Elf", "Mage")
    t.hand(ANN, 2)
    body = t.do("turn.steal", {"victim_seat_id": ANN, "blocked_by_amulet": True})
    assert t.state["over"] and t.state["turn_seat_id"] is None
    assert t.state["winner_seat_ids"] == [ANN]
    assert body["turn_end"]["over"] and body["turn_end"]["winners"] == [ANN]
    assert t.line().endswith(
        "Last round: last turns to go 1 \u2192 0. The game is over: Ann wins with 10 points (Ann 10, Bob 5)."
    )
    assert t.refused("turn.draw", {}, seat=ANN).code == "game_over"
    assert t.refused("combo.place", {"cards": ["Giant"]}, seat=ANN).code == "game_over"


def test_the_last_round_gives_each_other_player_exactly_one_turn() -> None:
    """The last card drawn by a power mid-turn: the drawer finishes their turn, then each other player
    has exactly one turn, then the game ends."""
    t = started(ANN, BOB, CAT, DAN, start=BOB)
    t.do("deck.set", {"remaining": 2, "note": "recount"})
    t.do("turn.draw", {"via": "power", "count": 2})
    assert t.state["last_round"] == {"started_by": BOB, "remaining_turns": 3}
    assert "each of the 3 other players has one last turn" in t.line()
    assert t.state["turn_seat_id"] == BOB  # Bob's own turn goes on
    t.do("action.use", {"kind": "power"})
    turns = []
    t.do("turn.end", {})
    assert t.state["last_round"]["remaining_turns"] == 3  # the drawer's own turn does not count
    while not t.state["over"]:
        seat = t.state["turn_seat_id"]
        turns.append(seat)
        t.do("turn.end", {"note": "no cards left"})
    assert turns == [CAT, DAN, ANN]
    assert t.state["last_round"] == {"started_by": BOB, "remaining_turns": 0}
    assert t.state["winner_seat_ids"] == [ANN, BOB, CAT, DAN]  # nobody scored: a shared win


def test_turn_end_without_a_draw() -> None:
    t = started()
    body = t.do("turn.end", {"note": "Werewolf"})
    assert (body["skipped"], t.state["turn_seat_id"]) == (2, BOB)
    assert t.line() == "Ann's turn ends without a draw: Werewolf. Turn 1 \u2192 2: Bob's turn (2 actions)."


def test_deck_set_starts_and_calls_off_the_last_round() -> None:
    t = started(ANN, BOB, CAT)
    t.do("deck.set", {"remaining": 0, "note": "the last card went to the Dwarf"})
    assert t.state["last_round"] == {"started_by": ANN, "remaining_turns": 2}
    assert t.line() == (
        "Deck: 59 \u2192 0 cards by hand: the last card went to the Dwarf. The deck is empty: the last round "
        "begins, each of the 2 other players has one last turn."
    )
    t.do("deck.set", {"remaining": 3, "note": "miscounted"})
    assert t.state["last_round"] is None
    assert t.line().endswith("The last round is called off.")
    assert t.refused("deck.set", {"remaining": 3, "note": "x"}).code == "no_change"
    assert t.refused("deck.set", {"remaining": 69, "note": "x"}).code == "out_of_range"
    assert t.refused("deck.set", {"remaining": 2}).code == "missing_field"


# --- the end and the results -----------------------------------------------------------------------------


def finished(scores: dict[int, list[str]]) -> Table:
    """A game of the seats in ``scores``, each placing one combo, played to the end."""
    t = started(*scores)
    for seat, cards in scores.items():
        if cards:
            t.place(seat, *cards)
    t.do("deck.set", {"remaining": 0, "note": "end"})
    while not t.state["over"]:
        t.do("turn.end", {})
    return t


def test_results_rank_by_score() -> None:
    t = finished({ANN: ["Troll", "Elf"], BOB: ["Owl"] * 3, CAT: ["Swamp", "Path", "Clearing"]})
    rows = RULES.results(t.state)
    assert [(r["seat_id"], r["score"], r["place"], r["won"]) for r in rows] == [
        (BOB, 10, 1, True),
        (CAT, 5, 2, False),
        (ANN, 2, 3, False),
    ]
    assert rows[0]["details"]["combos"] == [
        {"label": "3 Owls", "kind": "animal", "cards": ["Owl"] * 3, "points": 10, "note": None}
    ]
    assert rows[0]["details"]["shared_win"] is False


def test_a_tie_is_a_shared_win_and_a_correction_after_the_end_decides_it() -> None:
    t = finished({ANN: ["Owl"] * 3, BOB: ["Crow"] * 3})
    rows = RULES.results(t.state)
    assert [(r["place"], r["won"], r["details"]["shared_win"]) for r in rows] == [(1, True, True)] * 2
    assert t.state["winner_seat_ids"] == [ANN, BOB]
    combo_id = t.combos(BOB)[0]["id"]
    t.do("combo.adjust", {"combo_id": combo_id, "points": 11, "note": "printed bonus"}, seat=BOB)
    assert t.state["winner_seat_ids"] == [BOB]
    assert t.line().endswith("Bob now wins.")
    assert [(r["seat_id"], r["place"], r["won"]) for r in RULES.results(t.state)] == [
        (BOB, 1, True),
        (ANN, 2, False),
    ]


def test_undo_of_the_last_turn_reopens_the_game() -> None:
    t = finished({ANN: ["Owl"] * 3, BOB: []})
    assert RULES.results(t.state)
    state = RULES.invert(t.state, t.log[-1], Actor(ANN, "host")).state
    assert not state["over"] and state["winner_seat_ids"] == [] and RULES.results(state) == []
    assert state["turn_seat_id"] == BOB


def test_the_apply_of_a_refused_command_changes_nothing_even_deep_inside() -> None:
    t = started()
    before = t.state
    with pytest.raises(RuleViolation):
        RULES.apply(
            before,
            "turn.steal",
            {"victim_seat_id": BOB, "via": "action"},
            Actor(BOB, "player"),
            random.Random(0),
        )
    assert before["players"][1]["hand"] == 3


def test_draw_and_steal_lines_by_a_power() -> None:
    t = started(ANN, BOB, CAT)
    t.do("turn.steal", {"victim_seat_id": CAT, "via": "power"})
    assert t.line() == "Ann steals a card from Cat by a power (Ann's hand 3 \u2192 4, Cat's 3 \u2192 2)."
    assert t.refused("turn.steal", {"victim_seat_id": ANN}, seat=BOB).code == "not_your_turn"
    assert t.refused("turn.end", {}, seat=CAT).code == "not_your_turn"
    assert t.refused("turn.end", {"skip": True}).code == "unknown_field"


def test_a_draw_as_an_action_may_take_the_last_card_and_the_turn_goes_on() -> None:
    t = started()
    t.do("deck.set", {"remaining": 1, "note": "recount"})
    t.do("turn.draw", {"via": "action"})
    assert t.state["last_round"] == {"started_by": ANN, "remaining_turns": 1}
    assert (t.state["turn_seat_id"], t.state["actions_left"]) == (ANN, 1)
    assert t.line() == (
        "Ann draws a card as an action (Actions 2 \u2192 1; hand 3 \u2192 4; deck 1 \u2192 0). "
        "That was the last card: the last round begins, the other player has one last turn."
    )
    t.do("turn.steal", {"victim_seat_id": BOB})
    assert t.state["last_round"]["remaining_turns"] == 1 and t.state["turn_seat_id"] == BOB
    t.do("turn.end", {})
    assert t.state["over"]
