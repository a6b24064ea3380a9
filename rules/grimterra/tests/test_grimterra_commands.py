"""Every Grimterra set-up and correction command, its refusals and its log line (issue 12)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import NotAllowed
from rules.errors import RuleViolation
from rules.grimterra import GrimterraRules
from rules.grimterra.tests.test_grimterra_support import ANN, BOB, CAT, NAMES, RULES, Table, started, table


def test_the_game_and_its_commands() -> None:
    assert (GrimterraRules.game, GrimterraRules.name) == ("grimterra", "Grimterra")
    assert RULES.commands() == sorted(
        [
            "game.start",
            "hero.add",
            "hero.position",
            "hero.skill",
            "hero.wound",
            "hero.heal",
            "hero.dark",
            "hero.move_dark",
            "hero.adjust",
            "card.use",
            "card.bluff",
            "card.illegal",
            "card.draw",
            "card.discard",
            "combat.start",
            "combat.round_end",
            "combat.end",
            "turn.next",
            "player.deck",
            "player.adjust",
        ]
    )
    assert Table().refused("hero.fly").code == "unknown_command"


def test_options_and_the_initial_state() -> None:
    assert RULES.clean_options(None) == {"overkill": "cleared"} == RULES.clean_options({})
    with pytest.raises(RuleViolation) as info:
        RULES.clean_options({"players": 3})
    assert (info.value.code, info.value.extra["field"]) == ("unknown_option", "players")
    with pytest.raises(RuleViolation) as info:
        RULES.initial_state({"hand": 5})
    assert info.value.code == "unknown_option"
    assert RULES.initial_state() == {
        "players": [],
        "heroes": [],
        "turn": {"seat_id": None, "number": 0, "phase": "draw", "combat": None, "fought": False},
        "winner_seat_id": None,
        "over": False,
        "win_reason": None,
        "tied_seat_ids": [],
        "overkill": "cleared",
        "next_id": 1,
    }


def test_hero_add_makes_the_hero_and_its_player() -> None:
    t = Table()
    body = t.do(
        "hero.add",
        {
            "name": "  Vex ",
            "fates": ["red", "tenebris"],
            "health": 5,
            "empowered_health": 9,
            "skills": {"normal": {"fortutidas": 3}, "empowered": {"Fortutidas": 5}},
            "rarity": "Rare",
        },
    )
    hero = body["hero"]
    assert (
        hero
        == t.hero(hero["id"])
        == {
            "id": 1,
            "seat_id": ANN,
            "name": "Vex",
            "fates": ["Fortutidas", "Tenebris"],
            "health": 5,
            "empowered_health": 9,
            "side": "normal",
            "wounds": 0,
            "dark": 0,
            "position": "backrow",
            "skills": {"normal": {"Fortutidas": 3}, "empowered": {"Fortutidas": 5}},
            "minion": False,
            "rarity": "rare",
            "flip_pending": False,
        }
    )
    assert t.player(ANN) == {
        "seat_id": ANN,
        "deck": None,
        "hand": 0,
        "discard": 0,
        "used": {"spell": False, "equipment": False, "power": False},
        "lost": False,
        "lost_by": None,
    }
    assert t.line() == (
        "Ann brings the hero Vex (Fortutidas/Tenebris, Health 5, Empowered Health 9) into the backrow."
    )
    second = t.add("Mira", ["Agilitas"], 4, 8, position="arena")
    assert t.hero(second)["skills"] == {"normal": {"Agilitas": 0}, "empowered": {"Agilitas": 0}}
    t.add("Oran", ["Intellectus"], 4, 8, position="arena")
    assert t.hero(second)["position"] == "backrow"  # one arena hero a player
    assert t.line().endswith("into the arena; Mira goes to the backrow.")
    refusal = t.refused("hero.add", {"name": "X", "fates": ["Agilitas"], "health": 1, "empowered_health": 2})
    assert refusal.code == "three_heroes"
    t.add("Imp", ["Tenebris"], 1, 1, minion=True)  # minions come on top of the three
    assert t.line().startswith("Ann brings the minion Imp")


GOOD = {"name": "X", "fates": ["Agilitas"], "health": 4, "empowered_health": 8}


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"colour": "red"}, "unknown_field", "colour"),
        ({"name": None}, "missing_field", "name"),
        ({"name": "  "}, "bad_field", "name"),
        ({"name": "x" * 61}, "too_long", "name"),
        ({"fates": []}, "bad_field", "fates"),
        ({"fates": ["Fire"]}, "unknown_fate", "fates"),
        ({"fates": ["Agilitas", "green"]}, "bad_field", "fates"),
        ({"fates": None}, "missing_field", "fates"),
        ({"health": 0}, "out_of_range", "health"),
        ({"health": "4"}, "bad_field", "health"),
        ({"health": True}, "bad_field", "health"),
        ({"health": 4.0}, "bad_field", "health"),
        ({"empowered_health": 3}, "bad_health", "empowered_health"),
        ({"skills": {"normal": {"Fortutidas": 2}}}, "wrong_fate", "skills"),
        ({"skills": {"normal": {"Tenebris": 2}}}, "bad_field", "skills"),
        ({"skills": {"back": {"Agilitas": 2}}}, "bad_field", "skills"),
        ({"skills": {"normal": {"Agilitas": "2"}}}, "bad_field", "skills"),
        ({"skills": {"normal": {"Agilitas": -1}}}, "out_of_range", "skills"),
        ({"skills": [1]}, "bad_field", "skills"),
        ({"minion": 1}, "bad_field", "minion"),
        ({"rarity": "epic"}, "bad_field", "rarity"),
        ({"position": "bench"}, "bad_field", "position"),
        ({"seat_id": "2"}, "bad_field", "seat_id"),
        ({"seat_id": 7}, "unknown_seat", "seat_id"),
    ],
)
def test_hero_add_refusals(change: dict[str, Any], code: str, field: str) -> None:
    refusal = Table().refused("hero.add", {**GOOD, **change})
    assert (refusal.code, refusal.extra.get("field")) == (code, field)


def test_hero_add_permissions() -> None:
    t = Table()
    refusal = t.refused("hero.add", {**GOOD, "seat_id": BOB})
    assert isinstance(refusal, NotAllowed) and refusal.code == "not_your_seat"
    t.do("hero.add", {**GOOD, "seat_id": BOB}, role="host")
    t.do("hero.add", {**GOOD, "seat_id": CAT}, everyone_edits=True)
    assert t.refused("hero.add", GOOD, role="spectator").code == "spectator"


def test_hero_skill_sets_a_printed_level() -> None:
    t, ids = table()
    t.do("hero.skill", {"hero_id": ids["oran"], "side": "empowered", "fate": "Intellectus", "level": 4})
    assert t.hero(ids["oran"])["skills"]["empowered"] == {"Intellectus": 4}
    assert t.line() == "Ann's hero Oran: Intellectus 0 \u2192 4 on its empowered side."
    skill = {"hero_id": ids["oran"], "side": "empowered", "fate": "Intellectus", "level": 4}
    assert t.refused("hero.skill", skill).code == "no_change"
    assert t.refused("hero.skill", {**skill, "fate": "Tenebris"}).code == "wrong_fate"
    assert t.refused("hero.skill", {**skill, "side": "dead"}).code == "bad_field"
    assert t.refused("hero.skill", {**skill, "level": 100}).code == "out_of_range"
    assert t.refused("hero.skill", {**skill, "hero_id": ids["kel"]}).code == "not_your_seat"


def test_hero_adjust_overrides_any_number_with_a_note() -> None:
    t, ids = started()
    vex = ids["vex"]
    t.do("hero.adjust", {"hero_id": vex, "field": "health", "value": 7, "note": "Aura of Iron"})
    assert t.hero(vex)["health"] == 7
    assert t.line() == "Ann's hero Vex: health 5 \u2192 7 by hand: Aura of Iron."
    t.do("hero.adjust", {"hero_id": vex, "field": "side", "value": "empowered", "note": "Swiftness Within"})
    assert t.hero(vex)["side"] == "empowered"
    t.set_hero(vex, dark=5)
    t.do("hero.adjust", {"hero_id": vex, "field": "dark", "value": 2, "note": "Purge"})  # the card wins
    assert t.hero(vex)["dark"] == 2
    body = t.do("hero.adjust", {"hero_id": vex, "field": "wounds", "value": 9, "note": "x"})
    assert t.hero(vex)["side"] == "dead" and body["result"]["died"][0]["cause"] == "wounds"
    t.do("hero.adjust", {"hero_id": vex, "field": "side", "value": "normal", "note": "Revive"})
    assert t.hero(vex)["side"] == "empowered" and t.hero(vex)["wounds"] == 0  # 9 wounds on 7: flips again
    adjust = {"hero_id": vex, "field": "dark", "value": 2, "note": "n"}
    assert t.refused("hero.adjust", adjust).code == "no_change"
    assert t.refused("hero.adjust", {**adjust, "note": " "}).code == "bad_field"
    assert t.refused("hero.adjust", {**adjust, "field": "speed"}).code == "bad_field"
    assert t.refused("hero.adjust", {**adjust, "value": "3"}).code == "bad_field"
    assert t.refused("hero.adjust", {**adjust, "field": "health", "value": 0}).code == "out_of_range"
    assert t.refused("hero.adjust", {**adjust, "field": "side", "value": "flipped"}).code == "bad_field"
    assert t.refused("hero.adjust", {**adjust, "hero_id": ids["kel"]}).code == "not_your_seat"


def test_player_deck_counts_the_deck() -> None:
    t, _ = table()
    t.do("player.deck", {"cards": 60})
    assert t.player(ANN)["deck"] == 60 and t.line() == "Ann's deck holds 60 cards."
    assert t.refused("player.deck", {"cards": 60}).code == "no_change"
    assert t.refused("player.deck", {"cards": "60"}).code == "bad_field"
    assert t.refused("player.deck", {}).code == "missing_field"
    t.do("player.deck", {"cards": None})
    assert t.player(ANN)["deck"] is None and t.line() == "Ann's deck is no longer counted."
    t.do("player.deck", {"seat_id": CAT, "cards": 61}, seat=CAT)
    assert t.player(CAT)["deck"] == 61


def test_player_adjust_sets_counts_and_per_turn_uses_by_hand() -> None:
    t, _ = started()
    t.do("player.adjust", {"field": "hand", "value": 7, "note": "Scry"})
    assert t.player(ANN)["hand"] == 7 and t.line() == "Ann: hand 5 \u2192 7 by hand: Scry."
    t.do("player.adjust", {"field": "spell", "value": True, "note": "Silence"})
    assert t.player(ANN)["used"]["spell"] and t.line() == "Ann: this turn's Spell used by hand: Silence."
    t.do("player.adjust", {"field": "deck", "value": 30, "note": "counted"})
    t.do("player.adjust", {"field": "deck", "value": None, "note": "lost count"})
    assert t.line() == "Ann: deck 30 → not counted by hand: lost count."
    assert t.player(ANN)["deck"] is None
    change = {"field": "hand", "value": 7, "note": "n"}
    assert t.refused("player.adjust", change).code == "no_change"
    assert t.refused("player.adjust", {**change, "value": True}).code == "bad_field"
    assert t.refused("player.adjust", {**change, "field": "spell", "value": 1}).code == "bad_field"
    assert t.refused("player.adjust", {**change, "field": "luck"}).code == "bad_field"
    assert t.refused("player.adjust", {**change, "seat_id": CAT}, seat=CAT).code == "not_a_player"
    assert t.refused("player.adjust", {**change, "seat_id": BOB}).code == "not_your_seat"


def test_card_use_payload_refusals() -> None:
    t, ids = started()
    use = {"hero_id": ids["vex"], "kind": "spell", "fate": "Fortutidas", "requirement": 1}
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"kind": "trap"}, "bad_field", "kind"),
        ({"fate": None}, "missing_field", "fate"),
        ({"fate": "Fire"}, "unknown_fate", "fate"),
        ({"requirement": None}, "missing_field", "requirement"),
        ({"requirement": "1"}, "bad_field", "requirement"),
        ({"requirement": -1}, "out_of_range", "requirement"),
        ({"passive": True}, "bad_field", "passive"),
        ({"hero_id": 0}, "out_of_range", "hero_id"),
        ({"cost": 1}, "unknown_field", "cost"),
    ]
    for change, code, field in cases:
        refusal = t.refused("card.use", {**use, **change})
        assert (refusal.code, refusal.extra.get("field")) == (code, field), change
    t2, ids2 = table()
    assert t2.refused("card.use", {**use, "hero_id": ids2["vex"]}).code == "not_started"


def test_card_draw_and_discard() -> None:
    t, _ = started()
    body = t.do("card.draw", {"count": 2}, seat=BOB)
    assert (body["drew"], body["hand"], t.player(BOB)["hand"]) == (2, 7, 7)
    assert t.line() == "Bob draws 2 (hand 5 → 7)."
    assert t.refused("card.draw", {"count": 0}).code == "out_of_range"
    assert t.refused("card.discard", {"count": 6}).extra == {"field": "count", "hand": 5}
    assert t.refused("card.discard", {"seat_id": CAT, "count": 1}, seat=CAT).code == "not_a_player"


def test_turn_and_combat_log_lines() -> None:
    t, _ = started()
    assert RULES.describe("turn.phase", t.log[-1].payload, NAMES) == "Ann's turn 1: Pre Combat."
    assert RULES.describe("mystery.event", {}, NAMES) == "mystery event"
    assert RULES.describe(
        "hero.wounded",
        {"name": "Vex", "seat_id": 9, "amount": 1, "before": 0, "after": 1, "out_of": 5},
        NAMES,
    ) == ("Seat 9's hero Vex takes 1 wound (wounds 0 → 1, Health 5).")


def test_positions_are_free_before_the_game_starts() -> None:
    t, ids = table()
    t.do("hero.position", {"hero_id": ids["oran"], "position": "arena"})
    assert (t.hero(ids["oran"])["position"], t.hero(ids["vex"])["position"]) == ("arena", "backrow")
    assert t.refused("hero.position", {"hero_id": ids["oran"], "position": "bench"}).code == "bad_field"
    assert t.refused("hero.position", {"hero_id": ids["kel"], "position": "backrow"}).code == "not_your_seat"
    t.set_hero(ids["mira"], side="dead")
    assert t.refused("hero.position", {"hero_id": ids["mira"], "position": "arena"}).code == "hero_dead"
