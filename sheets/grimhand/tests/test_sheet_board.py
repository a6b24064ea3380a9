"""Every character's sheet is part of the Grim Hand board, rendered by the server (issue #8).

The quest and stature-card pick lists hold exactly what the rules leave open
(§9, §9.1); every control a sheet needs is there with its command; the old
sheet address leads to the table page; a character downloads as a file.
"""

from __future__ import annotations

import copy
import dataclasses
import html as html_lib
import json
import re

import pytest

from campaigns.boards import board_html
from campaigns.models import Table
from sheets.grimhand.sheet import _sheet_rows, current_catalogue, sheet_choices, sheet_rows
from tests.board_fragments import fragment_nodes, plain, rendered_again_from_the_cache, rendered_in_full
from tests.grimhand_personas import (  # noqa: F401
    create_character,
    fixture_gh_host,
    fixture_gh_outsider,
    fixture_gh_player,
    ok,
)
from tests.personas import Person, board, page_client

pytestmark = pytest.mark.django_db


def options(page: str, select_id: str) -> list[str]:
    """The option values of one select on the board (empty when the select is not there)."""
    found = re.search(rf'<select id="{select_id}"[^>]*>(.*?)</select>', page, re.S)
    if found is None:
        return []
    values = re.findall(r"<option value=(?:\"([^\"]*)\"|'([^']*)')", found.group(1))
    return [html_lib.unescape(double or single) for double, single in values]


def test_the_board_lists_the_quests_a_character_may_take_and_not_the_others(
    gh_host: Person, gh_player: Person
) -> None:
    grum = create_character(gh_host, "Grum", "Orc", "Warrior", "Iron")
    ok(gh_host.command("character.set", {"character_id": grum, "stat": "xp", "value": 700}))  # Adept
    quests = current_catalogue().quests
    reached = ("Recruit", "Novice", "Adept")
    open_now = [q.name for q in quests if q.affinity == "Iron" and q.stature in reached]
    closed = [q.name for q in quests if q.affinity != "Iron" or q.stature not in reached]
    assert open_now and any(q.affinity == "Iron" for q in quests if q.name in closed)

    listed = options(board(gh_player), f"gh-{grum}-pick-quest")
    assert sorted(listed) == sorted(open_now)
    assert not set(listed) & set(closed)

    ok(gh_host.command("quest.take", {"character_id": grum, "quest": open_now[0]}))
    page = board(gh_player)
    assert options(page, f"gh-{grum}-pick-quest") == [n for n in listed if n != open_now[0]]
    assert f"<strong>{html_lib.escape(open_now[0])}</strong> — active" in page  # in the quest list instead


def test_the_board_lists_one_stature_card_per_stature_reached(gh_host: Person) -> None:
    grum = create_character(gh_host, "Grum", "Orc", "Warrior", "Iron")
    assert options(board(gh_host), f"gh-{grum}-pick-ability") == []  # a Recruit chooses none (§9)
    ok(gh_host.command("character.set", {"character_id": grum, "stat": "xp", "value": 250}))  # Novice
    novice = [a.name for a in current_catalogue().abilities if a.stature == "Novice"]
    assert sorted(options(board(gh_host), f"gh-{grum}-pick-ability")) == sorted(novice)
    ok(gh_host.command("character.choose_ability", {"character_id": grum, "ability": novice[0]}))
    assert options(board(gh_host), f"gh-{grum}-pick-ability") == []


