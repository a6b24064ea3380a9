"""The Grimterra deck checker: the API, the typed list, the page (issue: Grimterra, Deck checker)."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from campaigns.credentials import cookie_name
from sheets.grimterra.decklist import read_cards
from tests.sample_play import ApiSitting

pytestmark = pytest.mark.django_db
URL = "/api/v1/grimterra/decks/check/"
HEROES = [
    {"name": "Vex", "fates": ["Agilitas"]},
    {"name": "Lumen", "fates": ["Intellectus"]},
    {"name": "Shade", "fates": ["Tenebris"]},
]


def test_a_legal_deck_passes() -> None:
    cards = [{"name": f"Card {i}", "fate": "Agilitas", "copies": 4} for i in range(15)]
    r = APIClient().post(URL, {"heroes": HEROES, "cards": cards}, format="json")
    assert r.status_code == 200
    assert r.json() == {"valid": True, "violations": [], "heroes": 3, "cards": 60}


def test_every_violation_is_reported_at_once() -> None:
    cards = [
        {"name": "Ember Lance", "fate": "Agilitas", "copies": 3},
        {"name": "ember  lance", "fate": "Agilitas", "copies": 2},  # the same card, added up
        {"name": "Stone Wall", "fate": "Fortutidas", "copies": 1},  # no hero has Fortutidas
        {"name": "Night Veil", "fate": "Tenebris", "copies": 4},  # Tenebris: usable by all
    ]
    r = APIClient().post(URL, {"heroes": HEROES[:2], "cards": cards}, format="json")
    body = r.json()
    assert r.status_code == 200 and body["valid"] is False
    assert [v["code"] for v in body["violations"]] == [
        "hero_count",
        "too_few_cards",
        "too_many_copies",
        "unusable_card",
    ]
    assert "Ember Lance: 5 copies" in body["violations"][2]["message"]


def test_an_unreadable_list_names_its_field() -> None:
    cards = [{"name": "Ember Lance", "fate": "Agilitas", "copies": "4"}]
    r = APIClient().post(URL, {"heroes": HEROES, "cards": cards}, format="json")
    assert r.status_code == 400 and r.json()["extra"]["field"] == "cards[0].copies"


def test_typed_lines_read_as_players_write_them() -> None:
    text = "4 Ember Lance (Agilitas)\n3x Night Veil, tenebris\n\n# sideboard\nStone Wall (Fortutidas)"
    assert read_cards(text).cards == [
        {"name": "Ember Lance", "fate": "Agilitas", "copies": 4},
        {"name": "Night Veil", "fate": "Tenebris", "copies": 3},
        {"name": "Stone Wall", "fate": "Fortutidas", "copies": 1},
    ]
    deck = read_cards("four lances\n4 Ember Lance (Agilitas)\n2 Stone Wall (Agilitaz)")
    assert [c["name"] for c in deck.cards] == ["Ember Lance"]  # the readable line is kept
    assert deck.problems[0].startswith("Line 1 cannot be read")
    assert deck.problems[1].startswith("Line 3") and "'Agilitaz' is not a Fate" in deck.problems[1]


def test_the_page_shows_every_violation_beside_the_form() -> None:
    form = {
        "hero-0-name": "Vex",
        "hero-0-Agilitas": "on",
        "hero-1-name": "Lumen",
        "hero-1-Intellectus": "on",
        "cards": "5 Ember Lance (Agilitas)\n2 Stone Wall (Fortutidas)",
    }
    html = Client().post("/grimterra/decks/", form).content.decode()
    assert 'id="deck-violations"' in html
    for code in ("hero_count", "too_few_cards", "too_many_copies", "unusable_card"):
        assert f'data-code="{code}"' in html
    # Issue #33, item 10: one unreadable line does not hide the other problems.
    bad = Client().post("/grimterra/decks/", {**form, "cards": form["cards"] + "\nlances, lots"})
    html = bad.content.decode()
    assert 'id="cards-error"' in html and 'data-code="unreadable_line"' in html
    for code in ("hero_count", "too_few_cards", "too_many_copies", "unusable_card"):
        assert f'data-code="{code}"' in html
    # Screen-reader words stay off the screen: each hero's Fates are a group with its legend.
    assert "for hero 1" not in html and "Hero 1's Fates" in html


def test_the_checker_starts_from_the_heroes_already_seated_at_the_table() -> None:
    sitting = ApiSitting("grimterra", ("Ann", "Bo"))
    for name, fate in (("Vex", "Agilitas"), ("Lumen", "Intellectus")):
        sitting.do(0, "hero.add", {"name": name, "fates": [fate], "health": 5, "empowered_health": 9})
    client = Client()
    client.cookies[cookie_name(sitting.table.pk)] = sitting.people[0].token
    html = client.get(f"/grimterra/decks/?table={sitting.table.pk}").content.decode()
    assert 'value="Vex"' in html and 'value="Lumen"' in html
    assert 'name="hero-0-Agilitas" checked' in html and 'name="hero-1-Intellectus" checked' in html
    assert 'value="Vex"' not in Client().get(f"/grimterra/decks/?table={sitting.table.pk}").content.decode()
