"""Reads of the sheets app. Catalogue reads are the ``catalogue_*`` functions.

Filter arguments arrive already validated and canonical (an affinity is
"Blood".."Nature", a stature its canonical name); the API layer parses and
refuses bad values. Card lists hold the base game's cards (``table IS NULL``)
plus, when ``table_id`` is given, that table's homebrew; whether the caller may
see that table is the caller's check.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Model, Q, QuerySet

from rules.grimhand.table import AbilityFacts, CardFacts, Catalogue, EffectFacts, QuestFacts
from rules.grimhand.table.catalogue import ExploreFacts, ThreatFacts
from sheets.grimhand.models import (
    AffinityInfo,
    Character,
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

_M = TypeVar("_M", bound=Model)


def _visible(qs: QuerySet[_M], table_id: int | None) -> QuerySet[_M]:
    """Base cards, plus ``table_id``'s homebrew when a table is given."""
    if table_id is None:
        return qs.filter(table__isnull=True)
    return qs.filter(Q(table__isnull=True) | Q(table_id=table_id))


def _kind_q(kind: str) -> Q:
    """A printed kind, or one part of a compound kind: "hazard" matches "Hazard/Event"."""
    return Q(kind__iexact=kind) | Q(kind__istartswith=f"{kind}/") | Q(kind__iendswith=f"/{kind}")


def catalogue_races() -> QuerySet[Race]:
    """The five races in rulebook order (§4)."""
    return Race.objects.all()


def catalogue_classes() -> QuerySet[CharacterClass]:
    """The five classes in rulebook order (§4)."""
    return CharacterClass.objects.all()


def catalogue_affinities() -> QuerySet[AffinityInfo]:
    """The five affinity rows in rulebook order (§4, Appendix I)."""
    return AffinityInfo.objects.all()


def catalogue_statures() -> QuerySet[StatureLevel]:
    """Stature levels by XP threshold (§9)."""
    return StatureLevel.objects.all()


def catalogue_rarities() -> QuerySet[RarityLevel]:
    """Rarities by d100 band, with their set bonuses (§8)."""
    return RarityLevel.objects.all()


def catalogue_challenges() -> QuerySet[QuestChallenge]:
    """The six quest challenges (§9.1)."""
    return QuestChallenge.objects.all()


def catalogue_challenge_table(
    *, stature: str | None = None, roll: int | None = None
) -> QuerySet[QuestChallengeRow]:
    """The §9.1 table (4d6 total x stature -> challenge), optionally one column or one total."""
    qs = QuestChallengeRow.objects.select_related("stature", "challenge")
    if stature is not None:
        qs = qs.filter(stature__name=stature)
    if roll is not None:
        qs = qs.filter(roll=roll)
    return qs


def catalogue_equipment(
    table_id: int | None = None,
    *,
    affinity: str | None = None,
    rank: int | None = None,
    rarity: str | None = None,
) -> QuerySet[EquipmentCard]:
    """Equipment cards (§8), filtered by affinity, rank and printed rarity."""
    qs = _visible(EquipmentCard.objects.all(), table_id)
    if affinity is not None:
        qs = qs.filter(affinity=affinity)
    if rank is not None:
        qs = qs.filter(rank=rank)
    if rarity is not None:
        qs = qs.filter(printed_rarity=rarity)
    return qs


def catalogue_threats(
    table_id: int | None = None,
    *,
    affinity: str | None = None,
    rank: int | None = None,
    kind: str | None = None,
) -> QuerySet[Threat]:
    """Threat-deck cards (§7.4), filtered by affinity, rank (0..10) and kind."""
    qs = _visible(Threat.objects.all(), table_id)
    if affinity is not None:
        qs = qs.filter(affinity=affinity)
    if rank is not None:
        qs = qs.filter(rank=rank)
    if kind is not None:
        qs = qs.filter(kind__iexact=kind)
    return qs


def catalogue_exploration(
    table_id: int | None = None,
    *,
    affinity: str | None = None,
    rank: int | None = None,
    kind: str | None = None,
    deck: int | None = None,
) -> QuerySet[ExplorationCard]:
    """Exploration cards (§7.2), filtered by affinity, rank, kind (or one part of it) and deck."""
    qs = _visible(ExplorationCard.objects.all(), table_id)
    if affinity is not None:
        qs = qs.filter(affinity=affinity)
    if rank is not None:
        qs = qs.filter(rank=rank)
    if kind is not None:
        qs = qs.filter(_kind_q(kind))
    if deck is not None:
        qs = qs.filter(deck=deck)
    return qs


def catalogue_quests(
    table_id: int | None = None,
    *,
    affinity: str | None = None,
    stature: str | None = None,
) -> QuerySet[Quest]:
    """Quests (§9.1), filtered by affinity and required stature."""
    qs = _visible(Quest.objects.select_related("stature"), table_id)
    if affinity is not None:
        qs = qs.filter(affinity=affinity)
    if stature is not None:
        qs = qs.filter(stature__name=stature)
    return qs


def catalogue_stature_abilities(
    table_id: int | None = None, *, stature: str | None = None
) -> QuerySet[StatureAbility]:
    """Stature ability cards (§9), filtered by the stature that unlocks them."""
    qs = _visible(StatureAbility.objects.select_related("stature"), table_id)
    if stature is not None:
        qs = qs.filter(stature__name=stature)
    return qs


# --- Grim Hand tables: the rules' catalogue and characters -------------------------


