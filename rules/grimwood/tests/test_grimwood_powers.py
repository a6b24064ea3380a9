"""The Dragon and the powers that move, swap, discard and take combos; a combo's points by hand
(rulebook: Summary of Card Powers, Dragon; spec: Combo scoring)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.grimwood import MALE
from rules.grimwood.tests.test_grimwood_support import ANN, BOB, CAT, NAMES, RULES, started

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
