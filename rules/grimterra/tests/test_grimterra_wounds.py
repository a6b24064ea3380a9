"""Wounds, the empowered flip, death and dark counters (rulebook 2 Wounds/Dark Counters, 7; spec 1-2)."""

from __future__ import annotations

from rules.engine import Actor
from rules.grimterra.tests.test_grimterra_support import (
    ANN,
    BOB,
    NAMES,
    RULES,
    SEATS,
    fighting,
    started,
    table,
)


def test_a_flip_waits_for_the_end_of_the_combat_round_with_wounds_cleared_and_dark_kept() -> None:
    t, ids = fighting()
    kel = ids["kel"]
    t.do("hero.dark", {"hero_id": kel, "by": 2}, seat=ANN)
    body = t.do("hero.wound", {"hero_id": kel, "amount": 4}, seat=ANN)
    assert (body["before"], body["after"], body["out_of"]) == (0, 4, 6)
    assert t.line() == "Bob's hero Kel takes 4 wounds (wounds 0 → 4, Health 6)."
    t.do("hero.wound", {"hero_id": kel, "amount": 3}, seat=ANN)
    # 7 wounds on Health 6: not flipped yet, only pending
    hero = t.hero(kel)
    assert (hero["side"], hero["wounds"], hero["flip_pending"]) == ("normal", 7, True)
    assert (
        t.line()
        == "Bob's hero Kel takes 3 wounds (wounds 4 → 7, Health 6); Kel flips at the end of this round."
    )
    body = t.do("combat.round_end", {}, seat=BOB)
    hero = t.hero(kel)
    assert (hero["side"], hero["wounds"], hero["dark"], hero["flip_pending"]) == ("empowered", 0, 2, False)
    assert body["flipped"] == [
        {
            "hero_id": kel,
            "name": "Kel",
            "seat_id": BOB,
            "minion": False,
            "wounds_cleared": 7,
            "wounds_after": 0,
            "dark": 2,
        }
    ]
    assert t.line() == (
        "Combat round 1 ends; Kel flips to its empowered side (wounds 7 → 0, 2 dark kept); round 1 → 2 of 3."
    )


def test_a_hero_healed_below_its_health_before_the_round_ends_does_not_flip() -> None:
    t, ids = fighting()
    t.do("hero.wound", {"hero_id": ids["kel"], "amount": 6})
    assert t.hero(ids["kel"])["flip_pending"]
    t.do("hero.heal", {"hero_id": ids["kel"], "amount": 2}, seat=BOB)
    assert t.line() == "Bob's hero Kel loses 2 wounds (wounds 6 → 4, Health 6)."
    t.do("combat.round_end", {})
    assert (t.hero(ids["kel"])["side"], t.hero(ids["kel"])["wounds"]) == ("normal", 4)


def test_outside_combat_the_flip_is_at_once() -> None:
    t, ids = started()
    body = t.do("hero.wound", {"hero_id": ids["sorn"], "amount": 5}, seat=ANN)
    hero = t.hero(ids["sorn"])
    assert (hero["side"], hero["wounds"], hero["flip_pending"]) == ("empowered", 0, False)
    assert body["result"]["flipped"][0]["wounds_cleared"] == 5
    assert (
        t.line() == "Bob's hero Sorn takes 5 wounds (wounds 0 → 5, Health 5); "
        "Sorn flips to its empowered side (wounds 5 → 0)."
    )


def test_death_by_wounds_on_the_empowered_side_only() -> None:
    t, ids = started()
    sorn = ids["sorn"]
    t.set_hero(sorn, side="empowered")
    t.do("hero.wound", {"hero_id": sorn, "amount": 7})
    assert t.hero(sorn)["side"] == "empowered"  # 7 of 8
    body = t.do("hero.wound", {"hero_id": sorn, "amount": 1})
    assert t.hero(sorn)["side"] == "dead" and t.hero(sorn)["wounds"] == 8
    assert body["result"]["died"][0]["cause"] == "wounds"
    assert t.line() == "Bob's hero Sorn takes 1 wound (wounds 7 → 8, Health 8); Sorn dies of its wounds."
    assert t.refused("hero.wound", {"hero_id": sorn, "amount": 1}).code == "hero_dead"


def test_a_huge_wound_on_the_normal_side_flips_and_does_not_kill() -> None:
    t, ids = started()
    t.do("hero.wound", {"hero_id": ids["sorn"], "amount": 40})
    assert (t.hero(ids["sorn"])["side"], t.hero(ids["sorn"])["wounds"]) == ("empowered", 0)


def test_death_in_combat_is_at_once() -> None:
    t, ids = fighting()
    t.set_hero(ids["kel"], side="empowered")
    t.do("hero.wound", {"hero_id": ids["kel"], "amount": 11})
    assert t.hero(ids["kel"])["side"] == "dead"
    assert t.state["over"] is False  # the round is resolved at once: decided at its end