def rules_catalogue() -> Catalogue:
    """The built-in card facts for ``GrimHandRules``, from our own catalogue records (§4, §8, §9).

    The same plain records that ``load_gamedata`` writes to the database
    (``sheets.grimhand.catalogue_data``, and ``DEFAULT_CHARTS`` for races, classes,
    stature...). The live tables use the database's catalogue
    (``sheets.grimhand.catalogue_source``) and fall back to this one before the
    catalogue is loaded or while the rows do not form valid tables.
    """
    from sheets.grimhand import catalogue_data as data

    return Catalogue(
        equipment=tuple(
            CardFacts(e.rank, e.affinity, e.name, e.printed_rarity, e.gold_value, e.ap_cost, e.effect)
            for e in data.EQUIPMENT
        ),
        quests=tuple(
            QuestFacts(
                name=q.name,
                affinity=q.affinity,
                stature=q.stature,
                qp_needed=q.qp_needed,
                required_item=q.required_item,
                required_threat=q.required_threat,
                success_text=q.success_text,
                failure_text=q.failure_text,
                success_effects=tuple(
                    EffectFacts(e.stat, e.amount, e.duration, e.who) for e in q.success_effects
                ),
                failure_effects=tuple(
                    EffectFacts(e.stat, e.amount, e.duration, e.who) for e in q.failure_effects
                ),
            )
            for q in data.QUESTS
        ),
        abilities=tuple(AbilityFacts(a.stature, a.name, a.effect, a.ap_cost) for a in data.STATURE_ABILITIES),
        threats=tuple(
            ThreatFacts(t.name, t.rank, t.affinity, t.kind, t.life, t.ability_text) for t in data.THREATS
        ),
        exploration=tuple(
            ExploreFacts(x.rank, x.affinity, x.name, x.kind, x.resolve_text) for x in data.DECK_1
        ),
    )


def character_table_id(character_id: int) -> int | None:
    """The table a character sits at, or None if there is no such character (one query)."""
    return Character.objects.filter(pk=character_id).values_list("table_id", flat=True).first()


def table_character(state: dict[str, Any], character_id: int) -> dict[str, Any] | None:
    """A character out of its table's snapshot (no query)."""
    found: dict[str, Any] | None = state.get("characters", {}).get(str(character_id))
    return found


def character_json(char: dict[str, Any], table_id: int) -> dict[str, Any]:
    """A character as the API answers it: choices, counters, derived numbers and why.

    Everything comes from the table's snapshot, which already carries the
    derived numbers, so this is a reshaping with no query.
    """
    derived = char["derived"]
    hand = derived["equipment_hand"]
    passive = [{**a, "kind": "passive", "ap_cost": 0} for a in derived["passive_abilities"]]
    chosen = [
        {"slot": "stature", "kind": "stature", "name": a["name"], "text": a["effect"],
         "stature": a["stature"], "ap_cost": a["ap_cost"]}
        for a in char["abilities"]
    ]  # fmt: skip

    def item(i: dict[str, Any]) -> dict[str, Any]:
        out = {"rank": i["rank"], "affinity": i["affinity"], "name": i["name"], "rarity": i["rarity"]}
        if i.get("homebrew"):
            out["homebrew_id"] = i["card"]
        return out

    return {
        "id": char["id"],
        "table_id": table_id,
        "seat_id": char["seat_id"],
        "name": char["name"],
        "race": char["race"],
        "class": char["class"],
        "affinity": char["affinity"],
        "stature": derived["stature"],
        "le": char["le"],
        "ap": char["ap"],
        "gold": char["gold"],
        "xp": char["xp"],
        "qp": char["qp"],
        "doubt": char["doubt"],
        "corruption": char["corruption"],
        "stats": derived["stats"],
        "breakdown": derived["breakdown"],
        "equipment": [item(i) for i in char["equipment"]],
        "equipment_hand": (
            {"category": hand["category"], "title": hand["title"], "bonus": hand["bonus"]} if hand else None
        ),
        "set": derived["set"],
        "abilities": passive + chosen,
        "quests": char["quests"],
        "modifiers": char["modifiers"],
        "inventory": [item(i) for i in char["inventory"]],
        "next_stature": derived["next_stature"],
        "corrupted": derived["corrupted"],
        "damage_reduction": derived["damage_reduction"],
        "stature_ability_slots": derived["stature_ability_slots"],
    }


def character_document(token_hash: str, character_id: int) -> str | None:
    """The stored API document of a character, if this token opens a seat at its table.

    One indexed query and no JSON work; None when the token, the table or the
    document does not match (the caller then finds out which, on a slower path).
    """
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.document FROM sheets_character c "
            "JOIN campaigns_seat s ON s.table_id = c.table_id "
            "WHERE s.token_hash = %s AND s.removed_at IS NULL AND c.id = %s",
            [token_hash, int(character_id)],
        )
        row = cursor.fetchone()
    return str(row[0]) if row and row[0] else None


def character_for_seat_token(token_hash: str, character_id: int) -> tuple[int | None, dict[str, Any] | None]:
    """One query: the table of the seat this token opens, and that table's character ``character_id``.

    ``(None, None)``: no active seat has this token; ``(table_id, None)``: the
    seat's table has no such character. Only the one character is taken out
    of the snapshot (the database extracts it), which keeps a read of a big
    party's table as cheap as a small one's.
    """
    key = str(int(character_id))
    if connection.vendor == "postgresql":
        extract, params = "t.state -> 'characters' -> %s", [key, token_hash]
    else:
        extract, params = "json_extract(t.state, %s)", [f'$.characters."{key}"', token_hash]
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT s.table_id, {extract} FROM campaigns_seat s "  # only fixed SQL; values are parameters
            "JOIN campaigns_table t ON t.id = s.table_id WHERE s.token_hash = %s AND s.removed_at IS NULL",
            params,
        )
        row = cursor.fetchone()
    if row is None:
        return None, None
    table_id, found = row
    if isinstance(found, str | bytes):
        found = json.loads(found)
    return int(table_id), found
