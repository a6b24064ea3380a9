"""Turns and cards (rulebook 3 Phases, 4 Winning: the empty deck, 6, 7 Power/Death; spec 3-4, 9)."""

from __future__ import annotations

from rules.engine import NotAllowed
from rules.grimterra.tests.test_grimterra_support import (
    ANN,
    BOB,
    CAT,
    Table,
    fighting,
    started,
    table,
)

# --- the turn and the draw -----------------------------------------------------------------------------


def test_the_game_starts_with_everyone_drawing_up_to_five() -> None:
    t, _ = table(deck=60)
    assert t.refused("turn.next", {}).code == "not_started"
    body = t.do("game.start", {"seat_id": BOB})
    assert t.state["turn"] == {"seat_id": BOB, "number": 1, "phase": "draw", "combat": None, "fought": False}
    assert [(p["hand"], p["deck"]) for p in t.state["players"]] == [(5, 55), (5, 55)]
    assert body["draws"][0] == {"seat_id": ANN, "drew": 5, "hand": 5, "deck": 55, "empty": False}
    assert (
        t.line() == "The game begins: Bob plays first; Ann draws 5 (hand 0 → 5, deck 60 → 55); "
        "Bob draws 5 (hand 0 → 5, deck 60 → 55)."
    )
    assert t.refused("game.start", {}).code == "already_started"


def test_game_start_refusals() -> None:
    t = Table()
    assert t.refused("game.start", {}).code == "not_enough_players"
    t.add("Vex", ["Fortutidas"], 5, 9, ANN)
    t.add("Kel", ["Agilitas"], 5, 9, BOB)
    refusal = t.refused("game.start", {})
    assert (refusal.code, refusal.extra) == ("heroes_missing", {"seat_id": ANN, "heroes": 1})
    t2, _ = table()
    assert t2.refused("game.start", {"seat_id": CAT}).code == "not_a_player"
    assert t2.refused("game.start", {"seat_id": 9}).code == "unknown_seat"


def test_phases_advance_and_the_next_turn_draws_up_to_five() -> None:
    t, _ = started(deck=60)
    assert t.line() == "Ann's turn 1: Pre Combat."
    assert t.refused("turn.next", {}, seat=BOB).code == "not_your_turn"
    assert isinstance(t.refused("turn.next", {}, seat=BOB), NotAllowed)
    for phase in ("combat", "post", "discard"):
        body = t.do("turn.next", {})
        assert body["phase"] == phase == t.state["turn"]["phase"]
    t.do("card.discard", {"count": 3})
    assert (t.player(ANN)["hand"], t.player(ANN)["discard"]) == (2, 3)
    assert t.line() == "Ann discards 3 (hand 5 → 2, discard pile 0 → 3)."
    t.set_player(BOB, hand=4)
    body = t.do("turn.next", {})
    assert t.state["turn"] == {"seat_id": BOB, "number": 2, "phase": "draw", "combat": None, "fought": False}
    assert (t.player(ANN)["hand"], t.player(ANN)["deck"]) == (5, 52)
    assert (t.player(BOB)["hand"], t.player(BOB)["deck"]) == (5, 54)
    assert t.line() == (
        "Ann's turn ends; Bob's turn 2: Draw; Ann draws 3 (hand 2 → 5, deck 55 → 52); "
        "Bob draws 1 (hand 4 → 5, deck 55 → 54)."
    )
    t.do("turn.next", {}, seat=BOB)
    assert t.state["turn"]["phase"] == "pre"


def test_nobody_draws_past_five_and_an_uncounted_deck_never_runs_out() -> None:
    t, _ = started()
    t.set_player(ANN, hand=7)
    t.phase("discard")
    t.do("turn.next", {})
    assert t.player(ANN)["hand"] == 7 and t.player(ANN)["deck"] is None and t.player(BOB)["hand"] == 5


def test_a_player_who_must_draw_from_an_empty_deck_loses() -> None:
    t, _ = started(deck=60)
    t.set_player(BOB, deck=1, hand=2)
    t.phase("discard")
    body = t.do("turn.next", {})
    assert t.player(BOB)["lost"] and t.player(BOB)["lost_by"] == "empty_deck"
    assert (t.player(BOB)["hand"], t.player(BOB)["deck"]) == (3, 0)
    assert (t.state["winner_seat_id"], t.state["win_reason"], t.state["over"]) == (ANN, "last_standing", True)
    assert body["result"]["out"] == [{"seat_id": BOB, "cause": "empty_deck"}]
    assert t.line().endswith(
        "Bob draws 1 (hand 2 → 3, deck 1 → 0); Bob must draw from an empty deck and is out; Ann wins."
    )
    assert t.refused("turn.next", {}).code == "game_over"


def test_an_empty_deck_with_a_full_hand_does_not_lose() -> None:
    t, _ = started(deck=60)
    t.set_player(BOB, deck=0, hand=5)
    t.phase("discard")
    t.do("turn.next", {})
    assert not t.player(BOB)["lost"] and not t.state["over"]


