"""Grimwood's start, actions, draws and steals, the hand limit, the deck count and the last round.

Rulebook: Starting the Game, Turn Overview, Amulet, Rune, Alternate Modes of
Play; spec: Deck, Turn and end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.engine import Actor
from rules.errors import RuleViolation
from rules.grimwood import GrimwoodRules
from rules.grimwood.tests.test_grimwood_support import ANN, BOB, CAT, DAN, NAMES, RULES, Table, started


def test_the_game_and_its_commands() -> None:
    assert (GrimwoodRules.game, GrimwoodRules.name) == ("grimwood", "Grimwood")
    assert RULES.commands() == sorted(
        [
            "game.start",
            "combo.place",
            "combo.add",
            "combo.move",
            "combo.swap",
            "combo.discard",
            "combo.take",
            "combo.adjust",
            "action.use",
            "turn.draw",
            "turn.steal",
            "turn.end",
            "hand.set",
            "actions.set",
            "deck.set",
        ]
    )
    assert Table().refused("turn.fly").code == "unknown_command"


def test_the_initial_state() -> None:
    assert RULES.initial_state({}) == {
        "deck": {"total": 68, "remaining": 68},
        "last_round": None,
        "turn_seat_id": None,
        "actions_left": 0,
        "turn": 0,
        "drawn": False,
        "over": False,
        "hand_limit": None,
        "players": [],
        "winner_seat_ids": [],
        "next_id": 1,
        "turn_order": "play_first",
        "supernaturals": "free",
    }
    assert RULES.results(RULES.initial_state()) == []


@pytest.mark.parametrize(
    ("seats", "total", "remaining"),
    [((ANN, BOB), 64, 58), ((ANN, BOB, CAT), 68, 59), ((ANN, BOB, CAT, DAN), 68, 56)],
)
def test_the_deck_count_at_the_start(seats: tuple[int, ...], total: int, remaining: int) -> None:
    """68 playable cards (74 minus 6 short rules), 64 with 2 players; 3 dealt to each."""
    t = started(*seats)
    assert t.state["deck"] == {"total": total, "remaining": remaining}
    assert [p["hand"] for p in t.state["players"]] == [3] * len(seats)
    assert [p["score"] for p in t.state["players"]] == [0] * len(seats)
    assert (t.state["turn_seat_id"], t.state["actions_left"], t.state["turn"]) == (seats[0], 2, 1)


def test_start() -> None:
    t = Table(seats=(ANN, BOB, CAT))
    body = t.do("game.start", {"start_seat_id": BOB}, seat=ANN)  # every seat at the table by default
    assert [p["seat_id"] for p in t.state["players"]] == [ANN, BOB, CAT]
    assert t.state["turn_seat_id"] == BOB
    assert RULES.describe("game.started", body, NAMES) == (
        "The game starts with Ann, Bob and Cat. 3 cards dealt to each (deck 68 \u2192 59). "
        "Turn 0 \u2192 1: Bob goes first (Actions 0 \u2192 2)."
    )
    t2 = started()
    assert t2.line() == (
        "The game starts with Ann and Bob. 2 players: 2 Runes and 2 Amulets out (deck total 68 \u2192 64). "
        "3 cards dealt to each (deck 68 \u2192 58). Turn 0 \u2192 1: Ann goes first (Actions 0 \u2192 2)."
    )
    assert t.refused("game.start", {}).code == "already_started"
    t = Table(seats=(ANN, BOB, CAT))
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"seat_ids": [ANN]}, "player_count", "seat_ids"),
        ({"seat_ids": [ANN, ANN]}, "bad_field", "seat_ids"),
        ({"seat_ids": [ANN, "2"]}, "bad_field", "seat_ids"),
        ({"seat_ids": [ANN, 9]}, "unknown_seat", "seat_ids"),
        ({"seat_ids": [BOB, CAT]}, "not_a_player", "start_seat_id"),
        ({"start_seat_id": True}, "bad_field", "start_seat_id"),
        ({"players": 3}, "unknown_field", "players"),
    ]
    for payload, code, field in cases:
        refusal = t.refused("game.start", payload, seat=ANN)
        assert (refusal.code, refusal.extra["field"]) == (code, field)
    assert t.refused("game.start", {}, role="spectator").code == "spectator"
    assert t.refused("game.start", "x").code == "bad_payload"


def test_nothing_happens_before_the_start() -> None:
    t = Table()
    for command, payload in [
        ("combo.place", {"cards": ["Owl"] * 3}),
        ("turn.draw", {}),
        ("hand.set", {"count": 4}),
        ("action.use", {"kind": "power"}),
    ]:
        assert t.refused(command, payload).code == "not_started"


# --- actions ---------------------------------------------------------------------------------------------


def test_two_actions_a_turn_and_a_rune_grants_two_more() -> None:
    t = started()
    body = t.do("action.use", {"card": "Troll"})
    assert (t.state["actions_left"], body["kind"]) == (1, "play")  # a card played by default
    assert (
        t.line() == "Ann plays Troll, a new combo: 1 point (Actions 2 \u2192 1; hand 3 \u2192 2). "
        "Score: Ann 0 \u2192 1."
    )
    t.do("action.use", {"kind": "power", "note": "Hydra"})
    assert t.line() == "Ann uses a power (Actions 1 \u2192 0): Hydra."
    refusal = t.refused("action.use", {"kind": "rune"})
    assert refusal.code == "no_actions_left"
    t = started()
    t.do("action.use", {"kind": "Rune"})
    assert (t.state["actions_left"], t.player(ANN)["hand"]) == (3, 2)  # 2 - 1 + 2; the Rune left the hand
    assert t.line() == "Ann plays a Rune: 2 more actions (Actions 2 \u2192 3; hand 3 \u2192 2)."
    for _ in range(3):
        t.do("action.use", {"kind": "power"})
    assert t.refused("action.use", {"kind": "power"}).code == "no_actions_left"
    assert t.refused("action.use", {"kind": "dance"}).code == "bad_field"


def test_a_rune_must_come_from_a_hand() -> None:
    t = started()
    t.hand(ANN, 0)
    assert t.refused("action.use", {"kind": "rune"}).code == "not_in_hand"


def test_only_the_turn_player_acts() -> None:
    t = started()
    assert t.refused("action.use", {"kind": "power"}, seat=BOB).code == "not_your_turn"
    assert t.refused("turn.draw", {}, seat=BOB).code == "not_your_turn"
    assert t.refused("turn.draw", {}, seat=ANN, role="spectator").code == "spectator"
    t.do("action.use", {"kind": "power"}, seat=BOB, role="host")  # the host acts for the turn player
    t.do("action.use", {"kind": "power"}, seat=BOB, everyone_edits=True)
    assert t.state["actions_left"] == 0


def test_actions_set_by_hand() -> None:
    t = started()
    t.do("actions.set", {"actions_left": 4, "note": "Elf reactivates a Rune"})
    assert t.state["actions_left"] == 4
    assert t.line() == "Ann's actions left: 2 \u2192 4 by hand: Elf reactivates a Rune."
    assert t.refused("actions.set", {"actions_left": 4, "note": "x"}).code == "no_change"
    assert t.refused("actions.set", {"actions_left": 4}).code == "missing_field"
    assert t.refused("actions.set", {"actions_left": 2.0, "note": "x"}).code == "bad_field"


# --- drawing ---------------------------------------------------------------------------------------------


def test_a_draw_closes_the_turn() -> None:
    t = started()
    body = t.do("turn.draw", {})
    assert t.player(ANN)["hand"] == 4 and t.state["deck"]["remaining"] == 57
    assert (t.state["turn_seat_id"], t.state["actions_left"], t.state["turn"]) == (BOB, 2, 2)
    assert body["turn_end"]["next_seat_id"] == BOB
    assert t.line() == (
        "Ann draws a card and ends the turn (hand 3 \u2192 4; deck 58 \u2192 57). "
        "Turn 1 \u2192 2: Bob's turn (2 actions)."
    )
    t.do("turn.draw", {})
    assert t.state["turn_seat_id"] == ANN  # round the table


def test_draws_as_an_action_or_by_a_power_do_not_close_the_turn() -> None:
    t = started()
    t.do("turn.draw", {"via": "action"})
    assert (t.state["turn_seat_id"], t.state["actions_left"], t.player(ANN)["hand"]) == (ANN, 1, 4)
    assert (
        t.line() == "Ann draws a card as an action (Actions 2 \u2192 1; hand 3 \u2192 4; deck 58 \u2192 57)."
    )
    t.do("turn.draw", {"via": "power", "count": 2})  # the Mage
    assert (t.state["actions_left"], t.player(ANN)["hand"], t.state["deck"]["remaining"]) == (1, 6, 55)
    assert t.line() == "Ann draws 2 cards by a power (hand 4 \u2192 6; deck 57 \u2192 55)."
    t.do("turn.draw", {"via": "action"})
    assert t.refused("turn.draw", {"via": "action"}).code == "no_actions_left"
    refusal = t.refused("turn.draw", {"count": 2})
    assert (refusal.code, refusal.extra["field"]) == ("bad_field", "count")
    assert t.refused("turn.draw", {"via": "power", "count": 0}).code == "out_of_range"
    assert t.refused("turn.draw", {"via": "power", "count": "2"}).code == "bad_field"
    assert t.refused("turn.draw", {"via": "magic"}).code == "bad_field"


def test_drawing_more_than_the_deck_holds_is_refused() -> None:
    t = started()
    t.do("deck.set", {"remaining": 1, "note": "counted"})
    refusal = t.refused("turn.draw", {"via": "power", "count": 2})
    assert (refusal.code, refusal.extra["remaining"]) == ("not_enough_cards", 1)
    assert refusal.message == "Only 1 card is left in the deck."


# --- stealing --------------------------------------------------------------------------------------------


def test_a_steal_closes_the_turn_and_needs_two_cards_in_the_victims_hand() -> None:
    t = started()
    body = t.do("turn.steal", {"victim_seat_id": BOB})
    assert (t.player(ANN)["hand"], t.player(BOB)["hand"], t.state["turn_seat_id"]) == (4, 2, BOB)
    assert body["turn_end"]["next_seat_id"] == BOB
    assert t.line() == (
        "Ann steals a card from Bob and ends the turn (Ann's hand 3 \u2192 4, Bob's 3 \u2192 2). "
        "Turn 1 \u2192 2: Bob's turn (2 actions)."
    )
    t.hand(ANN, 1)
    refusal = t.refused("turn.steal", {"victim_seat_id": ANN})
    assert (refusal.code, refusal.extra["hand"]) == ("hand_too_small", 1)
    assert t.refused("turn.steal", {"victim_seat_id": BOB}).code == "self_steal"
    assert t.refused("turn.steal", {}).code == "missing_field"
    assert t.refused("turn.steal", {"victim_seat_id": CAT}).code == "unknown_seat"
    assert t.refused("turn.steal", {"victim_seat_id": ANN, "blocked_by_amulet": "yes"}).code == "bad_field"


def test_an_amulet_blocks_a_steal_and_ends_the_thiefs_turn() -> None:
    t = started()
    t.do("turn.steal", {"victim_seat_id": BOB, "via": "action", "blocked_by_amulet": True})
    assert (t.player(ANN)["hand"], t.player(BOB)["hand"]) == (3, 2)  # the Amulet is discarded
    assert t.state["turn_seat_id"] == BOB  # Ann loses the rest of her turn
    assert t.line() == (
        "Ann tries to steal from Bob as an action (Actions 2 \u2192 1), but Bob's Amulet blocks it "
        "(Bob's hand 3 \u2192 2): Ann loses the rest of the turn. "
        "Turn 1 \u2192 2: Bob's turn (Actions 1 \u2192 2)."
    )


def test_an_amulet_blocks_only_one_steal_of_a_power() -> None:
    t = started(ANN, BOB, CAT)
    t.hand(BOB, 4)
    t.do("action.use", {"kind": "power", "note": "Dracula"})
    t.do("turn.steal", {"victim_seat_id": BOB, "via": "power", "blocked_by_amulet": True})
    assert (t.state["turn_seat_id"], t.player(ANN)["hand"], t.player(BOB)["hand"]) == (ANN, 3, 3)
    assert t.line() == (
        "Ann tries to steal from Bob by a power, but Bob's Amulet blocks it (Bob's hand 4 \u2192 3); "
        "only this steal, the turn goes on."
    )
    t.do("turn.steal", {"victim_seat_id": BOB, "via": "power"})
    assert (t.state["turn_seat_id"], t.state["actions_left"], t.player(ANN)["hand"]) == (ANN, 1, 4)
    t.do("turn.steal", {"victim_seat_id": CAT, "via": "action"})
    assert (t.state["actions_left"], t.player(ANN)["hand"], t.player(CAT)["hand"]) == (0, 5, 2)
    assert t.refused("turn.steal", {"victim_seat_id": BOB, "via": "action"}).code == "no_actions_left"


# --- the hand limit --------------------------------------------------------------------------------------


def test_a_hand_over_seven_at_the_end_of_the_turn_is_flagged_and_discarded_down_to_seven() -> None:
    t = started()
    t.hand(ANN, 7)
    t.do("turn.draw", {"via": "power", "count": 2})
    assert t.player(ANN)["hand"] == 9  # over the limit during the turn is fine
    body = t.do("turn.draw", {})
    assert body["turn_end"]["hand_limit"] == {"seat_id": ANN, "hand": 10, "discard": 3}
    assert t.state["hand_limit"] == {"seat_id": ANN, "hand": 10, "discard": 3}
    assert t.player(ANN)["hand"] == 7
    assert t.line().endswith(
        "Ann holds 10 cards: discards 3 down to 7 (hand 10 \u2192 7). "
        "Turn 1 \u2192 2: Bob's turn (2 actions)."
    )
    t.do("turn.draw", {})
    assert t.state["hand_limit"] is None  # the next turn ended within the limit


def test_a_hand_of_exactly_seven_is_fine() -> None:
    t = started()
    t.hand(ANN, 6)
    body = t.do("turn.draw", {})
    assert body["turn_end"]["hand_limit"] is None and t.player(ANN)["hand"] == 7
    t.do("turn.draw", {})  # Bob's turn
    body = t.do("turn.draw", {})  # an eighth card: one over
    assert body["turn_end"]["hand_limit"] == {"seat_id": ANN, "hand": 8, "discard": 1}
    assert t.player(ANN)["hand"] == 7


def test_hand_set() -> None:
    t = started()
    body = t.do("hand.set", {"count": 5, "note": "Amazon"})
    assert t.player(ANN)["hand"] == 5 and (body["before"], body["after"]) == (3, 5)
    assert t.line() == "Ann's hand: 3 \u2192 5 cards by hand: Amazon."
    assert t.refused("hand.set", {"count": 5}).code == "no_change"
    assert t.refused("hand.set", {"count": -1}).code == "out_of_range"
    assert t.refused("hand.set", {"count": True}).code == "bad_field"
    assert t.refused("hand.set", {"count": "4"}).code == "bad_field"
    assert t.refused("hand.set", {"count": 4, "seat_id": BOB}).code == "not_your_seat"
    t.do("hand.set", {"count": 4}, seat=BOB)  # on anyone's turn
    t.do("hand.set", {"count": 4, "seat_id": ANN}, seat=BOB, role="host")
    assert (t.player(ANN)["hand"], t.player(BOB)["hand"]) == (4, 4)


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
