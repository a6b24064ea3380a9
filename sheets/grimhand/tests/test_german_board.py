"""The Grim Hand board, sheet and refusals read German on a German phone, English on an English one
(issue #34); each sheet's kept fragment and pick lists are per language."""

from __future__ import annotations

import pytest

from tests.grimhand_personas import (  # noqa: F401
    create_character,
    fixture_gh_host,
    fixture_gh_player,
    ok,
)
from tests.personas import Person, page_client

pytestmark = pytest.mark.django_db


def board_in(p: Person, language: str) -> str:
    response = page_client(p).get(f"/t/{p.table.pk}/board/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return str(response.content.decode())


def test_the_board_and_sheet_read_german_then_english_again(gh_host: Person, gh_player: Person) -> None:
    grum = create_character(gh_host, "Grum", "Orc", "Warrior", "Iron")
    ok(
        gh_host.command(
            "modifier.add", {"character_id": grum, "stat": "attack", "amount": 1, "source": "Altar"}
        )
    )
    german = board_in(gh_player, "de")
    for words in (
        "Die Gruppe",
        "Charakterbögen",
        "Ausrüstung",
        "Noch nichts ausgerüstet.",
        "Modifikator hinzufügen",
    ):
        assert words in german
    assert "+1 Angriff · Altar · dauerhaft" in german  # the sheet's rows in German
    assert '<option value="strength">Stärke</option>' in german  # the shared pick lists too
    assert "Angriff 9 = Volk (Orc) 3 + Klasse (Warrior) 3 + Affinität (Iron) 2 + Altar 1" in german
    assert "Character sheets" not in german and "Nothing equipped yet." not in german

    english = board_in(gh_player, "en")  # the kept German sheet is not shown to an English phone
    assert "Character sheets" in english and "Nothing equipped yet." in english
    assert "+1 Attack · Altar · permanent" in english
    assert "Attack 9 = race (Orc) 3 + class (Warrior) 3 + affinity (Iron) 2 + Altar 1" in english
    assert "Charakterbögen" not in english and "Ausrüstung" not in english


def test_a_refusal_reads_german(gh_player: Person) -> None:
    response = gh_player.client.get("/api/v1/grimhand/characters/999999/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 404
    body = response.json()
    assert body["code"] == "character_not_found"
    assert body["message"] == "Diesen Charakter gibt es nicht."


def test_a_street_attack_reads_german() -> None:
    from django.utils import translation

    from sheets.grimhand.combat_board import score_view

    lines = [("base", 4), ("Steel Embrace", 6), ("Affinity Resonance", 2), ("Critical Hit", 1)]
    score = {
        "attack": 13,
        "street": "flop",
        "category": "full_house",
        "hand": "Steel Embrace",
        "breakdown": [{"source": s, "amount": a} for s, a in lines],
    }
    with translation.override("de"):
        assert score_view(score)["text"] == "13 = Basis 4 + Full House 6 + Resonanz 2 + Krit 1"
    with translation.override("en"):
        assert score_view(score)["text"] == "13 = base 4 + Full House 6 + resonance 2 + crit 1"
