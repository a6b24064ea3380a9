"""The stored API document of each character follows every command, undo included."""

from __future__ import annotations

import json

import pytest

from campaigns.models import Table
from sheets.grimhand.models import Character
from sheets.grimhand.selectors import character_json
from tests.grimhand_personas import (  # noqa: F401
    create_character,
    fixture_gh_host,
    fixture_gh_other,
    fixture_gh_player,
    ok,
)
from tests.personas import Person

pytestmark = pytest.mark.django_db


def stored(cid: int) -> dict:
    document: dict = json.loads(Character.objects.get(pk=cid).document)
    return document


def fresh(table_id: int, cid: int) -> dict:
    state = Table.objects.get(pk=table_id).state
    return character_json(state["characters"][str(cid)], table_id)


def test_document_matches_the_snapshot_after_changes_and_undo(gh_player: Person, gh_other: Person) -> None:
    cid = create_character(gh_player)
    other = create_character(gh_other, name="Bram", race="Dwarf", klass="Warrior", affinity="Iron")
    assert stored(cid) == fresh(gh_player.table.pk, cid)
    equip = ok(gh_player.command("character.equip", {"character_id": cid, "rank": 4, "affinity": "Blood"}))
    assert stored(cid)["equipment"][0]["rank"] == 4
    ok(gh_player.command("undo", {"seq": equip["seq"]}))
    assert stored(cid) == fresh(gh_player.table.pk, cid)
    assert stored(cid)["equipment"] == []
    assert stored(other) == fresh(gh_player.table.pk, other)


def test_get_falls_back_to_the_snapshot_when_no_document_is_stored(gh_player: Person) -> None:
    cid = create_character(gh_player)
    Character.objects.filter(pk=cid).update(document="")
    body = ok(gh_player.client.get(f"/api/v1/grimhand/characters/{cid}/"))
    assert body == fresh(gh_player.table.pk, cid)
