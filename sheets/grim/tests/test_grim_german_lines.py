"""GRIM's log lines in German, English unchanged (issue #34).

An Attack's breakdown is kept in its event as the rules worded it ("8 base, Strong +2 (Plant) = 18");
each step is worded again for the reader. The board's +/- buttons' note reads German too.
"""

from __future__ import annotations

from django.utils import translation

from rules.grim.describe.attacks import breakdown
from rules.grim.describe.by_hand import TRACKER_NOTE
from rules.grim.tests.test_grim_support import BOB, NAMES, RULES, duel

A = "\u2192"
M = "\u2212"


def test_an_attack_reads_german_with_its_breakdown_and_english_unchanged() -> None:
    t, g = duel()
    t.do("grim.status", {"grim_id": g["roar"], "status": "Burn"}, seat=BOB)
    t.do("grim.status", {"grim_id": g["twitch"], "status": "Blight"})
    t.do("grim.attach", {"grim_id": g["twitch"], "element": "Plant"}, seat=BOB)
    t.acting(g["roar"])
    body = t.do(
        "grim.attack", {"grim_id": g["roar"], "target_id": g["twitch"], "damage": 8, "element": "Fire"}
    )
    with translation.override("de"):
        german = RULES.describe("grim.attacked", body, NAMES)
    with translation.override("en"):
        english = RULES.describe("grim.attacked", body, NAMES)
    assert german.startswith(
        "The Noble Roar von Ann griff The Swift Twitch von Bob mit Fire an: 9 Schaden "
        f"(8 Grundschaden, Blight \u00d72 = 16, stark +2 (Plant) = 18, Burn \u00bd = 9), Leben 16 {A} 7"
    )
    assert f"4 Ausdauer ausgegeben (5 {A} 1)" in german
    assert english.startswith(
        "Ann's The Noble Roar attacked Bob's The Swift Twitch with Fire: 9 damage "
        f"(8 base, Blight \u00d72 = 16, Strong +2 (Plant) = 18, Burn \u00bd = 9), Health 16 {A} 7"
    )


def test_every_step_of_a_breakdown_reads_german() -> None:
    stored = {
        "7 base, Strong (forced) +2 = 9": "7 Grundschaden, stark (erzwungen) +2 = 9",
        f"6 base, Weak (forced) {M}2 = 4": f"6 Grundschaden, schwach (erzwungen) {M}2 = 4",
        "5 base, Immune (Water, Fire) = 0": "5 Grundschaden, immun (Water, Fire) = 0",
        f"5 base, Fear: Weak {M}2 = 3": f"5 Grundschaden, Fear: schwach {M}2 = 3",
        "5 base, Curse: Strong +2 = 7": "5 Grundschaden, Curse: stark +2 = 7",
        f"5 base, Strong +2 (Plant) = 7, Weak {M}2 (Ghost) = 5": (
            f"5 Grundschaden, stark +2 (Plant) = 7, schwach {M}2 (Ghost) = 5"
        ),
        f"5 base, Weak {M}2 = 3, Fire Spirit +6 = 9, {M}12 = {M}3, never below 0 = 0": (
            f"5 Grundschaden, schwach {M}2 = 3, Fire-Geist +6 = 9, {M}12 = {M}3, nie unter 0 = 0"
        ),
    }
    with translation.override("de"):
        assert {text: breakdown(text) for text in stored} == stored
    with translation.override("en"):
        assert [breakdown(text) for text in stored] == list(stored)


def test_the_tracker_s_note_reads_german_and_a_typed_note_stays() -> None:
    t, g = duel()
    tapped = t.do("grim.adjust", {"grim_id": g["roar"], "field": "health", "by": -1, "note": TRACKER_NOTE})
    typed = t.do("grim.adjust", {"grim_id": g["roar"], "field": "health", "by": -1, "note": "Sumpf"})
    with translation.override("de"):
        assert RULES.describe("grim.adjusted", tapped, NAMES) == (
            f"The Noble Roar von Ann: Leben 20 {A} 19 ({M}1) von Hand: am Tracker getippt."
        )
        assert RULES.describe("grim.adjusted", typed, NAMES).endswith("von Hand: Sumpf.")
    assert RULES.describe("grim.adjusted", tapped, NAMES).endswith("by hand: tapped on the tracker.")


def test_refusals_name_their_numbers_and_fields_in_german_with_the_same_codes() -> None:
    t, g = duel()
    stays = {"grim_id": g["roar"], "field": "spirits", "by": -1, "note": "x"}
    with translation.override("de"):
        same = t.refused("grim.adjust", stays)
        missing = t.refused("grim.attack", {"grim_id": g["roar"], "target_id": g["shade"], "element": "Fire"})
    assert (same.code, same.message) == ("no_change", "Keine Änderung (Geister von The Noble Roar: 0).")
    assert (missing.code, missing.message) == ("missing_field", "Der Grundschaden des Angriffs fehlt.")
    assert t.refused("grim.adjust", stays).message == "The Noble Roar's spirits would stay 0."
