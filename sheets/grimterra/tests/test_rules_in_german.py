"""Grimterra in German (issue #34): log lines, refusals and undo's number names read German on a German
phone, English on an English one, and the refusals keep their codes."""

from __future__ import annotations

from django.utils import translation

from rules.grimterra.tests.test_grimterra_support import ANN, NAMES, RULES, fighting, started, table


def test_the_first_line_reads_german() -> None:
    t, _ = table(deck=60)
    t.do("game.start", {"seat_id": ANN})
    with translation.override("de"):
        line = t.line()
    assert line == (
        "Das Spiel beginnt: Ann fängt an; Ann zieht 5 (Hand 0 → 5, Stapel 60 → 55); "
        "Bob zieht 5 (Hand 0 → 5, Stapel 60 → 55)."
    )


def test_wounds_take_their_german_plural() -> None:
    t, ids = fighting()
    t.do("hero.wound", {"hero_id": ids["kel"], "amount": 1})
    with translation.override("de"):
        line = t.line()
    assert line.startswith("Kel (Bob) erleidet 1 Wunde (Wunden 0 → 1, Leben ")
    with translation.override("en"):
        assert t.line().startswith("Bob's hero Kel takes 1 wound")


def test_a_refusal_reads_german_and_keeps_its_code() -> None:
    t, _ = started()
    with translation.override("de"):
        refusal = t.refused("game.start", {})
    assert refusal.code == "already_started"
    assert refusal.message == "Das Spiel hat schon begonnen."


def test_undo_names_the_numbers_in_german() -> None:
    t, _ = started()
    with translation.override("de"):
        assert RULES.number_label(["players", 0, "discard"], t.state, NAMES) == "Ablagestapel von Ann"
        assert RULES.number_label(["turn", "number"], t.state, NAMES) == "Zug"
    with translation.override("en"):
        assert RULES.number_label(["players", 0, "discard"], t.state, NAMES) == "Ann's discard pile"