def test_every_sheet_control_posts_its_command(gh_host: Person, gh_player: Person) -> None:
    grum = create_character(gh_host, "Grum", "Orc", "Warrior", "Iron")
    ok(gh_host.command("character.equip", {"character_id": grum, "rank": 4, "affinity": "Bone"}))
    ok(gh_host.command("character.stash", {"character_id": grum, "rank": 2, "affinity": "Blood"}))
    ok(gh_host.command("character.set", {"character_id": grum, "stat": "xp", "value": 250}))
    ok(
        gh_host.command(
            "modifier.add", {"character_id": grum, "stat": "attack", "amount": 1, "source": "Altar"}
        )
    )
    page = board(gh_host)
    for command in (
        "character.adjust",
        "character.set",
        "character.equip",
        "character.stash",
        "character.unequip",
        "character.discard",
        "character.choose_ability",
        "quest.progress",
        "quest.take",
        "modifier.add",
        "modifier.remove",
        "settings.set",
        "character.create",  # Bo has no character yet: his seat's panel offers the form
        "character.import",
    ):
        assert f'data-command="{command}"' in page or f'data-submit-command="{command}"' in page, command
    assert f'data-edit-seat="{gh_host.seat.pk}"' in page and f'data-edit-seat="{gh_player.seat.pk}"' in page
    # The card picker names each card (no catalogue JSON in the page); a pick is rank and affinity.
    four_bone = next(c for c in current_catalogue().equipment if (c.rank, c.affinity) == (4, "Bone"))
    picks = options(page, f"gh-{grum}-pick-card")
    assert json.dumps({"rank": 4, "affinity": "Bone"}, separators=(",", ":")) in picks
    assert f"4 Bone · {html_lib.escape(four_bone.name)}</option>" in page
    assert 'id="table-boot"' not in page and "gh-catalogue" not in page
    # The stat breakdown is written out by the server, behind a tap (details).
    assert re.search(r"Attack \d+ = race \(Orc\) 3 \+ class \(Warrior\) 3 \+ affinity \(Iron\) 2", page)


def test_the_old_sheet_address_leads_to_the_table_page(gh_host: Person) -> None:
    response = page_client(gh_host).get(f"/g/{gh_host.table.pk}/")
    assert response.status_code == 302 and response["Location"] == f"/t/{gh_host.table.pk}/#sheet"


def test_a_character_downloads_as_a_file_for_any_seat_of_its_table(
    gh_host: Person, gh_player: Person, gh_outsider: Person
) -> None:
    grum = create_character(gh_host, "Grum", "Orc", "Warrior", "Iron")
    url = f"/g/{gh_host.table.pk}/characters/{grum}/export/"
    response = page_client(gh_player).get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="grim-hand-grum.json"'
    data = json.loads(response.content)
    assert data["character"]["name"] == "Grum" and data["character"]["affinity"] == "Iron"
    # Imported at the outsider's table, it is the same character.
    imported = ok(gh_outsider.command("character.import", {"data": data}))
    assert imported["events"][0]["type"] == "character.imported"
    assert page_client(gh_outsider).get(url).status_code == 403  # not a seat of that table
    assert page_client(gh_host).get(f"/g/{gh_host.table.pk}/characters/1/export/").status_code == 404


def test_a_payload_with_an_apostrophe_stays_inside_its_attribute(gh_host: Person) -> None:
    """Payloads sit in single-quoted attributes as JSON: a quote in a name is a JSON escape there."""
    grum = create_character(gh_host, "Grum", "Orc", "Warrior", "Iron")
    ok(gh_host.command("character.set", {"character_id": grum, "stat": "xp", "value": 3000}))  # Legend
    quest = next(q.name for q in current_catalogue().quests if "'" in q.name and q.affinity == "Iron")
    ok(gh_host.command("quest.take", {"character_id": grum, "quest": quest}))
    page = board(gh_host)
    payloads = re.findall(r"data-command=\"quest.fail\" data-payload='([^']*)'", page)
    assert [json.loads(p) for p in payloads] == [{"character_id": grum, "quest": quest}]


