"""Grapple and Confusion side damage, the Dark double Knockout, and Attacks on both enemy Grim
(rulebook: The Status & Spirit Bonus; FAQ: "How is Attack damage calculated when you're hitting two
Targets?")."""

from __future__ import annotations

from typing import Any

from rules.grim.tests.test_grim_support import ANN, BOB, NAMES, RULES, Table, duel


def attack(
    t: Table, attacker: int, target: int, damage: int, element: str, seat: int = ANN, **kw: Any
) -> dict:
    t.acting(attacker)
    payload = {"grim_id": attacker, "target_id": target, "damage": damage, "element": element, **kw}
    return t.do("grim.attack", payload, seat=seat)


def test_grapple_deals_half_the_calculated_damage_to_the_attackers_ally() -> None:
    """Grapple: "After a Grappled Grim resolves its next Attack, but before Synergy triggers, one half
    of the calculated Attack damage will be dealt to the Grappled Grim's Ally." Rounded up."""
    t, g = duel()
    t.set_grim(g["roar"], status="Grapple")
    body = attack(t, g["roar"], g["shade"], 7, "Fire")  # 7 neutral: the Ally takes 4
    assert t.grim(g["cloud"])["health"] == 18 - 4 and t.grim(g["roar"])["health"] == 20
    assert t.grim(g["roar"])["status"] is None  # "Grapple clears after the affected Attack"
    line = RULES.describe("grim.attacked", body, NAMES)
    assert "; Grapple: The Simoom Cloud takes 4 (18 \u2192 14)" in line


def test_confusion_deals_half_the_calculated_damage_to_the_attacker_itself() -> None:
    """Confusion: "one half of the calculated Attack damage will be dealt to the Confused Grim." """
    t, g = duel()
    t.set_grim(g["shade"], status="Confusion")
    body = attack(t, g["shade"], g["roar"], 5, "Dark", BOB)
    assert t.grim(g["shade"])["health"] == 18 - 3 and t.grim(g["twitch"])["health"] == 16
    assert body["side"] == [
        {
            "grim_id": g["shade"],
            "name": "The Nimbus Shade",
            "seat_id": BOB,
            "status": "Confusion",
            "damage": 3,
            "before": 18,
            "after": 15,
        }
    ]


def test_grapple_and_confusion_clear_even_when_the_target_is_immune() -> None:
    """ "Grapple clears after the affected Attack is resolved, even if the Target is Immune" (and
    Confusion): half of no damage is none."""
    t, g = duel()
    t.set_grim(g["roar"], status="Grapple")
    t.set_grim(g["shade"], attached="Water")
    body = attack(t, g["roar"], g["shade"], 8, "Fire")
    assert body["missed"] and body["side"] == [] and t.grim(g["roar"])["status"] is None
    assert t.grim(g["cloud"])["health"] == 18
    t.set_grim(g["roar"], status="Confusion", stamina=10)
    attack(t, g["roar"], g["shade"], 8, "Fire")
    assert t.grim(g["roar"])["status"] is None and t.grim(g["roar"])["health"] == 20


def test_grapple_with_no_ally_on_the_field_hurts_nobody() -> None:
    """The Turns, Replace Knocked Out Grim: "Simply carry out effects if they can be carried out." """
    t, g = duel()
    t.do("grim.adjust", {"grim_id": g["cloud"], "field": "health", "by": -18, "note": "out"})
    t.set_grim(g["roar"], status="Grapple")
    body = attack(t, g["roar"], g["shade"], 6, "Fire")
    assert body["side"] == [] and t.grim(g["roar"])["health"] == 20


def test_grapple_can_knock_out_the_ally_after_the_target() -> None:
    t, g = duel()
    t.set_grim(g["roar"], status="Grapple", stamina=20)
    t.set_grim(g["cloud"], health=3)
    t.set_grim(g["shade"], health=5)
    body = attack(t, g["roar"], g["shade"], 10, "Fire")
    assert [ko["grim_id"] for ko in body["knockouts"]] == [g["shade"], g["cloud"]]


def test_the_dark_spirit_bonus_doubles_the_next_knockout_by_an_attack() -> None:
    """Spirit Bonus (Dark): "Next Knockout by this Grim this Round counts as two if using an Attack"."""
    t, g = duel()
    t.set_grim(g["shade"], spirit_bonus="Dark", stamina=20)
    attack(t, g["shade"], g["roar"], 2, "Dark", BOB)
    assert t.grim(g["shade"])["spirit_bonus"] == "Dark" and t.player(ANN)["knockouts"] == 0
    body = attack(t, g["shade"], g["roar"], 20, "Dark", BOB)
    assert body["dark_bonus"] and body["knockouts"][0]["counts"] == 2
    assert (t.player(ANN)["banished"], t.player(ANN)["knockouts"]) == (2, 2)
    assert t.grim(g["shade"])["spirit_bonus"] is None


