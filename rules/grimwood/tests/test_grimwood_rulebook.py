"""The rules the audit of issue #31 found untested: the hand limit at a turn's end, steals and the
Amulet, the last round and the Dragon's freeze, each quoted from the rulebook it proves."""

from __future__ import annotations

from rules.grimwood.cards import SUPERNATURALS, deck_counts
from rules.grimwood.tests.test_grimwood_support import ANN, BOB, CAT, started

A = "\u2192"

# --- the hand limit (Starting the Game; Spielstart) ------------------------------------------------------


def test_the_hand_limit_applies_however_the_turn_ends() -> None:
    """Starting the Game: "Players can have a max of 7 cards in their hand. If they have more than that,
    they must discard their cards down to 7 by the end of their turn." A steal, a blocked steal and an
    end without a draw close the turn as a draw does."""
    t = started(ANN, BOB, CAT)
    t.hand(ANN, 8)
    body = t.do("turn.steal", {"victim_seat_id": BOB})
    assert body["turn_end"]["hand_limit"] == {"seat_id": ANN, "hand": 9, "discard": 2}
    assert t.player(ANN)["hand"] == 7
    t.hand(BOB, 9)
    body = t.do("turn.steal", {"victim_seat_id": CAT, "blocked_by_amulet": True})
    assert (body["turn_end"]["hand_limit"]["discard"], t.player(BOB)["hand"]) == (2, 7)
    t.hand(CAT, 12)
    t.do("turn.end", {"note": "Werewolf"})
    assert t.player(CAT)["hand"] == 7
    assert t.line().endswith(
        f"Cat holds 12 cards: discards 5 down to 7 (hand 12 {A} 7). Turn 3 {A} 4: Ann's turn (2 actions)."
    )


def test_the_hand_limit_is_the_turn_players_own() -> None:
    """ "by the end of their turn": a hand over 7 waits for its own player's turn to end."""
    t = started()
    t.hand(BOB, 9)  # Bob was given cards on Ann's turn
    t.do("turn.draw", {})
    assert t.player(BOB)["hand"] == 9 and t.state["hand_limit"] is None
    t.do("turn.draw", {})  # Bob's own turn ends: 10 cards, 3 discarded
    assert t.player(BOB)["hand"] == 7
    assert t.state["hand_limit"] == {"seat_id": BOB, "hand": 10, "discard": 3}


# --- steals and the Amulet (Action C; Amulet; 3.) Beende deinen Spielzug) ---------------------------------


def test_a_steal_is_from_a_hand_of_two_or_more_however_it_is_made() -> None:
    """Stehlen: "Stehlen ist nur von der Hand eines Spielers möglich der zwei oder mehr Karten auf der
    Hand hat" (only from a hand of two or more cards): by a power and as an action too."""
    t = started()
    t.hand(BOB, 1)
    for via in ("turn", "action", "power"):
        refusal = t.refused("turn.steal", {"victim_seat_id": BOB, "via": via})
        assert (refusal.code, refusal.extra["field"], refusal.extra["hand"]) == (
            "hand_too_small",
            "victim_seat_id",
            1,
        )


def test_a_steal_takes_from_the_hand_never_from_the_combos() -> None:
    """Action C: "Steal: pick randomly 1 card from another player's hand (not from his/her combos)"."""
    t = started(start=BOB)
    t.place(ANN, "Owl", "Owl", "Owl")
    t.hand(ANN, 3)
    combos = [dict(c) for c in t.combos(ANN)]
    t.do("turn.steal", {"victim_seat_id": ANN}, seat=BOB)
    assert (t.player(ANN)["hand"], t.player(BOB)["hand"]) == (2, 4)
    assert t.combos(ANN) == combos and t.score(ANN) == 10


def test_an_amulet_blocks_the_closing_steal_the_thief_gets_nothing() -> None:
    """Amulet: "Play to block any 1 steal from your hand. Discard after use. The player who tries to
    steal loses his/her turn"; 3.) "Ein Amulett beendet den Spielzug und der Dieb geht leer aus"."""
    t = started()
    body = t.do("turn.steal", {"victim_seat_id": BOB, "blocked_by_amulet": True})
    assert body["blocked"] and (t.player(ANN)["hand"], t.player(BOB)["hand"]) == (3, 2)
    assert t.state["turn_seat_id"] == BOB
    assert t.line() == (
        f"Ann tries to steal from Bob, but Bob's Amulet blocks it (Bob's hand 3 {A} 2): Ann loses the rest "
        f"of the turn. Turn 1 {A} 2: Bob's turn (2 actions)."
    )


