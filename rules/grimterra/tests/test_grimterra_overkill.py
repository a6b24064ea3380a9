"""Overkill on a normal hero: the table's reading of rulebook 7 (Health, States: Normal).

The rulebook says a hero flips "when the total damage received is equal to or
greater than their normal health", and then "all wounds are removed"; it does
not say what becomes of the damage beyond Health. Groups read it two ways, so
it is a table option, ``overkill``: ``cleared`` (the default, as the spec
reads it: the excess is lost with the other wounds) or ``carry`` (the wounds
beyond Health stay on the empowered side, and kill at once if they reach its
Empowered Health).
"""

from __future__ import annotations

import pytest

from rules.errors import RuleViolation
from rules.grimterra.tests.test_grimterra_support import BOB, RULES, fighting, started


def test_the_overkill_option_defaults_to_wounds_cleared() -> None:
    """Offered at table creation (``option_fields``), the first choice the default; bad values named."""
    (field,) = RULES.option_fields
    assert field["key"] == "overkill"
    assert [c["value"] for c in field["choices"]] == ["cleared", "carry"]
    assert RULES.clean_options(None) == {"overkill": "cleared"}
    assert RULES.clean_options({"overkill": None}) == {"overkill": "cleared"}
    assert RULES.clean_options({"overkill": " Carry "}) == {"overkill": "carry"}
    assert RULES.initial_state({"overkill": "carry"})["overkill"] == "carry"
    assert RULES.initial_state()["overkill"] == "cleared"
    for bad in ("lost", 3, True):
        with pytest.raises(RuleViolation) as info:
            RULES.clean_options({"overkill": bad})
        assert (info.value.code, info.value.extra["field"]) == ("bad_option", "overkill")


def test_by_default_the_wounds_beyond_health_are_removed_with_the_flip() -> None:
    """Rulebook 7, Normal: "it is flipped over to its 'empowered' state and all wounds are removed"."""
    t, ids = started()
    t.do("hero.wound", {"hero_id": ids["sorn"], "amount": 7}, seat=BOB)  # Health 5, Empowered Health 8
    assert (t.hero(ids["sorn"])["side"], t.hero(ids["sorn"])["wounds"]) == ("empowered", 0)


def test_carried_overkill_stays_on_the_empowered_side() -> None:
    t, ids = started(overkill="carry")
    t.do("hero.wound", {"hero_id": ids["sorn"], "amount": 7}, seat=BOB)
    assert (t.hero(ids["sorn"])["side"], t.hero(ids["sorn"])["wounds"]) == ("empowered", 2)
    assert t.line() == (
        "Bob's hero Sorn takes 7 wounds (wounds 0 → 7, Health 5); "
        "Sorn flips to its empowered side (wounds 7 → 2: 2 carried over)."
    )


def test_carried_overkill_that_reaches_empowered_health_kills_at_the_flip() -> None:
    """Rulebook 7, Death: a hero dies if "it receives damage equal to or greater than its empowered
    health"."""
    t, ids = started(overkill="carry")
    t.do("hero.wound", {"hero_id": ids["sorn"], "amount": 13}, seat=BOB)  # 5 + 8
    assert (t.hero(ids["sorn"])["side"], t.hero(ids["sorn"])["wounds"]) == ("dead", 8)
    assert t.line() == (
        "Bob's hero Sorn takes 13 wounds (wounds 0 → 13, Health 5); "
        "Sorn flips to its empowered side (wounds 13 → 8: 8 carried over); Sorn dies of its wounds."
    )


def test_in_combat_the_carried_wounds_wait_for_the_end_of_the_round() -> None:
    """Rulebook 7: "Flipping occurs at the end of the combat round", the carried wounds with it."""
    t, ids = fighting(overkill="carry")
    t.do("hero.wound", {"hero_id": ids["kel"], "amount": 4})  # Health 6, Empowered Health 11
    t.do("hero.wound", {"hero_id": ids["kel"], "amount": 5})
    assert (t.hero(ids["kel"])["side"], t.hero(ids["kel"])["wounds"]) == ("normal", 9)
    body = t.do("combat.round_end", {})
    assert (t.hero(ids["kel"])["side"], t.hero(ids["kel"])["wounds"]) == ("empowered", 3)
    assert body["flipped"][0]["wounds_after"] == 3
    assert "Kel flips to its empowered side (wounds 9 → 3: 3 carried over)" in t.line()
