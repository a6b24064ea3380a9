"""Grim Hand character commands through the table API: refusals, who may edit, undo, the index."""

from __future__ import annotations

from typing import Any

import pytest

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


def snapshot(p: Person) -> tuple[int, dict[str, Any]]:
    table = Table.objects.get(pk=p.table.pk)
    return table.seq, table.state


def refused(p: Person, type_: str, payload: dict[str, Any], status: int = 400) -> dict[str, Any]:
    before = snapshot(p)
    response = p.command(type_, payload)
    assert response.status_code == status, response.json()
    assert snapshot(p) == before  # nothing changed, nothing logged
    body: dict[str, Any] = response.json()
    assert set(body) == {"code", "message", "extra"} and body["message"]
    return body


def test_creating_sets_current_le_ap_to_max_and_gold_to_starting_gold(gh_player: Person) -> None:
    cid = create_character(gh_player, "Ilse", "Elf", "Rogue", "Shadow")
    c = character_state(gh_player, cid)
    # Elf Rogue Shadow: LE 4+4+0, AP 5+3+2, gold 12+13+7
    assert (c["le"], c["ap"], c["gold"]) == (8, 10, 32)
    row = Character.objects.get(pk=cid)
    assert (row.table_id, row.seat_id, row.name) == (gh_player.table.pk, gh_player.seat.pk, "Ilse")


def test_randomise_creates_a_character(gh_player: Person) -> None:
    body = ok(gh_player.command("character.create", {"name": "Lucky", "randomise": True}))
    assert body["events"][0]["payload"]["randomised"] is True


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"name": "X", "race": "Troll", "class": "Mage", "affinity": "Bone"}, "unknown_race"),
        ({"name": "X", "race": "Elf", "class": "Bard", "affinity": "Bone"}, "unknown_class"),
        ({"name": "X", "race": "Elf", "class": "Mage", "affinity": "Fire"}, "unknown_affinity"),
        ({"name": "", "race": "Elf", "class": "Mage", "affinity": "Bone"}, "bad_name"),
    ],
)
def test_create_refusals(gh_player: Person, payload: dict[str, Any], code: str) -> None:
    assert refused(gh_player, "character.create", payload)["code"] == code


def test_every_refusal_of_the_issue(gh_player: Person, gh_other: Person) -> None:
    cid = create_character(gh_player)
    cy = create_character(gh_other, "Cy", "Elf", "Mage", "Blood")
    again = {"name": "Two", "race": "Elf", "class": "Mage", "affinity": "Bone"}
    assert refused(gh_player, "character.create", again)["code"] == "seat_has_character"
    for rank in (1, 2, 3, 4, 5):
        ok(gh_player.command("character.equip", {"character_id": cid, "rank": rank, "affinity": "Iron"}))
    sixth = {"character_id": cid, "rank": 6, "affinity": "Iron"}
    assert refused(gh_player, "character.equip", sixth)["code"] == "too_many_items"
    twice = {"character_id": cy, "rank": 3, "affinity": "Iron"}
    assert refused(gh_other, "character.equip", twice)["code"] == "card_in_use"
    unknown = {"character_id": cid, "rank": 11, "affinity": "Iron"}
    assert refused(gh_player, "character.stash", unknown)["code"] == "unknown_card"
    c = character_state(gh_player, cid)
    above = {"character_id": cid, "stat": "le", "value": c["derived"]["stats"]["max_le"] + 1}
    assert refused(gh_player, "character.set", above)["code"] == "above_max"
    negative = {"character_id": cid, "stat": "gold", "by": -(c["gold"] + 1)}
    assert refused(gh_player, "character.adjust", negative)["code"] == "negative_value"
    ok(gh_player.command("character.set", {"character_id": cid, "stat": "xp", "value": 200}))  # Novice
    ok(gh_player.command("quest.take", {"character_id": cid, "quest": "Steel Against Shadow"}))
    body = refused(gh_player, "quest.challenge_roll", {"character_id": cid})
    assert body["code"] == "qp_not_reached"


