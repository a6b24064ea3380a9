"""Knockouts, the Banished pile per format, the loss and the results (rulebook: Knockouts & Winning)."""

from __future__ import annotations

import pytest

from rules.grim.tests.test_grim_support import ANN, BOB, NAMES, RULES, Table, duel


def knock_out(t: Table, grim_id: int, seat: int) -> dict:
    """Bob's Nimbus-like attacker finishes Ann's Grim with a hand-fed attack."""
    attacker = next(g for g in t.state["grims"] if g["in_play"] and g["seat_id"] == seat)
    target = t.grim(grim_id)
    t.set_grim(attacker["id"], stamina=99)
    t.acting(attacker["id"])
    return t.do(
        "grim.attack",
        {
            "grim_id": attacker["id"],
            "target_id": grim_id,
            "damage": 10,
            "element": attacker["element"],
            "flat": target["health"],
        },
        seat=seat,
    )


@pytest.mark.parametrize(("fmt", "banished"), [("standard", 4), ("coven", 2)])
def test_knockouts_draw_from_the_banished_down_to_the_loss(fmt: str, banished: int) -> None:
    t, g = duel(fmt)
    assert t.player(ANN)["banished"] == banished and t.player(BOB)["banished"] == banished
    victim = g["roar"]
    for drawn in range(1, banished + 1):
        body = knock_out(t, victim, BOB)
        (ko,) = body["knockouts"]
        assert ko == {
            "grim_id": victim,
            "name": t.grim(victim)["name"],
            "seat_id": ANN,
            "counts": 1,
            "drawn": 1,
            "banished_before": banished - drawn + 1,
            "banished_left": banished - drawn,
            "knockouts_before": drawn - 1,
            "knockouts_after": drawn,
            "lost": False,
        }
        assert not t.grim(victim)["in_play"] and victim not in t.state["turn_order"]
        assert t.player(ANN)["knockouts"] == drawn and t.state["winner_seat_id"] is None
        assert RULES.results(t.state) == []
        victim = t.enter(f"Banished {drawn}", "Ghost", 10, 4, ANN)
    body = knock_out(t, victim, BOB)
    assert body["knockouts"][0]["lost"] and body["knockouts"][0]["drawn"] == 0
    assert t.player(ANN)["lost"] and t.state["winner_seat_id"] == BOB
    line = RULES.describe("grim.attacked", body, NAMES)
    assert line.endswith(
        f"is knocked out (Knockouts {banished} \u2192 {banished + 1}); Ann has no Banished left and loses "
        "the match."
    )
    assert RULES.results(t.state) == [
        {
            "seat_id": BOB,
            "score": banished + 1,
            "place": 1,
            "won": True,
            "details": {"knockouts_suffered": 0, "banished_left": banished, "rounds": 1, "format": fmt},
        },
        {
            "seat_id": ANN,
            "score": 0,
            "place": 2,
            "won": False,
            "details": {"knockouts_suffered": banished + 1, "banished_left": 0, "rounds": 1, "format": fmt},
        },
    ]
    play_stops_but_corrections_remain(t, g["shade"], banished)


def play_stops_but_corrections_remain(t: Table, shade: int, banished: int) -> None:
    """The match is decided: play stops (undo remains), the Banished can still be corrected by hand."""
    for command, payload in [
        ("turn.next", {}),
        ("round.end", {}),
        ("grim.enter", {"name": "X", "element": "Fire", "health": 5, "speed": 5}),
        ("grim.status", {"grim_id": shade, "status": "Burn"}),
        ("grim.adjust", {"grim_id": shade, "field": "health", "by": 1, "note": "x"}),
    ]:
        assert t.refused(command, payload).code == "match_over"
    t.do(
        "player.adjust",
        {"seat_id": BOB, "field": "banished", "by": -1, "note": "a Banished played"},
        seat=BOB,
    )
    assert t.player(BOB)["banished"] == banished - 1


