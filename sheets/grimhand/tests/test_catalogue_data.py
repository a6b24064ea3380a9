"""Our own catalogue data: counts, facts and typo fixes (§8, §9, §9.1; spec Decisions).

These tests read only the project's Python data (the reference CSVs are not
part of the repository); the known counts were checked against them.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest

from rules.grimhand.charts import DEFAULT_CHARTS
from sheets.grimhand.catalogue_data import (
    CHALLENGES,
    DECK_1,
    DECK_2,
    EQUIPMENT,
    EXPLORATION,
    QUESTS,
    STATURE_ABILITIES,
    THREATS,
    canonical_affinity,
)
from sheets.grimhand.models import Affinity, Rarity, ThreatKind

AFFINITIES = set(Affinity.values)


def test_counts_match_the_reference_data() -> None:
    assert len(EQUIPMENT) == 50
    assert len(THREATS) == 75
    assert (len(DECK_1), len(DECK_2)) == (50, 25)
    assert len(QUESTS) == 25  # the brief said 24; the reference data lists 5 per affinity
    assert len(STATURE_ABILITIES) == 25
    assert len(CHALLENGES) == 6


def test_equipment_is_one_card_per_rank_and_affinity() -> None:
    assert {(e.rank, e.affinity) for e in EQUIPMENT} == {(r, a) for r in range(1, 11) for a in AFFINITIES}
    assert len({e.name for e in EQUIPMENT}) == 50
    assert {e.printed_rarity for e in EQUIPMENT} <= set(Rarity.values)


def test_ritual_dagger_is_the_rank_1_blood_card() -> None:
    dagger = next(e for e in EQUIPMENT if (e.rank, e.affinity) == (1, "Blood"))
    assert (dagger.name, dagger.gold_value, dagger.ap_cost, dagger.printed_rarity) == (
        "Ritual Dagger",
        5,
        1,
        "Common",
    )


def test_no_wild_affinity_anywhere() -> None:
    affinities = [row.affinity for rows in (EQUIPMENT, THREATS, EXPLORATION, QUESTS) for row in rows]
    assert set(affinities) == AFFINITIES


def test_threat_deck_shape() -> None:
    kinds = Counter(t.kind for t in THREATS)
    assert kinds == {"Minor": 25, "Elite": 20, "Boss": 5, "Event": 12, "Location": 7, "NPC": 6}
    assert set(kinds) <= set(ThreatKind.values)
    foes = [t for t in THREATS if t.rank]
    assert {(t.rank, t.affinity) for t in foes} == {(r, a) for r in range(1, 11) for a in AFFINITIES}
    assert all(t.life and t.creature_type and t.ability_name for t in foes)
    assert all(t.life is None and t.rank == 0 for t in THREATS if t.kind in {"Event", "Location", "NPC"})
    assert len({t.name for t in THREATS}) == 75


def test_iron_grunt_matches_appendix_ii() -> None:
    grunt = next(t for t in THREATS if t.name == "Iron Grunt")
    assert (grunt.rank, grunt.affinity, grunt.kind, grunt.life) == (4, "Iron", "Minor", 6)


def test_exploration_decks() -> None:
    assert {(c.rank, c.affinity) for c in DECK_1} == {(r, a) for r in range(1, 11) for a in AFFINITIES}
    assert {(c.rank, c.affinity) for c in DECK_2} == {(r, a) for r in range(6, 11) for a in AFFINITIES}
    assert {c.deck for c in DECK_1} == {1} and {c.deck for c in DECK_2} == {2}


def test_quests_refer_to_real_cards_and_statures() -> None:
    items = {e.name: e for e in EQUIPMENT}
    threats = {t.name: t for t in THREATS}
    for quest in QUESTS:
        assert quest.required_item in items, quest.name
        assert quest.required_threat in threats, quest.name
        assert items[quest.required_item].affinity == quest.affinity
        assert threats[quest.required_threat].affinity == quest.affinity
        assert DEFAULT_CHARTS.stature(quest.stature).name == quest.stature
    # Each affinity has one quest per stature from Novice to Legend, QP 5..25.
    by_affinity = Counter(q.affinity for q in QUESTS)
    assert by_affinity == dict.fromkeys(AFFINITIES, 5)
    assert {(q.stature, q.qp_needed) for q in QUESTS} == {
        ("Novice", 5),
        ("Adept", 10),
        ("Veteran", 15),
        ("Master", 20),
        ("Legend", 25),
    }


def test_quest_effects_are_structured() -> None:
    durations = {
        "now", "permanent", "next_combat", "next_2_combats", "next_exploration", "next_2_explorations",
    }  # fmt: skip
    for quest in QUESTS:
        assert quest.success_effects and quest.failure_effects, quest.name
        for effect in (*quest.success_effects, *quest.failure_effects):
            assert effect.duration in durations and effect.who in {"self", "party"}
    feast = next(q for q in QUESTS if q.name == "The Sanguine Feast")
    assert [e.as_dict() for e in feast.success_effects] == [
        {"stat": "max_le", "amount": 1, "duration": "permanent", "who": "self"}
    ]


def test_stature_abilities_five_per_stature() -> None:
    assert Counter(a.stature for a in STATURE_ABILITIES) == {
        "Novice": 5,
        "Adept": 5,
        "Veteran": 5,
        "Master": 5,
        "Legend": 5,
    }
    assert all(a.ap_cost == 1 for a in STATURE_ABILITIES)
    assert len({a.name for a in STATURE_ABILITIES}) == 25


def test_challenges_match_the_rules_table() -> None:
    used = {name for row in DEFAULT_CHARTS.quest_challenges for name in row.challenges}
    assert {c.name for c in CHALLENGES} == used


@pytest.mark.parametrize(
    "typo",
    [
        "Sangiune",
        "Un-Common",
        "maxium",
        "Sacrafice",
        "Necoritc",
        "Veteren",
        "Legenday",
        "Wild Affinity",
        "Weakend",
        "interesing",
        "Equpment",
        "Alligned",
        "Addtional",
        "bouns",
        "returnded",
    ],
)
def test_no_typo_from_the_reference_data(typo: str) -> None:
    rows: list[Any] = [*EQUIPMENT, *THREATS, *EXPLORATION, *QUESTS, *STATURE_ABILITIES, *CHALLENGES]
    texts = [str(value) for row in rows for value in dataclasses.asdict(row).values()]
    assert not [text for text in texts if typo.lower() in text.lower()]


def test_texts_are_one_short_line() -> None:
    texts = [e.effect for e in EQUIPMENT] + [t.ability_text for t in THREATS]
    texts += [c.resolve_text for c in EXPLORATION] + [a.effect for a in STATURE_ABILITIES]
    texts += [q.success_text for q in QUESTS] + [q.failure_text for q in QUESTS]
    texts += [c.text for c in CHALLENGES]
    assert all(text and "\n" not in text and len(text) <= 120 for text in texts)


@pytest.mark.parametrize(("text", "expected"), [("blood", "Blood"), ("WILD", "Nature"), ("IR", "Iron")])
def test_canonical_affinity(text: str, expected: str) -> None:
    assert canonical_affinity(text) == expected


def test_canonical_affinity_refuses_unknown() -> None:
    with pytest.raises(ValueError, match="unknown affinity"):
        canonical_affinity("Fire")