def test_an_amulet_blocks_one_steal_of_a_power_and_each_amulet_one_more() -> None:
    """Amulet: "If a player steals using a supernatural's power, you can block 1 steal per amulet, but the
    player's turn proceeds as usual" (the Goblins steal 3: two Amulets block two of them)."""
    t = started(ANN, BOB, CAT)
    t.hand(BOB, 5)
    t.do("action.use", {"kind": "power", "note": "Goblins"})
    t.do("turn.steal", {"victim_seat_id": BOB, "via": "power", "blocked_by_amulet": True})
    t.do("turn.steal", {"victim_seat_id": BOB, "via": "power", "blocked_by_amulet": True})
    t.do("turn.steal", {"victim_seat_id": BOB, "via": "power"})
    assert (t.player(ANN)["hand"], t.player(BOB)["hand"]) == (4, 2)
    assert (t.state["turn_seat_id"], t.state["actions_left"]) == (ANN, 1)


# --- the last round (Starting the Game; Das Spiel im Überblick) ------------------------------------------


def test_the_last_round_goes_round_the_table_from_the_drawer() -> None:
    """Starting the Game: "The game ends when the last card is drawn. Each subsequent player then
    finishes one last turn, and everyone scores his/her combinations": the last seat draws the last
    card, the first seats play their last turns, and the drawer plays no more."""
    t = started(ANN, BOB, CAT)
    t.do("turn.draw", {})
    t.do("turn.draw", {})
    t.do("deck.set", {"remaining": 1, "note": "recount"})
    t.do("turn.draw", {})  # Cat draws the last card
    assert t.state["last_round"] == {"started_by": CAT, "remaining_turns": 2}
    seen = []
    while not t.state["over"]:
        seen.append(t.state["turn_seat_id"])
        t.do("turn.end", {})
    assert seen == [ANN, BOB] and t.state["turn_seat_id"] is None
    assert t.refused("turn.end", {}, seat=CAT).code == "game_over"


def test_everyone_scores_the_combos_held_at_the_end() -> None:
    """Types of Combos & Scoring: "The combos in a player's possession at the end of the game make up
    his/her final score": a combo taken in the last round scores for its new holder."""
    t = started()
    owls = t.place(ANN, "Owl", "Owl", "Owl")
    t.do("deck.set", {"remaining": 1, "note": "recount"})
    t.do("turn.draw", {})
    t.do("combo.move", {"combo_id": owls, "power": "Sorceress"}, seat=BOB)
    t.do("turn.end", {})
    assert t.state["over"] and t.state["winner_seat_ids"] == [BOB]
    assert [(p["seat_id"], p["score"]) for p in t.state["players"]] == [(ANN, 0), (BOB, 10)]


# --- the Dragon (Summary of Card Powers; Die Spielkarten) ------------------------------------------------


def test_the_dragon_played_as_a_card_freezes_its_combo() -> None:
    """Dragon: "Once played, it freezes the set it is part of and no more cards may be added to that
    combo", whether it is placed or played (Action A)."""
    t = started()
    body = t.do("action.use", {"kind": "play", "card": "Dragon"})
    dragon = body["combo"]["id"]
    assert t.combo(dragon)["frozen"] and "frozen by the Dragon" in t.line()
    refusal = t.refused("action.use", {"kind": "play", "card": "Elf", "combo_id": dragon})
    assert (refusal.code, refusal.extra["field"]) == ("frozen", "combo_id")
    assert t.refused("combo.add", {"combo_id": dragon, "card": "Elf"}).code == "frozen"


def test_the_dragon_protects_its_combo_from_every_power_but_not_from_the_printed_card() -> None:
    """Dragon: "Protects the set it is part of by making the set immune from special powers";
    Kombinationsmöglichkeiten: combos can be stolen or destroyed "mit der Ausnahme einer Kombination die
    durch den Drachen beschützt wird". A correction by hand (the printed card wins) still applies."""
    t = started()
    t.hand(ANN, 5)
    dragon = t.place(ANN, "Dragon", "Troll", "Mage")
    t.do("turn.draw", {})
    owls = t.place(BOB, "Owl", "Owl", "Owl")
    for command, payload in [
        ("combo.move", {"combo_id": dragon, "power": "Sorceress"}),
        ("combo.swap", {"combo_id": owls, "other_combo_id": dragon, "power": "Highwayman"}),
        ("combo.discard", {"combo_id": dragon, "power": "Demon"}),
        ("combo.take", {"combo_id": dragon, "card": "Troll", "power": "Bride"}),
        ("combo.take", {"combo_id": dragon, "card": "Mage", "power": "Nymph"}),
    ]:
        assert t.refused(command, payload, seat=BOB).code == "frozen"
    t.do("combo.adjust", {"combo_id": dragon, "points": 6, "note": "house card"}, seat=ANN)
    assert t.score(ANN) == 6 and t.combo(dragon)["frozen"]


# --- the deck and the combos (Card Breakdown; Alternate Modes of Play; About Placing Combos) -------------


