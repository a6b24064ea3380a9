"""The healing cap, a table option (rulebook: Key Terms, Heal; The Turns, If Swapping; spec §5).

Reading: the rulebook prints no maximum Health. "Heal to or above full
Health" (Swap) says Health may pass the printed value, while "You cannot
choose this Action if you are unable to Heal (e.g., at 20 Health)" (Key
Terms) reads to some groups as a top of 20. Groups differ, so the table
chooses: ``heal_cap`` "none" (the default, the spec's Decision), "printed"
(not above the Grim's printed Health) or "twenty" (not above 20, or the
printed Health where a card prints more).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import RuleViolation
from rules.grim.tests.test_grim_support import ANN, NAMES, RULES, Table, duel


def test_the_option_is_offered_with_its_default_first() -> None:
    (cap,) = [f for f in RULES.option_fields if f["key"] == "heal_cap"]
    assert [c["value"] for c in cap["choices"]] == ["none", "printed", "twenty"]
    assert cap["label"] == "Healing cap"
    assert RULES.clean_options({}) == {"format": "standard", "heal_cap": "none"}
    assert RULES.clean_options({"heal_cap": "Printed "})["heal_cap"] == "printed"
    assert RULES.initial_state({"heal_cap": "twenty"})["heal_cap"] == "twenty"


@pytest.mark.parametrize("raw", ["max", 20, True])
def test_a_bad_cap_is_refused_by_name(raw: Any) -> None:
    with pytest.raises(RuleViolation) as info:
        RULES.clean_options({"heal_cap": raw})
    assert (info.value.code, info.value.extra["field"]) == ("bad_option", "heal_cap")


def capped(cap: str) -> tuple[Table, dict[str, int]]:
    t, g = duel()
    t.state["heal_cap"] = cap
    t.do("turn.next")  # the Noble Roar (20 printed Health) acts
    return t, g


def test_no_cap_by_default_health_may_pass_the_printed_value() -> None:
    t, g = capped("none")
    t.do("grim.heal", {"grim_id": g["roar"], "stamina": 5})
    assert t.grim(g["roar"])["health"] == 25


def test_printed_cap_refuses_healing_past_the_printed_health() -> None:
    t, g = capped("printed")
    refusal = t.refused("grim.heal", {"grim_id": g["roar"], "stamina": 1})
    assert (refusal.code, refusal.extra["field"]) == ("at_cap", "grim_id")
    assert refusal.message == "The Noble Roar is at 20 Health, the most this table allows: it cannot Heal."
    t.set_grim(g["roar"], health=17)
    refusal = t.refused("grim.heal", {"grim_id": g["roar"], "stamina": 4})
    assert (refusal.code, refusal.extra["field"]) == ("over_cap", "stamina")
    assert refusal.message == "Healing stops at 20 Health here: The Noble Roar can Heal at most 3."
    body = t.do("grim.heal", {"grim_id": g["roar"], "stamina": 3})
    assert t.grim(g["roar"])["health"] == 20 and body["cap"] == 20


def test_twenty_cap_lets_a_grim_pass_its_printed_health_up_to_twenty() -> None:
    t, g = duel()
    t.state["heal_cap"] = "twenty"
    t.do("turn.next")
    t.do("turn.next")
    t.do("turn.next")  # the Nimbus Shade, 18 printed Health
    t.do("grim.heal", {"grim_id": g["shade"], "stamina": 2}, seat=2)
    assert t.grim(g["shade"])["health"] == 20
    again = {"grim_id": g["shade"], "stamina": 1, "card_allows": True}  # a Synergy's Heal
    assert t.refused("grim.heal", again, seat=2).code == "at_cap"


def test_the_plant_spirit_bonus_heals_up_to_the_cap() -> None:
    """Spirit Bonus (Plant): "Instantly Heal eight Health and Cure Status", within the table's cap."""
    t, g = capped("printed")
    t.set_grim(g["roar"], health=15, spirits=2, status="Burn")
    t.do("grim.spirit", {"grim_id": g["roar"]})
    t.do("grim.attach", {"grim_id": g["roar"], "element": "Plant"})
    body = t.do("grim.spirit_bonus", {"grim_id": g["roar"], "element": "Plant"})
    assert t.grim(g["roar"])["health"] == 20 and t.grim(g["roar"])["status"] is None
    assert "Health 15 \u2192 20" in RULES.describe("grim.spirit_bonus_chosen", body, NAMES)


def test_a_swap_under_the_printed_cap_heals_exactly_to_full() -> None:
    t, g = capped("printed")
    t.set_grim(g["roar"], health=18)
    incoming = {"name": "Imp", "element": "Fire", "health": 9, "speed": 2}
    assert t.refused("grim.swap", {"grim_id": g["roar"], "stamina": 3, **incoming}).code == "over_cap"
    t.do("grim.swap", {"grim_id": g["roar"], "stamina": 2, **incoming})
    assert t.grim(g["roar"])["health"] == 20


def test_the_cap_never_limits_a_correction_by_hand() -> None:
    """The printed card wins: ``grim.adjust`` is not a Heal."""
    t, g = capped("printed")
    t.do("grim.adjust", {"grim_id": g["roar"], "field": "health", "by": 5, "note": "a card"})
    assert t.grim(g["roar"])["health"] == 25 and t.player(ANN)["knockouts"] == 0
