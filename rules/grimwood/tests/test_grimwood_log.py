"""The log tells the truth: every number a Grimwood command moves is in its line as before → after.

Every command the rules tests send through ``Table.do`` is checked this way
(``unnamed_numbers`` in the test support), and the property test of undo
checks every accepted command of random games. Here: one game through every
command, each line asserted whole, and the names undo and redo give the
numbers they move back (``GrimwoodRules.number_label``).
"""

from __future__ import annotations

from rules.engine import Actor
from rules.grimwood.tests.test_grimwood_support import ANN, BOB, CAT, NAMES, RULES, started, unnamed_numbers

A = "\u2192"


def test_every_command_names_every_number_it_moves() -> None:
    t = started(ANN, BOB, CAT)
    lines = [t.line()]
    t.hand(ANN, 6)
    lines.append(t.line())
    owls = t.place(ANN, "Owl", "Owl", "Owl")
    lines.append(t.line())
    troll = t.do("action.use", {"kind": "play", "card": "Troll"})["combo"]["id"]
    lines.append(t.line())
    t.do("combo.add", {"combo_id": troll, "card": "Elf"})
    lines.append(t.line())
    t.do("action.use", {"kind": "rune"})
    lines.append(t.line())
    t.do("turn.draw", {"via": "action"})
    lines.append(t.line())
    t.do("turn.steal", {"victim_seat_id": BOB, "via": "power"})
    lines.append(t.line())
    t.do("combo.take", {"combo_id": troll, "card": "Troll", "to_seat_id": BOB, "power": "Nymph"})
    lines.append(t.line())
    t.do("combo.adjust", {"combo_id": owls, "points": 11, "note": "printed"})
    lines.append(t.line())
    t.do("actions.set", {"actions_left": 3, "note": "Elf"})
    lines.append(t.line())
    t.do("deck.set", {"remaining": 2, "note": "recount"})
    lines.append(t.line())
    t.do("turn.steal", {"victim_seat_id": CAT})
    lines.append(t.line())
    assert lines == [
        f"The game starts with Ann, Bob and Cat. 3 cards dealt to each (deck 68 {A} 59). "
        f"Turn 0 {A} 1: Ann goes first (Actions 0 {A} 2).",
        f"Ann's hand: 3 {A} 6 cards by hand.",
        f"Ann scores a combo of 3 Owls: 10 points (hand 6 {A} 3). Score: Ann 0 {A} 10.",
        f"Ann plays Troll, a new combo: 1 point (Actions 2 {A} 1; hand 3 {A} 2). Score: Ann 10 {A} 11.",
        f"Ann adds Elf to a combo: now 2 supernaturals (Troll, Elf), points 1 {A} 2 (hand 2 {A} 1). "
        f"Score: Ann 11 {A} 12.",
        f"Ann plays a Rune: 2 more actions (Actions 1 {A} 2; hand 1 {A} 0).",
        f"Ann draws a card as an action (Actions 2 {A} 1; hand 0 {A} 1; deck 59 {A} 58).",
        f"Ann steals a card from Bob by a power (Ann's hand 1 {A} 2, Bob's 3 {A} 2).",
        f"Ann's Nymph: Bob takes Troll from Ann's combo of 2 supernaturals (Troll, Elf) into their hand "
        f"(hand 2 {A} 3); the combo keeps 1 supernatural (Elf), points 2 {A} 1. Score: Ann 12 {A} 11.",
        f"Ann's combo of 3 Owls: 10 {A} 11 points by hand: printed. Score: Ann 11 {A} 12.",
        f"Ann's actions left: 1 {A} 3 by hand: Elf.",
        f"Deck: 58 {A} 2 cards by hand: recount.",
        f"Ann steals a card from Cat and ends the turn (Ann's hand 2 {A} 3, Cat's 3 {A} 2). "
        f"Turn 1 {A} 2: Bob's turn (Actions 3 {A} 2).",
    ]
    for event in t.log:
        assert not unnamed_numbers(event.type, event.payload)


def test_the_numbers_undo_moves_back_are_named_as_the_lines_name_them() -> None:
    t = started()
    owls = t.place(ANN, "Owl", "Owl", "Owl")
    t.hand(ANN, 2)
    troll = t.do("action.use", {"kind": "play", "card": "Troll"})["combo"]["id"]
    t.do("combo.add", {"combo_id": troll, "card": "Elf"})
    state = t.state
    label = RULES.number_label
    assert label(["players", 0, "hand"], state, NAMES) == "Ann's hand"
    assert label(["players", 1, "score"], state, NAMES) == "Bob's score"
    assert label(["players", 0, "combos", {"id": troll}, "points"], state, NAMES) == (
        "points of Ann's 2 supernaturals (Troll, Elf)"
    )
    assert label(["players", 0, "combos", {"id": 99}, "points"], state, NAMES) == "points of Ann's combo"
    assert label(["deck", "remaining"], state, NAMES) == "Deck"
    assert label(["deck", "total"], state, NAMES) == "Deck total"
    assert label(["actions_left"], state, NAMES) == "Actions"
    assert label(["turn"], state, NAMES) == "Turn"
    assert label(["last_round", "remaining_turns"], state, NAMES) == "Last turns to go"
    assert label(["players", 7, "hand"], state, NAMES) == "Hand"  # no such player: the default
    # An undo moves back what the command moved: each number is one the label names.
    undone = RULES.invert(t.state, t.log[-1], Actor(ANN, "host", False, t.seats))
    (event,) = undone.events
    paths = [op["path"] for op in event.payload["ops"] if op["op"] == "counter"]
    assert {label(p, undone.state, NAMES) for p in paths} == {
        "Ann's hand",
        "points of Ann's 1 supernatural (Troll)",
        "Ann's score",
    }
    assert owls
