"""Bluffing and an illegal card at the reveal (rulebook 8: Bluffing, How to bluff)."""

from __future__ import annotations

from rules.grimterra.tests.test_grimterra_support import ANN, BOB, CAT, fighting, started, table


def test_either_fighter_may_bluff_in_any_round_of_the_combat() -> None:
    """ "You may bluff at any time during combat": the attacker's player and the target's, every round."""
    t, _ = fighting()
    t.do("card.bluff", {}, seat=ANN)
    t.do("combat.round_end", {})
    t.do("card.bluff", {}, seat=BOB)
    t.do("combat.round_end", {})
    t.do("card.bluff", {}, seat=ANN)
    assert (t.player(ANN)["hand"], t.player(ANN)["discard"]) == (3, 2)
    assert (t.player(BOB)["hand"], t.player(BOB)["discard"]) == (4, 1)
    assert t.refused("card.bluff", {}, seat=BOB, role="spectator").code == "spectator"


def test_a_bluff_is_only_during_combat_and_only_by_its_fighters() -> None:
    t, _ = started()
    assert t.refused("card.bluff", {}).code == "not_in_combat"
    t3, ids3 = table()
    t3.add("Ash", ["Intellectus"], 3, 6, CAT, position="arena")
    t3.add("Bly", ["Intellectus"], 3, 6, CAT)
    t3.add("Cor", ["Intellectus"], 3, 6, CAT)
    t3.do("game.start", {"seat_id": ANN})
    t3.do("turn.next", {})
    t3.do("combat.start", {"attacker_id": ids3["vex"], "target_id": ids3["kel"]})
    refusal = t3.refused("card.bluff", {"seat_id": CAT}, seat=CAT)
    assert (refusal.code, refusal.extra["field"]) == ("not_in_this_combat", "seat_id")


def test_a_bluffed_card_stays_face_down_so_the_companion_never_names_it() -> None:
    """ "Your card remains face down, even after it is placed in your Discard Pile"; "You may bluff
    with any card": the bluff takes no card, so neither its name nor its Fate is ever asked or shown."""
    t, _ = fighting()
    refusal = t.refused("card.bluff", {"card": "Fireball"})
    assert (refusal.code, refusal.extra["field"]) == ("unknown_field", "card")
    t.do("card.bluff", {})
    assert "Fireball" not in t.line() and "face down" in t.line()


def test_bluffing_gets_rid_of_cards_drawn_back_at_the_next_turn() -> None:
    """The first reason to bluff: "get rid of cards so you can draw new ones on the next turn"."""
    t, _ = fighting(deck=20)
    t.do("card.bluff", {}, seat=BOB)
    t.do("card.bluff", {}, seat=BOB)
    t.do("combat.end", {"note": "Smoke Bomb"})
    t.phase("discard")
    body = t.do("turn.next", {})
    assert t.player(BOB)["hand"] == 5 and t.player(BOB)["deck"] == 13
    assert {"seat_id": BOB, "drew": 2, "hand": 5, "deck": 13, "empty": False} in body["draws"]


def test_an_illegal_card_revealed_is_discarded_and_the_other_card_triggers() -> None:
    """ "If an illegal card is revealed (ex. Spells, Equipment, Fate color not met), then it is
    discarded and the other player may change or retract his or her card. In addition, his or her
    card effects will automatically trigger for that round.\""""
    t, ids = fighting()
    # Vex (Fortutidas 3) cannot play an Intellectus card: the check refuses it ...
    attack = {"hero_id": ids["vex"], "kind": "attack", "fate": "Intellectus", "requirement": 1}
    assert t.refused("card.use", attack).code == "wrong_fate"
    # ... and the card already revealed on the table is discarded.
    body = t.do("card.illegal", {"card": "Mind Spike"})
    assert (t.player(ANN)["hand"], t.player(ANN)["discard"]) == (4, 1)
    assert body["other_seat_id"] == BOB
    assert t.line() == (
        "Ann revealed an illegal card, Mind Spike: it is discarded (hand 5 → 4, discard pile 0 → 1); "
        "Bob may change or retract their card, and its effects trigger this round."
    )
    assert t.refused("card.illegal", {"seat_id": CAT}, seat=CAT).code in (
        "not_a_player",
        "not_in_this_combat",
    )
    t2, _ = started()
    assert t2.refused("card.illegal", {}).code == "not_in_combat"
