"""The table options for the two places where groups read the rulebook differently.

- ``turn_order``: the English Turn Overview plays, then closes the turn with a
  draw or a steal (Action C); the German "Alternativen zum Spiel" (and the
  English Gameplay Example) may reverse it: "Zuerst wird eine Karte gezogen
  oder gestohlen und dann wird ein Fabelwesen oder andere Karte gespielt".
- ``supernaturals``: the English About Placing Combos places supernaturals
  like any combo, free ("You may place more than one supernatural at a
  time"); the German Spielzugüberblick places only animal and settings
  combos freely ("Tier- oder Schauplatz Kombination"), a supernatural being
  a card played, one action each (1.) Spiele eine Karte).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import RuleViolation
from rules.grimwood.tests.test_grimwood_support import ANN, BOB, CAT, RULES, started

DEFAULTS = {"turn_order": "play_first", "supernaturals": "free"}


def test_the_options_their_defaults_and_their_choices() -> None:
    assert RULES.clean_options(None) == DEFAULTS and RULES.clean_options({}) == DEFAULTS
    assert RULES.clean_options({"turn_order": "draw_first", "supernaturals": "action"}) == {
        "turn_order": "draw_first",
        "supernaturals": "action",
    }
    fields = {f["key"]: [c["value"] for c in f["choices"]] for f in RULES.option_fields}
    assert fields == {"turn_order": ["play_first", "draw_first"], "supernaturals": ["free", "action"]}
    cases: list[tuple[Any, str, str]] = [
        ({"turn_order": "backwards"}, "bad_option", "turn_order"),
        ({"supernaturals": True}, "bad_option", "supernaturals"),
        ({"players": 3}, "unknown_option", "players"),
        ("draw_first", "bad_option", "options"),
    ]
    for raw, code, field in cases:
        with pytest.raises(RuleViolation) as info:
            RULES.clean_options(raw)
        assert (info.value.code, info.value.extra["field"]) == (code, field)
    # Kept in the snapshot under their own keys (an export reads them there).
    state = RULES.initial_state({"turn_order": "draw_first"})
    assert (state["turn_order"], state["supernaturals"], state["drawn"]) == ("draw_first", "free", False)


# --- draw first ------------------------------------------------------------------------------------------


def test_draw_first_the_turn_begins_with_a_draw_and_ends_when_the_player_says() -> None:
    """Alternativen zum Spiel: first a card is drawn or stolen, then a supernatural or other card played."""
    t = started(turn_order="draw_first")
    refusal = t.refused("action.use", {"kind": "play", "card": "Troll"})
    assert (refusal.code, refusal.extra["field"]) == ("draw_first", "kind")
    assert t.refused("turn.draw", {"via": "action"}).code == "draw_first"
    t.do("turn.draw", {})
    assert (t.state["turn_seat_id"], t.state["drawn"], t.player(ANN)["hand"]) == (ANN, True, 4)
    assert t.line() == "Ann draws a card to begin the turn (hand 3 \u2192 4; deck 58 \u2192 57)."
    again = t.refused("turn.draw", {})
    assert again.code == "already_drawn"
    assert t.refused("turn.steal", {"victim_seat_id": BOB}).code == "already_drawn"
    t.do("action.use", {"kind": "play", "card": "Troll"})
    t.do("turn.draw", {"via": "action"})
    t.do("turn.end", {})
    assert (t.state["turn_seat_id"], t.state["drawn"], t.state["actions_left"]) == (BOB, False, 2)
    assert t.line() == "Ann ends the turn. Turn 1 \u2192 2: Bob's turn (Actions 0 \u2192 2)."


def test_draw_first_a_blocked_opening_steal_loses_the_turn() -> None:
    """Amulet: "The player who tries to steal loses his/her turn", in either order."""
    t = started(ANN, BOB, CAT, turn_order="draw_first")
    t.do("turn.steal", {"victim_seat_id": CAT})
    assert (t.state["turn_seat_id"], t.player(ANN)["hand"], t.player(CAT)["hand"]) == (ANN, 4, 2)
    assert (
        t.line() == "Ann steals a card from Cat to begin the turn (Ann's hand 3 \u2192 4, Cat's 3 \u2192 2)."
    )
    t.do("turn.end", {})
    t.do("turn.steal", {"victim_seat_id": ANN, "blocked_by_amulet": True})
    assert (t.state["turn_seat_id"], t.player(BOB)["hand"], t.player(ANN)["hand"]) == (CAT, 3, 3)


def test_draw_first_the_last_card_and_the_last_round() -> None:
    """The game ends when the last card is drawn: here at a turn's start, and that turn is played out."""
    t = started(turn_order="draw_first")
    t.do("deck.set", {"remaining": 1, "note": "recount"})
    t.do("turn.draw", {})
    assert t.state["last_round"] == {"started_by": ANN, "remaining_turns": 1}
    assert t.state["turn_seat_id"] == ANN
    t.do("turn.end", {})
    assert t.state["turn_seat_id"] == BOB and not t.state["over"]
    assert t.refused("turn.draw", {}).code == "deck_empty"
    t.do("turn.steal", {"victim_seat_id": ANN})  # the last turn begins with a steal
    t.do("turn.end", {})
    assert t.state["over"]


def test_draw_first_a_turn_lost_ends_without_a_draw() -> None:
    """Werewolf: "Choose a player to lose a turn": that turn ends before any draw."""
    t = started(turn_order="draw_first")
    t.do("turn.end", {"note": "Werewolf"})
    assert t.state["turn_seat_id"] == BOB
    assert t.line() == "Ann's turn ends without a draw: Werewolf. Turn 1 \u2192 2: Bob's turn (2 actions)."


# --- supernaturals as actions ----------------------------------------------------------------------------


def test_supernaturals_as_actions_are_played_not_placed() -> None:
    """Spielzugüberblick: "1.) Spiele ein Karte: ... nur ... einer Fabelwesen-Karte oder einer Rune";
    "2.) Platziere eine Kombination: ... eine oder mehrere Tier- oder Schauplatz Kombination"."""
    t = started(supernaturals="action")
    t.hand(ANN, 7)
    refusal = t.refused("combo.place", {"cards": ["Troll"]})
    assert (refusal.code, refusal.extra["field"]) == ("play_as_action", "cards")
    assert "Play a card" in refusal.message
    t.place(ANN, "Owl", "Owl", "Owl")  # animal and settings combos stay free
    assert t.state["actions_left"] == 2
    combo_id = t.do("action.use", {"kind": "play", "card": "Troll"})["combo"]["id"]
    refusal = t.refused("combo.add", {"combo_id": combo_id, "card": "Elf"})
    assert (refusal.code, refusal.extra["field"]) == ("play_as_action", "card")
    t.do("action.use", {"kind": "play", "card": "Elf", "combo_id": combo_id})
    assert (t.state["actions_left"], t.score(ANN), t.player(ANN)["hand"]) == (0, 12, 2)
    # A card may say otherwise (the Bride: "May play the card's effect immediately").
    t.do("combo.place", {"cards": ["Mage"], "card_allows": True, "note": "Bride"})
    assert t.line().startswith(
        "Ann scores a combo of 1 supernatural (Mage) without an action, a card allows it (Bride):"
    )