def test_the_dark_spirit_bonus_does_not_double_its_own_confusion_knockout() -> None:
    """ "... (not via Afterworld effect or self or Ally damage)": Confusion knocking the Dark Grim
    itself out counts once, and the Bonus waits."""
    t, g = duel()
    t.set_grim(g["shade"], spirit_bonus="Dark", stamina=20, status="Confusion", health=2)
    body = attack(t, g["shade"], g["roar"], 6, "Dark", BOB)
    (ko,) = body["knockouts"]
    assert ko["grim_id"] == g["shade"] and ko["counts"] == 1 and not body["dark_bonus"]
    assert t.player(BOB)["knockouts"] == 1


def test_the_dark_spirit_bonus_does_not_double_a_knockout_of_its_ally() -> None:
    """Self or Ally damage does not count double, even an Attack on the Ally a card forces."""
    t, g = duel()
    t.set_grim(g["shade"], spirit_bonus="Dark", stamina=20)
    t.set_grim(g["twitch"], health=2)
    body = attack(t, g["shade"], g["twitch"], 4, "Dark", BOB, card_allows=True)
    assert body["knockouts"][0]["counts"] == 1 and t.player(BOB)["knockouts"] == 1
    assert t.grim(g["shade"])["spirit_bonus"] == "Dark"


def test_an_attack_on_both_enemy_grim_pays_once_and_calculates_each_target() -> None:
    """Spirit Bonus (Earth): "next non-Hindered declared Attack targets both enemy Grim using the same
    Element (each a declared Attack)"; FAQ: "there are two 'calculated Attack damages' involved"."""
    t, g = duel()
    t.set_grim(g["roar"], spirit_bonus="Earth", stamina=10)
    t.set_grim(g["twitch"], attached="Plant")
    body = attack(t, g["roar"], g["shade"], 6, "Fire", second_target_id=g["twitch"])
    assert t.grim(g["roar"])["stamina"] == 7  # 3 Stamina, once
    assert t.grim(g["shade"])["health"] == 18 - 6 and t.grim(g["twitch"])["health"] == 16 - 8
    assert t.grim(g["roar"])["spirit_bonus"] is None and t.state["action_taken"] == "attack"
    line = RULES.describe("grim.attacked", body, NAMES)
    assert line == (
        "Ann's The Noble Roar attacked Bob's The Nimbus Shade with Fire: 6 damage (6 base), Health 18 "
        "\u2192 12; and Bob's The Swift Twitch: 8 damage (6 base, Strong +2 (Plant) = 8), Health 16 "
        "\u2192 8; 3 Stamina spent (10 \u2192 7)."
    )


def test_a_second_target_needs_the_earth_bonus_or_a_card() -> None:
    t, g = duel()
    t.acting(g["roar"])
    payload = {
        "grim_id": g["roar"],
        "target_id": g["shade"],
        "second_target_id": g["twitch"],
        "damage": 2,
        "element": "Fire",
    }
    refusal = t.refused("grim.attack", payload)
    assert (refusal.code, refusal.extra["field"]) == ("one_target", "second_target_id")
    assert t.refused("grim.attack", {**payload, "second_target_id": g["shade"]}).code == "same_target"
    body = t.do("grim.attack", {**payload, "card_allows": True, "note": "Earth Haven"})
    assert len(body["hits"]) == 2


def test_the_attackers_status_affects_the_first_targets_calculation_only() -> None:
    """FAQ: "If the Opponent inflicts Grapple as a Reaction to a spread Attack like this, they must
    declare which Target Grim is using the Reaction, so it only applies to one of those damage calcs."
    Reading: the Attacker's Status applies to ``target_id``, the Grim named first."""
    t, g = duel()
    t.set_grim(g["roar"], spirit_bonus="Earth", stamina=10, status="Burn")
    body = attack(t, g["roar"], g["shade"], 6, "Fire", second_target_id=g["twitch"])
    assert [h["damage"] for h in body["hits"]] == [3, 6]
    assert t.grim(g["roar"])["status"] is None


def test_blight_and_curse_on_each_target_count_for_that_target() -> None:
    t, g = duel()
    t.set_grim(g["roar"], spirit_bonus="Earth", stamina=10)
    t.set_grim(g["shade"], status="Blight")
    t.set_grim(g["twitch"], status="Curse")
    body = attack(t, g["roar"], g["shade"], 4, "Fire", second_target_id=g["twitch"])
    assert [h["damage"] for h in body["hits"]] == [8, 6]
    assert t.grim(g["shade"])["status"] is None and t.grim(g["twitch"])["status"] is None
