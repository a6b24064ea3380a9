"""Attack damage, its breakdown and its Stamina cost (rulebook: Attack Resolution, Statuses; spec §3-4)."""

from __future__ import annotations

import pytest

from rules.grim.damage import compute, cost_of, half_up
from rules.grim.tests.test_grim_support import ANN, BOB, NAMES, RULES, duel


def dmg(base: int, element: str, defending: list[str], **kw: object) -> tuple[int, bool, str]:
    kw.setdefault("attacker_status", None)
    kw.setdefault("target_status", None)
    result = compute(base, element, defending, **kw)  # type: ignore[arg-type]
    return result.amount, result.missed, result.breakdown


def test_the_issues_breakdown_blight_strong_burn() -> None:
    assert dmg(8, "Fire", ["Plant"], attacker_status="Burn", target_status="Blight") == (
        9,
        False,
        "8 base, Blight \u00d72 = 16, Strong +2 = 18, Burn \u00bd = 9",
    )


@pytest.mark.parametrize(
    ("base", "element", "defending", "kw", "amount"),
    [
        (8, "Fire", ["Plant"], {}, 10),
        (8, "Fire", ["Fire"], {}, 6),
        (8, "Fire", ["Earth"], {}, 8),
        (8, "Fire", ["Plant", "Fire"], {}, 8),
        (8, "Fire", ["Water", "Plant"], {}, 0),
        (7, "Fire", ["Earth"], {"attacker_status": "Burn"}, 4),  # 3.5 rounds up
        (5, "Fire", ["Fire"], {"attacker_status": "Burn"}, 2),  # add and subtract before halving: (5-2)/2
        (6, "Fire", ["Earth"], {"target_status": "Blight"}, 12),
        (6, "Fire", ["Fire"], {"target_status": "Blight"}, 10),  # Blight doubles the base before the -2
        (8, "Fire", ["Plant"], {"attacker_status": "Fear"}, 6),  # Fear: Weak, not the chart's Strong
        (8, "Fire", ["Fire"], {"target_status": "Curse"}, 10),  # Curse: Strong, not the chart's Weak
        (8, "Fire", ["Earth"], {"attacker_status": "Fear", "target_status": "Curse"}, 6),  # Fear wins
        (8, "Fire", ["Water"], {"attacker_status": "Fear"}, 0),  # Immune still takes nothing
        (8, "Fire", ["Water"], {"target_status": "Curse"}, 0),
        (8, "Fire", ["Water"], {"strong": True}, 10),  # forced Strong ignores the chart, Immunity too
        (8, "Fire", ["Plant"], {"weak": True}, 6),  # forced Weak replaces the chart's Strong
        (8, "Fire", ["Plant", "Earth"], {"strong": True}, 10),  # +2 once
        (8, "Fire", ["Earth"], {"strong": True, "attacker_status": "Fear"}, 10),  # a forced Strong beats Fear
        (8, "Fire", ["Earth"], {"flat": 3}, 11),
        (8, "Fire", ["Earth"], {"flat": 3, "attacker_status": "Burn"}, 6),  # (8+3)/2 = 5.5 -> 6
        (2, "Fire", ["Fire"], {}, 0),  # never below 0
        (1, "Fire", ["Fire"], {"flat": -5, "attacker_status": "Burn"}, 0),
        (4, "Fire", ["Water"], {"fire_bonus": True}, 10),  # Fire Spirit: +6 and cannot be Immune
        (4, "Fire", ["Water", "Plant"], {"fire_bonus": True}, 12),  # the Plant cell still counts
    ],
)
def test_damage(base: int, element: str, defending: list[str], kw: dict[str, object], amount: int) -> None:
    assert dmg(base, element, defending, **kw)[0] == amount


