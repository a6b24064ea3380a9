"""A table's log exported as JSON and re-imported by replaying it through the rules (issue #14).

Every registered game makes the round trip from its sample play
(``GameSpec.sample_play``: to its end, one command undone on the way; and its
mid-game scene): export, import, and the new table must hold the same state,
with its own seats' ids where the old table had the old ones.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from campaigns import registry, services
from campaigns.models import Command, Event, OutboxTask, Seat, Table
from tests.grimhand_personas import create_character
from tests.import_jobs import import_table
from tests.personas import Person, join, ok, person
from tests.sample_play import at_the_scene, played, sample_of

pytestmark = pytest.mark.django_db


def open_table(game: str, options: dict[str, Any] | None = None) -> tuple[Person, Person]:
    table, grant = services.table_create(game=game, name="Friday", seat_name="Ann", options=options)
    ann = person(grant.seat, grant.token)
    return ann, join(table, "Bo")


def export_of(p: Person) -> dict[str, Any]:
    return ok(p.client.get(f"/api/v1/tables/{p.table.pk}/export/"))


def import_(body: Any, **extra: Any) -> Any:
    """The import's final answer: its upload refused, or its job run and its status URL polled."""
    return import_table(body, **extra)


SEAT_KEYS = {"started_by"}
"""State keys that hold a seat id outside the platform's naming (Grimwood's last round names
the seat that started it): the importer accepts a seat's new id anywhere, this check by name."""


def translated(value: Any, ids: dict[int, int], key: str = "") -> Any:
    """The old table's value as the new table must hold it: seat ids (by field name, or as an
    object key) become the new seats' ids. Written here apart from the importer's own check."""
    if isinstance(value, dict):
        return {
            (str(ids[int(k)]) if k.isdigit() and int(k) in ids else k): translated(v, ids, k)
            for k, v in value.items()
        }
    if isinstance(value, list):
        many = key == "seat_ids" or key.endswith("_seat_ids")
        return [ids.get(v, v) if many and isinstance(v, int) else translated(v, ids) for v in value]
    if (key == "seat_id" or key.endswith("_seat_id") or key in SEAT_KEYS) and isinstance(value, int):
        return ids.get(value, value)
    return value


def round_trip(old: Person, *, restore: bool = False) -> Table:
    """Export ``old``'s table, import it, and check the new table is the same table.

    ``restore``: the old table is deleted before the import (a table brought back)."""
    data = export_of(old)
    before = Table.objects.get(pk=old.table.pk)
    old_seats = list(Seat.objects.filter(table=before).order_by("id"))
    old_types = list(Event.objects.filter(table=before).values_list("type", flat=True))
    if restore:
        Table.objects.filter(pk=before.pk).delete()
    response = import_(data)
    assert response.status_code == 200, response.content
    body = response.json()
    assert set(body) == {"status", "id", "join_code", "seat"} and body["seat"]["role"] == "host"
    assert body["status"] == "done"
    new = Table.objects.get(pk=body["id"])
    new_seats = list(Seat.objects.filter(table=new).order_by("id"))
    assert [(s.name, s.role, s.position) for s in new_seats] == [
        (s.name, s.role, s.position) for s in old_seats
    ]
    ids = {a.pk: b.pk for a, b in zip(old_seats, new_seats, strict=True)}
    assert (new.game, new.name, new.seq, new.status) == (before.game, before.name, before.seq, before.status)
    assert new.state == translated(before.state, ids)
    assert list(Event.objects.filter(table=new).values_list("type", flat=True)) == old_types
    # The new host holds the importer's token: it can read its table.
    host = APIClient()
    host.credentials(HTTP_AUTHORIZATION=f"Seat {body['seat']['token']}")
    assert ok(host.get(f"/api/v1/tables/{new.pk}/"))["seq"] == new.seq
    assert body["seat"]["id"] == new_seats[0].pk
    return new


def play_counters(ann: Person, bo: Person) -> None:
    life = ok(ann.command("counter.add", {"name": "Life", "value": 20}))
    life_id = life["events"][0]["payload"]["counter"]["id"]
    ok(bo.command("counter.add", {"name": "Poison", "value": 0, "min": 0}))
    ok(ann.command("counter.adjust", {"counter_id": life_id, "by": -3}))
    drop = ok(ann.command("counter.adjust", {"counter_id": life_id, "by": -4}))
    ok(ann.command("undo", {"seq": drop["seq"]}))
    ok(ann.command("counter.add", {"name": "Life", "value": 20, "seat_id": bo.seat.pk}))
    ok(ann.command("seat.rename", {"seat_id": bo.seat.pk, "name": "Bob"}))
    ok(ann.command("table.rename", {"name": "Friday night"}))


