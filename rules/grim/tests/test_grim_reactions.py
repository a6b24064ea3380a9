"""Reactions: one per Round, a Status on the Attacker or an Element on the Target (rulebook: The Reaction)."""

from __future__ import annotations

import pytest

from rules.grim.tests.test_grim_support import ANN, BOB, NAMES, RULES, duel


def test_a_status_reaction_inflicts_the_status_and_uses_the_reaction() -> None:
    """ "Status Reactions can be used by revealing and discarding a Grim from hand to inflict its
    primary Element's Status ... Once your Reaction is used, remove the cube from the "R"." """
    t, g = duel()
    body = t.do("grim.status", {"grim_id": g["roar"], "status": "Blight", "reaction": True}, seat=BOB)
    assert t.grim(g["roar"])["status"] == "Blight" and not t.player(BOB)["reaction"]
    assert t.player(ANN)["reaction"]
    assert RULES.describe("grim.status_set", body, NAMES) == (
        "Bob reacts: Ann's The Noble Roar is inflicted with Blight (Bob's Reaction is used)."
    )
    refusal = t.refused("grim.status", {"grim_id": g["cloud"], "status": "Burn", "reaction": True}, seat=BOB)
    assert (refusal.code, refusal.extra["field"]) == ("reaction_used", "reaction")
    assert refusal.message == "That player has already used their Reaction this Round."


def test_a_status_reaction_is_the_other_players_to_make() -> None:
    t, g = duel()
    refusal = t.refused("grim.status", {"grim_id": g["roar"], "status": "Burn", "reaction": True})
    assert refusal.code == "not_your_seat"


def test_no_grim_is_inflicted_with_its_own_elements_status_on_a_reaction() -> None:
    """ "A GRIM CAN NEVER BE INFLICTED WITH ITS OWN ELEMENT'S STATUS ON A REACTION ... (e.g., you
    cannot Burn a Fire Grim using a Reaction, but if your Synergy Effect causes Burn, you can" """
    t, g = duel()
    refusal = t.refused("grim.status", {"grim_id": g["roar"], "status": "Burn", "reaction": True}, seat=BOB)
    assert (refusal.code, refusal.extra["field"]) == ("own_status", "status")
    assert refusal.message == (
        "A Reaction cannot inflict a Grim with its own Element's Status: The Noble Roar is Fire, "
        "and Burn is Fire's."
    )
    t.do("grim.status", {"grim_id": g["roar"], "status": "Burn"}, seat=BOB)  # not a Reaction: allowed
    assert t.grim(g["roar"])["status"] == "Burn" and t.player(BOB)["reaction"]


def test_an_attached_element_counts_as_its_own_for_the_reaction_rule() -> None:
    """Reading: "becomes a Fire and Ghost Grim by attaching a Fire Element" (Elements): a Ghost Grim
    with Fire attached is a Fire Grim, so no Burn Reaction on it."""
    t, g = duel()
    t.do("grim.attach", {"grim_id": g["shade"], "element": "Fire"}, seat=BOB)
    refusal = t.refused("grim.status", {"grim_id": g["shade"], "status": "Burn", "reaction": True})
    assert refusal.code == "own_status"
    assert t.refused("grim.status", {"grim_id": g["shade"], "status": "Fear", "reaction": True}).code == (
        "own_status"  # and Fear is its primary Dark's
    )
    t.do("grim.status", {"grim_id": g["shade"], "status": "Freeze", "reaction": True})
    assert t.grim(g["shade"])["status"] == "Freeze"


def test_no_reaction_to_the_attacks_of_a_grim_with_the_light_spirit_bonus() -> None:
    """Spirit Bonus (Light): "Keep Spirits attached; no Reaction to this Grim's Attacks"."""
    t, g = duel()
    t.set_grim(g["cloud"], spirits=3, attached="Light", spirit_bonus="Light")
    refusal = t.refused("grim.status", {"grim_id": g["cloud"], "status": "Burn", "reaction": True}, seat=BOB)
    assert (refusal.code, refusal.extra["field"]) == ("no_reactions", "grim_id")
    body = t.do(
        "grim.status",
        {"grim_id": g["cloud"], "status": "Burn", "reaction": True, "card_allows": True, "note": "a Passive"},
        seat=BOB,
    )
    assert RULES.describe("grim.status_set", body, NAMES).endswith("; a card allows it: a Passive.")


def test_an_element_reaction_attaches_to_the_target_and_uses_its_players_reaction() -> None:
    """ "(2) Element Reactions can be used by attaching an Element to the Target Grim." """
    t, g = duel()
    body = t.do("grim.attach", {"grim_id": g["shade"], "element": "Water", "reaction": True}, seat=BOB)
    assert t.grim(g["shade"])["attached"] == "Water" and not t.player(BOB)["reaction"]
    assert RULES.describe("grim.attached", body, NAMES) == (
        "Bob reacts: Bob's The Nimbus Shade: Water Element attached (Bob's Reaction is used)."
    )
    refusal = t.refused(
        "grim.attach", {"grim_id": g["twitch"], "element": "Water", "reaction": True}, seat=BOB
    )
    assert refusal.code == "reaction_used"
    refusal = t.refused("grim.attach", {"grim_id": g["roar"], "element": None, "reaction": True})
    assert (refusal.code, refusal.extra["field"]) == ("reaction_needs_element", "element")


def test_reactions_refresh_at_the_end_of_the_round() -> None:
    """ "When the Round ends, you may replace the cube." """
    t, g = duel()
    t.do("grim.status", {"grim_id": g["roar"], "status": "Fear", "reaction": True}, seat=BOB)
    t.do("round.end")
    assert t.player(BOB)["reaction"]


@pytest.mark.parametrize("value", ["yes", 1])
def test_the_reaction_flag_is_true_or_false(value: object) -> None:
    t, g = duel()
    refusal = t.refused("grim.status", {"grim_id": g["roar"], "status": "Fear", "reaction": value}, seat=BOB)
    assert (refusal.code, refusal.extra["field"]) == ("bad_field", "reaction")


def test_clearing_a_status_is_not_a_reaction() -> None:
    t, g = duel()
    refusal = t.refused("grim.status", {"grim_id": g["roar"], "status": None, "reaction": True}, seat=BOB)
    assert (refusal.code, refusal.extra["field"]) == ("reaction_needs_status", "status")


def test_a_spirit_cannot_be_placed_as_a_reaction() -> None:
    """ "YOU CANNOT PLACE A SPIRIT CARD AS A REACTION": a Spirit has no Reaction to record, and the
    Reaction stays."""
    t, g = duel()
    refusal = t.refused("grim.spirit", {"grim_id": g["shade"], "reaction": True}, seat=BOB)
    assert (refusal.code, refusal.extra["field"]) == ("unknown_field", "reaction")
    t.do("grim.spirit", {"grim_id": g["shade"]}, seat=BOB)
    assert t.player(BOB)["reaction"]
