"""Grimwood's combo table, and placing and growing combos (the powers are test_grimwood_powers.py).

Rulebook: Types of Combos & Scoring, About Placing Combos; spec: Combo
scoring (scores recomputed from the combos held now).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import RuleViolation
from rules.grimwood import SUPERNATURALS, VALID_COMBOS, score
from rules.grimwood.tests.test_grimwood_support import ANN, BOB, CAT, started

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