def test_a_card_that_draws_from_an_empty_deck_loses_too() -> None:
    t, _ = started(deck=60)
    t.set_player(ANN, deck=1)
    body = t.do("card.draw", {"count": 2})
    assert body["drew"] == 1 and body["empty"] and t.state["winner_seat_id"] == BOB
    assert (
        t.line() == "Ann draws 1 of 2: the deck is empty (hand 5 → 6, deck 1 → 0); "
        "Ann must draw from an empty deck and is out; Bob wins."
    )


def test_minions_die_at_the_end_of_their_controllers_turn() -> None:
    t, ids = started()
    imp = t.add("Imp", ["Tenebris"], 2, 2, ANN, minion=True)
    bob_imp = t.add("Gnash", ["Fortutidas"], 2, 3, BOB, minion=True)
    assert t.hero(imp)["position"] == "arena" and t.hero(ids["vex"])["position"] == "arena"
    t.phase("discard")
    body = t.do("turn.next", {})
    assert t.hero(imp)["side"] == "dead" and t.hero(bob_imp)["side"] == "normal"
    assert body["minions_died"][0]["cause"] == "end_of_turn"
    assert "Imp dies at the end of its player's turn" in t.line()


def test_a_minion_leaving_the_arena_dies() -> None:
    t, _ = started()
    imp = t.add("Imp", ["Tenebris"], 2, 2, ANN, minion=True)
    t.do("hero.position", {"hero_id": imp, "position": "backrow"})
    assert t.hero(imp)["side"] == "dead"
    assert t.line() == "Ann's minion Imp moves to the backrow; Imp left the arena and dies."
    assert (
        t.refused(
            "hero.add",
            {
                "name": "X",
                "fates": ["Agilitas"],
                "health": 1,
                "empowered_health": 1,
                "minion": True,
                "position": "backrow",
            },
        ).code
        == "minion_in_arena"
    )


# --- cards -----------------------------------------------------------------------------------------------


def test_card_requirements_are_checked_on_the_current_side() -> None:
    t, ids = started()
    vex = ids["vex"]
    use = {"hero_id": vex, "kind": "spell", "fate": "Fortutidas", "requirement": 5}
    refusal = t.refused("card.use", use)
    assert (refusal.code, refusal.extra) == (
        "skill_too_low",
        {"field": "requirement", "skill": 3, "requirement": 5},
    )
    assert refusal.message == "Vex has Fortutidas 3 on its normal side; this card needs 5."
    t.do("card.use", {**use, "requirement": 3, "name": "Iron Will"})
    assert (
        t.line()
        == "Ann's hero Vex uses the Spell Iron Will (Fortutidas 3, skill 3); hand 5 → 4, discard pile 0 → 1."
    )
    t.set_hero(vex, side="empowered")
    t.do("card.use", {**use, "kind": "equipment"})  # empowered Fortutidas 5
    assert t.player(ANN)["used"] == {"spell": True, "equipment": True, "power": False}
    assert (t.player(ANN)["hand"], t.player(ANN)["discard"]) == (3, 1)  # the equipment stays in play


def test_a_hero_uses_only_its_own_fates_and_a_missing_skill_is_zero() -> None:
    t, ids = started()
    refusal = t.refused(
        "card.use", {"hero_id": ids["vex"], "kind": "spell", "fate": "Agilitas", "requirement": 0}
    )
    assert (refusal.code, refusal.extra["field"]) == ("wrong_fate", "fate")
    refusal = t.refused(
        "card.use", {"hero_id": ids["oran"], "kind": "spell", "fate": "blue", "requirement": 1}
    )
    assert (refusal.code, refusal.extra["skill"]) == ("skill_too_low", 0)


def test_tenebris_cards_have_no_requirement_and_add_dark_counters() -> None:
    t, ids = started()
    mira = ids["mira"]  # an Agilitas hero: Tenebris is usable by all
    t.do("card.use", {"hero_id": mira, "kind": "spell", "fate": "Tenebris", "requirement": 4, "name": "Hex"})
    assert t.hero(mira)["dark"] == 4
    assert (
        t.line() == "Ann's hero Mira uses the Spell Hex (Tenebris: +4 dark, 0 \u2192 4); "
        "hand 5 → 4, discard pile 0 → 1."
    )
    t.set_hero(mira, dark=5)
    t.do("card.use", {"hero_id": mira, "kind": "equipment", "fate": "purple", "requirement": 1})
    assert t.hero(mira)["side"] == "dead" and t.hero(mira)["dark"] == 6
    assert t.line().endswith("Mira dies of darkness (6 dark counters).")


