"""The Grim Hand character API: the shape, who may read, constant queries, export/import, homebrew."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from campaigns.models import Table
from sheets.grimhand.models import Character
from tests.grimhand_personas import (  # noqa: F401
    character_state,
    create_character,
    fixture_gh_host,
    fixture_gh_other,
    fixture_gh_outsider,
    fixture_gh_player,
    fixture_gh_spectator,
    ok,
)
from tests.personas import Person

pytestmark = pytest.mark.django_db

KEYS = {
    "id", "table_id", "seat_id", "name", "race", "class", "affinity", "stature", "le", "ap", "gold", "xp",
    "qp", "doubt", "corruption", "stats", "breakdown", "equipment", "equipment_hand", "set", "abilities",
    "quests", "modifiers",
}  # fmt: skip
STATS = {"max_le", "max_ap", "strength", "agility", "attack"}


def url(character_id: int, tail: str = "") -> str:
    return f"/api/v1/grimhand/characters/{character_id}/{tail}"


def test_get_answers_the_issue_shape_with_breakdowns(gh_player: Person) -> None:
    cid = create_character(gh_player)
    ok(gh_player.command("character.equip", {"character_id": cid, "rank": 4, "affinity": "Blood"}))
    ok(gh_player.command("character.equip", {"character_id": cid, "rank": 4, "affinity": "Bone"}))
    body = ok(gh_player.client.get(url(cid)))
    assert set(body) >= KEYS
    assert (
        body["id"] == cid and body["table_id"] == gh_player.table.pk and body["seat_id"] == gh_player.seat.pk
    )
    assert (body["race"], body["class"], body["affinity"], body["stature"]) == (
        "Orc",
        "Warrior",
        "Iron",
        "Recruit",
    )
    # Orc Warrior Iron: AT 3+3+2 = 8, +1 for the pair of fours (Unified Effort)
    assert set(body["stats"]) == STATS and body["stats"]["attack"] == 9
    assert set(body["breakdown"]) == STATS
    assert {"source": "Unified Effort", "amount": 1} in body["breakdown"]["attack"]
    for stat, lines in body["breakdown"].items():
        assert sum(line["amount"] for line in lines) == body["stats"][stat]
        assert all(set(line) == {"source", "amount"} for line in lines)
    assert [set(i) for i in body["equipment"]] == [{"rank", "affinity", "name", "rarity"}] * 2
    assert body["equipment"][0]["name"] == "Bloodied Bandages"
    assert body["equipment_hand"] == {"category": "pair", "title": "Unified Effort", "bonus": "+1 AT"}
    assert body["set"] is None
    assert [a["slot"] for a in body["abilities"]] == ["race", "class", "affinity"]
    assert body["le"] == body["stats"]["max_le"] == 15 and body["gold"] == 5 + 7 + 4


def test_the_table_snapshot_carries_the_same_numbers(gh_player: Person) -> None:
    cid = create_character(gh_player)
    body = ok(gh_player.client.get(url(cid)))
    table = ok(gh_player.client.get(f"/api/v1/tables/{gh_player.table.pk}/"))
    derived = table["state"]["characters"][str(cid)]["derived"]
    assert derived["stats"] == body["stats"] and derived["breakdown"] == body["breakdown"]


def test_every_seat_of_the_table_reads_every_character(
    gh_host: Person, gh_player: Person, gh_other: Person, gh_spectator: Person
) -> None:
    cid = create_character(gh_player)
    for reader in (gh_host, gh_player, gh_other, gh_spectator):
        assert ok(reader.client.get(url(cid)))["id"] == cid


def test_outsiders_may_not_read(gh_player: Person, gh_outsider: Person) -> None:
    cid = create_character(gh_player)
    assert gh_outsider.client.get(url(cid)).status_code == 403
    assert gh_outsider.client.get(url(cid)).json()["code"] == "not_your_table"
    assert APIClient().get(url(cid)).status_code == 401
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Seat nonsense")
    assert bad.get(url(cid)).status_code == 401
    assert gh_player.client.get(url(12345)).status_code == 404
    assert gh_outsider.client.get(url(cid, "export/")).status_code == 403


def _load_up(p: Person, cid: int, items: int, modifiers: int, events: int) -> None:
    for rank in range(1, items + 1):
        ok(p.command("character.equip", {"character_id": cid, "rank": rank, "affinity": "Nature"}))
    for n in range(modifiers):
        ok(
            p.command(
                "modifier.add", {"character_id": cid, "stat": "agility", "amount": 1, "source": f"m{n}"}
            )
        )
    for _ in range(events):
        ok(p.command("character.adjust", {"character_id": cid, "stat": "gold", "by": 1}))


@pytest.mark.parametrize(("items", "modifiers", "events"), [(0, 0, 0), (5, 8, 30)])
def test_get_uses_one_query_however_much_a_character_holds(
    gh_player: Person,
    gh_other: Person,
    django_assert_num_queries: Any,
    items: int,
    modifiers: int,
    events: int,
) -> None:
    cid = create_character(gh_player)
    create_character(gh_other, "Cy", "Elf", "Mage", "Blood")
    _load_up(gh_player, cid, items, modifiers, events)
    with django_assert_num_queries(1):
        body = ok(gh_player.client.get(url(cid)))
    assert len(body["equipment"]) == items and len(body["modifiers"]) == modifiers


def test_export_then_import_into_another_table(gh_player: Person, gh_outsider: Person) -> None:
    cid = create_character(gh_player)
    _load_up(gh_player, cid, 3, 2, 2)
    ok(gh_player.command("character.stash", {"character_id": cid, "rank": 9, "affinity": "Iron"}))
    response = gh_player.client.get(url(cid, "export/"))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="grim-hand-grum.json"'
    data = response.json()
    body = ok(gh_outsider.command("character.import", {"data": data}))
    new_id = body["events"][0]["payload"]["character_id"]
    assert body["events"][0]["type"] == "character.imported"
    assert new_id != cid and Character.objects.get(pk=new_id).table_id == gh_outsider.table.pk
    original, copy = ok(gh_player.client.get(url(cid))), ok(gh_outsider.client.get(url(new_id)))
    for key in (
        "stats",
        "breakdown",
        "equipment",
        "inventory",
        "le",
        "ap",
        "gold",
        "modifiers",
        "equipment_hand",
    ):
        if key == "modifiers":
            assert [{k: m[k] for k in ("stat", "amount", "source")} for m in copy[key]] == [
                {k: m[k] for k in ("stat", "amount", "source")} for m in original[key]
            ]
        else:
            assert copy[key] == original[key], key
    assert ok(gh_outsider.client.get(url(new_id, "export/"))) == data


def test_a_bad_file_changes_nothing(gh_player: Person, gh_outsider: Person) -> None:
    cid = create_character(gh_player)
    data = gh_player.client.get(url(cid, "export/")).json()
    data["character"]["race"] = "Troll"
    seq = Table.objects.get(pk=gh_outsider.table.pk).seq
    response = gh_outsider.command("character.import", {"data": data})
    assert response.status_code == 400
    assert (
        response.json()["code"] == "unknown_race"
        and response.json()["extra"]["field"] == "race/class/affinity"
    )
    table = Table.objects.get(pk=gh_outsider.table.pk)
    assert table.seq == seq and table.state["characters"] == {}
    assert not Character.objects.filter(table=table).exists()
    garbage = gh_outsider.command("character.import", {"data": {"hello": 1}})
    assert garbage.status_code == 400 and garbage.json()["code"] == "bad_import"


# --- homebrew: a campaign's own cards, seen only there ----------------------------

CATALOGUE = "/api/v1/grimhand/catalogue/equipment/"


def test_homebrew_card_is_listed_for_its_table_only(gh_player: Person, gh_outsider: Person) -> None:
    body = ok(
        gh_player.command("homebrew.add_equipment", {"name": "Lucky Coin", "rank": 3, "affinity": "Bone"})
    )
    card = body["events"][0]["payload"]["card"]
    table_id = gh_player.table.pk
    names = {c["name"] for c in ok(gh_player.client.get(f"{CATALOGUE}?table={table_id}"))}
    assert "Lucky Coin" in names
    assert "Lucky Coin" not in {c["name"] for c in APIClient().get(CATALOGUE).json()}
    assert APIClient().get(f"{CATALOGUE}?table={table_id}").status_code == 401
    assert gh_outsider.client.get(f"{CATALOGUE}?table={table_id}").status_code == 403
    assert "Lucky Coin" not in {
        c["name"] for c in ok(gh_outsider.client.get(f"{CATALOGUE}?table={gh_outsider.table.pk}"))
    }
    cid = create_character(gh_player)
    equipped = ok(gh_player.command("character.equip", {"character_id": cid, "homebrew_id": card["id"]}))
    assert equipped["events"][0]["payload"]["item"]["name"] == "Lucky Coin"
    assert (
        gh_outsider.command("character.equip", {"character_id": 1, "homebrew_id": card["id"]}).status_code
        == 400
    )


def test_undoing_a_homebrew_card_removes_it_from_the_list(gh_player: Person) -> None:
    body = ok(
        gh_player.command("homebrew.add_equipment", {"name": "Lucky Coin", "rank": 3, "affinity": "Bone"})
    )
    table_id = gh_player.table.pk
    ok(gh_player.command("undo", {"seq": body["seq"]}))
    assert "Lucky Coin" not in {c["name"] for c in ok(gh_player.client.get(f"{CATALOGUE}?table={table_id}"))}
