"""How undo and redo name the numbers they move (games.md part A: ``number_label``)."""

from __future__ import annotations

from rules.grimhand.tests import test_grimhand_combat_table as combat
from rules.grimhand.tests.campaign_support import RULES, exploring, play_card


def test_undo_names_the_campaigns_numbers_as_its_lines_do() -> None:
    state, hal, _ada, _bea = exploring()
    state = play_card(state)
    label = RULES.number_label
    assert label(["campaign", "resolved"], state, {}) == "Explore cards resolved"
    assert label(["campaign", "deck_rank"], state, {}) == "The decks' top rank"
    assert label(["characters", str(hal), "qp"], state, {}) == "Hal's QP"
    assert label(["settings", "corruption_threshold"], state, {}) == "Corruption threshold"


def test_undo_names_a_sides_attack_override_by_the_side() -> None:
    state, _cid = combat.appendix_two()
    state, _ = combat.run(state, "combat.start", threats=[{"name": "Rabid Wolf"}])
    path = ["combat", "sides", 1, "modifiers"]
    assert combat.RULES.number_label(path, state, {}) == "Rabid Wolf's attack modifier"
