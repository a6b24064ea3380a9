"""Every GRIM command and every refusal code, with the log lines (issue: State and commands)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.engine import Actor, NotAllowed
from rules.errors import RuleViolation
from rules.grim import GrimRules
from rules.grim.tests.test_grim_support import ANN, BOB, CAT, NAMES, RULES, Table, duel


def test_the_game_and_its_commands() -> None:
    assert (GrimRules.game, GrimRules.name) == ("grim", "GRIM the Card Game")
    assert RULES.commands() == sorted(
        [
            "grim.favor",
            "grim.enter",
            "grim.attach",
            "grim.spirit",
            "grim.spirit_bonus",
            "grim.status",
            "grim.attack",
            "grim.heal",
            "grim.swap",
            "grim.react",
            "grim.afterworld",
            "grim.adjust",
            "player.adjust",
            "turn.next",
            "turn.order",
            "round.end",
        ]
    )
    assert Table().refused("grim.fly").code == "unknown_command"


def test_options_and_the_initial_state() -> None:
    assert RULES.clean_options(None) == {"format": "standard", "heal_cap": "none"}
    assert RULES.clean_options({"format": "coven"}) == {"format": "coven", "heal_cap": "none"}
    option_cases: list[tuple[dict[str, Any], str, str]] = [
        ({"format": "draft"}, "bad_option", "format"),
        ({"format": 2}, "bad_option", "format"),
        ({"players": 3}, "unknown_option", "players"),
    ]
    for raw, code, field in option_cases:
        with pytest.raises(RuleViolation) as info:
            RULES.clean_options(raw)
        assert (info.value.code, info.value.extra["field"]) == (code, field)
    state = RULES.initial_state({"format": "coven"})
    assert {
        "round": 1,
        "phase": "normal",
        "afterworld": None,
        "afterworlds_discarded": [],
        "players": [],
        "grims": [],
        "turn_order": [],
        "acting": None,
        "winner_seat_id": None,
    }.items() <= state.items()
    t = Table.new("coven")
    t.do("grim.favor", {"seat_id": ANN})
    assert t.player(ANN) == {
        "seat_id": ANN,
        "favor": True,
        "reaction": True,
        "banished": 2,
        "knockouts": 0,
        "lost": False,
    }


def test_favor() -> None:
    t = Table.new()
    body = t.do("grim.favor", {"seat_id": BOB})
    assert (
        t.player(BOB)["favor"] and RULES.describe("grim.favored", body, NAMES) == "Bob holds Fiend's Favor."
    )
    t.do("grim.favor", {})  # the sender's seat by default
    assert t.player(ANN)["favor"] and not t.player(BOB)["favor"]
    assert t.refused("grim.favor", {"seat_id": ANN}).code == "no_change"
    assert t.refused("grim.favor", {"seat_id": CAT}).code == "unknown_seat"
    assert t.refused("grim.favor", {"seat_id": "2"}).code == "bad_field"
    assert t.refused("grim.favor", {"seat": 2}).extra == {"field": "seat", "fields": ["seat_id"]}
    assert t.refused("grim.favor", {"seat_id": BOB}, role="spectator").code == "spectator"


def test_a_third_player_is_refused() -> None:
    t = Table.new()
    t.do("grim.favor", {"seat_id": ANN})
    t.do("grim.favor", {"seat_id": BOB})
    with pytest.raises(RuleViolation) as info:
        RULES.apply(t.state, "grim.favor", {"seat_id": CAT}, Actor(CAT, "host"), random.Random(0))
    assert info.value.code == "too_many_players"


def test_enter() -> None:
    t = Table.new()
    body = t.do(
        "grim.enter",
        {"name": "  The Noble Roar ", "element": "fire", "health": 20, "speed": 14, "attacks": [4, 9]},
    )
    grim = body["grim"]
    assert grim == t.grim(grim["id"])
    assert {
        k: grim[k] for k in ("seat_id", "name", "element", "health", "base_health", "speed", "stamina")
    } == {
        "seat_id": ANN,
        "name": "The Noble Roar",
        "element": "Fire",
        "health": 20,
        "base_health": 20,
        "speed": 14,
        "stamina": 5,
    }
    assert (grim["attached"], grim["spirits"], grim["status"], grim["in_play"]) == (None, 0, None, True)
    assert body["catalogue"] == {
        "name": "The Noble Roar",
        "element": "Fire",
        "health": 20,
        "speed": 14,
        "attacks": [4, 9],
    }
    assert RULES.describe("grim.entered", body, NAMES) == (
        "Ann's The Noble Roar entered play: Fire, 20 Health, Speed 14, 5 Stamina."
    )
    second = t.do(
        "grim.enter",
        {"name": "Heir", "element": "Light", "health": 12, "speed": 3, "attached": "Dark", "spirits": 3},
    )
    assert second["grim"]["spirit_bonus_due"] and second["grim"]["attached"] == "Dark"
    assert "Dark attached, 3 Spirits" in RULES.describe("grim.entered", second, NAMES)
    good = {"name": "X", "element": "Water", "health": 10, "speed": 5}
    assert t.refused("grim.enter", good).code == "two_in_play"
    assert t.refused("grim.enter", {**good, "seat_id": BOB}).code == "not_your_seat"
    assert isinstance(t.refused("grim.enter", {**good, "seat_id": BOB}), NotAllowed)
    t.do("grim.enter", {**good, "seat_id": BOB}, seat=ANN, role="host")


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"colour": "red"}, "unknown_field", "colour"),
        ({"name": None}, "missing_field", "name"),
        ({"name": "   "}, "bad_field", "name"),
        ({"name": 7}, "bad_field", "name"),
        ({"name": "x" * 61}, "too_long", "name"),
        ({"element": "Ice"}, "unknown_element", "element"),
        ({"element": None}, "missing_field", "element"),
        ({"health": "12"}, "bad_field", "health"),
        ({"health": 12.0}, "bad_field", "health"),
        ({"health": True}, "bad_field", "health"),
        ({"health": 0}, "out_of_range", "health"),
        ({"speed": -1}, "out_of_range", "speed"),
        ({"speed": 1000}, "out_of_range", "speed"),
        ({"attacks": [1, 2, 3]}, "bad_field", "attacks"),
        ({"attacks": ["4"]}, "bad_field", "attacks"),
        ({"attached": "Ice"}, "unknown_element", "attached"),
        ({"spirits": 4}, "out_of_range", "spirits"),
        ({"seat_id": CAT}, "unknown_seat", "seat_id"),
    ],
)
def test_enter_refusals(change: dict[str, Any], code: str, field: str) -> None:
    t = Table.new()
    refusal = t.refused("grim.enter", {"name": "X", "element": "Water", "health": 10, "speed": 5, **change})
    assert (refusal.code, refusal.extra["field"]) == (code, field)


def test_bad_payload_shape() -> None:
    assert Table().refused("turn.next", ["x"]).code == "bad_payload"


def test_attach_replaces_the_element_and_null_removes_it() -> None:
    t, g = duel()
    body = t.do("grim.attach", {"grim_id": g["roar"], "element": "Water"})
    assert RULES.describe("grim.attached", body, NAMES) == "Ann's The Noble Roar: Water Element attached."
    body = t.do("grim.attach", {"grim_id": g["roar"], "element": "Plant"})
    assert t.grim(g["roar"])["attached"] == "Plant" and body["before"] == "Water"
    assert "(replacing Water)" in RULES.describe("grim.attached", body, NAMES)
    assert t.refused("grim.attach", {"grim_id": g["roar"], "element": "Plant"}).code == "no_change"
    assert t.refused("grim.attach", {"grim_id": g["shade"], "element": "Plant"}).code == "not_your_seat"
    assert t.refused("grim.attach", {"grim_id": 99, "element": "Plant"}).code == "unknown_grim"
    assert t.refused("grim.attach", {"grim_id": g["roar"]}).code == "missing_field"
    body = t.do("grim.attach", {"grim_id": g["roar"], "element": None})
    assert t.grim(g["roar"])["attached"] is None
    assert RULES.describe("grim.attached", body, NAMES) == "Ann's The Noble Roar's Plant Element was removed."


def test_spirits_and_the_spirit_bonus() -> None:
    t, g = duel()
    rid = g["roar"]
    assert t.refused("grim.spirit_bonus", {"grim_id": rid, "element": "Fire"}).code == "no_spirit_bonus_due"
    t.do("grim.spirit", {"grim_id": rid})
    t.do("grim.spirit", {"grim_id": rid})
    body = t.do("grim.spirit", {"grim_id": rid})
    assert body["bonus_due"] and t.grim(rid)["spirit_bonus_due"]
    assert RULES.describe("grim.spirit_attached", body, NAMES) == (
        "Ann's The Noble Roar attached a Spirit (Spirits 2 \u2192 3): Spirit Bonus due."
    )
    assert t.refused("grim.spirit", {"grim_id": rid}).code == "spirits_full"
    refusal = t.refused("grim.spirit_bonus", {"grim_id": rid, "element": "Water"})
    assert refusal.code == "not_its_element" and refusal.extra["field"] == "element"
    t.do("grim.attach", {"grim_id": rid, "element": "Plant"})  # either Element's Bonus may be chosen
    t.do("grim.status", {"grim_id": rid, "status": "Burn"}, seat=BOB)
    body = t.do("grim.spirit_bonus", {"grim_id": rid, "element": "Plant"})
    grim = t.grim(rid)
    assert (grim["spirits"], grim["spirit_bonus_due"], grim["health"], grim["status"]) == (0, False, 28, None)
    assert RULES.describe("grim.spirit_bonus_chosen", body, NAMES) == (
        "Ann's The Noble Roar took the Plant Spirit Bonus: heal 8 and cure (Spirits 3 \u2192 0 to Limbo; "
        "Health 20 \u2192 28, cured)."
    )
    assert t.refused("grim.spirit", {"grim_id": g["shade"]}).code == "not_your_seat"


def test_the_light_spirit_bonus_keeps_the_spirits_until_light_or_a_spirit_goes() -> None:
    t, g = duel()
    t.do("grim.adjust", {"grim_id": g["twitch"], "field": "health", "by": -99, "note": "x"}, seat=BOB)
    lid = t.enter("Lantern", "Light", 10, 2, BOB)
    for _ in range(3):
        t.do("grim.spirit", {"grim_id": lid}, seat=BOB)
    t.do("grim.spirit_bonus", {"grim_id": lid, "element": "Light"}, seat=BOB)
    assert (t.grim(lid)["spirits"], t.grim(lid)["spirit_bonus"]) == (3, "Light")
    assert t.refused("grim.spirit", {"grim_id": lid}, seat=BOB).code == "spirits_full"
    body = t.do("grim.adjust", {"grim_id": lid, "field": "spirits", "by": -1, "note": "Root"}, seat=BOB)
    assert body["light"] == "lost" and t.grim(lid)["spirit_bonus"] is None
    assert not t.grim(lid)["spirit_bonus_due"]

    # A Ghost Grim with Light attached loses the Light Bonus with the Element: choose a new one.
    gid = g["shade"]
    t.do("grim.attach", {"grim_id": gid, "element": "Light"}, seat=BOB)
    t.set_grim(gid, spirits=2)
    t.do("grim.spirit", {"grim_id": gid}, seat=BOB)
    t.do("grim.spirit_bonus", {"grim_id": gid, "element": "Light"}, seat=BOB)
    body = t.do("grim.attach", {"grim_id": gid, "element": "Water"}, seat=BOB)
    assert body["light"] == "choose_again" and t.grim(gid)["spirit_bonus_due"]
    assert "choose a new Spirit Bonus" in RULES.describe("grim.attached", body, NAMES)
    t.do("grim.spirit_bonus", {"grim_id": gid, "element": "Water"}, seat=BOB)
    assert t.grim(gid)["spirits"] == 0


def test_status_one_at_a_time_inflicted_by_either_player() -> None:
    t, g = duel()
    body = t.do("grim.status", {"grim_id": g["roar"], "status": "burn"}, seat=BOB)
    assert t.grim(g["roar"])["status"] == "Burn"
    assert RULES.describe("grim.status_set", body, NAMES) == "Ann's The Noble Roar is inflicted with Burn."
    body = t.do("grim.status", {"grim_id": g["roar"], "status": "Fear"})
    assert t.grim(g["roar"])["status"] == "Fear" and body["before"] == "Burn"
    assert "(replacing Burn)" in RULES.describe("grim.status_set", body, NAMES)
    t.do("grim.status", {"grim_id": g["roar"], "status": "Fear"})  # a Status can replace itself
    body = t.do("grim.status", {"grim_id": g["roar"], "status": None})
    assert RULES.describe("grim.status_set", body, NAMES) == "Ann's The Noble Roar's Fear was cleared."
    assert t.refused("grim.status", {"grim_id": g["roar"], "status": None}).code == "no_change"
    assert t.refused("grim.status", {"grim_id": g["roar"], "status": "Sleep"}).code == "unknown_status"
    assert t.refused("grim.status", {"grim_id": g["roar"]}).code == "missing_field"
    assert (
        t.refused("grim.status", {"grim_id": g["roar"], "status": "Burn"}, role="spectator").code
        == "spectator"
    )


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"target_id": "roar"}, "self_target", "target_id"),
        ({"element": "Water"}, "not_its_element", "element"),
        ({"strong": True, "weak": True}, "strong_and_weak", "weak"),
        ({"strong": 1}, "bad_field", "strong"),
        ({"flat": 1.5}, "bad_field", "flat"),
        ({"flat": -1000}, "out_of_range", "flat"),
        ({"damage": -1}, "out_of_range", "damage"),
        ({"damage": 40}, "not_enough_stamina", "damage"),
        ({"target_id": 99}, "unknown_grim", "target_id"),
        ({"grim_id": 99}, "unknown_grim", "grim_id"),
        ({"target": 3}, "unknown_field", "target"),
        ({"damage": None}, "missing_field", "damage"),
    ],
)
def test_attack_refusals(change: dict[str, Any], code: str, field: str) -> None:
    t, g = duel()
    t.acting(g["roar"])
    payload = {"grim_id": g["roar"], "target_id": g["shade"], "damage": 6, "element": "Fire", **change}
    if payload["target_id"] == "roar":
        payload["target_id"] = g["roar"]
    refusal = t.refused("grim.attack", payload)
    assert (refusal.code, refusal.extra["field"]) == (code, field)


def test_attack_permissions_and_the_attached_element() -> None:
    t, g = duel()
    payload = {"grim_id": g["roar"], "target_id": g["shade"], "damage": 4, "element": "Water"}
    assert t.refused("grim.attack", payload, seat=BOB).code == "not_your_seat"
    t.do("grim.attach", {"grim_id": g["roar"], "element": "Water"})
    t.acting(g["roar"])
    t.do("grim.attack", payload)  # launched with its attached Element
    assert t.grim(g["shade"])["health"] == 14
    t.do("grim.adjust", {"grim_id": g["shade"], "field": "health", "by": -14, "note": "x"}, seat=BOB)
    t.acting(g["roar"])
    refusal = t.refused("grim.attack", payload)
    assert (refusal.code, refusal.extra["field"]) == ("not_in_play", "target_id")


def test_heal() -> None:
    t, g = duel()
    rid = g["roar"]
    t.set_grim(rid, health=10, stamina=6, spirits=2, attached="Water", status="Blight")
    t.acting(rid)
    assert t.refused("grim.heal", {"grim_id": rid, "stamina": 0, "bonds": 0}).code == "zero_heal"
    assert t.refused("grim.heal", {"grim_id": rid}).code == "zero_heal"
    assert t.refused("grim.heal", {"grim_id": rid, "stamina": 7}).code == "not_enough_stamina"
    assert t.refused("grim.heal", {"grim_id": rid, "bonds": 4}).code == "not_enough_bonds"
    assert t.refused("grim.heal", {"grim_id": rid, "stamina": -1}).code == "out_of_range"
    assert t.refused("grim.heal", {"grim_id": rid, "stamina": 1}, seat=BOB).code == "not_your_seat"
    body = t.do("grim.heal", {"grim_id": rid, "stamina": 3, "bonds": 2})
    grim = t.grim(rid)
    assert (grim["health"], grim["stamina"], grim["spirits"], grim["attached"], grim["status"]) == (
        15,
        3,
        0,
        "Water",
        None,
    )
    assert RULES.describe("grim.healed", body, NAMES) == (
        "Ann's The Noble Roar healed 5 with 3 Stamina and 2 Bond Cards (Stamina 6 \u2192 3, Spirits 2 "
        "\u2192 0): Health 10 \u2192 15, Blight cured."
    )
    t.set_grim(rid, spirits=1)
    t.acting(rid)
    body = t.do("grim.heal", {"grim_id": rid, "bonds": 1, "element_first": True})
    assert (
        body["element_spent"] == "Water" and t.grim(rid)["attached"] is None and t.grim(rid)["spirits"] == 1
    )
    t.acting(rid)
    t.do("grim.heal", {"grim_id": rid, "bonds": 1})
    assert t.grim(rid)["health"] == 17 and t.grim(rid)["spirits"] == 0


def test_heal_spends_the_element_only_when_the_spirits_do_not_cover_it() -> None:
    t, g = duel()
    t.set_grim(g["roar"], spirits=1, attached="Water")
    t.acting(g["roar"])
    body = t.do("grim.heal", {"grim_id": g["roar"], "bonds": 2})
    assert body["element_spent"] == "Water" and t.grim(g["roar"])["health"] == 22


def test_react() -> None:
    t, _ = duel()
    body = t.do("grim.react", {}, seat=BOB)
    assert not t.player(BOB)["reaction"] and t.player(ANN)["reaction"]
    assert RULES.describe("grim.reacted", body, NAMES) == "Bob used their Reaction this Round."
    assert t.refused("grim.react", {}, seat=BOB).code == "reaction_used"
    assert t.refused("grim.react", {"seat_id": BOB}).code == "not_your_seat"


def test_describe_falls_back_and_names_unknown_seats() -> None:
    assert RULES.describe("grim.reacted", {"seat_id": 9}, NAMES) == "Seat 9 used their Reaction this Round."
    assert RULES.describe("grim.something_new", {}, NAMES) == "grim something new"
    assert RULES.describe("reverted", {"of": "grim.attacked"}, NAMES) == "Undone: grim attacked."