def test_two_players_play_without_2_runes_and_2_amulets() -> None:
    """Alternate Modes of Play: "For a 2 player game, remove 2 runes & 2 amulets" (Alternativen zum
    Spiel: "Bei 2 Spielern werden 2 Runen und 2 Amulette aus dem Spiel genommen")."""
    two, three = deck_counts(2), deck_counts(3)
    assert (two["Rune"], two["Amulet"], three["Rune"], three["Amulet"]) == (2, 2, 4, 4)
    assert {k: v for k, v in two.items() if k not in ("Rune", "Amulet")} == {
        k: v for k, v in three.items() if k not in ("Rune", "Amulet")
    }
    assert "2 Runes and 2 Amulets out" in started().line()
    assert "Runes" not in started(ANN, BOB, CAT).line()


def test_an_animal_or_settings_combo_needs_all_3_cards_in_the_hand() -> None:
    """About Placing Combos: "animal and settings combos cannot be placed until all 3 cards are in your
    hand"."""
    t = started()
    t.hand(ANN, 2)
    refusal = t.refused("combo.place", {"cards": ["Swamp", "Path", "Clearing"]})
    assert (refusal.code, refusal.extra["hand"]) == ("not_in_hand", 2)
    t.hand(ANN, 3)
    t.do("combo.place", {"cards": ["Swamp", "Path", "Clearing"]})
    assert t.score(ANN) == 5


def test_the_sorceress_sacrifices_a_set_of_owls_or_crows() -> None:
    """Sorceress: "Sacrifice a set of owls or crows to take any combo as your own"."""
    t = started()
    t.hand(ANN, 7)
    owls = t.place(ANN, "Owl", "Owl", "Owl")
    paths = t.place(ANN, "Path", "Path", "Path")
    t.do("turn.draw", {})
    troll = t.place(BOB, "Troll", "Elf", "Mage")
    t.do("turn.draw", {})
    refusal = t.refused("combo.discard", {"combo_id": paths, "power": "Sorceress"})
    assert (refusal.code, refusal.extra["field"]) == ("not_owls_or_crows", "combo_id")
    t.do("combo.discard", {"combo_id": owls, "power": "Sorceress"})
    t.do("combo.move", {"combo_id": troll, "power": "Sorceress"})
    assert (t.score(ANN), t.score(BOB)) == (8, 0)


def test_the_gameplay_example_or_10_points() -> None:
    """Gameplay Example: the Dark Unicorn placed with the Giant and the Nymph instead of a line of its
    own: "5 pts. 5 pts. =10 pts." (Beispiel: "5 Punkte 5 Punkte =10 Punkte")."""
    t = started()
    t.hand(ANN, 6)
    pair = t.place(ANN, "Nymph", "Giant")
    t.place(ANN, "Swamp", "Path", "Clearing")
    assert t.score(ANN) == 7  # "you now have 7 pts"
    t.do("action.use", {"kind": "play", "card": "Dark Unicorn", "combo_id": pair})
    assert t.score(ANN) == 10


def test_the_card_breakdown() -> None:
    """Card Breakdown: "24 Supernaturals, 9 Owls, 9 Crows, 6 Swamps, 6 Paths, 6 Clearings, 4 Amulets,
    4 Runes, 6 Short Rules, 74 TOTAL"; the short rules are not played: 68 cards in the deck."""
    counts = deck_counts(3)
    assert [name for name, count in counts.items() if count == 1] == list(SUPERNATURALS)
    assert len(SUPERNATURALS) == 24
    others = {name: counts[name] for name in ("Owl", "Crow", "Swamp", "Path", "Clearing", "Amulet", "Rune")}
    assert others == {"Owl": 9, "Crow": 9, "Swamp": 6, "Path": 6, "Clearing": 6, "Amulet": 4, "Rune": 4}
    assert sum(counts.values()) + 6 == 74
    assert started(ANN, BOB, CAT).state["deck"] == {"total": 68, "remaining": 68 - 3 * 3}


def test_a_runes_actions_may_play_supernaturals() -> None:
    """Rune: "Player can take 2 additional actions this turn"; Rune (German): "Der Spieler kann 2
    zusätzliche Züge bei diesem Spielzug spielen. Zum Beispiel Karten vom Stapel ziehen oder stehlen, oder
    eine Fabelwesen-Karte spielen"."""
    t = started()
    t.hand(ANN, 4)
    t.do("action.use", {"kind": "rune"})
    troll = t.do("action.use", {"kind": "play", "card": "Troll"})["combo"]["id"]
    t.do("action.use", {"kind": "play", "card": "Elf", "combo_id": troll})
    t.do("turn.draw", {"via": "action"})
    assert (t.state["actions_left"], t.player(ANN)["hand"], t.score(ANN)) == (0, 2, 2)
    assert t.refused("action.use", {"kind": "play", "card": "Mage"}).code == "no_actions_left"
