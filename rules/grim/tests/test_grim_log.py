"""GRIM's log lines tell the truth and read right (issue #31: "The log tells the truth"; "wrong words").

Every number a command changes is in its line as ``before \u2192 after``;
``test_grim_support.Table.do`` checks that for every command of every rules
test. These pin the lines an audit found short, and the words.
"""

from __future__ import annotations

from rules.grim.tests.test_grim_support import ANN, BOB, NAMES, RULES, Table, duel, unnamed_numbers


def test_a_knockout_by_hand_names_the_knockouts_and_the_banished() -> None:
    t, g = duel("coven")
    body = t.do("grim.adjust", {"grim_id": g["shade"], "field": "health", "by": -18, "note": "out"}, seat=BOB)
    assert RULES.describe("grim.adjusted", body, NAMES) == (
        "Bob's The Nimbus Shade: Health 18 \u2192 0 (\u221218) by hand: out; The Nimbus Shade is "
        "knocked out, Bob draws a Banished (Banished 2 \u2192 1, Knockouts 0 \u2192 1)."
    )


def test_the_losing_knockout_names_the_knockouts() -> None:
    t, g = duel("coven")
    t.do("player.adjust", {"seat_id": BOB, "field": "banished", "by": -2, "note": "x"}, seat=BOB)
    body = t.do("grim.adjust", {"grim_id": g["shade"], "field": "health", "by": -18, "note": "hit"}, seat=BOB)
    assert RULES.describe("grim.adjusted", body, NAMES).endswith(
        "The Nimbus Shade is knocked out (Knockouts 0 \u2192 1); Bob has no Banished left and loses the "
        "match."
    )


def test_the_end_of_the_round_names_the_round() -> None:
    t, _ = duel()
    body = t.do("round.end")
    assert RULES.describe("round.ended", body, NAMES) == (
        "Round 1 \u2192 2 (The Noble Roar, The Swift Twitch, The Nimbus Shade, The Simoom Cloud did not "
        "act); Fiend's Favor passes to Ann; Reactions refresh."
    )


def test_a_spirit_and_a_spirit_bonus_name_the_spirits() -> None:
    t, g = duel()
    body = t.do("grim.spirit", {"grim_id": g["roar"]})
    assert RULES.describe("grim.spirit_attached", body, NAMES) == (
        "Ann's The Noble Roar attached a Spirit (Spirits 0 \u2192 1)."
    )
    t.do("grim.spirit", {"grim_id": g["roar"]})
    body = t.do("grim.spirit", {"grim_id": g["roar"]})
    assert RULES.describe("grim.spirit_attached", body, NAMES) == (
        "Ann's The Noble Roar attached a Spirit (Spirits 2 \u2192 3): Spirit Bonus due."
    )
    body = t.do("grim.spirit_bonus", {"grim_id": g["roar"], "element": "Fire"})
    assert RULES.describe("grim.spirit_bonus_chosen", body, NAMES) == (
        "Ann's The Noble Roar took the Fire Spirit Bonus: next Attack +6 and cannot be Immune "
        "(Spirits 3 \u2192 0 to Limbo)."
    )


def test_a_heal_names_the_stamina_and_the_spirits_it_spent() -> None:
    t, g = duel()
    t.acting(g["roar"])
    t.set_grim(g["roar"], health=10, stamina=6, spirits=1, attached="Water")
    body = t.do("grim.heal", {"grim_id": g["roar"], "stamina": 3, "bonds": 2})
    assert RULES.describe("grim.healed", body, NAMES) == (
        "Ann's The Noble Roar healed 5 with 3 Stamina and 2 Bond Cards (Stamina 6 \u2192 3, "
        "Spirits 1 \u2192 0, Water Element spent): Health 10 \u2192 15."
    )


def test_one_spirit_is_one_spirit() -> None:
    """Wrong words: "1 Spirits"."""
    t = Table.new()
    body = t.do("grim.enter", {"name": "Wisp", "element": "Water", "health": 9, "speed": 4, "spirits": 1})
    assert RULES.describe("grim.entered", body, NAMES) == (
        "Ann's Wisp entered play: Water, 9 Health, Speed 4, 5 Stamina, 1 Spirit."
    )


def test_a_double_knockout_names_both_draws_in_one_change() -> None:
    t, g = duel("coven")
    t.acting(g["shade"])
    t.set_grim(g["shade"], spirit_bonus="Dark", stamina=20)
    body = t.do(
        "grim.attack",
        {"grim_id": g["shade"], "target_id": g["roar"], "damage": 30, "element": "Dark"},
        seat=BOB,
    )
    assert RULES.describe("grim.attacked", body, NAMES).endswith(
        "The Noble Roar is knocked out (counts as two), Ann draws 2 Banished (Banished 2 \u2192 0, "
        "Knockouts 0 \u2192 2)."
    )
    assert unnamed_numbers("grim.attacked", body) == []
    assert t.player(ANN)["banished"] == 0
