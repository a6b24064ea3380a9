"""Load the Grim Hand card catalogue into the database (idempotent upsert).

Two sources, one each: the rules package's ``DEFAULT_CHARTS`` for races,
classes, affinities (§4), stature (§9), rarity and set bonuses (§8) and the
quest challenge table (§9.1); ``sheets.grimhand.catalogue_data`` for equipment (§8),
threats (§7.4), exploration cards (§7.2), quests and challenges (§9.1) and
stature abilities (§9). Every row is upserted by its natural key inside one
transaction, so running the loader again changes nothing (same rows, same ids).
Homebrew rows (``table`` set) are never touched. After commit the catalogue's
version is bumped, so the live tables rebuild their catalogue from the rows
(``sheets.grimhand.catalogue_source``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import models, transaction

from rules.grimhand.charts import DEFAULT_CHARTS, ContributionRow, GameCharts
from sheets.grimhand import catalogue_data as data
from sheets.grimhand.catalogue_source import schedule_catalogue_bump
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


def _upsert(model: type[models.Model], key: dict[str, Any], values: dict[str, Any]) -> models.Model:
    """Create or update one row found by ``key``; an unchanged row is not written."""
    obj = model._default_manager.filter(**key).first()
    if obj is None:
        return model._default_manager.create(**key, **values)
    changed = [name for name, value in values.items() if getattr(obj, name) != value]
    if changed:
        for name in changed:
            setattr(obj, name, values[name])
        obj.save(update_fields=changed)
    return obj


def _contribution_rows(model: type[models.Model], rows: Iterable[ContributionRow], **extra: Any) -> int:
    count = 0
    for position, row in enumerate(rows):
        values = {
            "position": position,
            "life": row.life,
            "strength": row.strength,
            "agility": row.agility,
            "gold": row.gold,
            "ap": row.ap,
            "attack": row.attack,
            "ability_name": row.ability_name,
            "ability_text": row.ability_text,
        }
        values.update(extra.get(row.name, {}))
        _upsert(model, {"name": row.name}, values)
        count += 1
    return count


def _load_tables(tables: GameCharts) -> tuple[int, dict[str, StatureLevel], dict[str, QuestChallenge]]:
    """Races, classes, affinities, stature, rarity and the §9.1 table from ``tables``."""
    count = _contribution_rows(Race, tables.races)
    count += _contribution_rows(CharacterClass, tables.classes)
    alignment = {affinity.value: {"alignment_stat": stat.value} for affinity, stat in tables.alignment}
    count += _contribution_rows(AffinityInfo, tables.affinities, **alignment)

    manifestation = dict(tables.threat_manifestation_ranks)
    statures: dict[str, StatureLevel] = {}
    for stature_row in tables.statures:
        obj = _upsert(
            StatureLevel,
            {"name": stature_row.name},
            {
                "xp": stature_row.xp,
                "life": stature_row.life,
                "attack": stature_row.attack,
                "extra_hole_cards": stature_row.extra_hole_cards,
                "redeal_flop": stature_row.redeal_flop,
                "threat_manifestation_rank": manifestation.get(stature_row.name, 0),
            },
        )
        assert isinstance(obj, StatureLevel)
        statures[stature_row.name] = obj
    count += len(statures)

    for band in tables.rarities:
        bonus = tables.set_bonus(band.rarity)
        _upsert(
            RarityLevel,
            {"name": band.rarity},
            {
                "d100_low": band.low,
                "d100_high": band.high,
                "set_life": bonus.life,
                "set_strength": bonus.strength,
                "set_agility": bonus.agility,
                "set_ap": bonus.ap,
                "set_attack": bonus.attack,
            },
        )
        count += 1

    challenges: dict[str, QuestChallenge] = {}
    for position, challenge in enumerate(data.CHALLENGES):
        values = {"position": position, "text": challenge.text}
        obj = _upsert(QuestChallenge, {"name": challenge.name}, values)
        assert isinstance(obj, QuestChallenge)
        challenges[challenge.name] = obj
    count += len(challenges)

    for table_row in tables.quest_challenges:
        for stature, name in zip(tables.statures, table_row.challenges, strict=True):
            _upsert(
                QuestChallengeRow,
                {"roll": table_row.roll, "stature": statures[stature.name]},
                {"challenge": challenges[name]},
            )
            count += 1
    return count, statures, challenges


def _load_equipment(tables: GameCharts) -> int:
    """Equipment cards (base cards only)."""
    count = 0
    for item in data.EQUIPMENT:
        _upsert(
            EquipmentCard,
            {"rank": item.rank, "affinity": item.affinity, "table": None},
            {
                "name": item.name,
                "ap_cost": item.ap_cost,
                "effect": item.effect,
                "gold_value": item.gold_value,
                "printed_rarity": tables.rarity(item.printed_rarity),
            },
        )
        count += 1
    return count


def _load_threats() -> int:
    """Threat cards (base cards only)."""
    count = 0
    for threat in data.THREATS:
        _upsert(
            Threat,
            {"name": threat.name, "table": None},
            {
                "rank": threat.rank,
                "affinity": threat.affinity,
                "kind": threat.kind,
                "creature_type": threat.creature_type,
                "life": threat.life,
                "hand_1": threat.hand[0],
                "hand_2": threat.hand[1],
                "ability_name": threat.ability_name,
                "ability_text": threat.ability_text,
            },
        )
        count += 1
    return count


def _load_exploration() -> int:
    """Exploration cards (base cards only)."""
    count = 0
    for card in data.EXPLORATION:
        _upsert(
            ExplorationCard,
            {"deck": card.deck, "rank": card.rank, "affinity": card.affinity, "table": None},
            {"name": card.name, "kind": card.kind, "resolve_text": card.resolve_text},
        )
        count += 1
    return count


def _load_quests(statures: dict[str, StatureLevel], tables: GameCharts) -> int:
    """Quests with their effects (base cards only)."""
    count = 0
    for quest in data.QUESTS:
        _upsert(
            Quest,
            {"name": quest.name, "table": None},
            {
                "affinity": quest.affinity,
                "stature": statures[tables.stature(quest.stature).name],
                "qp_needed": quest.qp_needed,
                "required_item": quest.required_item,
                "required_threat": quest.required_threat,
                "success_text": quest.success_text,
                "failure_text": quest.failure_text,
                "success_effects": [e.as_dict() for e in quest.success_effects],
                "failure_effects": [e.as_dict() for e in quest.failure_effects],
            },
        )
        count += 1
    return count


def _load_stature_abilities(statures: dict[str, StatureLevel], tables: GameCharts) -> int:
    """Stature abilities (base cards only)."""
    count = 0
    for ability in data.STATURE_ABILITIES:
        _upsert(
            StatureAbility,
            {"name": ability.name, "table": None},
            {
                "stature": statures[tables.stature(ability.stature).name],
                "effect": ability.effect,
                "ap_cost": ability.ap_cost,
            },
        )
        count += 1
    return count


def _load_cards(statures: dict[str, StatureLevel], tables: GameCharts) -> int:
    """Equipment, threats, exploration cards, quests and stature abilities (base cards only)."""
    return (
        _load_equipment(tables)
        + _load_threats()
        + _load_exploration()
        + _load_quests(statures, tables)
        + _load_stature_abilities(statures, tables)
    )


@transaction.atomic
def load_grimhand_catalogue(tables: GameCharts = DEFAULT_CHARTS) -> int:
    """Make sure every base catalogue row exists and is up to date; return the row count.

    Registered as ``sheets.grimhand.gamedata.LOADERS["grimhand"]`` (``manage.py
    load_gamedata``, run by ``make run``). Safe to run any number of times.
    """
    count, statures, _ = _load_tables(tables)
    count += _load_cards(statures, tables)
    # Also when nothing changed: a process that built its catalogue before the
    # first load (the code fallback) picks up the rows now.
    schedule_catalogue_bump()
    return count