def test_immune_misses_whatever_else_and_says_so() -> None:
    amount, missed, breakdown = dmg(
        8, "Fire", ["Water", "Plant"], target_status="Blight", attacker_status="Burn", flat=5
    )
    assert (amount, missed) == (0, True)
    assert breakdown == "8 base, Blight \u00d72 = 16, Immune (Water) = 0"
    assert dmg(8, "Fire", ["Water"], strong=True)[1] is False


def test_breakdown_names_each_element_against_two() -> None:
    assert dmg(8, "Fire", ["Plant", "Fire"])[2] == "8 base, Strong +2 (Plant) = 10, Weak \u22122 (Fire) = 8"
    assert dmg(8, "Fire", ["Earth"], flat=-3)[2] == "8 base, \u22123 = 5"
    assert dmg(2, "Fire", ["Fire"])[2] == "2 base, Weak \u22122 = 0"
    assert (
        dmg(1, "Fire", ["Fire"], flat=-1)[2] == "1 base, Weak \u22122 = -1, \u22121 = -2, never below 0 = 0"
    )


def test_stamina_cost_is_half_the_base_rounded_up() -> None:
    assert [cost_of(d) for d in (0, 1, 2, 7, 8, 13)] == [0, 1, 1, 4, 4, 7]
    assert half_up(-3) == -1


def test_attack_costs_half_rounded_up_and_is_refused_when_short() -> None:
    t, g = duel()
    t.acting(g["roar"])
    body = t.do(
        "grim.attack", {"grim_id": g["roar"], "target_id": g["shade"], "damage": 7, "element": "Fire"}
    )
    assert body["cost"] == 4 and t.grim(g["roar"])["stamina"] == 1
    t.acting(g["roar"])
    refusal = t.refused(
        "grim.attack", {"grim_id": g["roar"], "target_id": g["shade"], "damage": 4, "element": "Fire"}
    )
    assert refusal.code == "not_enough_stamina"
    assert refusal.extra == {"field": "damage", "cost": 2, "stamina": 1}
    t.acting(g["roar"])
    t.do("grim.attack", {"grim_id": g["roar"], "target_id": g["shade"], "damage": 2, "element": "Fire"})
    assert t.grim(g["roar"])["stamina"] == 0


def test_an_immune_target_still_costs_the_stamina_and_clears_the_statuses() -> None:
    t, g = duel()
    t.do("grim.attach", {"grim_id": g["shade"], "element": "Water"}, seat=BOB)  # an Element Reaction
    t.do("grim.status", {"grim_id": g["roar"], "status": "Burn"}, seat=BOB)
    t.do("grim.status", {"grim_id": g["shade"], "status": "Blight"})
    t.acting(g["roar"])
    body = t.do(
        "grim.attack", {"grim_id": g["roar"], "target_id": g["shade"], "damage": 8, "element": "Fire"}
    )
    assert body["missed"] and body["damage"] == 0 and body["result"] == "immune"
    assert t.grim(g["roar"])["stamina"] == 1 and t.grim(g["shade"])["health"] == 18
    assert t.grim(g["roar"])["status"] is None and t.grim(g["shade"])["status"] is None
    line = RULES.describe("grim.attacked", body, NAMES)
    assert "missed" in line and "Immune" in line


