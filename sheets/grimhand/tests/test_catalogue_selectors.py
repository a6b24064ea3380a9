"""Catalogue selectors: filters and the base/homebrew visibility rule."""

from __future__ import annotations

import pytest

from campaigns.models import Table
from sheets.grimhand import selectors
from sheets.grimhand.catalogue_loader import load_grimhand_catalogue
from sheets.grimhand.models import EquipmentCard, Quest, StatureAbility, StatureLevel, Threat

pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded() -> None:
    load_grimhand_catalogue()


def _table(code: str) -> Table:
    return Table.objects.create(game="grimhand", name=code, join_code=code)


def test_base_cards_only_without_a_table(loaded: None) -> None:
    table = _table("HB0002")
    EquipmentCard.objects.create(
        name="Home Blade", rank=3, affinity="Iron", gold_value=1, printed_rarity="Common", effect="x",
        table=table,
    )  # fmt: skip
    assert selectors.catalogue_equipment().count() == 50
    assert selectors.catalogue_equipment(table.pk).count() == 51
    assert selectors.catalogue_equipment(_table("HB0003").pk).count() == 50


def test_each_card_kind_includes_its_tables_homebrew(loaded: None) -> None:
    table = _table("HB0004")
    novice = StatureLevel.objects.get(name="Novice")
    Threat.objects.create(
        name="Home Rat", rank=1, affinity="Bone", kind="Minor", ability_text="x", table=table
    )
    Quest.objects.create(
        name="Home Quest", affinity="Bone", stature=novice, qp_needed=5, required_item="Dust of Ages",
        required_threat="Home Rat", success_text="x", failure_text="y", table=table,
    )  # fmt: skip
    StatureAbility.objects.create(stature=novice, name="Home Trick", effect="x", table=table)
    assert selectors.catalogue_threats(table.pk).count() == 76
    assert selectors.catalogue_quests(table.pk).count() == 26
    assert selectors.catalogue_stature_abilities(table.pk, stature="Novice").count() == 6
    assert selectors.catalogue_threats().count() == 75


def test_filters(loaded: None) -> None:
    assert [e.name for e in selectors.catalogue_equipment(affinity="Blood", rank=1)] == ["Ritual Dagger"]
    assert selectors.catalogue_equipment(rarity="Legendary").count() == 5
    assert selectors.catalogue_threats(kind="boss").count() == 5
    assert selectors.catalogue_threats(rank=0).count() == 25
    assert selectors.catalogue_exploration(deck=2).count() == 25
    hazards = selectors.catalogue_exploration(kind="Hazard")
    assert hazards.count() > 0 and all("hazard" in c.kind.lower().split("/") for c in hazards)
    assert selectors.catalogue_exploration(kind="Hazard/Event").count() < hazards.count()
    assert selectors.catalogue_quests(affinity="Iron", stature="Novice").get().name == "Steel Against Shadow"
    assert selectors.catalogue_challenge_table(stature="Legend", roll=5).get().challenge.name == (
        "Sacrifice Equipment"
    )


def test_ordering_is_sensible(loaded: None) -> None:
    assert [s.name for s in selectors.catalogue_statures()][:3] == ["Recruit", "Novice", "Adept"]
    assert [r.name for r in selectors.catalogue_races()] == ["Human", "Dwarf", "Elf", "Orc", "Goblin"]
    assert [a.stature.name for a in selectors.catalogue_stature_abilities()][::5] == [
        "Novice",
        "Adept",
        "Veteran",
        "Master",
        "Legend",
    ]
    assert [e.rank for e in selectors.catalogue_equipment(affinity="Bone")] == list(range(1, 11))