def play_grim(ann: Person, bo: Person) -> None:
    ok(ann.command("grim.favor", {"seat_id": ann.seat.pk}))
    for p, name, element, health, speed in (
        (ann, "Noble Roar", "Fire", 14, 9),
        (ann, "Swift Twitch", "Electric", 10, 14),
        (bo, "Tide Wisp", "Water", 9, 8),
    ):
        ok(p.command("grim.enter", {"name": name, "element": element, "health": health, "speed": speed}))
    ok(ann.command("turn.next"))
    grims = {g["name"]: g["id"] for g in Table.objects.get(pk=ann.table.pk).state["grims"]}
    attack = {"grim_id": grims["Swift Twitch"], "target_id": grims["Tide Wisp"], "damage": 7}
    hit = ok(ann.command("grim.attack", {**attack, "element": "Electric"}))
    ok(ann.command("undo", {"seq": hit["seq"]}))
    ok(ann.command("grim.attack", {**attack, "damage": 5, "element": "Electric"}))


def play_grimhand(ann: Person, bo: Person) -> None:
    """Characters dealt by the dice: their ids are drawn too (an import beside is a conflict)."""
    grum = create_character(bo)
    # Dealt by the table's dice: the replay must roll them the same way.
    ok(ann.command("character.create", {"name": "Ilse", "randomise": True}))
    ok(bo.command("character.adjust", {"character_id": grum, "stat": "gold", "by": 3}))
    spent = ok(bo.command("character.adjust", {"character_id": grum, "stat": "gold", "by": -2}))
    ok(bo.command("undo", {"seq": spent["seq"]}))


def played_games() -> list[str]:
    return registry.slugs()


def test_every_registered_game_has_a_sample_play() -> None:
    assert all(registry.get(slug).sample_play is not None for slug in registry.slugs())


@pytest.mark.parametrize("game", played_games())
def test_a_sample_play_exported_then_imported_gives_the_same_table(game: str) -> None:
    """The game's sample play to its end (one command undone on the way), exported and imported.
    A game whose rows are keyed by dice-drawn ids comes back where the exported table is gone
    (a restore; ``SamplePlay.imports_beside``); beside it, 409 (below)."""
    sitting = played(game)
    assert "undo" in [t for _seat, t, _payload in sitting.sent]
    round_trip(sitting.people[0], restore=not sample_of(game).imports_beside)


@pytest.mark.parametrize("game", registry.slugs())
def test_a_mid_game_scene_exported_then_imported_gives_the_same_table(game: str) -> None:
    """The table of the game's benchmark scene, three changes and an undo further on."""
    sitting, change = at_the_scene(game)
    for k in range(3):
        seat, type_, payload = change(k)
        last = sitting.do(seat, type_, payload)
    sitting.do(seat, "undo", {"seq": last["seq"]})
    round_trip(sitting.people[0], restore=not sample_of(game).imports_beside)


def test_a_table_whose_dice_drawn_records_still_exist_is_a_conflict() -> None:
    ann, bo = open_table("grimhand")
    play_grimhand(ann, bo)
    counts = _counts()
    response = import_(export_of(ann))
    assert response.status_code == 409 and response.json()["code"] == "import_conflict"
    assert _counts() == counts


def test_the_setup_options_travel_with_the_export() -> None:
    ann, bo = open_table("grim", {"format": "coven"})
    play_grim(ann, bo)
    assert export_of(ann)["options"] == {"format": "coven", "heal_cap": "none"}  # defaults filled in
    assert round_trip(ann).state["format"] == "coven"


def test_an_ended_table_with_a_removed_seat_and_a_spectator_comes_back_ended() -> None:
    ann, bo = open_table("counters")
    screen = join(ann.table, "Screen", "spectator")
    cy = join(ann.table, "Cy")
    play_counters(ann, bo)
    ok(ann.command("seat.remove", {"seat_id": cy.seat.pk}))
    ok(ann.command("table.set_policy", {"edit_policy": "everyone"}))
    ok(ann.command("table.end"))
    new = round_trip(ann)
    assert new.edit_policy == "everyone"
    assert [s.removed_at is not None for s in new.seats.order_by("id")] == [False, False, False, True]
    assert new.seats.order_by("id")[2].role == screen.seat.role == "spectator"
    assert OutboxTask.objects.filter(table=new).count() == 1  # its play record is owed like any end


def test_the_export_names_seats_by_index_and_never_carries_tokens() -> None:
    ann, bo = open_table("counters")
    play_counters(ann, bo)
    data = export_of(ann)
    assert data["format"] == "grim-table-export" and data["version"] == 1 and data["game"] == "counters"
    assert [(s["name"], s["role"]) for s in data["seats"]] == [("Ann", "host"), ("Bob", "player")]
    assert [e["seq"] for e in data["events"]] == list(range(1, data["seq"] + 1))
    assert {e["seat"] for e in data["events"]} == {0, 1}
    assert data["state"] == Table.objects.get(pk=ann.table.pk).state
    text = json.dumps(data)
    assert ann.token not in text and bo.token not in text
    assert all(c["seed"] is not None and c["payload"] is not None for c in data["commands"])


