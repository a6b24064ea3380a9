"""Grimterra in German (issue #34): one table reads German on a German phone and English on an English
one (board, deck checker, refusals), the codes stay, and card names stay as printed."""

from __future__ import annotations

import pytest
from django.test import Client

from sheets.grimterra.tests.test_grimterra_table import heroes
from tests.personas import Person, host_of, join, ok, page_client

pytestmark = pytest.mark.django_db


def german(client: Client) -> Client:
    client.cookies["django_language"] = "de"
    return client


def test_one_table_reads_german_on_one_phone_and_english_on_the_other() -> None:
    ann: Person = host_of("grimterra", "Terra")
    bo = join(ann.table, "Bo")
    heroes(ann, bo)
    ok(ann.command("game.start", {"seat_id": ann.seat.pk}))
    ok(ann.command("turn.next", {}))
    board_url = f"/t/{ann.table.pk}/board/"
    de = german(page_client(ann)).get(board_url).content.decode()
    en = page_client(bo).get(board_url).content.decode()
    assert "Vor dem Kampf" in de and "Kampf beginnen" in de and "Hintere Reihe" in de
    assert "Pre Combat" not in de and "Start the combat" not in de
    assert "Pre Combat" in en and "Start the combat" in en and "Kampf beginnen" not in en
    # Hero names stay as printed in both.
    assert "Vex" in de and "Vex" in en


def test_a_refusal_reads_german_and_keeps_its_code() -> None:
    ann: Person = host_of("grimterra", "Terra")
    url = f"/api/v1/tables/{ann.table.pk}/commands/"
    body = {"command_id": "de-1", "type": "turn.next", "payload": {}}
    refused = ann.client.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert refused.status_code >= 400
    error = refused.json()
    assert error["code"] == "not_started"
    assert error["message"] == "Das Spiel hat noch nicht begonnen: Starte es zuerst (game.start)."


def test_the_deck_checker_reads_german() -> None:
    client = german(Client())
    page = client.post(
        "/grimterra/decks/",
        {"hero-0-name": "Vex", "hero-0-Agilitas": "on", "cards": "4 Ember Lance (Agilitas)\nnonsense"},
    )
    text = page.content.decode()
    assert "Noch nicht regelgerecht" in text and "Zeile 2 ist nicht lesbar" in text
    assert "Ein Kartendeck hat genau 3 Helden; dieses hat 1." in text
    assert "Ember Lance" in text
