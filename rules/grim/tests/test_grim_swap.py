"""Swap: Heal to full Health, then trade places with a Grim from hand (rulebook: The Turns, If Swapping;
Key Terms: Swap)."""

from __future__ import annotations

import copy
from typing import Any

from rules.grim.tests.test_grim_support import ANN, BOB, NAMES, RULES, Table, duel

INCOMING = {"name": "The Ember Imp", "element": "Fire", "health": 12, "speed": 3, "attacks": [4, 6]}


def swap(grim_id: int, **extra: Any) -> dict[str, Any]:
    return {"grim_id": grim_id, **INCOMING, **extra}


def roar_acting() -> tuple[Table, dict[str, int]]:
    t, g = duel()
    t.do("turn.next")
    return t, g


def test_a_swap_heals_to_full_then_the_grim_from_hand_takes_its_place() -> None:
    """ "To Swap, Heal to or above full Health, then Swap (trade places) with a Grim in your hand.
    Any unspent attached Bond Cards will attach to the newly placed Grim." """
    t, g = roar_acting()
    t.set_grim(g["roar"], health=16, stamina=7, spirits=2, attached="Water", status="Burn")
    body = t.do("grim.swap", swap(g["roar"], stamina=3, bonds=1))
    roar = t.grim(g["roar"])
    assert (roar["in_play"], roar["health"], roar["stamina"], roar["status"]) == (False, 20, 4, None)
    assert roar["swapped_out"] is True and t.player(ANN)["knockouts"] == 0  # not a Knockout
    imp = t.grim(body["incoming"]["id"])
    assert (imp["name"], imp["health"], imp["base_health"], imp["stamina"], imp["seat_id"]) == (
        "The Ember Imp",
        12,
        12,
        5,
        ANN,
    )
    assert (imp["spirits"], imp["attached"]) == (1, "Water")  # the unspent Bonds go with it
    assert t.state["action_taken"] == "swap"
    assert RULES.describe("grim.swapped", body, NAMES) == (
        "Ann's The Noble Roar healed 4 with 3 Stamina and 1 Bond Card (Stamina 7 \u2192 4, "
        "Spirits 2 \u2192 1): Health 16 \u2192 20, Burn cured, and swapped with The Ember Imp "
        "(Fire, 12 Health, Speed 3, 5 Stamina), which takes its 1 Spirit and Water Element "
        "(The Noble Roar's Spirits 1 \u2192 0)."
    )
    assert body["catalogue"] == {k: INCOMING[k] for k in ("name", "element", "health", "speed", "attacks")}


def test_only_a_grim_below_its_printed_health_may_swap() -> None:
    """ "CAN ONLY BE USED BY A GRIM THAT IS BELOW ITS BASE HEALTH." """
    t, g = roar_acting()
    refusal = t.refused("grim.swap", swap(g["roar"], stamina=1))
    assert (refusal.code, refusal.extra["field"]) == ("not_hurt", "grim_id")
    assert refusal.message == "Only a Grim below its printed Health can Swap: The Noble Roar has 20 of 20."


def test_a_swap_must_heal_back_to_full() -> None:
    """ "If the Grim can Heal back to or above its base Health, it can do so to Swap as its Action." """
    t, g = roar_acting()
    t.set_grim(g["roar"], health=12, stamina=7)
    refusal = t.refused("grim.swap", swap(g["roar"], stamina=7))
    assert (refusal.code, refusal.extra["field"]) == ("swap_short", "stamina")
    assert refusal.message == (
        "The Noble Roar must Heal to its full 20 Health to Swap: spend at least 8 (Stamina and Bond Cards)."
    )
    t.set_grim(g["roar"], attached="Earth")
    t.do("grim.swap", swap(g["roar"], stamina=7, bonds=1))


