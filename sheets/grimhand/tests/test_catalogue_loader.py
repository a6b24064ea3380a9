"""Loading the Grim Hand catalogue: idempotent, complete, from the one source of truth."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.db.models import Model

from campaigns import registry
from rules.grimhand.charts import DEFAULT_CHARTS
from sheets.grimhand.catalogue_loader import load_grimhand_catalogue
from sheets.grimhand.models import (
    AffinityInfo,
    CharacterClass,
    EquipmentCard,
    ExplorationCard,
    Quest,
    QuestChallenge,
    QuestChallengeRow,
    Race,
    RarityLevel,
    StatureAbility,
    StatureLevel,
    Threat,
)

pytestmark = pytest.mark.django_db

MODELS: tuple[type[Model], ...] = (
    Race, CharacterClass, AffinityInfo, StatureLevel, RarityLevel, QuestChallenge, QuestChallengeRow,
    EquipmentCard, Threat, ExplorationCard, Quest, StatureAbility,
)  # fmt: skip


def _snapshot() -> dict[str, list[dict[str, Any]]]:
    return {m.__name__: list(m._default_manager.order_by("pk").values()) for m in MODELS}


def test_loading_twice_leaves_identical_rows_and_ids() -> None:
    first_count = load_grimhand_catalogue()
    first = _snapshot()
    second_count = load_grimhand_catalogue()
    assert second_count == first_count == 409
    assert _snapshot() == first


def test_loader_repairs_an_edited_row_in_place() -> None:
    load_grimhand_catalogue()
    dagger = EquipmentCard.objects.get(rank=1, affinity="Blood", table=None)
    EquipmentCard.objects.filter(pk=dagger.pk).update(gold_value=99, name="Typo Dagger")
    load_grimhand_catalogue()
    dagger.refresh_from_db()
    assert (dagger.name, dagger.gold_value) == ("Ritual Dagger", 5)
    assert EquipmentCard.objects.count() == 50


def test_counts() -> None:
    load_grimhand_catalogue()
    assert Race.objects.count() == CharacterClass.objects.count() == AffinityInfo.objects.count() == 5
    assert StatureLevel.objects.count() == RarityLevel.objects.count() == QuestChallenge.objects.count() == 6
    assert QuestChallengeRow.objects.count() == 21 * 6
    assert EquipmentCard.objects.count() == 50
    assert Threat.objects.count() == 75
    assert ExplorationCard.objects.filter(deck=1).count() == 50
    assert ExplorationCard.objects.filter(deck=2).count() == 25
    assert Quest.objects.count() == 25
    assert StatureAbility.objects.count() == 25


def test_rows_come_from_the_rules_tables() -> None:
    load_grimhand_catalogue()
    assert [r.name for r in Race.objects.all()] == [r.name for r in DEFAULT_CHARTS.races]
    human = Race.objects.get(name="Human")
    row = DEFAULT_CHARTS.race("Human")
    assert (human.life, human.strength, human.agility, human.gold, human.ap, human.attack) == (
        row.life,
        row.strength,
        row.agility,
        row.gold,
        row.ap,
        row.attack,
    )
    assert human.ability_text == row.ability_text
    assert AffinityInfo.objects.get(name="Bone").alignment_stat == "agility"
    for table_row in DEFAULT_CHARTS.quest_challenges:
        for stature in DEFAULT_CHARTS.statures:
            stored = QuestChallengeRow.objects.get(roll=table_row.roll, stature__name=stature.name)
            assert stored.challenge.name == DEFAULT_CHARTS.quest_challenge(table_row.roll, stature.name)


def test_stature_keeps_veterans_bonus() -> None:
    """The old app lost Veteran's row through a typo ("Veteren"); ours has it (spec)."""
    load_grimhand_catalogue()
    veteran = StatureLevel.objects.get(name="Veteran")
    assert (veteran.xp, veteran.life, veteran.attack) == (1200, 1, 2)
    assert StatureLevel.objects.get(name="Master").extra_hole_cards == 1
    assert StatureLevel.objects.get(name="Legend").redeal_flop is True
    assert list(StatureLevel.objects.values_list("xp", flat=True)) == [0, 200, 600, 1200, 2000, 3000]


def test_rarity_bands_and_set_bonuses() -> None:
    load_grimhand_catalogue()
    bands = [(r.name, r.d100_low, r.d100_high) for r in RarityLevel.objects.all()]
    assert bands == [
        ("Common", 1, 45), ("Uncommon", 46, 76), ("Rare", 77, 90),
        ("Ultra Rare", 91, 96), ("Legendary", 97, 99), ("Mythic", 100, 100),
    ]  # fmt: skip
    mythic = RarityLevel.objects.get(name="Mythic")
    assert (mythic.set_life, mythic.set_strength, mythic.set_agility, mythic.set_ap, mythic.set_attack) == (
        2,
        2,
        2,
        2,
        2,
    )


def test_spot_facts() -> None:
    load_grimhand_catalogue()
    dagger = EquipmentCard.objects.get(rank=1, affinity="Blood")
    assert (dagger.name, dagger.gold_value, dagger.ap_cost, dagger.printed_rarity) == (
        "Ritual Dagger",
        5,
        1,
        "Common",
    )
    assert EquipmentCard.objects.get(name="Bloodied Bandages").printed_rarity == "Uncommon"
    assert EquipmentCard.objects.get(name="Visceral Cuirass").printed_rarity == "Ultra Rare"
    lich = Threat.objects.get(name="The Ossuary Lich")
    assert (lich.rank, lich.affinity, lich.kind, lich.creature_type, lich.life) == (
        10,
        "Bone",
        "Boss",
        "Undead",
        18,
    )
    feast = Quest.objects.get(name="The Sanguine Feast")
    assert (feast.stature.name, feast.qp_needed, feast.required_item) == ("Legend", 25, "Sanguine Effigy")
    assert StatureAbility.objects.get(name="Grim Hand Ascendancy").stature.name == "Legend"


def test_no_wild_affinity_in_the_database() -> None:
    load_grimhand_catalogue()
    for model in (EquipmentCard, Threat, ExplorationCard, Quest):
        assert not model._default_manager.filter(affinity__iexact="wild").exists()
    assert Threat.objects.filter(name="Feral Guardian", affinity="Nature").exists()


def test_base_cards_are_unique_but_homebrew_may_repeat_them() -> None:
    from campaigns.models import Table

    load_grimhand_catalogue()
    table = Table.objects.create(game="grimhand", name="T", join_code="HB0001")
    EquipmentCard.objects.create(
        name="Ritual Dagger", rank=1, affinity="Blood", gold_value=5, printed_rarity="Common",
        effect="House rule dagger.", table=table,
    )  # fmt: skip
    with transaction.atomic(), pytest.raises(IntegrityError):
        EquipmentCard.objects.create(
            name="Another", rank=1, affinity="Blood", gold_value=5, printed_rarity="Common", effect="x"
        )
    load_grimhand_catalogue()
    assert EquipmentCard.objects.filter(table=table).count() == 1
    assert EquipmentCard.objects.filter(table=None).count() == 50


def test_registered_for_load_gamedata(capsys: pytest.CaptureFixture[str]) -> None:
    assert load_grimhand_catalogue in registry.get("grimhand").loaders
    call_command("load_gamedata")
    call_command("load_gamedata")
    assert "grimhand: 409 rows up to date" in capsys.readouterr().out
    assert EquipmentCard.objects.count() == 50
