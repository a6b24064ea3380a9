"""Turns, cards, combat and the win (rulebook 3 Phases, 4 Winning, 6, 7 Power/Death, 8; spec 3-7, 9)."""

from __future__ import annotations

import pytest

from rules.engine import NotAllowed
from rules.grimterra.tests.test_grimterra_support import (
    ANN,
    BOB,
    CAT,
    RULES,
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


# --- combat ----------------------------------------------------------------------------------------------


def test_combat_lasts_three_rounds() -> None:
    t, ids = fighting()
    assert t.state["turn"]["combat"] == {"attacker": ids["vex"], "target": ids["kel"], "round": 1}
    assert t.line() == "Ann's hero Vex enters combat with Bob's hero Kel (round 1 of 3)."
    assert t.refused("turn.next", {}).code == "combat_running"
    t.do("combat.round_end", {})
    t.do("combat.round_end", {}, seat=BOB)
    assert t.state["turn"]["combat"]["round"] == 3
    body = t.do("combat.round_end", {})
    assert body["ended"] == "three_rounds" and t.state["turn"]["combat"] is None
    assert t.state["turn"]["phase"] == "post"
    assert t.line() == "Combat round 3 ends; combat ends after 3 rounds."
    assert t.refused("combat.round_end", {}).code == "not_in_combat"
    t2, ids2 = started()
    t2.phase("post")
    assert (
        t2.refused("combat.start", {"attacker_id": ids2["vex"], "target_id": ids2["kel"]}).code
        == "wrong_phase"
    )


def test_combat_ends_early_when_the_target_dies_or_leaves_the_arena() -> None:
    t, ids = fighting()
    t.set_hero(ids["kel"], side="empowered")
    t.do("hero.wound", {"hero_id": ids["kel"], "amount": 11})
    body = t.do("combat.round_end", {})
    assert (body["round"], body["ended"]) == (1, "target_gone")
    assert t.line() == "Combat round 1 ends; combat ends: the target is no longer in the arena."
    t2, ids2 = fighting()
    t2.do("hero.position", {"hero_id": ids2["kel"], "position": "backrow", "note": "Vanish"}, seat=BOB)
    assert t2.do("combat.round_end", {})["ended"] == "target_gone"
    t3, _ = fighting()
    body = t3.do("combat.end", {"note": "Smoke Bomb"})
    assert body["ended"] == "by_hand" and t3.state["turn"]["phase"] == "post"
    assert t3.line() == "Combat round 1 ends; combat ends early (Smoke Bomb)."


def test_combat_start_refusals() -> None:
    t, ids = started()
    vex, kel, mira, sorn = ids["vex"], ids["kel"], ids["mira"], ids["sorn"]
    assert t.refused("combat.start", {"attacker_id": kel, "target_id": vex}, seat=BOB).code == "not_your_turn"
    assert t.refused("combat.start", {"attacker_id": kel, "target_id": vex}).code == "not_your_hero"
    assert t.refused("combat.start", {"attacker_id": vex, "target_id": mira}).code == "own_hero"
    refusal = t.refused("combat.start", {"attacker_id": vex, "target_id": sorn})
    assert (refusal.code, refusal.extra["field"]) == ("not_in_arena", "target_id")
    refusal = t.refused("combat.start", {"attacker_id": mira, "target_id": kel})
    assert (refusal.code, refusal.extra["field"]) == ("not_in_arena", "attacker_id")
    t.do("combat.start", {"attacker_id": vex, "target_id": kel})
    assert t.refused("combat.start", {"attacker_id": vex, "target_id": kel}).code == "combat_running"
    t.do("combat.end", {"note": "x"})
    assert t.refused("combat.start", {"attacker_id": vex, "target_id": kel}).code == "wrong_phase"


def test_the_arena_hero_is_fixed_until_the_next_pre_combat() -> None:
    t, ids = started()
    t.do("hero.position", {"hero_id": ids["mira"], "position": "arena"})  # Ann's pre-combat: free
    assert (t.hero(ids["mira"])["position"], t.hero(ids["vex"])["position"]) == ("arena", "backrow")
    assert t.line() == "Ann's hero Mira moves to the arena; Vex goes to the backrow."
    refusal = t.refused("hero.position", {"hero_id": ids["sorn"], "position": "arena"}, seat=BOB)
    assert (refusal.code, refusal.extra["field"]) == ("arena_fixed", "note")
    t.phase("post")
    assert t.refused("hero.position", {"hero_id": ids["vex"], "position": "arena"}).code == "arena_fixed"
    t.do("hero.position", {"hero_id": ids["vex"], "position": "arena", "note": "Rally"})
    assert t.line() == "Ann's hero Vex moves to the arena (Rally); Mira goes to the backrow."
    assert (
        t.refused("hero.position", {"hero_id": ids["vex"], "position": "arena", "note": "x"}).code
        == "no_change"
    )


# --- the win ---------------------------------------------------------------------------------------------


def kill_all(t: Table, seat: int, *, skip: int | None = None) -> None:
    for hero in list(t.state["heroes"]):
        if hero["seat_id"] == seat and hero["id"] != skip and not hero["minion"]:
            t.set_hero(hero["id"], side="dead")


def test_a_player_wins_when_every_opponent_has_no_living_hero() -> None:
    t, ids = started()
    kill_all(t, BOB, skip=ids["lute"])
    t.set_hero(ids["lute"], dark=5)
    body = t.do("hero.dark", {"hero_id": ids["lute"], "by": 1})
    assert (t.state["over"], t.state["winner_seat_id"], t.state["win_reason"]) == (True, ANN, "last_standing")
    assert body["result"]["out"] == [{"seat_id": BOB, "cause": "no_heroes"}]
    assert t.player(BOB)["lost_by"] == "no_heroes"
    assert t.line() == (
        "Bob's hero Lute gains 1 dark counter (dark 5 → 6 of 6); Lute dies of darkness (6 dark counters); "
        "Bob has no living hero left and is out; Ann wins."
    )
    rows = RULES.results(t.state)
    # Grimterra keeps no score: a play's record says who won, the heroes alive are details.
    assert [(r["seat_id"], r["place"], r["won"], r["score"]) for r in rows] == [
        (ANN, 1, True, None),
        (BOB, 2, False, None),
    ]
    assert rows[1]["details"] == {
        "living_heroes": 0,
        "dark_counters": 6,
        "lost_by": "no_heroes",
        "win_reason": "last_standing",
        "tied": False,
        "turns": 1,
    }
    assert t.refused("hero.wound", {"hero_id": ids["vex"], "amount": 1}).code == "game_over"


def test_a_living_minion_does_not_keep_its_player_in() -> None:
    t, ids = started()
    t.add("Gnash", ["Fortutidas"], 2, 3, BOB, minion=True)
    kill_all(t, BOB, skip=ids["kel"])
    t.do("hero.dark", {"hero_id": ids["kel"], "by": 6})
    assert t.state["winner_seat_id"] == ANN


def test_no_result_while_the_game_goes_on() -> None:
    t, _ = started()
    assert RULES.results(t.state) == []


def test_the_last_heroes_dying_in_the_same_round_go_to_the_fewest_dark_counters() -> None:
    t, ids = fighting()
    kill_all(t, ANN, skip=ids["vex"])
    kill_all(t, BOB, skip=ids["kel"])
    t.set_hero(ids["mira"], dark=2)  # dead heroes' counters count too
    t.set_hero(ids["vex"], side="empowered", wounds=8, dark=1)
    t.set_hero(ids["kel"], side="empowered", wounds=10, dark=4)
    t.do("hero.wound", {"hero_id": ids["kel"], "amount": 1})
    assert t.hero(ids["kel"])["side"] == "dead" and not t.state["over"]  # decided at the round's end
    t.do("hero.wound", {"hero_id": ids["vex"], "amount": 1}, seat=BOB)
    body = t.do("combat.round_end", {})
    assert (t.state["winner_seat_id"], t.state["win_reason"]) == (ANN, "fewest_dark")
    assert body["result"]["dark_totals"] == {str(ANN): 3, str(BOB): 4}
    assert not t.player(ANN)["lost"] and t.player(BOB)["lost"]
    assert body["ended"] == "game_over" and t.state["turn"]["combat"] is None
    assert t.line() == (
        "Combat round 1 ends; combat ends; Bob has no living hero left and is out; "
        "no hero is left: Ann wins with the fewest dark counters (3 against Bob's 4)."
    )


def test_equal_fewest_dark_counters_is_a_tie() -> None:
    t, ids = fighting()
    kill_all(t, ANN, skip=ids["vex"])
    kill_all(t, BOB, skip=ids["kel"])
    t.set_hero(ids["vex"], dark=5)
    t.set_hero(ids["kel"], dark=5)
    t.do("hero.dark", {"hero_id": ids["vex"], "by": 1})
    t.do("hero.dark", {"hero_id": ids["kel"], "by": 1})
    t.do("combat.round_end", {})
    assert (t.state["over"], t.state["winner_seat_id"], t.state["win_reason"]) == (True, None, "tie")
    assert t.state["tied_seat_ids"] == [ANN, BOB]
    assert t.line().endswith("no hero is left and Ann and Bob tie on 6 dark counters: nobody wins.")
    rows = RULES.results(t.state)
    assert [(r["place"], r["won"], r["details"]["tied"]) for r in rows] == [
        (1, False, True),
        (1, False, True),
    ]


def test_with_three_players_the_game_goes_on_until_one_is_left() -> None:
    t, ids = table()
    cat = [t.add(name, ["Intellectus"], 3, 6, CAT) for name in ("Ash", "Bly", "Cor")]
    t.do("game.start", {"seat_id": ANN})
    kill_all(t, BOB, skip=ids["lute"])
    t.do("hero.dark", {"hero_id": ids["lute"], "by": 6})
    assert t.player(BOB)["lost"] and not t.state["over"]
    t.phase("discard")
    t.do("turn.next", {})
    assert t.state["turn"]["seat_id"] == CAT  # Bob is out: skipped
    kill_all(t, CAT, skip=cat[0])
    t.do("hero.dark", {"hero_id": cat[0], "by": 6}, seat=CAT)
    assert (t.state["winner_seat_id"], t.state["win_reason"]) == (ANN, "last_standing")
    places = {r["seat_id"]: r["place"] for r in RULES.results(t.state)}
    assert places == {ANN: 1, BOB: 2, CAT: 2}


@pytest.mark.parametrize("command", ["hero.wound", "hero.dark"])
def test_no_win_is_decided_before_the_game_starts(command: str) -> None:
    t, ids = table()
    kill_all(t, BOB, skip=ids["kel"])
    t.set_hero(ids["kel"], side="empowered")
    t.do(command, {"hero_id": ids["kel"], "amount" if command == "hero.wound" else "by": 40})
    assert t.hero(ids["kel"])["side"] == "dead" and not t.state["over"]


def test_the_next_pre_combat_frees_the_arena_hero_again() -> None:
    """Rulebook 3, Pre Combat: "You can't switch arena heroes until your next Pre Combat phase"."""
    t, ids = started()
    t.phase("discard")
    t.do("turn.next", {})  # Bob's turn 2
    assert t.refused("hero.position", {"hero_id": ids["mira"], "position": "arena"}).code == "arena_fixed"
    t.phase("pre")
    t.do("hero.position", {"hero_id": ids["sorn"], "position": "arena"}, seat=BOB)  # Bob's own pre-combat
    t.phase("discard")
    t.do("turn.next", {}, seat=BOB)  # Ann's turn 3
    assert t.refused("hero.position", {"hero_id": ids["mira"], "position": "arena"}).code == "arena_fixed"
    t.phase("pre")
    t.do("hero.position", {"hero_id": ids["mira"], "position": "arena"})
    assert (t.hero(ids["mira"])["position"], t.hero(ids["vex"])["position"]) == ("arena", "backrow")


def test_two_players_out_at_once_leave_the_third_the_winner() -> None:
    """Rulebook 4: the fewest dark counters decide only "in the event that there are no remaining
    heroes in the game"; while a player still has one, that player wins."""
    t, ids = table()
    cat = [t.add(name, ["Intellectus"], 3, 6, CAT) for name in ("Ash", "Bly", "Cor")]
    t.do("game.start", {"seat_id": ANN})
    t.do("turn.next", {})
    t.do("combat.start", {"attacker_id": ids["vex"], "target_id": ids["kel"]})
    kill_all(t, BOB, skip=ids["kel"])
    kill_all(t, CAT, skip=cat[0])
    t.do("hero.dark", {"hero_id": ids["kel"], "by": 6})
    t.do("hero.dark", {"hero_id": cat[0], "by": 6})
    assert not t.state["over"]  # decided when the round ends
    body = t.do("combat.round_end", {})
    assert (t.state["winner_seat_id"], t.state["win_reason"]) == (ANN, "last_standing")
    assert "dark_totals" not in body["result"]


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