@pytest.mark.parametrize(
    ("who", "status"),
    [("gh_player", 200), ("gh_other", 403), ("gh_host", 200), ("everyone", 200), ("gh_spectator", 403),
     ("gh_outsider", 403)],
)  # fmt: skip
def test_permission_matrix(request: Any, gh_host: Person, gh_player: Person, who: str, status: int) -> None:
    cid = create_character(gh_player)
    if who == "everyone":
        ok(gh_host.command("table.set_policy", {"edit_policy": "everyone"}))
        actor = request.getfixturevalue("gh_other")
    else:
        actor = request.getfixturevalue(who)
    payload = {"character_id": cid, "stat": "gold", "by": 1}
    if status == 200:
        ok(actor.command("character.adjust", payload))
    else:
        body = refused(actor, "character.adjust", payload, 403) if who != "gh_outsider" else None
        if who == "gh_outsider":
            response = actor.client.post(
                f"/api/v1/tables/{gh_player.table.pk}/commands/",
                {"command_id": "x", "type": "character.adjust", "payload": payload},
                format="json",
            )
            assert response.status_code == 403 and response.json()["code"] == "not_your_table"
        else:
            assert body is not None and body["code"] in ("not_your_seat", "spectator")


def test_undo_and_redo_through_the_service_keep_the_character_index(gh_player: Person) -> None:
    body = ok(gh_player.command("character.create", {"name": "Grum", "randomise": True}))
    cid = body["events"][0]["payload"]["character_id"]
    undo = ok(gh_player.command("undo", {"seq": body["seq"]}))
    assert str(cid) not in undo["state"]["characters"] and not Character.objects.filter(pk=cid).exists()
    redo = ok(gh_player.command("redo", {"seq": undo["seq"]}))
    assert str(cid) in redo["state"]["characters"] and Character.objects.filter(pk=cid).exists()


@pytest.mark.parametrize(
    ("type_", "payload"),
    [
        ("character.equip", {"rank": 4, "affinity": "Iron"}),
        ("character.stash", {"rank": 4, "affinity": "Iron"}),
        ("character.adjust", {"stat": "xp", "by": 1200}),
        ("character.set", {"stat": "doubt", "value": 7}),
        ("character.rename", {"name": "Grumbold"}),
        ("modifier.add", {"stat": "max_le", "amount": -4, "source": "Altar"}),
        ("quest.take", {"quest": "Steel Against Shadow"}),
        ("quest.progress", {"by": 3}),
        ("character.retire", {}),
    ],
)
def test_undo_of_a_character_command_restores_the_snapshot(
    gh_player: Person, type_: str, payload: dict
) -> None:
    cid = create_character(gh_player)
    ok(gh_player.command("character.adjust", {"character_id": cid, "stat": "le", "by": -2}))
    ok(gh_player.command("character.set", {"character_id": cid, "stat": "xp", "value": 200}))
    _, before = snapshot(gh_player)
    body = ok(gh_player.command(type_, {"character_id": cid, **payload}))
    undone = ok(gh_player.command("undo", {"seq": body["seq"]}))
    state = dict(undone["state"])
    assert state.pop("undone") == [body["seq"]]
    before.pop("undone")
    assert state == before
    assert Character.objects.filter(pk=cid).exists()


def test_only_the_author_or_the_host_may_undo(gh_host: Person, gh_player: Person, gh_other: Person) -> None:
    cid = create_character(gh_player)
    body = ok(gh_player.command("character.adjust", {"character_id": cid, "stat": "gold", "by": 1}))
    assert gh_other.command("undo", {"seq": body["seq"]}).status_code == 403
    ok(gh_host.command("undo", {"seq": body["seq"]}))


def test_one_character_per_seat_in_the_index(gh_player: Person) -> None:
    cid = create_character(gh_player)
    ok(gh_player.command("character.retire", {"character_id": cid}))
    assert not Character.objects.filter(seat=gh_player.seat).exists()
    second = create_character(gh_player, "Again")
    assert Character.objects.get(seat=gh_player.seat).pk == second
