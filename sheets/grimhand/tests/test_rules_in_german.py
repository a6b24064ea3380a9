"""Grim Hand in German (issue #34): a line is kept as words and worded when shown.

The same event reads German on a German phone and English on an English one;
the English kept in ``line`` is what events stored before this change show.
A refusal reads in the language of the request; its ``code`` never changes.
"""

from __future__ import annotations

from django.utils import translation

from rules.grimhand.table.describe import describe
from rules.grimhand.tests.campaign_support import BO, party, refused, run


def test_a_stored_line_reads_in_the_readers_language() -> None:
    state, _hal, _ada, bea = party()
    state, _ = run(state, "campaign.start", levels=3)
    state, _ = run(state, "character.set", BO, character_id=bea, stat="le", value=1)
    state, event = run(state, "level.start")
    payload = event["payload"]
    with translation.override("de"):
        german = describe("level.started", payload, {})
    with translation.override("en"):
        english = describe("level.started", payload, {})
    assert "Bea kann nicht zahlen und ist besiegt (LE 1)" in german
    assert german.startswith("Stufe 1 beginnt (Stufe 0 → 1): Einsatz 1 LE.")
    assert english == payload["line"]
    assert "Bea cannot pay and is defeated (LE 1)" in english


def test_an_old_event_shows_its_stored_english() -> None:
    old = {"line": "The party rests: checks, meditation and healing."}
    with translation.override("de"):
        assert describe("rest.started", old, {}) == old["line"]


def test_a_line_worded_from_data_reads_german() -> None:
    modifier = {"amount": 1, "stat": "agility", "expiry": "next_combat", "source": "Blessing"}
    with translation.override("de"):
        assert describe("modifier.added", {"character": "Mara", "modifier": modifier}, {}) == (
            "Mara erhält +1 Gewandtheit bis zum nächsten Kampf (Blessing)"
        )
        assert describe(
            "character.adjusted", {"character": "Grum", "stat": "le", "before": 15, "after": 14}, {}
        ) == ("Grum: LE 15 → 14")


def test_a_refusal_reads_german_and_keeps_its_code() -> None:
    state, _hal, _ada, _bea = party()
    with translation.override("de"):
        problem = refused(state, "level.start")
    assert problem.code == "wrong_phase"
    assert (
        problem.message
        == "Du kannst jetzt nicht eine neue Stufe beginnen: die Kampagne hat noch nicht begonnen."
    )