def test_the_incoming_grim_acts_this_round_only_if_slower_than_the_tier_acting() -> None:
    """ "This new Grim may get a Turn within the Round that it's placed if it's slower than the
    current active Speed tier." """
    t, g = roar_acting()
    t.set_grim(g["roar"], health=19)
    body = t.do("grim.swap", swap(g["roar"], stamina=1))
    assert body["acts_this_round"] is True
    assert t.state["turn_order"][-1] == body["incoming"]["id"]  # Speed 3: last
    t2, g2 = roar_acting()
    t2.set_grim(g2["roar"], health=19)
    fast = t2.do("grim.swap", swap(g2["roar"], stamina=1, speed=14))
    assert fast["acts_this_round"] is False and fast["incoming"]["id"] not in t2.state["turn_order"]
    assert "(acts from next Round)" in RULES.describe("grim.swapped", fast, NAMES)


def test_swap_is_the_action_of_the_acting_grim() -> None:
    """Swap is one of the three Actions (Attack, Heal, Swap): one per Turn, on the Grim's Turn."""
    t, g = roar_acting()
    t.set_grim(g["cloud"], health=10)
    refusal = t.refused("grim.swap", swap(g["cloud"], stamina=5))
    assert (refusal.code, refusal.extra["field"]) == ("not_its_turn", "grim_id")
    t.do("grim.attack", {"grim_id": g["roar"], "target_id": g["shade"], "damage": 2, "element": "Fire"})
    t.set_grim(g["roar"], health=19)
    assert t.refused("grim.swap", swap(g["roar"], stamina=1)).code == "action_taken"


def test_a_card_swap_needs_no_heal() -> None:
    """Spirit Bonus (Wind): "Swap this Grim with a Grim in your hand and add its current Health or
    Stamina to the incoming Grim": a card's Swap, the addition made by hand."""
    t, g = roar_acting()
    body = t.do("grim.swap", swap(g["cloud"], card_allows=True, note="Wind Spirit Bonus"))
    assert not t.grim(g["cloud"])["in_play"] and t.grim(body["incoming"]["id"])["in_play"]
    assert t.state["action_taken"] is None
    assert RULES.describe("grim.swapped", body, NAMES) == (
        "Ann's The Simoom Cloud swapped with The Ember Imp (Fire, 12 Health, Speed 3, 5 Stamina)"
        "; a card allows it: Wind Spirit Bonus."
    )


def test_spirit_bonuses_do_not_pass_on_but_three_spirits_call_for_a_new_one() -> None:
    """Spirit Bonuses: "Grim do not share Spirit Bonuses between Swaps" ... "that new Grim newly
    attaches all of those Spirits and may newly choose a Spirit Bonus"."""
    t, g = roar_acting()
    t.set_grim(g["roar"], health=19, spirits=3, attached="Light", spirit_bonus="Light")
    body = t.do("grim.swap", swap(g["roar"], stamina=1))
    imp = t.grim(body["incoming"]["id"])
    assert (imp["spirits"], imp["spirit_bonus"], imp["spirit_bonus_due"]) == (3, None, True)
    assert t.grim(g["roar"])["spirit_bonus"] is None


def test_swap_refusals_name_their_field_and_change_nothing() -> None:
    t, g = roar_acting()
    t.set_grim(g["roar"], health=19)
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"name": ""}, "bad_field", "name"),
        ({"element": "Ice"}, "unknown_element", "element"),
        ({"health": 0}, "out_of_range", "health"),
        ({"speed": None}, "missing_field", "speed"),
        ({"stamina": 9}, "not_enough_stamina", "stamina"),
        ({"bonds": 1}, "not_enough_bonds", "bonds"),
        ({"colour": 1}, "unknown_field", "colour"),
    ]
    for change, code, field in cases:
        refusal = t.refused("grim.swap", {**swap(g["roar"], stamina=1), **change})
        assert (refusal.code, refusal.extra["field"]) == (code, field)
    assert t.refused("grim.swap", swap(g["roar"], stamina=1), seat=BOB).code == "not_your_seat"


def test_undo_of_a_swap_puts_the_grim_back() -> None:
    t, g = roar_acting()
    t.set_grim(g["roar"], health=19)
    before = copy.deepcopy(t.state)
    t.do("grim.swap", swap(g["roar"], stamina=1))
    assert RULES.invert(t.state, t.log[-1], t.actor(ANN)).state == before
