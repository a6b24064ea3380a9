"""Grimwood in German on a German phone, in English on an English one, at the same table (issue #34).

The German rulebook's words (Kombo, Stapel, Ablagestapel, Aktion, Fabelwesen) and the printed card
names as printed ("3\u00d7 Owl"); the refusals' codes never change, only their messages.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from campaigns.credentials import cookie_name
from rules.errors import RuleViolation
from rules.grimwood.tests.test_grimwood_support import ANN, BOB, CAT, NAMES, RULES, started
from tests.personas import Person, host_of, join, ok

pytestmark = pytest.mark.django_db
A = "\u2192"
X = "\u00d7"
"""Arrow and times sign, as the lines write them."""


def board_in(p: Person, language: str) -> str:
    client = Client(headers={"accept-language": language})
    client.cookies[cookie_name(p.table.pk)] = p.token
    response = client.get(f"/t/{p.table.pk}/board/")
    assert response.status_code == 200
    return str(response.content.decode())


def command_in(p: Person, language: str, type_: str, payload: dict[str, Any]) -> Any:
    return p.client.post(
        f"/api/v1/tables/{p.seat.table_id}/commands/",
        {"command_id": f"de-{type_}-{len(str(payload))}", "type": type_, "payload": payload},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )


def test_a_two_player_start_reads_german_and_its_deck_adds_up() -> None:
    """Two players: 4 cards out and 6 dealt, both named, so 68 → 58 adds up in either language."""
    t = started(ANN, BOB)
    with translation.override("de"):
        line = RULES.describe(t.log[0].type, t.log[0].payload, NAMES)
    assert f"Je 3 Karten ausgeteilt (Stapel 68 {A} 58: 4 aus dem Spiel genommen, 6 ausgeteilt)." in line


def test_the_log_lines_read_german_with_the_rulebook_s_words() -> None:
    t = started(ANN, BOB, CAT)
    t.hand(ANN, 6)
    owls = t.place(ANN, "Owl", "Owl", "Owl")
    t.do("action.use", {"kind": "play", "card": "Troll"})
    t.do("turn.draw", {"via": "action"})
    t.do("combo.discard", {"combo_id": owls, "power": "Demon"})
    t.do("turn.steal", {"victim_seat_id": CAT})
    with translation.override("de"):
        lines = [RULES.describe(e.type, e.payload, NAMES) for e in t.log]
    assert lines[2] == (
        f"Ann punktet mit einer Kombo aus 3{X} Owl: 10 Punkte (Hand 6 {A} 3). Punktestand: Ann 0 {A} 10."
    )
    assert lines[3] == (
        f"Ann spielt Troll, eine neue Kombo: 1 Punkt (Aktionen 2 {A} 1; Hand 3 {A} 2). "
        f"Punktestand: Ann 10 {A} 11."
    )
    assert lines[4] == f"Ann zieht eine Karte als Aktion (Aktionen 1 {A} 0; Hand 2 {A} 3; Stapel 59 {A} 58)."
    assert lines[5] == (
        f"Demon von Ann: Die Kombo von Ann (3{X} Owl, 10 Punkte) kommt auf den Ablagestapel. "
        f"Punktestand: Ann 11 {A} 1."
    )
    assert lines[6].startswith(f"Ann stiehlt eine Karte von Cat und beendet den Zug (Hand von Ann 3 {A} 4")
    assert lines[6].endswith(f"Zug 1 {A} 2: Bob ist am Zug (Aktionen 0 {A} 2).")
    # The same events in English, unchanged.
    assert RULES.describe(t.log[2].type, t.log[2].payload, NAMES).startswith("Ann scores a combo of 3 Owls")


def test_a_refusal_keeps_its_code_and_reads_german() -> None:
    t = started(ANN, BOB)
    with translation.override("de"), pytest.raises(RuleViolation) as refused:
        t.place(ANN, "Owl", "Rune")
    assert refused.value.code == "not_a_combo"
    assert refused.value.message.startswith(
        "Owl + Rune ist keine Kombo (Runen und Amulette gehören nie zu einer Kombo). "
        "Gültige Kombos: 1 bis 5 Fabelwesen"
    )
    with translation.override("de"):
        assert RULES.number_label(["deck", "remaining"], t.state, NAMES) == "Stapel"
        assert RULES.number_label(["players", 0, "hand"], t.state, NAMES) == "Hand von Ann"


def test_one_table_two_languages() -> None:
    ann = host_of("grimwood", "Wald")
    bo = join(ann.table, "Bo")
    ok(ann.command("game.start", {"seat_ids": [ann.seat.pk, bo.seat.pk], "start_seat_id": ann.seat.pk}))
    placed = ok(command_in(ann, "de", "combo.place", {"cards": ["Owl", "Owl", "Owl"]}))
    assert placed["events"][0]["text"].startswith(f"Ann punktet mit einer Kombo aus 3{X} Owl: 10 Punkte")
    refused = command_in(ann, "de", "combo.place", {"cards": ["Owl", "Swamp"]})
    assert refused.status_code == 400 and refused.json()["code"] == "not_a_combo"
    assert refused.json()["message"].startswith("Owl + Swamp ist keine Kombo. Gültige Kombos:")
    german, english = board_in(bo, "de"), board_in(bo, "en")
    for words in (
        "Stapel: 58 von 64 übrig",
        "Ann ist am Zug: 2 Aktionen übrig.",
        f"<strong>3{X} Owl</strong>",
    ):
        assert words in german, words
    assert f"<td>3{X} Owl</td><td>10</td>" in german and "<td>5 Fabelwesen</td><td>15</td>" in german
    assert 'aria-label="Punktestand von Ann">10<' in german
    for words in ("Deck: 58 of 64 left", "Ann's turn: 2 actions left.", "<strong>3 Owls</strong>"):
        assert words in english, words