def test_a_knockout_line_names_the_draw() -> None:
    t, g = duel()
    body = knock_out(t, g["cloud"], BOB)
    line = RULES.describe("grim.attacked", body, NAMES)
    assert "Health 18 \u2192 0; 5 Stamina spent" in line
    assert line.endswith(
        "The Simoom Cloud is knocked out, Ann draws a Banished (Banished 4 \u2192 3, Knockouts 0 \u2192 1)."
    )


def test_health_to_zero_by_hand_knocks_out() -> None:
    t, g = duel()
    body = t.do(
        "grim.adjust", {"grim_id": g["shade"], "field": "health", "by": -30, "note": "Ghost bonus"}, seat=BOB
    )
    assert body["after"] == 0 and body["by"] == -18 and body["knockouts"][0]["seat_id"] == BOB
    assert t.player(BOB)["banished"] == 3
    assert RULES.describe("grim.adjusted", body, NAMES) == (
        "Bob's The Nimbus Shade: Health 18 \u2192 0 (\u221218) by hand: Ghost bonus; "
        "The Nimbus Shade is knocked out, Bob draws a Banished (Banished 4 \u2192 3, Knockouts 0 \u2192 1)."
    )
    assert t.refused("grim.heal", {"grim_id": g["shade"], "stamina": 1}, seat=BOB).code == "not_in_play"


def test_the_dark_spirit_bonus_makes_the_next_knockout_count_as_two() -> None:
    t, g = duel("coven")
    for _ in range(3):
        t.do("grim.spirit", {"grim_id": g["shade"]}, seat=BOB)
    t.do("grim.spirit_bonus", {"grim_id": g["shade"], "element": "Dark"}, seat=BOB)
    t.set_grim(g["shade"], stamina=20)
    t.acting(g["shade"])
    t.do(
        "grim.attack",
        {"grim_id": g["shade"], "target_id": g["roar"], "damage": 2, "element": "Dark"},
        seat=BOB,
    )
    assert t.grim(g["shade"])["spirit_bonus"] == "Dark"  # no Knockout yet: it waits
    t.acting(g["shade"])
    body = t.do(
        "grim.attack",
        {"grim_id": g["shade"], "target_id": g["roar"], "damage": 20, "element": "Dark"},
        seat=BOB,
    )
    assert body["dark_bonus"] and body["knockouts"][0]["counts"] == 2 and body["knockouts"][0]["drawn"] == 2
    assert t.player(ANN)["banished"] == 0 and t.player(ANN)["knockouts"] == 2
    assert "(counts as two)" in RULES.describe("grim.attacked", body, NAMES)
    assert t.grim(g["shade"])["spirit_bonus"] is None


def test_a_double_knockout_with_one_banished_left_loses() -> None:
    t, g = duel("coven")
    t.do("player.adjust", {"seat_id": ANN, "field": "banished", "by": -1, "note": "x"})
    t.set_grim(g["shade"], spirits=2, stamina=20)
    t.do("grim.spirit", {"grim_id": g["shade"]}, seat=BOB)
    t.do("grim.spirit_bonus", {"grim_id": g["shade"], "element": "Dark"}, seat=BOB)
    t.acting(g["shade"])
    body = t.do(
        "grim.attack",
        {"grim_id": g["shade"], "target_id": g["roar"], "damage": 30, "element": "Dark"},
        seat=BOB,
    )
    assert body["knockouts"][0]["drawn"] == 1 and body["knockouts"][0]["lost"]
    assert t.state["winner_seat_id"] == BOB


def test_confusion_can_knock_out_the_attacker_after_the_target() -> None:
    t, g = duel()
    t.set_grim(g["roar"], health=2, status="Confusion", stamina=20)
    t.set_grim(g["shade"], health=3)
    t.acting(g["roar"])
    body = t.do(
        "grim.attack", {"grim_id": g["roar"], "target_id": g["shade"], "damage": 4, "element": "Fire"}
    )
    assert [ko["grim_id"] for ko in body["knockouts"]] == [g["shade"], g["roar"]]
    assert t.player(ANN)["banished"] == 3 and t.player(BOB)["banished"] == 3