def test_six_dark_counters_kill_from_full_health() -> None:
    t, ids = started()
    oran = ids["oran"]
    body = t.do("hero.dark", {"hero_id": oran, "by": 5})
    assert t.line() == "Ann's hero Oran gains 5 dark counters (dark 0 → 5 of 6)."
    assert t.hero(oran)["side"] == "normal" and body["result"]["died"] == []
    t.do("hero.dark", {"hero_id": oran, "by": 1})
    assert (t.hero(oran)["side"], t.hero(oran)["wounds"], t.hero(oran)["dark"]) == ("dead", 0, 6)
    assert (
        t.line()
        == "Ann's hero Oran gains 1 dark counter (dark 5 → 6 of 6); Oran dies of darkness (6 dark counters)."
    )


def test_dark_kills_an_empowered_hero_and_one_in_combat_at_once() -> None:
    t, ids = fighting()
    t.set_hero(ids["kel"], side="empowered", dark=3)
    t.do("hero.dark", {"hero_id": ids["kel"], "by": 4}, seat=ANN)
    assert t.hero(ids["kel"])["side"] == "dead" and t.hero(ids["kel"])["dark"] == 7


def test_dark_counters_only_grow() -> None:
    t, ids = started()
    for by, code in ((0, "out_of_range"), (-1, "out_of_range"), ("2", "bad_field"), (True, "bad_field")):
        refusal = t.refused("hero.dark", {"hero_id": ids["vex"], "by": by})
        assert (refusal.code, refusal.extra["field"]) == (code, "by")
    assert t.refused("hero.dark", {"hero_id": ids["vex"]}).code == "missing_field"
    assert t.refused("hero.dark", {"hero_id": 99, "by": 1}).code == "unknown_hero"


def test_moving_dark_counters_across_heroes_can_kill() -> None:
    t, ids = started()
    vex, kel = ids["vex"], ids["kel"]
    t.set_hero(vex, dark=4)
    t.set_hero(kel, dark=3)
    body = t.do("hero.move_dark", {"from_id": vex, "to_id": kel, "count": 3})
    assert (t.hero(vex)["dark"], t.hero(kel)["dark"]) == (1, 6)
    assert t.hero(kel)["side"] == "dead" and t.hero(vex)["side"] == "normal"
    assert body["result"]["died"][0]["hero_id"] == kel
    assert t.line() == (
        "3 dark counters move from Ann's hero Vex (4 \u2192 1) to Bob's hero Kel (3 \u2192 6); "
        "Kel dies of darkness (6 dark counters)."
    )


def test_moving_dark_counters_refusals_and_off_a_dead_hero() -> None:
    t, ids = started()
    vex, kel, oran = ids["vex"], ids["kel"], ids["oran"]
    t.set_hero(vex, dark=2)
    assert t.refused("hero.move_dark", {"from_id": vex, "to_id": vex, "count": 1}).code == "same_hero"
    refusal = t.refused("hero.move_dark", {"from_id": vex, "to_id": kel, "count": 3})
    assert (refusal.code, refusal.extra["field"]) == ("not_enough_dark", "count")
    t.set_hero(oran, side="dead", dark=6)
    assert t.refused("hero.move_dark", {"from_id": vex, "to_id": oran, "count": 1}).code == "hero_dead"
    t.do("hero.move_dark", {"from_id": oran, "to_id": kel, "count": 2})
    assert (t.hero(oran)["dark"], t.hero(oran)["side"], t.hero(kel)["dark"]) == (4, "dead", 2)


def test_wound_refusals_and_spectators() -> None:
    t, ids = started()
    for amount, code in ((0, "out_of_range"), (2.0, "bad_field"), ("3", "bad_field"), (False, "bad_field")):
        assert t.refused("hero.wound", {"hero_id": ids["vex"], "amount": amount}).code == code
    assert t.refused("hero.wound", {"hero_id": ids["vex"], "amount": 1, "x": 1}).code == "unknown_field"
    assert t.refused("hero.wound", {"hero_id": "1", "amount": 1}).extra["field"] == "hero_id"
    assert t.refused("hero.wound", {"hero_id": ids["vex"], "amount": 1}, role="spectator").code == "spectator"
    assert t.refused("hero.heal", {"hero_id": ids["vex"], "amount": 1}).code == "no_wounds"


def test_undo_restores_a_flip() -> None:
    t, ids = fighting()
    kel = ids["kel"]
    t.do("hero.dark", {"hero_id": kel, "by": 1})
    t.do("hero.wound", {"hero_id": kel, "amount": 6})
    before = t.state
    t.do("combat.round_end", {})
    assert t.hero(kel)["side"] == "empowered"
    host = Actor(ANN, "host", False, SEATS)
    undone = RULES.invert(t.state, t.log[-1], host)
    restored = next(h for h in undone.state["heroes"] if h["id"] == kel)
    assert (restored["side"], restored["wounds"], restored["dark"], restored["flip_pending"]) == (
        "normal",
        6,
        1,
        True,
    )
    assert undone.state == before and undone.state["turn"]["combat"]["round"] == 1
    assert RULES.describe("reverted", undone.events[0].payload, NAMES) == "Undone: combat round ended."


def test_the_table_fixture_numbers() -> None:
    t, ids = table()
    assert (t.hero(ids["vex"])["health"], t.hero(ids["vex"])["empowered_health"]) == (5, 9)
