"""Whose turn it is, enforced: combos and cards are played on their player's own turn, from the hand.

Rulebook, Starting the Game: "Every turn, a player can do up to 2 actions
and/or place 1 or more combos"; Turn Overview, Action A: "Play 1 card. You
can only play a supernatural or a rune. When playing a supernatural, place
it in front of you"; Action B: "Anytime during the turn, you can place a
combo(s)". A card may say otherwise: ``card_allows: true`` (with an optional
note) lets a combo be placed or a card be added out of turn, and the log
line says so (issue #31).
"""

from __future__ import annotations

from rules.grimwood.tests.test_grimwood_support import ANN, BOB, CAT, started


def test_a_combo_is_placed_only_on_its_players_own_turn() -> None:
    """Action B: combos are placed "anytime during the turn", the placer's own turn."""
    t = started()
    refusal = t.refused("combo.place", {"cards": ["Owl", "Owl", "Owl"]}, seat=BOB)
    assert (refusal.code, refusal.extra["field"], refusal.extra["turn_seat_id"]) == (
        "out_of_turn",
        "card_allows",
        ANN,
    )
    assert "own turn" in refusal.message and "a card allows it" in refusal.message.casefold()
    # The host placing for Bob on Ann's turn is out of turn just the same.
    assert t.refused("combo.place", {"cards": ["Troll"], "seat_id": BOB}, seat=ANN, role="host").code == (
        "out_of_turn"
    )
    t.do("combo.place", {"cards": ["Owl", "Owl", "Owl"]}, seat=ANN)  # Ann's own turn
    t.do("turn.draw", {})
    t.do("combo.place", {"cards": ["Troll"]}, seat=BOB)  # now Bob's
    assert t.refused("combo.place", {"cards": ["Elf"]}, seat=ANN).code == "out_of_turn"


def test_a_card_is_added_to_a_combo_only_on_its_holders_own_turn() -> None:
    """Action A: a supernatural is played (placed in front of its player) on that player's turn."""
    t = started()
    t.do("turn.draw", {})
    troll = t.place(BOB, "Troll")
    t.do("turn.draw", {})  # Ann's turn again
    refusal = t.refused("combo.add", {"combo_id": troll, "card": "Elf"}, seat=BOB)
    assert (refusal.code, refusal.extra["field"]) == ("out_of_turn", "card_allows")
    assert t.refused("combo.add", {"combo_id": troll, "card": "Elf"}, seat=ANN, role="host").code == (
        "out_of_turn"
    )


def test_a_card_that_allows_it_lets_a_combo_be_placed_out_of_turn_and_the_log_says_so() -> None:
    """The printed card wins: a card that allows placing out of turn is named in the log line."""
    t = started(ANN, BOB, CAT)
    body = t.do(
        "combo.place", {"cards": ["Crow", "Crow", "Crow"], "card_allows": True, "note": "Laraki"}, seat=BOB
    )
    assert body["card_allows"] == {"note": "Laraki"}
    assert t.score(BOB) == 10 and t.player(BOB)["hand"] == 0
    assert t.line() == (
        "Bob scores a combo of 3 Crows on Ann's turn, a card allows it (Laraki): 10 points "
        "(hand 3 \u2192 0). Score: Bob 0 \u2192 10."
    )
    t.hand(CAT, 4)
    elf = t.do("combo.place", {"cards": ["Elf"], "card_allows": True}, seat=CAT)["combo"]["id"]
    assert t.line().startswith("Cat scores a combo of 1 supernatural (Elf) on Ann's turn, a card allows it:")
    t.do("combo.add", {"combo_id": elf, "card": "Troll", "card_allows": True}, seat=CAT)
    assert t.line().startswith(
        "Cat adds Troll to a combo on Ann's turn, a card allows it: now 2 supernaturals"
    )
    # On one's own turn the flag changes nothing and the line does not mention it.
    t.do("combo.place", {"cards": ["Giant"], "card_allows": True}, seat=ANN)
    assert "allows" not in t.line()
    t.do("combo.place", {"cards": ["Mage"], "note": "from the Centaur"}, seat=ANN)
    assert t.line().startswith("Ann scores a combo of 1 supernatural (Mage) (from the Centaur): 1 point")
    bad = t.refused("combo.place", {"cards": ["Mage"], "card_allows": "yes"}, seat=BOB)
    assert (bad.code, bad.extra["field"]) == ("bad_field", "card_allows")