def test_one_spell_one_equipment_one_power_per_turn_across_pre_and_post_combat() -> None:
    t, ids = started()
    vex = ids["vex"]
    spell = {"hero_id": vex, "kind": "spell", "fate": "Fortutidas", "requirement": 1}
    t.do("card.use", spell)
    refusal = t.refused("card.use", spell)
    assert (refusal.code, refusal.extra) == ("already_used", {"field": "kind", "kind": "spell"})
    t.do("card.use", {"hero_id": vex, "kind": "power"})
    assert t.refused("card.use", {"hero_id": ids["mira"], "kind": "power"}).code == "already_used"
    t.do("card.use", {"hero_id": ids["mira"], "kind": "power", "passive": True})  # passive: does not count
    assert "passive Power" in t.line()
    t.phase("post")
    assert t.refused("card.use", spell).code == "already_used"
    t.do("card.use", {**spell, "kind": "equipment"})  # not used in pre-combat: still allowed in post
    t.phase("discard")
    t.do("turn.next", {})
    assert all(not any(p["used"].values()) for p in t.state["players"])


def test_spells_are_not_cast_in_combat_draw_or_discard_nor_on_another_players_turn() -> None:
    t, ids = fighting()
    spell = {"hero_id": ids["vex"], "kind": "spell", "fate": "Fortutidas", "requirement": 1}
    refusal = t.refused("card.use", spell)
    assert (refusal.code, refusal.extra["phase"]) == ("wrong_phase", "combat")
    assert t.refused("card.use", {"hero_id": ids["vex"], "kind": "power"}).code == "wrong_phase"
    t2, ids2 = started()
    t2.phase("discard")
    assert t2.refused("card.use", {**spell, "hero_id": ids2["vex"]}).code == "wrong_phase"
    t3, ids3 = started()
    bob_spell = {"hero_id": ids3["kel"], "kind": "spell", "fate": "Agilitas", "requirement": 1}
    assert t3.refused("card.use", bob_spell, seat=BOB).code == "not_your_turn"
    assert t3.refused("card.use", bob_spell, seat=ANN).code == "not_your_seat"


def test_only_attack_and_defense_cards_in_combat_by_the_two_heroes() -> None:
    t, ids = started()
    attack = {"hero_id": ids["vex"], "kind": "attack", "fate": "Fortutidas", "requirement": 2}
    refusal = t.refused("card.use", attack)
    assert (refusal.code, refusal.extra["field"]) == ("not_in_combat", "kind")
    t.do("combat.start", {"attacker_id": ids["vex"], "target_id": ids["kel"]})
    t.do("card.use", attack)
    t.do(
        "card.use", {"hero_id": ids["kel"], "kind": "defense", "fate": "Agilitas", "requirement": 4}, seat=BOB
    )
    assert (t.player(BOB)["hand"], t.player(BOB)["discard"]) == (4, 1)
    t.do("card.use", attack)  # no per-turn limit on attacks
    assert (
        t.refused("card.use", {**attack, "hero_id": ids["mira"], "fate": "Agilitas"}).code
        == "not_in_this_combat"
    )


def test_a_bluff_is_a_played_and_discarded_card() -> None:
    t, _ = fighting()
    t.do("card.bluff", {}, seat=BOB)
    assert (t.player(BOB)["hand"], t.player(BOB)["discard"]) == (4, 1)
    assert t.line() == "Bob bluffs: a card face down to the discard pile (hand 5 → 4, discard pile 0 → 1)."
    t2, _ = started()
    assert t2.refused("card.bluff", {}).code == "not_in_combat"


def test_an_empty_hand_cannot_play_a_card() -> None:
    t, ids = fighting()
    t.set_player(ANN, hand=0)
    attack = {"hero_id": ids["vex"], "kind": "attack", "fate": "Fortutidas", "requirement": 2}
    assert t.refused("card.use", attack).code == "empty_hand"
    assert t.refused("card.bluff", {}).code == "empty_hand"
    assert t.refused("card.discard", {"count": 1}).code == "not_enough_cards"


def test_a_power_is_used_on_its_players_own_turn_outside_combat() -> None:
    """Rulebook 7, Power: "Powers can only be used once per turn and only on your turn. They can't be
    used during combat"; a passive power "does not count towards your 1 Power per turn limit"."""
    t, ids = started()
    refusal = t.refused("card.use", {"hero_id": ids["kel"], "kind": "power"}, seat=BOB)
    assert (refusal.code, refusal.extra["field"]) == ("not_your_turn", "hero_id")
    t.do("card.use", {"hero_id": ids["kel"], "kind": "power", "passive": True}, seat=BOB)  # it just happens
    t.do("combat.start", {"attacker_id": ids["vex"], "target_id": ids["kel"]})
    assert t.refused("card.use", {"hero_id": ids["vex"], "kind": "power"}).code == "wrong_phase"
    t.do("combat.end", {"note": "Smoke Bomb"})
    t.do("card.use", {"hero_id": ids["vex"], "kind": "power"})
    assert t.refused("card.use", {"hero_id": ids["vex"], "kind": "power"}).code == "already_used"
