"""GRIM's Turn rules, Swap, the healing cap and the log's numbers through the real API and pages
(issue #31). Every command here also passes the log truth check (tests/lognumbers.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from campaigns.boards import board_html
from campaigns.models import Table
from sheets.grim.models import GrimCard
from sheets.grim.tests.test_grim_table import ann, field  # noqa: F401
from tests.personas import Person, ok

pytestmark = pytest.mark.django_db


def text_of(body: dict[str, Any]) -> str:
    return str(body["events"][0]["text"])


def test_an_attack_out_of_turn_is_refused_by_the_api_and_changes_nothing(ann: Person, bo: Person) -> None:  # noqa: F811
    ids = field(ann, bo)
    ok(ann.command("turn.next"))  # the Swift Twitch (14) acts
    before = Table.objects.get(pk=ann.table.pk)
    r = ann.command(
        "grim.attack", {"grim_id": ids["roar"], "target_id": ids["tide"], "damage": 4, "element": "Fire"}
    )
    assert r.status_code == 400
    assert r.json()["code"] == "not_its_turn" and r.json()["extra"]["field"] == "grim_id"
    assert r.json()["message"].startswith("It is Swift Twitch's Turn, not Noble Roar's")
    after = Table.objects.get(pk=ann.table.pk)
    assert (after.seq, after.state) == (before.seq, before.state)


def test_an_ally_attack_a_card_allows_shows_in_the_log(ann: Person, bo: Person) -> None:  # noqa: F811
    ids = field(ann, bo)
    ok(ann.command("turn.next"))
    payload = {"grim_id": ids["twitch"], "target_id": ids["roar"], "damage": 2, "element": "Electric"}
    r = ann.command("grim.attack", payload)
    assert (
        r.status_code == 400
        and r.json()["code"] == "ally_target"
        and r.json()["extra"]["field"] == "target_id"
    )
    body = ok(ann.command("grim.attack", {**payload, "card_allows": True, "note": "Static Snap forces it"}))
    assert text_of(body).startswith("Ann's Swift Twitch attacked Ann's Noble Roar with Electric")
    assert text_of(body).endswith("; a card allows it: Static Snap forces it.")


def test_undo_of_a_knockout_and_of_a_round_names_what_moved_back(ann: Person, bo: Person) -> None:  # noqa: F811
    ids = field(ann, bo)
    ok(ann.command("turn.next"))
    hit = {"grim_id": ids["twitch"], "target_id": ids["tide"], "damage": 8, "element": "Electric", "flat": 10}
    knocked = ok(ann.command("grim.attack", hit))
    assert "Knockouts 0 \u2192 1" in text_of(knocked)
    undone = ok(ann.command("undo", {"seq": knocked["seq"]}))
    line = text_of(undone)
    assert line.startswith("undid: Ann's Swift Twitch attacked")
    assert "Bo's Knockouts 1 \u2192 0" in line and "Tide Wisp's Health 0 \u2192 9" in line
    redone = text_of(ok(ann.command("redo", {"seq": undone["seq"]})))
    assert redone.startswith("redid: Ann's Swift Twitch attacked") and "Bo's Banished 2 \u2192 1" in redone
    ended = ok(ann.command("round.end"))
    assert text_of(ended).startswith("Round 1 \u2192 2")
    assert "Round 2 \u2192 1" in text_of(ok(ann.command("undo", {"seq": ended["seq"]})))


def test_a_swap_at_the_table_remembers_the_incoming_card_and_shows_who_went_back(
    ann: Person,  # noqa: F811
    bo: Person,
) -> None:
    ids = field(ann, bo)
    ok(ann.command("turn.next"))
    ok(ann.command("grim.adjust", {"grim_id": ids["twitch"], "field": "health", "by": -3, "note": "hit"}))
    swap = {
        "grim_id": ids["twitch"],
        "stamina": 3,
        "name": "Volt Newt",
        "element": "Electric",
        "health": 8,
        "speed": 6,
    }
    body = ok(ann.command("grim.swap", swap))
    assert "and swapped with Volt Newt (Electric, 8 Health, Speed 6, 5 Stamina)" in text_of(body)
    assert GrimCard.objects.get(name="Volt Newt").health == 8
    html = board_html(Table.objects.get(pk=ann.table.pk))
    assert html is not None and "Swapped back to hand: Swift Twitch" in html
    assert "Knocked out: Swift Twitch" not in html


def test_the_healing_cap_is_offered_when_a_table_is_opened(client: Client) -> None:
    html = client.get("/").content.decode()
    assert 'name="opt-grim-heal_cap"' in html and "Not above the printed Health" in html
    form = {"game": "grim", "name": "Capped", "seat_name": "Ann", "opt-grim-heal_cap": "printed"}
    assert client.post("/tables/new/", form).status_code == 302
    assert Table.objects.get(name="Capped").state["heal_cap"] == "printed"
    bad = client.post("/tables/new/", {**form, "name": "Capped 2", "opt-grim-heal_cap": "thirty"})
    assert bad.status_code == 400 and "The healing cap is none, printed" in bad.content.decode()
