"""Combat and the win (rulebook 3 Combat, 4 Winning Conditions, 7 Death, 8 Combat Rounds; spec 5-7, 9)."""

from __future__ import annotations

import pytest

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
