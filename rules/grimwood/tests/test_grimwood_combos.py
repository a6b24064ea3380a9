"""Grimwood's combo table, placing and growing combos, the Dragon, and combos moving between players.

Rulebook: Types of Combos & Scoring, About Placing Combos, Summary of Card
Powers; spec: Combo scoring (scores recomputed from the combos held now).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import RuleViolation
from rules.grimwood import MALE, SUPERNATURALS, VALID_COMBOS, score
from rules.grimwood.tests.test_grimwood_support import ANN, BOB, CAT, NAMES, RULES, started

# --- the combo table -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind", "points"),
    [
        (["Troll"], "supernatural", 1),
        (["Troll", "Elf"], "supernatural", 2),
        (["Troll", "Elf", "Mage"], "supernatural", 5),
        (["Troll", "Elf", "Mage", "Giant"], "supernatural", 10),
        (["Troll", "Elf", "Mage", "Giant", "Hydra"], "supernatural", 15),
        (["Owl", "Owl", "Owl"], "animal", 10),
        (["Crow", "Crow", "Crow"], "animal", 10),
        (["Swamp", "Path", "Clearing"], "settings", 5),
        (["Clearing", "Swamp", "Path"], "settings", 5),
        (["Swamp", "Swamp", "Swamp"], "settings", 3),
        (["Path", "Path", "Path"], "settings", 3),
        (["Clearing", "Clearing", "Clearing"], "settings", 3),
    ],
)
def test_every_row_of_the_combo_table(cards: list[str], kind: str, points: int) -> None:
    assert score(cards) == (kind, points)
    t = started()
    combo_id = t.place(ANN, *cards)
    combo = t.combo(combo_id)
    assert (combo["kind"], combo["cards"], combo["points"], combo["frozen"]) == (kind, cards, points, False)
    assert t.score(ANN) == points


def test_the_rulebook_example_scores_8_points() -> None:
    """Gameplay example: Nymph + Giant (2) and Swamp + Path + Clearing (5), "you now have 7 pts";
    the 3-player set-up shows 1 + 2 + 5 = 8."""
    t = started()
    t.place(ANN, "Nymph", "Giant")
    t.place(ANN, "Swamp", "Path", "Clearing")
    assert t.score(ANN) == 7
    t.place(ANN, "Dark Unicorn")
    assert t.score(ANN) == 8


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        (["Owl", "Owl", "Owl", "Owl"], "not_a_combo"),
        (["Owl", "Owl"], "not_a_combo"),
        (["Crow", "Crow", "Owl"], "not_a_combo"),
        (["Amazon", "Bride", "Centaur", "Demon", "Dracula", "Dwarf"], "combo_too_big"),
        (["Swamp", "Swamp", "Path"], "not_a_combo"),
        (["Swamp", "Path", "Clearing", "Path"], "not_a_combo"),
        (["Rune", "Rune", "Rune"], "not_a_combo"),
        (["Amulet"], "not_a_combo"),
        (["Troll", "Owl"], "not_a_combo"),
        (["Troll", "Troll"], "duplicate_card"),
    ],
)
def test_what_is_not_a_combo_is_refused(cards: list[str], code: str) -> None:
    t = started()
    t.hand(ANN, 7)
    refusal = t.refused("combo.place", {"cards": cards})
    assert (refusal.code, refusal.extra["field"]) == (code, "cards")
    if code == "not_a_combo":
        assert VALID_COMBOS in refusal.message  # the message names the valid combos
    with pytest.raises(RuleViolation):
        score(cards)


def test_the_refusal_messages_explain() -> None:
    t = started()
    t.hand(ANN, 7)
    assert t.refused("combo.place", {"cards": ["Owl"] * 4}).message.startswith("Owl + Owl + Owl + Owl is not")
    six = t.refused("combo.place", {"cards": list(SUPERNATURALS[:6])})
    assert "at most 5" in six.message and "not in the rulebook" in six.message
    assert "Runes and Amulets" in t.refused("combo.place", {"cards": ["Rune", "Owl", "Owl"]}).message


@pytest.mark.parametrize(
    ("payload", "code", "field"),
    [
        ({"cards": ["Wolf", "Wolf", "Wolf"]}, "unknown_card", "cards"),
        ({"cards": "Owl"}, "bad_field", "cards"),
        ({"cards": []}, "bad_field", "cards"),
        ({"cards": [3, 3, 3]}, "bad_field", "cards"),
        ({"cards": ["Owl"] * 13}, "combo_too_big", "cards"),
        ({}, "missing_field", "cards"),
        ({"cards": ["Owl"] * 3, "seat_id": "2"}, "bad_field", "seat_id"),
        ({"cards": ["Owl"] * 3, "seat_id": True}, "bad_field", "seat_id"),
        ({"cards": ["Owl"] * 3, "seat_id": CAT}, "unknown_seat", "seat_id"),
        ({"cards": ["Owl"] * 3, "points": 10}, "unknown_field", "points"),
    ],
)
def test_place_payload_refusals(payload: dict[str, Any], code: str, field: str) -> None:
    t = started()
    refusal = t.refused("combo.place", payload)
    assert (refusal.code, refusal.extra["field"]) == (code, field)


def test_card_names_are_forgiving_about_case_spaces_and_plurals() -> None:
    t = started()
    body = t.do("combo.place", {"cards": ["  owls ", "OWL", "Owl"]})
    assert body["combo"]["cards"] == ["Owl", "Owl", "Owl"]
    t.do("turn.draw", {})  # Bob's turn
    body = t.do("combo.place", {"cards": ["dark  unicorn"]}, seat=BOB)
    assert body["combo"]["cards"] == ["Dark Unicorn"]


def test_placing_takes_the_cards_from_the_hand() -> None:
    t = started()
    assert t.player(ANN)["hand"] == 3
    body = t.do("combo.place", {"cards": ["Crow", "Crow", "Crow"]})
    assert (t.player(ANN)["hand"], body["hand_before"], body["hand_after"]) == (0, 3, 0)
    refusal = t.refused("combo.place", {"cards": ["Troll"]})
    assert (refusal.code, refusal.extra["field"], refusal.extra["hand"]) == ("not_in_hand", "cards", 0)
    assert "hand.set" in refusal.message


def test_cards_must_exist_in_the_deck() -> None:
    t = started(ANN, BOB, CAT)
    t.place(ANN, "Dracula")
    t.do("turn.draw", {})  # Bob's turn
    refusal = t.refused("combo.place", {"cards": ["Dracula", "Troll"]}, seat=BOB)
    assert (refusal.code, refusal.extra["seat_id"]) == ("card_on_table", ANN)
    for _ in range(3):
        t.place(BOB, "Owl", "Owl", "Owl")
    t.do("turn.draw", {})  # Cat's turn
    t.hand(CAT, 3)
    refusal = t.refused("combo.place", {"cards": ["Owl"] * 3}, seat=CAT)  # only 9 Owls printed
    assert (refusal.code, refusal.extra["max"]) == ("too_many_cards", 9)


def test_a_player_places_their_own_combos() -> None:
    t = started(start=BOB)
    t.hand(BOB, 3)
    assert t.refused("combo.place", {"cards": ["Owl"] * 3, "seat_id": BOB}, seat=ANN).code == "not_your_seat"
    t.do("combo.place", {"cards": ["Owl"] * 3, "seat_id": BOB}, seat=ANN, role="host")
    assert t.score(BOB) == 10
    assert t.refused("combo.place", {"cards": ["Troll"]}, role="spectator").code == "spectator"


# --- growing a supernatural combo ------------------------------------------------------------------------


def test_a_supernatural_combo_grows_one_card_at_a_time() -> None:
    t = started()
    t.hand(ANN, 7)
    combo_id = t.place(ANN, "Troll")
    seen = [t.score(ANN)]
    for card in ("Elf", "Mage", "Giant", "Hydra"):
        t.do("combo.add", {"combo_id": combo_id, "card": card})
        seen.append(t.score(ANN))
    assert seen == [1, 2, 5, 10, 15]
    assert t.combo(combo_id)["cards"] == ["Troll", "Elf", "Mage", "Giant", "Hydra"]
    assert t.player(ANN)["hand"] == 2
    assert t.line() == (
        "Ann adds Hydra to a combo: now 5 supernaturals (Troll, Elf, Mage, Giant, Hydra), "
        "points 10 \u2192 15 (hand 3 \u2192 2). Score: Ann 10 \u2192 15."
    )
    refusal = t.refused("combo.add", {"combo_id": combo_id, "card": "Amazon"})
    assert (refusal.code, refusal.extra["max"]) == ("combo_too_big", 5)


def test_only_supernaturals_join_only_supernatural_combos() -> None:
    t = started()
    t.hand(ANN, 7)
    owls = t.place(ANN, "Owl", "Owl", "Owl")
    troll = t.place(ANN, "Troll")
    assert t.refused("combo.add", {"combo_id": owls, "card": "Elf"}).code == "not_a_supernatural_combo"
    refusal = t.refused("combo.add", {"combo_id": troll, "card": "Owl"})
    assert (refusal.code, refusal.extra["field"]) == ("not_a_supernatural", "card")
    assert t.refused("combo.add", {"combo_id": troll, "card": "Troll"}).code == "card_on_table"
    assert t.refused("combo.add", {"combo_id": 99, "card": "Elf"}).code == "unknown_combo"
    assert t.refused("combo.add", {"combo_id": "1", "card": "Elf"}).code == "bad_field"
    assert t.refused("combo.add", {"combo_id": troll, "card": "Elf"}, seat=BOB).code == "not_your_seat"


# --- the Dragon ------------------------------------------------------------------------------------------


def test_the_dragon_freezes_and_protects_its_combo() -> None:
    t = started()
    t.hand(ANN, 7)
    dragon = t.place(ANN, "Dragon", "Troll")
    assert t.combo(dragon)["frozen"]
    assert t.line() == (
        "Ann scores a combo of 2 supernaturals (Dragon, Troll): 2 points, frozen by the Dragon "
        "(hand 7 \u2192 5). Score: Ann 0 \u2192 2."
    )
    owls = t.place(BOB, "Owl", "Owl", "Owl")
    refusals = [
        t.refused("combo.add", {"combo_id": dragon, "card": "Elf"}),
        t.refused("combo.move", {"combo_id": dragon, "to_seat_id": BOB}, seat=BOB),
        t.refused("combo.discard", {"combo_id": dragon, "power": "Demon"}, seat=BOB),
        t.refused("combo.take", {"combo_id": dragon, "card": "Troll", "power": "Bride"}, seat=BOB),
        t.refused("combo.swap", {"combo_id": owls, "other_combo_id": dragon}, seat=BOB),
    ]
    assert [r.code for r in refusals] == ["frozen"] * 5
    assert refusals[-1].extra["field"] == "other_combo_id"
    assert "Dragon" in refusals[0].message


def test_adding_the_dragon_freezes_a_combo() -> None:
    t = started()
    t.hand(ANN, 7)
    combo_id = t.place(ANN, "Elf", "Mage")
    assert not t.combo(combo_id)["frozen"]
    t.do("combo.add", {"combo_id": combo_id, "card": "dragon"})
    assert t.combo(combo_id)["frozen"] and t.combo(combo_id)["points"] == 5
    assert t.refused("combo.add", {"combo_id": combo_id, "card": "Giant"}).code == "frozen"


# --- combos moving between players -----------------------------------------------------------------------


def test_the_sorceress_takes_a_combo_and_both_scores_follow() -> None:
    t = started()
    t.place(ANN, "Troll", "Elf")
    owls = t.place(BOB, "Owl", "Owl", "Owl")
    assert (t.score(ANN), t.score(BOB)) == (2, 10)
    body = t.do("combo.move", {"combo_id": owls, "power": "sorceress"}, seat=ANN)
    assert (t.score(ANN), t.score(BOB)) == (12, 0) and t.holder(owls) == ANN
    assert body["scores"] == [
        {"seat_id": ANN, "before": 2, "after": 12},
        {"seat_id": BOB, "before": 10, "after": 0},
    ]
    assert t.line() == (
        "Ann's Sorceress: Bob's combo of 3 Owls (10 points) goes to Ann. "
        "Scores: Ann 2 \u2192 12, Bob 10 \u2192 0."
    )
    t.do("combo.move", {"combo_id": owls, "to_seat_id": BOB}, seat=BOB)  # and back: nothing accumulated
    assert (t.score(ANN), t.score(BOB)) == (2, 10)
    assert t.refused("combo.move", {"combo_id": owls, "to_seat_id": BOB}).code == "no_change"
    assert t.refused("combo.move", {"combo_id": owls, "power": "Demon"}).code == "bad_field"
    assert t.refused("combo.move", {"combo_id": owls}, role="spectator").code == "spectator"


def test_the_highwayman_swaps_combos() -> None:
    t = started(ANN, BOB, CAT)
    settings = t.place(ANN, "Swamp", "Path", "Clearing")
    crows = t.place(CAT, "Crow", "Crow", "Crow")
    t.do("combo.swap", {"combo_id": settings, "other_combo_id": crows, "power": "Highwayman"}, seat=BOB)
    assert (t.holder(settings), t.holder(crows)) == (CAT, ANN)
    assert (t.score(ANN), t.score(BOB), t.score(CAT)) == (10, 0, 5)
    assert t.line() == (
        "Bob's Highwayman: Ann's combo of Swamp + Path + Clearing (5 points) and Cat's combo of 3 Crows "
        "(10 points) change hands. Scores: Ann 5 \u2192 10, Cat 10 \u2192 5."
    )
    other = t.place(ANN, "Troll")
    refusal = t.refused("combo.swap", {"combo_id": crows, "other_combo_id": other})
    assert refusal.code == "same_player"


def test_the_demon_sends_a_combo_to_the_discard_pile() -> None:
    t = started()
    owls = t.place(BOB, "Owl", "Owl", "Owl")
    t.place(BOB, "Troll")
    t.do("combo.discard", {"combo_id": owls, "power": "Demon"}, seat=ANN)
    assert t.score(BOB) == 1 and len(t.combos(BOB)) == 1
    assert t.line() == (
        "Ann's Demon: Bob's combo of 3 Owls (10 points) goes to the discard pile. Score: Bob 11 \u2192 1."
    )
    assert t.refused("combo.discard", {"combo_id": owls}).code == "unknown_combo"


def test_the_bride_and_the_nymph_take_a_supernatural_out_of_a_combo() -> None:
    t = started()
    t.hand(BOB, 5)
    combo_id = t.place(BOB, "Dracula", "Elf", "Faeries")
    assert t.score(BOB) == 5
    refusal = t.refused("combo.take", {"combo_id": combo_id, "card": "Elf", "power": "Bride"})
    assert (refusal.code, refusal.extra["field"]) == ("not_male", "card")
    assert "Dracula" in MALE
    hand = t.player(ANN)["hand"]
    t.do("combo.take", {"combo_id": combo_id, "card": "Dracula", "power": "Bride"})
    assert t.combo(combo_id)["cards"] == ["Elf", "Faeries"]
    assert (t.score(BOB), t.player(ANN)["hand"]) == (2, hand + 1)
    assert t.line() == (
        "Ann's Bride: Ann takes Dracula from Bob's combo of 3 supernaturals (Dracula, Elf, Faeries) into "
        "their hand (hand 3 \u2192 4); the combo keeps 2 supernaturals (Elf, Faeries), points 5 \u2192 2. "
        "Score: Bob 5 \u2192 2."
    )
    t.do("combo.place", {"cards": ["Dracula"]})  # played at once: 1 point for Ann
    assert t.score(ANN) == 1
    assert t.refused("combo.take", {"combo_id": combo_id, "card": "Troll"}).code == "not_in_combo"
    assert t.refused("combo.take", {"combo_id": combo_id, "card": "Owl"}).code == "not_a_supernatural"
    t.do("combo.take", {"combo_id": combo_id, "card": "Elf", "power": "Nymph"})
    t.do("combo.take", {"combo_id": combo_id, "card": "Faeries", "to_seat_id": BOB})
    assert t.combos(BOB) == [] and t.score(BOB) == 0
    assert t.line().endswith("the combo is gone. Score: Bob 1 \u2192 0.")


def test_a_combo_grows_and_shrinks_with_its_points() -> None:
    t = started()
    t.hand(ANN, 7)
    combo_id = t.place(ANN, "Troll", "Elf", "Mage", "Giant")
    t.do("combo.take", {"combo_id": combo_id, "card": "Elf"}, seat=BOB)
    assert (t.combo(combo_id)["points"], t.score(ANN)) == (5, 5)


# --- points by hand --------------------------------------------------------------------------------------


def test_a_combos_points_can_be_overridden_by_hand() -> None:
    t = started()
    t.hand(ANN, 7)
    combo_id = t.place(ANN, "Troll", "Elf")
    body = t.do("combo.adjust", {"combo_id": combo_id, "points": 4, "note": " the card says so "})
    assert (t.combo(combo_id)["points"], t.combo(combo_id)["note"], t.score(ANN)) == (
        4,
        "the card says so",
        4,
    )
    assert (body["before"], body["after"]) == (2, 4)
    assert t.line() == (
        "Ann's combo of 2 supernaturals (Troll, Elf): 2 \u2192 4 points by hand: the card says so. "
        "Score: Ann 2 \u2192 4."
    )
    assert t.refused(
        "combo.adjust", {"combo_id": combo_id, "points": 4, "note": "the card says so"}
    ).code == ("no_change")
    assert t.refused("combo.adjust", {"combo_id": combo_id, "points": 4}).code == "missing_field"
    assert t.refused("combo.adjust", {"combo_id": combo_id, "points": "4", "note": "x"}).code == "bad_field"
    assert t.refused("combo.adjust", {"combo_id": combo_id, "points": -1, "note": "x"}).code == "out_of_range"
    assert t.refused("combo.adjust", {"combo_id": combo_id, "points": 1, "note": "x"}, seat=BOB).code == (
        "not_your_seat"
    )
    # A new card changes the combo: its points come from the table again.
    t.do("combo.add", {"combo_id": combo_id, "card": "Mage"})
    assert (t.combo(combo_id)["points"], t.combo(combo_id)["note"], t.score(ANN)) == (5, None, 5)


def test_describe_names_unknown_seats_and_falls_back() -> None:
    body = {"seat_id": 9, "combo": {"kind": "animal", "cards": ["Owl"] * 3, "points": 10}, "scores": []}
    assert RULES.describe("combo.placed", body, NAMES) == "Seat 9 scores a combo of 3 Owls: 10 points."
    assert RULES.describe("combo.exploded", {}, NAMES) == "combo exploded"
    assert RULES.describe("reverted", {"of": "combo.placed"}, NAMES) == "Undone: combo placed."


@pytest.mark.parametrize(
    ("command", "payload", "code", "field"),
    [
        ("combo.move", {"combo_id": 99}, "unknown_combo", "combo_id"),
        ("combo.move", {"combo_id": "1"}, "bad_field", "combo_id"),
        ("combo.move", {"combo_id": "owls", "to_seat_id": CAT}, "unknown_seat", "to_seat_id"),
        ("combo.move", {"combo_id": "owls", "to_seat_id": 2.0}, "bad_field", "to_seat_id"),
        ("combo.swap", {"combo_id": "owls", "other_combo_id": 99}, "unknown_combo", "other_combo_id"),
        ("combo.swap", {"combo_id": "owls"}, "missing_field", "other_combo_id"),
        (
            "combo.swap",
            {"combo_id": "owls", "other_combo_id": "troll", "power": "Demon"},
            "bad_field",
            "power",
        ),
        ("combo.discard", {"combo_id": 0}, "out_of_range", "combo_id"),
        ("combo.discard", {"combo_id": "owls", "power": 3}, "bad_field", "power"),
        ("combo.take", {"combo_id": "troll"}, "missing_field", "card"),
        (
            "combo.take",
            {"combo_id": "troll", "card": "Troll", "to_seat_id": CAT},
            "unknown_seat",
            "to_seat_id",
        ),
        ("combo.take", {"combo_id": "troll", "card": "Troll", "power": "Highwayman"}, "bad_field", "power"),
        ("combo.adjust", {"combo_id": "troll", "points": 100, "note": "x"}, "out_of_range", "points"),
        ("combo.adjust", {"combo_id": "troll", "points": 3, "note": "n" * 201}, "too_long", "note"),
    ],
)
def test_power_payload_refusals(command: str, payload: dict[str, Any], code: str, field: str) -> None:
    t = started()
    ids = {"owls": t.place(ANN, "Owl", "Owl", "Owl"), "troll": t.place(BOB, "Troll")}
    payload = {
        k: ids.get(v, v) if isinstance(v, str) and k.endswith("combo_id") else v for k, v in payload.items()
    }
    refusal = t.refused(command, payload, seat=BOB)
    assert (refusal.code, refusal.extra["field"]) == (code, field)


def test_powers_are_anyones_at_the_table_but_not_spectators() -> None:
    t = started()
    owls = t.place(ANN, "Owl", "Owl", "Owl")
    troll = t.place(BOB, "Troll")
    for command, payload in [
        ("combo.move", {"combo_id": owls}),
        ("combo.swap", {"combo_id": owls, "other_combo_id": troll}),
        ("combo.discard", {"combo_id": owls}),
        ("combo.take", {"combo_id": troll, "card": "Troll"}),
    ]:
        assert t.refused(command, payload, seat=BOB, role="spectator").code == "spectator"
    t.do("combo.take", {"combo_id": troll, "card": "Troll", "to_seat_id": ANN}, seat=BOB)  # on Ann's turn
    assert t.combos(BOB) == [] and t.player(ANN)["hand"] == 1