def test_a_retried_command_answers_without_its_replay_record() -> None:
    ann, _bo = open_table("counters")
    first = ok(ann.command("counter.add", {"name": "Life", "value": 20}, command_id="same"))
    again = ok(ann.command("counter.add", {"name": "Life", "value": 20}, command_id="same"))
    assert again == first and services.REPLAY not in again


def _counts() -> tuple[int, ...]:
    return (
        Table.objects.count(),
        Seat.objects.count(),
        Event.objects.count(),
        Command.objects.count(),
        OutboxTask.objects.count(),
    )


def _refused(data: Any, code: str) -> None:
    counts = _counts()
    response = import_(data)
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == code and body["message"] and "extra" in body
    # Nothing left of the steps the replay had committed: no table, seat, log, nor task owed.
    assert _counts() == counts


def test_a_changed_payload_number_is_refused_and_creates_nothing() -> None:
    ann, bo = open_table("counters")
    play_counters(ann, bo)
    data = export_of(ann)
    tampered = copy.deepcopy(data)
    adjust = next(c for c in tampered["commands"] if c["type"] == "counter.adjust")
    adjust["payload"]["by"] = -30
    _refused(tampered, "import_mismatch")


def test_a_changed_event_or_final_state_is_refused() -> None:
    ann, bo = open_table("grimhand")
    play_grimhand(ann, bo)
    data = export_of(ann)
    Table.objects.filter(pk=ann.table.pk).delete()  # a restore: only the tampering stands in the way
    assert import_(copy.deepcopy(data)).status_code == 200  # the untouched file imports
    Table.objects.all().delete()
    wrong_state = copy.deepcopy(data)
    grum = next(iter(wrong_state["state"]["characters"].values()))
    grum["gold"] += 1
    _refused(wrong_state, "import_mismatch")
    wrong_seed = copy.deepcopy(data)
    next(c for c in wrong_seed["commands"] if c["payload"].get("randomise"))["seed"] += 1
    _refused(wrong_seed, "import_mismatch")
    wrong_event = copy.deepcopy(data)
    wrong_event["events"][-1]["payload"]["seq"] = 1
    _refused(wrong_event, "import_mismatch")


def test_a_command_the_rules_refuse_is_refused() -> None:
    ann, bo = open_table("counters")
    play_counters(ann, bo)
    data = export_of(ann)
    # Bo's own change, now claimed by Bo for Ann's counter: the rules say no.
    adjust = next(c for c in data["commands"] if c["type"] == "counter.adjust")
    adjust["seat"] = 1
    _refused(data, "import_refused")


def test_a_truncated_or_foreign_file_is_refused() -> None:
    ann, bo = open_table("counters")
    play_counters(ann, bo)
    data = export_of(ann)
    cut = copy.deepcopy(data)
    cut["events"] = cut["events"][:-2]
    _refused(cut, "import_bad_file")
    _refused({"format": "something else"}, "import_bad_file")
    text = json.dumps(data)
    response = import_table(text[: len(text) // 2], Client())
    assert response.status_code == 400 and response.json()["code"] == "parse_error"
    assert Table.objects.count() == 1


def test_only_a_seat_of_that_table_may_export(outsider: Person) -> None:
    ann, _bo = open_table("counters")
    url = f"/api/v1/tables/{ann.table.pk}/export/"
    anonymous = APIClient().get(url)
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "not_authenticated"
    other = outsider.client.get(url)
    assert other.status_code == 403 and other.json()["code"] == "not_your_table"


def test_my_plays_as_csv_one_row_per_result_with_a_header() -> None:
    from django.contrib.auth import get_user_model

    from campaigns.models import Play, PlayResult
    from campaigns.tasks import write_play_record

    mara = get_user_model().objects.create_user("mara", password="x")
    table, grant = services.table_create(game="counters", name="=1+1", seat_name="Mara", user=mara)
    mara_seat = person(grant.seat, grant.token)
    join(table, "Bo")
    ok(mara_seat.command("table.end"))
    write_play_record(table.pk)  # the real play record and its result rows
    play = Play.objects.get(table=table)
    mine = PlayResult.objects.get(play=play, user=mara)
    client = Client()
    client.force_login(mara)
    response = client.get("/api/v1/me/plays/?format=csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().split("\r\n")
    assert lines[0] == "play_id,game,table_name,ended_at,seat_name,score,place,won,duration_s"
    # A name a spreadsheet would run as a formula is kept as text.
    assert lines[1] == (
        f"{play.pk},counters,'=1+1,{play.ended_at.isoformat()},Mara,,,"
        f"{'true' if mine.won else 'false'},{play.duration_s}"
    )
    assert lines[2:] == [""]
    assert client.get("/api/v1/me/plays/").json()["count"] == 1  # JSON stays as it was
    anonymous = Client().get("/api/v1/me/plays/?format=csv")
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "login_required"
