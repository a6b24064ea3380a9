"""GRIM at a real table: commands through the API, the board rendered by the server, the log in words."""

from __future__ import annotations

import pytest
from django.test import Client

from campaigns import services
from campaigns.boards import board_html
from campaigns.models import Table
from sheets.grim.models import GrimCard
from tests.board_fragments import fragment_nodes, kept_board, rendered_again_from_the_cache
from tests.personas import Person, host_of, ok, page_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann() -> Person:
    return host_of("grim", "Duel", options={"format": "coven"})


def enter(p: Person, name: str, element: str, health: int, speed: int) -> int:
    body = ok(p.command("grim.enter", {"name": name, "element": element, "health": health, "speed": speed}))
    grim = body["events"][0]["payload"]["grim"]
    return int(grim["id"])


def field(ann: Person, bo: Person) -> dict[str, int]:
    ok(ann.command("grim.favor", {"seat_id": ann.seat.pk}))
    return {
        "roar": enter(ann, "Noble Roar", "Fire", 14, 9),
        "twitch": enter(ann, "Swift Twitch", "Electric", 10, 14),
        "moss": enter(bo, "Moss Maw", "Plant", 12, 8),
        "tide": enter(bo, "Tide Wisp", "Water", 9, 8),
    }


def test_the_table_page_is_the_shell_with_the_board_rendered_by_the_server(ann: Person, bo: Person) -> None:
    field(ann, bo)
    html = page_client(ann).get(f"/t/{ann.table.pk}/").content.decode()
    assert 'id="board"' in html and "js/board.js" in html and "js/table.js" not in html
    # Both players' trackers, the turn strip and the host panel, from the snapshot.
    for text in ("Noble Roar", "Moss Maw", "Banished left", "Next to act: Swift Twitch", "Invite and manage"):
        assert text in html
    assert 'id="join-code"' in html and 'id="log"' in html and 'id="conn"' in html


def test_board_fragment_follows_the_snapshot_and_names_its_seq(ann: Person, bo: Person) -> None:
    ids = field(ann, bo)
    ok(ann.command("turn.next"))  # Swift Twitch (Speed 14) acts first and gains 2 Stamina
    response = page_client(bo).get(f"/t/{ann.table.pk}/board/")
    assert response.status_code == 200
    assert response["X-Table-Seq"] == str(Table.objects.get(pk=ann.table.pk).seq)
    html = response.content.decode()
    assert "Now: Swift Twitch" in html and "then Noble Roar, Moss Maw, Tide Wisp" in html
    assert f'data-grim-id="{ids["twitch"]}"' in html
    assert 'aria-label="Swift Twitch Stamina">7<' in html  # 5 on entering + 2 at the start of its Turn
    assert Client().get(f"/t/{ann.table.pk}/board/").status_code == 403


def test_attack_preview_shows_the_breakdown_and_changes_nothing(ann: Person, bo: Person) -> None:
    ids = field(ann, bo)
    ok(ann.command("turn.next"))
    before = Table.objects.get(pk=ann.table.pk)
    attack = {"grim_id": ids["twitch"], "target_id": ids["tide"], "damage": 7, "element": "Electric"}
    url = f"/api/v1/tables/{ann.table.pk}/commands/preview/"
    preview = ann.client.post(url, {"type": "grim.attack", "payload": attack}, format="json")
    assert preview.status_code == 200
    text = preview.json()["events"][0]["text"]
    assert "Swift Twitch attacked" in text and "Tide Wisp" in text and "4 Stamina spent" in text
    after = Table.objects.get(pk=ann.table.pk)
    assert (after.seq, after.state) == (before.seq, before.state)
    # The real command does exactly what the preview said.
    real = ok(ann.command("grim.attack", attack))
    assert real["events"][0]["text"] == text


