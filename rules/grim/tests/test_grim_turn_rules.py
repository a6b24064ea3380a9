"""The Turn's rules enforced: whose Turn it is, one Action per Turn, no Attack on an Ally
(rulebook: The Turns).

Each refusal has a stable code, words a player understands and the field at
fault; a card that says otherwise is recorded with ``card_allows`` (and an
optional note), which the log line shows.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.grim.tests.test_grim_support import ANN, BOB, NAMES, RULES, Table, duel


def hit(attacker: int, target: int, damage: int = 2, element: str = "Fire", **extra: Any) -> dict[str, Any]:
    return {"grim_id": attacker, "target_id": target, "damage": damage, "element": element, **extra}


def first_turn() -> tuple[Table, dict[str, int]]:
    """The sample placement with the Noble Roar (Speed 14, Ann's, Fire) acting first."""
    t, g = duel()
    t.do("turn.next")
    assert t.state["acting"] == g["roar"]
    return t, g


def test_an_attack_on_an_ally_is_refused() -> None:
    """The Turns, If Attacking: "A Grim cannot declare an Attack on its Ally unless express language
    forces it to." """
    t, g = first_turn()
    refusal = t.refused("grim.attack", hit(g["roar"], g["cloud"]))
    assert (refusal.code, refusal.extra["field"]) == ("ally_target", "target_id")
    assert refusal.message == (
        "The Noble Roar cannot Attack its Ally The Simoom Cloud unless a card says so "
        "(tick \u201ca card allows it\u201d)."
    )


def test_an_attack_on_an_ally_a_card_forces_is_allowed_and_the_log_says_so() -> None:
    """The Turns: "... unless express language forces it to": the card's word, in the log."""
    t, g = first_turn()
    body = t.do("grim.attack", hit(g["roar"], g["cloud"], card_allows=True, note="Mad Howl's Synergy"))
    assert t.grim(g["cloud"])["health"] == 16 and body["card_allows"] is True
    line = RULES.describe("grim.attacked", body, NAMES)
    assert line.startswith("Ann's The Noble Roar attacked Ann's The Simoom Cloud with Fire: 2 damage")
    assert line.endswith("; a card allows it: Mad Howl's Synergy.")
    body = t.do("grim.attack", hit(g["roar"], g["shade"]))  # the card's Attack was not the Action
    assert "a card allows it" not in RULES.describe("grim.attacked", body, NAMES)


def test_an_attack_by_a_grim_whose_turn_it_is_not_is_refused() -> None:
    """The Turns: each Grim takes its Turn in Speed order; the Action is the acting Grim's."""
    t, g = first_turn()
    refusal = t.refused("grim.attack", hit(g["cloud"], g["shade"], element="Wind"))
    assert (refusal.code, refusal.extra["field"]) == ("not_its_turn", "grim_id")
    assert refusal.message == (
        "It is The Noble Roar's Turn, not The Simoom Cloud's: an Attack out of Turn needs a card "
        "(tick \u201ca card allows it\u201d)."
    )
    refusal = t.refused("grim.attack", hit(g["shade"], g["roar"], element="Dark"), seat=BOB)
    assert refusal.code == "not_its_turn"


def test_an_attack_before_any_turn_has_started_is_refused() -> None:
    t, g = duel()
    refusal = t.refused("grim.attack", hit(g["roar"], g["shade"]))
    assert (refusal.code, refusal.extra["field"]) == ("not_its_turn", "grim_id")
    assert refusal.message == (
        "No Grim is taking its Turn now: an Attack out of Turn needs a card "
        "(tick \u201ca card allows it\u201d)."
    )


def test_an_out_of_turn_attack_a_card_allows_is_recorded_without_a_note() -> None:
    t, g = first_turn()
    body = t.do("grim.attack", hit(g["shade"], g["cloud"], element="Dark", card_allows=True), seat=BOB)
    assert RULES.describe("grim.attacked", body, NAMES).endswith("; a card allows it.")
    assert t.state["action_taken"] is None  # the Noble Roar's Action is still to take


def test_a_second_attack_in_one_turn_is_refused() -> None:
    """The Turns, Action Phase: "The Grim will choose to Attack, Heal, or Swap" (one Action)."""
    t, g = first_turn()
    t.do("grim.attack", hit(g["roar"], g["shade"]))
    refusal = t.refused("grim.attack", hit(g["roar"], g["twitch"]))
    assert (refusal.code, refusal.extra["field"]) == ("action_taken", "grim_id")
    assert refusal.message == (
        "The Noble Roar has already taken its Action this Turn (it attacked): one Action per Turn, "
        "unless a card allows more."
    )


def test_one_action_per_turn_heal_then_attack_and_attack_then_heal() -> None:
    """Key Terms, Turn: "(4) declaring an Action (Attack, Swap, Heal)": Heal is the Action too."""
    t, g = first_turn()
    t.set_grim(g["roar"], health=10)
    t.do("grim.heal", {"grim_id": g["roar"], "stamina": 2})
    assert t.state["action_taken"] == "heal"
    refusal = t.refused("grim.attack", hit(g["roar"], g["shade"]))
    assert refusal.code == "action_taken" and "(it healed)" in refusal.message
    t.do("turn.next")  # the Swift Twitch: a new Turn, a new Action
    assert t.state["action_taken"] is None
    t.do("grim.attack", hit(g["twitch"], g["cloud"], element="Electric"), seat=BOB)
    t.set_grim(g["twitch"], health=10)
    refusal = t.refused("grim.heal", {"grim_id": g["twitch"], "stamina": 1}, seat=BOB)
    assert (refusal.code, refusal.extra["field"]) == ("action_taken", "grim_id")


def test_heal_as_an_action_is_the_acting_grims_and_a_card_may_heal_any_grim() -> None:
    """The Turns, If Healing: "A Grim may Heal as an Action"; Key Terms, Heal: "or a free effect
    from Synergy"."""
    t, g = first_turn()
    t.set_grim(g["cloud"], health=10)
    refusal = t.refused("grim.heal", {"grim_id": g["cloud"], "stamina": 1})
    assert (refusal.code, refusal.extra["field"]) == ("not_its_turn", "grim_id")
    body = t.do("grim.heal", {"grim_id": g["cloud"], "stamina": 1, "card_allows": True, "note": "Synergy"})
    assert t.grim(g["cloud"])["health"] == 11 and t.state["action_taken"] is None
    assert RULES.describe("grim.healed", body, NAMES).endswith("; a card allows it: Synergy.")


def test_undo_of_the_attack_gives_the_action_back() -> None:
    t, g = first_turn()
    t.do("grim.attack", hit(g["roar"], g["shade"]))
    t.state = RULES.invert(t.state, t.log[-1], t.actor(ANN)).state
    assert t.state["action_taken"] is None
    t.do("grim.attack", hit(g["roar"], g["twitch"]))


def test_the_electric_spirit_bonus_is_an_extra_attack_that_is_not_the_action() -> None:
    """Spirit Bonus (Electric): "This Grim may declare an Attack immediately; this does not replace
    its Turn's Action; must pay required Stamina for the Attack"."""
    t, g = duel()
    t.do("turn.next")
    t.do("turn.next")  # the Swift Twitch (Bob's, Electric) is acting
    t.set_grim(g["twitch"], spirits=2, stamina=20)
    t.do("grim.spirit", {"grim_id": g["twitch"]}, seat=BOB)
    t.do("grim.spirit_bonus", {"grim_id": g["twitch"], "element": "Electric"}, seat=BOB)
    assert t.grim(g["twitch"])["spirit_bonus"] == "Electric"
    body = t.do("grim.attack", hit(g["twitch"], g["cloud"], 4, "Electric"), seat=BOB)
    assert body["extra_attack"] == "Electric" and t.state["action_taken"] is None
    assert "the Electric Spirit Bonus's extra Attack" in RULES.describe("grim.attacked", body, NAMES)
    assert t.grim(g["twitch"])["stamina"] == 18 and t.grim(g["twitch"])["spirit_bonus"] is None
    t.do("grim.attack", hit(g["twitch"], g["roar"], 4, "Electric"), seat=BOB)  # its Turn's Action
    assert t.refused("grim.attack", hit(g["twitch"], g["roar"], 4, "Electric"), seat=BOB).code == (
        "action_taken"
    )


def test_an_unused_electric_bonus_lapses_when_the_turn_ends() -> None:
    """ "may declare an Attack immediately": not later."""
    t, g = first_turn()
    t.set_grim(g["roar"], spirits=2)
    t.do("grim.attach", {"grim_id": g["roar"], "element": "Electric"})
    t.do("grim.spirit", {"grim_id": g["roar"]})
    t.do("grim.spirit_bonus", {"grim_id": g["roar"], "element": "Electric"})
    t.do("turn.next")
    assert t.grim(g["roar"])["spirit_bonus"] is None


def test_a_thrown_grim_cannot_attack_as_its_action() -> None:
    """Status, Throw: "A Thrown Grim cannot choose to Attack as its Action on its next Turn. This
    effect does not prohibit Attacks gained in other ways." """
    t, g = duel()
    t.do("grim.status", {"grim_id": g["roar"], "status": "Throw"}, seat=BOB)
    t.do("turn.next")
    refusal = t.refused("grim.attack", hit(g["roar"], g["shade"]))
    assert (refusal.code, refusal.extra["field"]) == ("thrown", "grim_id")
    t.set_grim(g["roar"], health=15)
    t.do("grim.heal", {"grim_id": g["roar"], "stamina": 1})  # it may still Heal; Healing cures the Throw
    t2, g2 = duel()
    t2.do("grim.status", {"grim_id": g2["roar"], "status": "Throw"}, seat=BOB)
    t2.do("turn.next")
    t2.do("grim.attack", hit(g2["roar"], g2["shade"], card_allows=True, note="a Passive's Attack"))


def test_a_frozen_grim_cannot_choose_its_higher_attack() -> None:
    """Status, Freeze: "A Frozen Grim cannot choose its higher base damage Attack on its next Turn's
    Action or otherwise when it Attacks next." Known only when the card's two Attacks were entered."""
    t = Table.new()
    t.do("grim.favor", {"seat_id": ANN})
    ice = t.enter("Ice", "Water", 20, 9, ANN, attacks=[4, 8])
    foe = t.enter("Foe", "Earth", 20, 5, BOB)
    t.do("grim.status", {"grim_id": ice, "status": "Freeze"}, seat=BOB)
    t.do("turn.next")
    refusal = t.refused("grim.attack", hit(ice, foe, 8, "Water"))
    assert (refusal.code, refusal.extra["field"]) == ("frozen", "damage")
    assert "cannot choose its higher Attack (8)" in refusal.message
    body = t.do("grim.attack", hit(ice, foe, 4, "Water"))
    assert body["cleared"] == [{"grim_id": ice, "name": "Ice", "seat_id": ANN, "status": "Freeze"}]


@pytest.mark.parametrize("command", ["grim.attack", "grim.heal"])
def test_card_allows_must_be_true_or_false_and_the_note_is_text(command: str) -> None:
    t, g = first_turn()
    payload: dict[str, Any] = (
        hit(g["roar"], g["shade"]) if command == "grim.attack" else {"grim_id": g["roar"], "stamina": 1}
    )
    assert t.refused(command, {**payload, "card_allows": "yes"}).extra["field"] == "card_allows"
    assert t.refused(command, {**payload, "card_allows": True, "note": 5}).extra["field"] == "note"
    assert t.refused(command, {**payload, "note": "why"}).extra["field"] == "note"  # a note needs the flag