def test_placing_a_combo_is_free_not_an_action() -> None:
    """Action B: "Placing combos do not count as actions"."""
    t = started()
    t.hand(ANN, 7)
    troll = t.place(ANN, "Troll")
    t.place(ANN, "Owl", "Owl", "Owl")
    t.do("combo.add", {"combo_id": troll, "card": "Elf"})
    assert t.state["actions_left"] == 2


def test_playing_a_card_takes_it_from_the_hand_into_a_combo() -> None:
    """Action A: "Play 1 card ... When playing a supernatural, place it in front of you to start building
    a supernatural combo": one action, one card from the hand, in the log as before -> after."""
    t = started()
    body = t.do("action.use", {"kind": "play", "card": "Dark Unicorn"})
    assert (t.state["actions_left"], t.player(ANN)["hand"], t.score(ANN)) == (1, 2, 1)
    assert body["combo"]["cards"] == ["Dark Unicorn"]
    assert t.line() == (
        "Ann plays Dark Unicorn, a new combo: 1 point (Actions 2 \u2192 1; hand 3 \u2192 2). "
        "Score: Ann 0 \u2192 1."
    )
    # The rulebook's example: "place the Dark Unicorn with the Giant and the Nymph".
    t = started()
    t.hand(ANN, 5)
    pair = t.place(ANN, "Nymph", "Giant")
    t.do("action.use", {"kind": "play", "card": "Dark Unicorn", "combo_id": pair})
    assert t.combo(pair)["cards"] == ["Nymph", "Giant", "Dark Unicorn"] and t.score(ANN) == 5
    assert t.line() == (
        "Ann plays Dark Unicorn into a combo: now 3 supernaturals (Nymph, Giant, Dark Unicorn), "
        "points 2 \u2192 5 (Actions 2 \u2192 1; hand 3 \u2192 2). Score: Ann 2 \u2192 5."
    )


def test_playing_a_card_from_an_empty_hand_is_refused() -> None:
    """A card is played from the hand: an empty hand has nothing to play."""
    t = started()
    t.hand(ANN, 0)
    refusal = t.refused("action.use", {"kind": "play", "card": "Troll"})
    assert (refusal.code, refusal.extra["field"], refusal.extra["hand"]) == ("not_in_hand", "card", 0)
    assert "hand.set" in refusal.message


def test_only_a_supernatural_or_a_rune_is_played() -> None:
    """Action A: "You can only play a supernatural or a rune"; the card is named."""
    t = started()
    refusal = t.refused("action.use", {"kind": "play", "card": "Owl"})
    assert (refusal.code, refusal.extra["field"]) == ("not_playable", "card")
    assert "supernatural or a Rune" in refusal.message
    refusal = t.refused("action.use", {"kind": "play"})
    assert (refusal.code, refusal.extra["field"]) == ("missing_field", "card")
    t.do("action.use", {"kind": "play", "card": "Rune"})  # a Rune named is a Rune played
    assert (t.state["actions_left"], t.player(ANN)["hand"]) == (3, 2)


def test_a_card_is_played_into_the_players_own_open_combo_only() -> None:
    """A supernatural joins its player's own supernatural combo of fewer than 5, never the Dragon's."""
    t = started()
    t.hand(ANN, 7)
    owls = t.place(ANN, "Owl", "Owl", "Owl")
    dragon = t.place(ANN, "Dragon")
    t.do("turn.draw", {})
    bobs = t.place(BOB, "Troll")
    t.do("turn.draw", {})
    cases = [
        (owls, "not_a_supernatural_combo"),
        (dragon, "frozen"),
        (bobs, "not_your_combo"),
        (99, "unknown_combo"),
    ]
    for combo_id, code in cases:
        refusal = t.refused("action.use", {"kind": "play", "card": "Elf", "combo_id": combo_id})
        assert (refusal.code, refusal.extra["field"]) == (code, "combo_id")
    assert t.refused("action.use", {"kind": "play", "card": "Troll"}).code == "card_on_table"
    assert t.refused("action.use", {"kind": "power", "card": "Elf"}).code == "bad_field"


def test_only_the_turn_player_plays_a_card() -> None:
    """Cards are played on one's own turn: another seat's play is refused; the host acts for the turn."""
    t = started()
    assert t.refused("action.use", {"kind": "play", "card": "Troll"}, seat=BOB).code == "not_your_turn"
    t.do("action.use", {"kind": "play", "card": "Troll"}, seat=BOB, role="host")
    assert t.combos(ANN)[0]["cards"] == ["Troll"] and t.combos(BOB) == []
