"""Grimoor in German (issue #34): a German phone reads the board, the log and the refusals in German,
an English phone at the same table reads them in English, and the codes stay the same."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from rules.grimoor import GrimoorRules
from tests.personas import Person, host_of, join, ok, page_client

pytestmark = pytest.mark.django_db
RULES = GrimoorRules()
NAMES = {1: "Ann", 2: "Bo"}


def german(client: Client) -> Client:
    client.cookies["django_language"] = "de"
    return client


def test_a_log_line_reads_german_with_its_cases() -> None:
    """A Commander played is the sentence's object ("einen"), one that joins its subject ("Ein")."""
    played = {
        "seat_id": 1,
        "cohort": {"type": "Olatha", "strength": 4, "name": None, "commander": True, "focused": False},
        "cohorts": 2,
        "actions_left": 1,
        "stronghold": "Olatha",
    }
    joined = {**played, "note": "an Ability"}
    with translation.override("de"):
        assert RULES.describe("cohort.played", played, NAMES) == (
            "Ann spielt einen Olatha-Anführer, Stärke 4 (2 Kohorten in der Horde; Aktionen 2 → 1); "
            "die Fähigkeit der Olatha-Festung von Ann wird ausgelöst."
        )
        assert RULES.describe("cohort.joined", joined, NAMES) == (
            "Ein Olatha-Anführer, Stärke 4, kommt in die Horde von Ann (2 Kohorten): an Ability; "
            "die Fähigkeit der Olatha-Festung von Ann wird ausgelöst."
        )
    assert RULES.describe("cohort.played", played, NAMES) == (
        "Ann plays an Olatha Commander, strength 4 (2 Cohorts in the Horde; Actions 2 → 1); "
        "Ann's Olatha Stronghold's Ability triggers."
    )


def test_counts_take_their_german_plural() -> None:
    ended = {"seat_id": 1, "turn": 4, "skipped": 1, "check": {"seat_id": 2, "cohorts": 1}, "next_seat_id": 2}
    with translation.override("de"):
        line = RULES.describe("turn.ended", ended, NAMES)
    assert line == (
        "Der Zug von Ann endet (1 Aktion nicht genutzt). Die Horde von Bo hat 1 Kohorte: "
        "Der Konflikt geht weiter. Bo ist am Zug (Zug 4 → 5; Aktionen 1 → 2)."
    )


def test_a_refusal_reads_german_and_keeps_its_code() -> None:
    ann: Person = host_of("grimoor", "Moor")
    bo = join(ann.table, "Bo")
    ok(ann.command("game.start", {"start_seat_id": ann.seat.pk, "other_seat_id": bo.seat.pk}))
    url = f"/api/v1/tables/{ann.table.pk}/commands/"
    body = {"command_id": "de-1", "type": "turn.end", "payload": {}}
    refused = ann.client.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert refused.status_code >= 400
    error = refused.json()
    assert error["code"] == "actions_left"
    assert error["message"] == "Noch 1 Aktion in diesem Zug: Nutze sie oder beende den Zug trotzdem."


def test_one_table_reads_german_on_one_phone_and_english_on_the_other() -> None:
    ann: Person = host_of("grimoor", "Moor")
    bo = join(ann.table, "Bo")
    ok(ann.command("game.start", {"start_seat_id": ann.seat.pk, "other_seat_id": bo.seat.pk}))
    ok(ann.command("cohort.play", {"type": "Gaunt", "strength": 4, "name": "Grave Knight"}))
    board_url = f"/t/{ann.table.pk}/board/"
    de = german(page_client(ann)).get(board_url).content.decode()
    en = page_client(bo).get(board_url).content.decode()
    assert "Konfliktende-Prüfung" in de and "End of Conflict check" not in de
    assert "Ann ist am Zug: noch 0 Aktionen." in de and "Zug beenden" in de
    assert "End of Conflict check" in en and "Konfliktende" not in en
    assert "Ann&#x27;s turn: 0 Actions left." in en or "Ann's turn: 0 Actions left." in en
    # Card names stay as printed in both.
    assert "Grave Knight" in de and "Grave Knight" in en