def test_preview_refusals_are_the_commands_refusals(ann: Person, bo: Person) -> None:
    ids = field(ann, bo)
    ok(ann.command("turn.next"))  # the Swift Twitch's Turn
    url = f"/api/v1/tables/{ann.table.pk}/commands/preview/"
    too_big = {"grim_id": ids["twitch"], "target_id": ids["tide"], "damage": 20, "element": "Electric"}
    r = ann.client.post(url, {"type": "grim.attack", "payload": too_big}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "not_enough_stamina"
    r = ann.client.post(url, {"type": "seat.rename", "payload": {}}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "no_preview"
    r = ann.client.post(url, {"type": "grim.attack", "payload": {**too_big, "damage": "1e3"}}, format="json")
    assert r.status_code == 400 and r.json()["extra"]["field"] == "damage"


def test_every_event_reads_as_a_sentence_in_the_log(ann: Person, bo: Person) -> None:
    ids = field(ann, bo)
    ok(ann.command("turn.next"))
    attacked = ok(
        ann.command(
            "grim.attack",
            {"grim_id": ids["twitch"], "target_id": ids["tide"], "damage": 7, "element": "Electric"},
        )
    )
    ok(ann.command("undo", {"seq": attacked["seq"]}))
    page = ann.client.get(f"/api/v1/tables/{ann.table.pk}/events/").json()["results"]
    texts = [e["text"] for e in page]
    assert texts[0] == "Ann joined"
    assert "Ann holds Fiend's Favor." in texts
    assert any(t.startswith("Ann's Noble Roar entered play: Fire, 14 Health, Speed 9") for t in texts)
    assert texts[-1].startswith("undid: Ann's Swift Twitch attacked Bo's Tide Wisp")
    assert all(e["type"].replace(".", " ") != e["text"] for e in page)


def test_cards_entered_are_remembered_for_the_pick_list(ann: Person, bo: Person) -> None:
    field(ann, bo)
    roar = GrimCard.objects.get(name="Noble Roar")
    assert (roar.element, roar.health, roar.speed, roar.times_entered) == ("Fire", 14, 9, 1)
    other, _grant = services.table_create(game="grim", name="Rematch", seat_name="Cy")
    html = board_html(other)
    assert html is not None
    assert "Enter Noble Roar for Cy" in html  # a known card enters with one tap


def test_a_refused_command_changes_nothing_and_names_its_field(ann: Person, bo: Person) -> None:
    ids = field(ann, bo)
    before = Table.objects.get(pk=ann.table.pk)
    r = bo.command("grim.adjust", {"grim_id": ids["roar"], "field": "health", "by": -3, "note": "x"})
    assert r.status_code == 403 and r.json()["code"] == "not_your_seat"
    r = ann.command("grim.enter", {"name": "Third", "element": "Fire", "health": 5, "speed": 1})
    assert r.status_code == 400 and r.json()["code"] == "two_in_play"
    r = ann.command("grim.enter", {"name": "X", "element": "Fire", "health": "12abc", "speed": 1})
    assert r.status_code == 400 and r.json()["extra"]["field"] == "health"
    after = Table.objects.get(pk=ann.table.pk)
    assert (after.seq, after.state) == (before.seq, before.state)


def test_the_kept_board_is_the_board_rendered_in_full_after_every_change(ann: Person, bo: Person) -> None:
    assert "Enter a Grim for Bo" in kept_board(ann.table.pk)
    # Renamed: a panel kept under the old name is not given again.
    ok(bo.command("seat.rename", {"seat_id": bo.seat.pk, "name": "Bea"}))
    html = kept_board(bo.table.pk)
    assert "Enter a Grim for Bea" in html and "Enter a Grim for Bo" not in html
    ids = field(ann, bo)
    kept_board(ann.table.pk)
    ok(ann.command("turn.next"))  # Swift Twitch acts: its section and the one it stops being change
    html = kept_board(ann.table.pk)
    assert html.count('pill accent">acting</span>') == 1
    ok(bo.command("grim.adjust", {"grim_id": ids["moss"], "field": "health", "by": -3, "note": "hit"}))
    html = kept_board(ann.table.pk)
    assert 'aria-label="Moss Maw Health">9</output>' in html
    ok(ann.command("grim.status", {"grim_id": ids["tide"], "status": "Burn"}))
    kept_board(ann.table.pk)
    ok(ann.command("turn.next"))
    kept_board(ann.table.pk)
    ok(bo.command("grim.adjust", {"grim_id": ids["moss"], "field": "health", "by": -9, "note": "out"}))
    html = kept_board(ann.table.pk)  # knocked out: Bo has room again, and the panel shows
    assert "Enter a Grim for Bea" in html
    # Kept, not rendered every time: each part's values are plain data the cache can key on.
    nodes = fragment_nodes("grim/board.html")
    assert len(nodes) == 3
    assert rendered_again_from_the_cache(Table.objects.get(pk=ann.table.pk)) == html
