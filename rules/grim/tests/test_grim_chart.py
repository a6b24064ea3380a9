"""The element chart (rulebook: Elements & Attack Resolution): all 121 pairs, two defending Elements."""

from __future__ import annotations

import pytest

from rules.grim import ELEMENTS, STATUSES, matchup
from rules.grim.chart import SPIRIT_BONUSES, STATUS_OF

# Transcribed from the rulebook by hand, not from the module: each Element is strong against the one to
# its right, weak against itself (it "resists itself"), and Immune where the defender is strong against
# it (Poison wraps round to be strong against Water). Rows attack, columns defend, in rulebook order.
ORDER = ["Water", "Fire", "Plant", "Earth", "Electric", "Wind", "Light", "Dark", "Ghost", "Psychic", "Poison"]
GRID = """
            Wa Fi Pl Ea El Wi Li Da Gh Ps Po
Water       W  S  .  .  .  .  .  .  .  .  I
Fire        I  W  S  .  .  .  .  .  .  .  .
Plant       .  I  W  S  .  .  .  .  .  .  .
Earth       .  .  I  W  S  .  .  .  .  .  .
Electric    .  .  .  I  W  S  .  .  .  .  .
Wind        .  .  .  .  I  W  S  .  .  .  .
Light       .  .  .  .  .  I  W  S  .  .  .
Dark        .  .  .  .  .  .  I  W  S  .  .
Ghost       .  .  .  .  .  .  .  I  W  S  .
Psychic     .  .  .  .  .  .  .  .  I  W  S
Poison      S  .  .  .  .  .  .  .  .  I  W
"""
WORD = {"S": "strong", "W": "weak", "I": "immune", ".": "neutral"}
MOD = {"S": 2, "W": -2, "I": 0, ".": 0}


def table() -> dict[tuple[str, str], str]:
    rows = [line.split() for line in GRID.strip().splitlines()[1:]]
    assert [row[0] for row in rows] == ORDER
    return {(row[0], ORDER[j]): cell for row in rows for j, cell in enumerate(row[1:])}


def test_the_elements_and_statuses_are_the_rulebooks_in_order() -> None:
    assert list(ELEMENTS) == ORDER
    assert STATUSES[:2] == ("Freeze", "Burn") and STATUSES[-1] == "Blight" and len(STATUSES) == 11
    assert (
        STATUS_OF["Poison"] == "Blight"
        and STATUS_OF["Electric"] == "Paralysis"
        and STATUS_OF["Dark"] == "Fear"
    )
    assert set(SPIRIT_BONUSES) == set(ORDER)


def test_all_121_pairs_match_the_table() -> None:
    expected = table()
    assert len(expected) == 121
    for (attacking, defending), cell in expected.items():
        got = matchup(attacking, [defending])
        assert (got.result, got.modifier) == (WORD[cell], MOD[cell]), (attacking, defending)
        assert matchup(attacking, defending) == got  # a single Element may be given as a string


@pytest.mark.parametrize(
    ("attacking", "defending", "result", "modifier"),
    [
        ("Fire", ["Plant", "Fire"], "neutral", 0),  # rulebook: +2 to the Plant aspect, -2 to the Fire one
        ("Fire", ["Water", "Plant"], "immune", 0),  # rulebook: any Immunity trumps all
        ("Fire", ["Plant", "Earth"], "strong", 2),
        ("Fire", ["Fire", "Earth"], "weak", -2),
        ("Electric", ["Wind", "Earth"], "immune", 0),  # the Earth Element Reaction makes the Wind Grim Immune
        ("Water", ["Ghost", "Dark"], "neutral", 0),
        ("Fire", ["Fire", "Fire"], "weak", -2),  # its own Element attached counts once
    ],
)
def test_two_defending_elements(attacking: str, defending: list[str], result: str, modifier: int) -> None:
    got = matchup(attacking, defending)
    assert (got.result, got.modifier) == (result, modifier)
    assert got.immune == (result == "immune")