def test_attack_through_the_table_blight_burn_fear_curse() -> None:
    t, g = duel()
    t.do("grim.status", {"grim_id": g["roar"], "status": "Burn"}, seat=BOB)
    t.do("grim.status", {"grim_id": g["twitch"], "status": "Blight"})
    t.do("grim.attach", {"grim_id": g["twitch"], "element": "Plant"}, seat=BOB)
    t.acting(g["roar"])
    body = t.do(
        "grim.attack", {"grim_id": g["roar"], "target_id": g["twitch"], "damage": 8, "element": "Fire"}
    )
    assert body["breakdown"] == "8 base, Blight \u00d72 = 16, Strong +2 (Plant) = 18, Burn \u00bd = 9"
    assert (body["health_before"], body["health_after"]) == (16, 7)
    assert {c["status"] for c in body["cleared"]} == {"Burn", "Blight"}
    line = RULES.describe("grim.attacked", body, NAMES)
    assert line.startswith("Ann's The Noble Roar attacked Bob's The Swift Twitch with Fire: 9 damage (")
    assert "Health 16 \u2192 7" in line and "4 Stamina spent (5 \u2192 1)" in line

    # Fear beats Curse, and both clear.
    t.do("grim.status", {"grim_id": g["shade"], "status": "Fear"})
    t.do("grim.status", {"grim_id": g["cloud"], "status": "Curse"})
    t.acting(g["shade"])
    body = t.do(
        "grim.attack",
        {"grim_id": g["shade"], "target_id": g["cloud"], "damage": 6, "element": "Dark"},
        seat=BOB,
    )
    assert body["damage"] == 4 and body["result"] == "weak"
    assert t.grim(g["shade"])["status"] is None and t.grim(g["cloud"])["status"] is None

    # Curse alone makes it Strong.
    t.do("grim.status", {"grim_id": g["cloud"], "status": "Curse"}, seat=BOB)
    t.acting(g["twitch"])
    body = t.do(
        "grim.attack",
        {"grim_id": g["twitch"], "target_id": g["cloud"], "damage": 4, "element": "Plant"},
        seat=BOB,
    )
    assert body["damage"] == 6 and body["breakdown"] == "4 base, Curse: Strong +2 = 6"


def test_grapple_and_confusion_deal_half_after_the_attack() -> None:
    t, g = duel()
    t.do("grim.status", {"grim_id": g["roar"], "status": "Grapple"}, seat=BOB)
    t.acting(g["roar"])
    body = t.do(
        "grim.attack", {"grim_id": g["roar"], "target_id": g["shade"], "damage": 7, "element": "Fire"}
    )
    assert body["damage"] == 7 and t.grim(g["cloud"])["health"] == 18 - 4  # the Ally takes 3.5 -> 4
    assert body["side"][0]["status"] == "Grapple" and t.grim(g["roar"])["status"] is None
    t.do("grim.status", {"grim_id": g["shade"], "status": "Confusion"})
    t.acting(g["shade"])
    t.do(
        "grim.attack",
        {"grim_id": g["shade"], "target_id": g["roar"], "damage": 5, "element": "Dark"},
        seat=BOB,
    )
    assert t.grim(g["shade"])["health"] == 18 - 7 - 3 and t.grim(g["roar"])["health"] == 15


def test_the_fire_spirit_bonus_waits_for_the_next_attack() -> None:
    t, g = duel()
    for _ in range(3):
        t.do("grim.spirit", {"grim_id": g["roar"]})
    t.do("grim.spirit_bonus", {"grim_id": g["roar"], "element": "Fire"})
    t.do("grim.attach", {"grim_id": g["shade"], "element": "Water"}, seat=BOB)
    t.acting(g["roar"])
    body = t.do(
        "grim.attack", {"grim_id": g["roar"], "target_id": g["shade"], "damage": 2, "element": "Fire"}
    )
    assert body["fire_bonus"] and body["damage"] == 8 and not body["missed"]
    assert t.grim(g["roar"])["spirit_bonus"] is None
    t.acting(g["roar"])
    body = t.do(
        "grim.attack", {"grim_id": g["roar"], "target_id": g["shade"], "damage": 2, "element": "Fire"}
    )
    assert body["missed"]


def test_bob_attacks_too() -> None:
    t, g = duel()
    t.acting(g["twitch"])
    t.do(
        "grim.attack",
        {"grim_id": g["twitch"], "target_id": g["cloud"], "damage": 4, "element": "Electric"},
        seat=BOB,
    )
    assert t.grim(g["cloud"])["health"] == 18 - 6  # Electric is strong against Wind: 4 + 2
    assert t.player(ANN)["banished"] == 4