def test_the_kept_board_is_the_board_rendered_in_full_after_every_change(
    gh_host: Person, gh_player: Person
) -> None:
    # Each sheet is kept ({% cache %}): after each change, the board is the one rendered whole.
    def same() -> str:
        table = Table.objects.get(pk=gh_host.table.pk)
        html = board_html(table)
        assert html is not None and html == rendered_in_full(table)
        return html

    grum = create_character(gh_host, "Grum", "Orc", "Warrior", "Iron")
    same()
    mira = create_character(gh_player, "Mira", "Elf", "Mage", "Shadow")
    same()
    ok(gh_host.command("character.set", {"character_id": grum, "stat": "xp", "value": 700}))  # Adept
    assert "Adept" in same()
    ok(gh_player.command("character.equip", {"character_id": mira, "rank": 4, "affinity": "Bone"}))
    same()
    ok(gh_host.command("character.stash", {"character_id": grum, "rank": 2, "affinity": "Blood"}))
    same()
    reached = ("Recruit", "Novice", "Adept")
    quest = next(q.name for q in current_catalogue().quests if q.affinity == "Iron" and q.stature in reached)
    ok(gh_host.command("quest.take", {"character_id": grum, "quest": quest}))
    assert f"<strong>{html_lib.escape(quest)}</strong> — active" in same()
    ok(gh_player.command("seat.rename", {"seat_id": gh_player.seat.pk, "name": "Bea"}))
    assert "Bea" in same()
    # Kept, not rendered every time: every sheet's values (an Adept's open abilities and quests
    # included) are plain data the cache keys.
    (_node,) = fragment_nodes("grimhand/board.html")
    rendered_again_from_the_cache(Table.objects.get(pk=gh_host.table.pk))


def test_a_sheets_rows_are_made_once_per_character_state_and_catalogue(gh_host: Person) -> None:
    # Every command renders every sheet; a sheet's rows are made again only when its character
    # (or the catalogue) changed, and are always what the character and catalogue give.
    grum = create_character(gh_host, "Grum", "Orc", "Warrior", "Iron")
    ok(gh_host.command("character.equip", {"character_id": grum, "rank": 4, "affinity": "Bone"}))
    char = Table.objects.get(pk=gh_host.table.pk).state["characters"][str(grum)]
    catalogue = current_catalogue()
    first = sheet_rows(char, catalogue)
    assert first == _sheet_rows(char, catalogue)
    assert sheet_rows(copy.deepcopy(char), catalogue) is first  # the same state: kept
    # Kept apart from the snapshot it was made from: changing that snapshot later changes nothing.
    char["equipment"][0]["name"] = "Changed in place"
    assert "Changed in place" not in json.dumps(first)
    char = Table.objects.get(pk=gh_host.table.pk).state["characters"][str(grum)]
    richer = {**char, "xp": int(char["xp"]) + 250}
    again = sheet_rows(richer, catalogue)
    assert again is not first and again == _sheet_rows(richer, catalogue)
    assert again["stature_line"] != first["stature_line"]
    # Another catalogue (house rules, an edited card): not given the rows made with the first.
    edited = dataclasses.replace(
        catalogue, equipment=tuple(dataclasses.replace(c, ap_cost=c.ap_cost + 1) for c in catalogue.equipment)
    )
    other = sheet_rows(char, edited)
    assert other is not first and other == _sheet_rows(char, edited) and other != first


def test_a_sheets_values_are_plain_data_for_the_cache(gh_host: Person) -> None:
    # The payloads and pick lists are plain text printed with |safe (not marked safe): the cache
    # keys a sheet by str() of its values, which would not tell marked-safe text from plain.
    grum = create_character(gh_host, "Grum", "Orc", "Warrior", "Iron")
    ok(
        gh_host.command(
            "modifier.add", {"character_id": grum, "stat": "attack", "amount": 1, "source": "Altar"}
        )
    )
    # Past Recruit a sheet offers stature abilities and quests from the catalogue: plain too.
    ok(gh_host.command("character.set", {"character_id": grum, "stat": "xp", "value": 700}))  # Adept
    char = Table.objects.get(pk=gh_host.table.pk).state["characters"][str(grum)]
    catalogue = current_catalogue()
    rows = sheet_rows(char, catalogue)
    assert rows["open_abilities"] and rows["open_quests"]
    own = {"c": char, "r": {"sheet": rows}, "choices": sheet_choices(catalogue)}
    assert plain(own)
    page = board(gh_host)
    assert f'data-payload=\'{{"character_id":{grum},"stat":"le","by":1}}\'' in page
    assert "&quot;" not in page  # nothing printed escaped twice
