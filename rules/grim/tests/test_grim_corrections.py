"""Corrections by hand: a Grim's numbers and a player's Banished and Knockouts, each with a note
(the printed card wins; spec: corrections)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.grim.tests.test_grim_support import ANN, BOB, NAMES, RULES, duel


@pytest.mark.parametrize(
    ("field", "by", "after"),
    [
        ("health", 5, 25),
        ("health", -3, 17),
        ("stamina", -9, 0),
        ("stamina", 4, 9),
        ("speed", -20, 0),
        ("spirits", 2, 2),
    ],
)
def test_adjust_by_hand_with_a_note(field: str, by: int, after: int) -> None:
    t, g = duel()
    before = t.grim(g["roar"])[field]
    body = t.do(
        "grim.adjust", {"grim_id": g["roar"], "field": field, "by": by, "note": "  the card says so "}
    )
    assert t.grim(g["roar"])[field] == after
    assert (body["before"], body["after"], body["by"], body["note"]) == (
        before,
        after,
        after - before,
        "the card says so",
    )
    assert RULES.describe("grim.adjusted", body, NAMES).endswith("by hand: the card says so.")


def test_adjust_refusals_and_effects() -> None:
    t, g = duel()
    rid = g["roar"]
    base = {"grim_id": rid, "field": "health", "by": 1, "note": "x"}
    adjust_cases: list[tuple[dict[str, Any], str | None, str | None]] = [
        ({"field": "luck"}, "bad_field", "field"),
        ({"by": 0}, "no_change", "by"),
        ({"field": "stamina", "by": -5}, None, None),
        ({"field": "stamina", "by": -1}, "no_change", "by"),
        ({"note": ""}, "bad_field", "note"),
        ({"note": None}, "missing_field", "note"),
        ({"note": "n" * 201}, "too_long", "note"),
        ({"by": 1000}, "out_of_range", "by"),
        ({"by": "1"}, "bad_field", "by"),
        ({"extra": 1}, "unknown_field", "extra"),
    ]
    for change, code, field in adjust_cases:
        if code is None:
            t.do("grim.adjust", {**base, **change})
            continue
        refusal = t.refused("grim.adjust", {**base, **change})
        assert (refusal.code, refusal.extra["field"]) == (code, field)
    assert t.refused("grim.adjust", base, seat=BOB).code == "not_your_seat"
    body = t.do("grim.adjust", {**base, "field": "spirits", "by": 5})
    assert body["after"] == 3 and t.grim(rid)["spirit_bonus_due"]
    t.do("grim.adjust", {**base, "field": "speed", "by": -10})
    assert t.state["turn_order"] == [g["twitch"], g["shade"], g["cloud"], rid]


def test_player_adjust() -> None:
    t, _ = duel()
    body = t.do("player.adjust", {"field": "banished", "by": -1, "note": "revealed for a Reaction"})
    assert t.player(ANN)["banished"] == 3
    assert RULES.describe("player.adjusted", body, NAMES) == (
        "Ann: Banished 4 \u2192 3 by hand: revealed for a Reaction."
    )
    assert t.refused("player.adjust", {"field": "knockouts", "by": -1, "note": "x"}).code == "no_change"
    assert t.refused("player.adjust", {"field": "lost", "by": 1, "note": "x"}).code == "bad_field"
    assert (
        t.refused("player.adjust", {"seat_id": BOB, "field": "banished", "by": 1, "note": "x"}).code
        == "not_your_seat"
    )
    body = t.do("player.adjust", {"field": "knockouts", "by": 2, "note": "miscount"})
    assert RULES.describe("player.adjusted", body, NAMES) == "Ann: Knockouts 0 \u2192 2 by hand: miscount."
