"""Grimwood's start, actions, draws and steals, the hand limit and the deck count.

Rulebook: Starting the Game, Turn Overview, Amulet, Rune, Alternate Modes of
Play; spec: Deck, Turn and end.
"""

from __future__ import annotations

from typing import Any

import pytest

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
        "3 cards dealt to each (deck 68 \u2192 58: 4 out, 6 dealt). "
        "Turn 0 \u2192 1: Ann goes first (Actions 0 \u2192 2)."
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
