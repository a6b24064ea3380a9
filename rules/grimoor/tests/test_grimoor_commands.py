"""Every Grimoor command, its effect, its refusals and its log line (issue 13: the Grimoor contract)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.engine import Actor, NotAllowed
from rules.errors import RuleViolation
from rules.grimoor import TYPES, GrimoorRules
from rules.grimoor.tests.test_grimoor_support import ANN, BOB, CAT, NAMES, RULES, Table, fill, started

ARROW = "\u2192"


def test_the_game_and_its_commands() -> None:
    assert (GrimoorRules.game, GrimoorRules.name) == ("grimoor", "Grimoor")
    assert TYPES == ("Duskgil", "Olatha", "Gaunt")
    assert RULES.commands() == sorted(
        [
            "game.start",
            "conflict.start_player",
            "action.draw",
            "action.draw_bottom",
            "cohort.play",
            "curio.play",
            "stronghold.build",
            "cohort.focus",
            "cohort.ready",
            "cohort.join",
            "cohort.leave",
            "cohort.adjust",
            "points.add",
            "player.adjust",
            "turn.end",
            "conflict.end",
            "conflict.override",
            "actions.set",
        ]
    )
    refusal = Table().refused("cohort.summon")
    assert refusal.code == "unknown_command" and "cohort.play" in refusal.extra["commands"]  # type: ignore[operator]


def test_options_and_the_initial_state() -> None:
    assert RULES.clean_options(None) == {"start_points": 1}
    assert RULES.clean_options({"start_points": 0}) == {"start_points": 0}
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"start_points": "1"}, "bad_option", "start_points"),
        ({"start_points": True}, "bad_option", "start_points"),
        ({"start_points": 31}, "bad_option", "start_points"),
        ({"start_points": -1}, "bad_option", "start_points"),
        ({"players": 3}, "unknown_option", "players"),
    ]
    for raw, code, field in cases:
        with pytest.raises(RuleViolation) as info:
            RULES.clean_options(raw)
        assert (info.value.code, info.value.extra["field"]) == (code, field)
    assert RULES.initial_state() == {
        "conflict": 1,
        "start_seat_id": None,
        "turn_seat_id": None,
        "actions_left": 0,
        "turn": 0,
        "over": False,
        "players": [],
        "conflicts": [],
        "winner_seat_ids": [],
        "start_points": 1,
        "next_id": 1,
    }
    assert RULES.results(RULES.initial_state()) == []


def test_game_start_seats_both_players_and_gives_the_start_player_one_action() -> None:
    t = Table()
    body = t.do("game.start", {"start_seat_id": BOB}, seat=ANN)
    assert t.state["players"] == [
        {"seat_id": BOB, "points": 1, "eoc_cards": 0, "strongholds": [], "horde": [], "curios": []},
        {"seat_id": ANN, "points": 1, "eoc_cards": 0, "strongholds": [], "horde": [], "curios": []},
    ]
    assert (t.state["start_seat_id"], t.state["turn_seat_id"], t.state["actions_left"]) == (BOB, BOB, 1)
    assert (t.state["conflict"], t.state["turn"]) == (1, 1)
    assert RULES.describe("game.started", body, NAMES) == (
        f"The game begins (turn 0 {ARROW} 1): Bob is the Start Player, with 1 Action on the first turn "
        f"(Actions 0 {ARROW} 1); Ann plays second. Both start on 1 point."
    )
    assert t.refused("game.start", {"start_seat_id": ANN}).code == "already_started"
    zero = Table(RULES.initial_state({"start_points": 0}))
    zero.do("game.start", {"start_seat_id": ANN})
    assert [p["points"] for p in zero.state["players"]] == [0, 0]


@pytest.mark.parametrize(
    ("payload", "code", "field"),
    [
        ({}, "missing_field", "start_seat_id"),
        ({"start_seat_id": "1"}, "bad_field", "start_seat_id"),
        ({"start_seat_id": True}, "bad_field", "start_seat_id"),
        ({"start_seat_id": CAT}, "unknown_seat", "start_seat_id"),
        ({"start_seat_id": ANN, "other_seat_id": ANN}, "same_seat", "other_seat_id"),
        ({"start_seat_id": ANN, "other_seat_id": CAT}, "unknown_seat", "other_seat_id"),
        ({"start_seat_id": ANN, "colour": "red"}, "unknown_field", "colour"),
    ],
)
def test_game_start_refusals(payload: dict[str, Any], code: str, field: str) -> None:
    refusal = Table().refused("game.start", payload)
    assert (refusal.code, refusal.extra["field"]) == (code, field)


def test_game_start_names_the_other_seat_when_the_table_does_not_tell() -> None:
    state = RULES.initial_state()
    lonely = Actor(ANN, "player")  # no seat list: the other player must be named
    with pytest.raises(RuleViolation) as info:
        RULES.apply(state, "game.start", {"start_seat_id": ANN}, lonely, random.Random(0))
    assert (info.value.code, info.value.extra["field"]) == ("missing_field", "other_seat_id")
    three = Actor(ANN, "player", False, (ANN, BOB, CAT))
    with pytest.raises(RuleViolation):
        RULES.apply(state, "game.start", {"start_seat_id": ANN}, three, random.Random(0))
    outcome = RULES.apply(
        state, "game.start", {"start_seat_id": ANN, "other_seat_id": CAT}, three, random.Random(0)
    )
    assert [p["seat_id"] for p in outcome.state["players"]] == [ANN, CAT]
    assert Table().refused("game.start", {"start_seat_id": ANN}, role="spectator").code == "spectator"


@pytest.mark.parametrize(
    ("command", "payload"),
    [
        ("action.draw", {}),
        ("cohort.play", {"type": "Gaunt", "strength": 3}),
        ("cohort.focus", {"cohort_id": 1}),
        ("points.add", {"amount": 2, "reason": "Curio"}),
        ("turn.end", {}),
        ("conflict.override", {"winner_seat_id": ANN}),
        ("conflict.start_player", {"start_seat_id": ANN}),
    ],
)
def test_nothing_happens_before_the_game_starts(command: str, payload: dict[str, Any]) -> None:
    assert Table().refused(command, payload).code == "not_started"


def test_two_actions_a_turn_and_one_on_the_start_players_first_turn() -> None:
    t = started(ANN)
    body = t.do("action.draw")
    assert body["actions_left"] == 0 and t.state["actions_left"] == 0
    assert t.line() == f"Ann draws the top card of the deck (Actions 1 {ARROW} 0)."
    refusal = t.refused("action.draw")
    assert refusal.code == "no_actions_left" and "end the turn" in refusal.message
    for command, payload in [
        ("action.draw_bottom", {}),
        ("cohort.play", {"type": "Gaunt", "strength": 3}),
        ("curio.play", {}),
        ("stronghold.build", {"type": "Olatha"}),
    ]:
        assert t.refused(command, payload).code == "no_actions_left"
    t.end()
    assert (t.state["turn_seat_id"], t.state["actions_left"], t.state["turn"]) == (BOB, 2, 2)
    t.do("action.draw_bottom")
    assert t.line() == f"Bob draws the bottom two cards of the deck (Actions 2 {ARROW} 1)."
    t.do("action.draw")
    assert t.refused("action.draw").code == "no_actions_left"
    t.end()
    assert (t.state["turn_seat_id"], t.state["actions_left"]) == (ANN, 2)  # Ann's second turn: two Actions
    t.do("action.draw")
    t.do("action.draw")
    assert t.refused("action.draw").code == "no_actions_left"


def test_only_the_turn_player_takes_actions_unless_the_host_or_the_table_allows() -> None:
    t = started(ANN)
    refusal = t.refused("action.draw", seat=BOB)
    assert isinstance(refusal, NotAllowed) and refusal.code == "not_your_turn"
    assert t.refused("turn.end", {"skip": True}, seat=BOB).code == "not_your_turn"
    assert t.refused("action.draw", seat=ANN, role="spectator").code == "spectator"
    t.do("action.draw", seat=BOB, role="host")
    assert t.state["actions_left"] == 0
    t.do("turn.end", seat=ANN)
    t.do("action.draw", seat=ANN, everyone_edits=True)
    assert (t.state["turn_seat_id"], t.state["actions_left"]) == (BOB, 1)


def test_cohort_play_joins_the_turn_players_horde_readied() -> None:
    t = started(ANN)
    body = t.do("cohort.play", {"type": "gaunt", "strength": 4})
    cohort = t.horde(ANN)[0]
    assert (
        cohort
        == body["cohort"]
        == {
            "id": 1,
            "type": "Gaunt",
            "name": None,
            "strength": 4,
            "focused": False,
            "commander": False,
        }
    )
    assert t.line() == f"Ann plays a Gaunt cohort, strength 4 (1 Cohort in the Horde; Actions 1 {ARROW} 0)."
    t.end()
    body = t.do(
        "cohort.play", {"type": " Duskfin ", "strength": 5, "name": " Grave Knight ", "commander": True}
    )
    assert body["cohort"]["type"] == "Duskgil"  # the rulebook's other spelling of one type
    assert (body["cohort"]["name"], body["cohort"]["commander"]) == ("Grave Knight", True)
    assert t.line() == (
        "Bob plays Grave Knight, a Duskgil Commander, strength 5 "
        f"(1 Cohort in the Horde; Actions 2 {ARROW} 1)."
    )
    body = t.do("cohort.play", {"type": "Olatha", "strength": 6, "focused": True})
    assert body["cohort"]["focused"] and body["cohort"]["id"] == 3
    assert t.line() == (
        "Bob plays an Olatha cohort, strength 6, Focused (counts 1) "
        f"(2 Cohorts in the Horde; Actions 1 {ARROW} 0)."
    )
    assert t.horde(ANN) == [cohort]


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"type": "Goblin"}, "unknown_type", "type"),
        ({"type": None}, "missing_field", "type"),
        ({"type": 3}, "bad_field", "type"),
        ({"strength": None}, "missing_field", "strength"),
        ({"strength": "3"}, "bad_field", "strength"),
        ({"strength": 3.0}, "bad_field", "strength"),
        ({"strength": True}, "bad_field", "strength"),
        ({"strength": -1}, "out_of_range", "strength"),
        ({"strength": 100}, "out_of_range", "strength"),
        ({"name": 7}, "bad_field", "name"),
        ({"name": "x" * 61}, "too_long", "name"),
        ({"commander": "yes"}, "bad_field", "commander"),
        ({"focused": 1}, "bad_field", "focused"),
        ({"power": 2}, "unknown_field", "power"),
    ],
)
def test_cohort_play_refusals(change: dict[str, Any], code: str, field: str) -> None:
    refusal = started().refused("cohort.play", {"type": "Gaunt", "strength": 3, **change})
    assert (refusal.code, refusal.extra["field"]) == (code, field)


def test_a_bad_payload_shape_is_refused() -> None:
    assert started().refused("action.draw", ["x"]).code == "bad_payload"
    assert started().refused("action.draw", {"cards": 1}).code == "unknown_field"


def test_curio_play_focuses_up_to_three_own_cohorts_and_adds_its_points() -> None:
    t = started(BOB)
    t.end(skip=True)
    a, _, c, _ = fill(t, ANN, [4, 5, 2, 3])
    body = t.do("curio.play", {"focus": [a, c], "points": 3, "name": "Lantern"})
    assert [x["focused"] for x in t.horde(ANN)] == [True, False, True, False]
    assert t.player(ANN)["points"] == 4 and t.state["actions_left"] == 1
    assert t.player(ANN)["curios"] == [{"id": body["curio_id"], "name": "Lantern", "source": "hand"}]
    assert t.line() == (
        "Ann plays the Curio Lantern from hand, Focusing the Gaunt cohort (strength 4), "
        f"the Gaunt cohort (strength 2), and gains 3 points (1 {ARROW} 4); Actions 2 {ARROW} 1."
    )
    t.do("curio.play", {"source": "deck"})  # focusing none is "up to three"
    assert (
        t.line()
        == f"Ann plays a Curio from the top of the Curio deck, Focusing no Cohort; Actions 1 {ARROW} 0."
    )
    assert len(t.player(ANN)["curios"]) == 2 and t.player(ANN)["points"] == 4


@pytest.mark.parametrize(
    ("payload", "code", "field"),
    [
        ({"focus": [1, 2, 3, 4]}, "too_many", "focus"),
        ({"focus": [2, 2]}, "bad_field", "focus"),
        ({"focus": ["2"]}, "bad_field", "focus"),
        ({"focus": 2}, "bad_field", "focus"),
        ({"focus": [True]}, "bad_field", "focus"),
        ({"focus": [5]}, "not_your_cohort", "focus"),  # Bob's
        ({"focus": [99]}, "not_your_cohort", "focus"),
        ({"focus": [1]}, "already_focused", "focus"),
        ({"points": "2"}, "bad_field", "points"),
        ({"points": -1}, "out_of_range", "points"),
        ({"source": "discard"}, "bad_field", "source"),
    ],
)
def test_curio_play_refusals(payload: dict[str, Any], code: str, field: str) -> None:
    t = started(BOB)
    t.end(skip=True)
    fill(t, ANN, [4, 5, 2, 3])
    fill(t, BOB, [1])
    t.do("cohort.focus", {"cohort_id": 1})
    refusal = t.refused("curio.play", payload)
    assert (refusal.code, refusal.extra["field"]) == (code, field)


def test_stronghold_build_once_per_type_with_its_points() -> None:
    t = started(BOB)
    t.end(skip=True)
    body = t.do("stronghold.build", {"type": "Olatha", "points": 2})
    assert t.player(ANN)["strongholds"] == ["Olatha"] and t.player(ANN)["points"] == 3
    assert body["discarded"] == 3
    assert t.line() == (
        f"Ann builds the Olatha Stronghold, discarding 3 cards, and gains 2 points (1 {ARROW} 3)"
        f"; Actions 2 {ARROW} 1."
    )
    refusal = t.refused("stronghold.build", {"type": "olatha"})
    assert (refusal.code, refusal.extra["field"]) == ("stronghold_built", "type")
    t.do("stronghold.build", {"type": "Duskfin"})
    assert t.player(ANN)["strongholds"] == ["Olatha", "Duskgil"] and t.player(ANN)["points"] == 3
    assert t.line() == f"Ann builds the Duskgil Stronghold, discarding 3 cards; Actions 1 {ARROW} 0."
    assert t.player(BOB)["strongholds"] == []
    assert t.refused("stronghold.build", {}).code == "missing_field"


def test_points_add_keeps_card_points_in_the_score_history() -> None:
    t = started(ANN)
    body = t.do("points.add", {"seat_id": BOB, "amount": 4, "reason": "Curio: Lantern"}, seat=BOB)
    assert t.player(BOB)["points"] == 5 and body["before"] == 1
    assert t.line() == f"Bob gains 4 points (1 {ARROW} 5): Curio: Lantern."
    t.do("points.add", {"amount": -9, "reason": "slip"}, seat=BOB)  # the sender's seat; never below 0
    assert t.player(BOB)["points"] == 0
    assert t.line() == f"Bob loses 5 points (5 {ARROW} 0): slip."
    assert t.refused("points.add", {"amount": -1, "reason": "x"}, seat=BOB).code == "no_change"
    assert (
        t.refused("points.add", {"seat_id": BOB, "amount": 1, "reason": "x"}, seat=ANN).code
        == "not_your_seat"
    )
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"amount": "3", "reason": "x"}, "bad_field", "amount"),
        ({"amount": 2.5, "reason": "x"}, "bad_field", "amount"),
        ({"amount": 1000, "reason": "x"}, "out_of_range", "amount"),
        ({"amount": 3}, "missing_field", "reason"),
        ({"reason": "x"}, "missing_field", "amount"),
    ]
    for payload, code, field in cases:
        refusal = t.refused("points.add", payload)
        assert (refusal.code, refusal.extra["field"]) == (code, field)


def test_player_adjust_points_and_end_of_conflict_cards() -> None:
    t = started(ANN)
    t.do("player.adjust", {"field": "eoc_cards", "by": 1, "note": "forgot the card"})
    assert t.player(ANN)["eoc_cards"] == 1
    assert t.line() == f"Ann: End of Conflict cards 0 {ARROW} 1 by hand: forgot the card."
    t.do("player.adjust", {"seat_id": BOB, "field": "points", "by": 2, "note": "x"}, seat=BOB)
    assert t.player(BOB)["points"] == 3
    assert t.refused(
        "player.adjust", {"field": "eoc_cards", "by": -5, "note": "x", "seat_id": BOB}, seat=BOB
    ).code == ("no_change")
    assert t.refused("player.adjust", {"field": "horde", "by": 1, "note": "x"}).code == "bad_field"
    assert t.refused("player.adjust", {"field": "points", "by": 1}).code == "missing_field"


def test_actions_set_by_hand_for_a_card_that_grants_an_action() -> None:
    t = started(ANN)
    t.do("action.draw")
    t.do("actions.set", {"actions_left": 1, "note": "Curio grants an Action"})
    assert t.state["actions_left"] == 1
    assert t.line() == f"Ann's Actions left: 0 {ARROW} 1 by hand: Curio grants an Action."
    t.do("action.draw")
    assert t.refused("actions.set", {"actions_left": 0, "note": "x"}).code == "no_change"
    assert t.refused("actions.set", {"actions_left": 1, "note": "x"}, seat=BOB).code == "not_your_turn"
    assert t.refused("actions.set", {"actions_left": 10, "note": "x"}).code == "out_of_range"


def test_turn_end_refuses_actions_not_taken_unless_skipped() -> None:
    t = started(ANN)
    refusal = t.refused("turn.end")
    assert (refusal.code, refusal.extra["field"], refusal.extra["actions_left"]) == (
        "actions_left",
        "skip",
        1,
    )
    body = t.end(skip=True)
    assert body["skipped"] == 1 and body["check"] == {"seat_id": BOB, "cohorts": 0, "ends": False}
    assert t.line() == (
        "Ann's turn ends (1 Action not taken). Bob's Horde has 0 Cohorts: the Conflict goes on. "
        f"Bob's turn (turn 1 {ARROW} 2; Actions 1 {ARROW} 2)."
    )
    assert t.refused("turn.end", {"skip": "yes"}).code == "bad_field"


def test_a_focused_cohort_counts_one_whatever_its_printed_strength() -> None:
    from rules.grimoor.state import horde_strength

    t = started(ANN)
    ids = fill(t, ANN, [4, 7, 1])
    assert horde_strength(t.player(ANN)) == 12
    t.do("cohort.focus", {"cohort_id": ids[1]})
    assert horde_strength(t.player(ANN)) == 4 + 1 + 1
    t.do("cohort.focus", {"cohort_id": ids[2]})  # a printed 1 focused is still 1
    assert horde_strength(t.player(ANN)) == 6


def test_unknown_event_types_get_a_plain_line() -> None:
    assert RULES.describe("cohort.sang", {}, NAMES) == "cohort sang"
    assert RULES.describe("reverted", {"of": "cohort.played"}, NAMES) == "Undone: cohort played."
    assert RULES.describe("cards.drawn", {"seat_id": 9, "where": "top", "actions_left": 1}, NAMES) == (
        f"Seat 9 draws the top card of the deck (Actions 2 {ARROW} 1)."
    )
