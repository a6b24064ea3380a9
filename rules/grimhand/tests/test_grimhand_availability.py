"""Which quests and stature abilities are open (§9, §9.1): one answer for the board and the commands."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence

from rules.engine import State
from rules.errors import RuleViolation
from rules.grimhand.table.availability import available_abilities, available_quests
from rules.grimhand.table.catalogue import AbilityFacts, QuestFacts
from rules.grimhand.tests.test_grimhand_table import PLAYER, RULES, char, make, run


def names(facts: Sequence[QuestFacts | AbilityFacts]) -> list[str]:
    return [f.name for f in facts]


def accepted(state: State, type_: str, **payload: object) -> bool:
    """Whether the command goes through (on a copy: the state is left as it was)."""
    try:
        RULES.apply(copy.deepcopy(state), type_, dict(payload), PLAYER, random.Random(1))
    except RuleViolation:
        return False
    return True


def test_a_recruit_of_iron_sees_only_the_recruit_iron_quest() -> None:
    state, bo = make("Orc", "Warrior", "Iron")
    assert names(available_quests(char(state, bo), RULES.catalogue)) == ["Iron Test"]
    assert available_abilities(char(state, bo), RULES.catalogue) == []  # Recruit: no card yet (§9)


def test_reaching_adept_opens_its_quest_and_taking_a_quest_closes_it() -> None:
    state, bo = make("Orc", "Warrior", "Iron")
    state, _ = run(state, "character.set", character_id=bo, stat="xp", value=700)
    assert names(available_quests(char(state, bo), RULES.catalogue)) == ["Iron Test", "Iron Trial"]
    state, _ = run(state, "quest.take", character_id=bo, quest="Iron Trial")
    assert names(available_quests(char(state, bo), RULES.catalogue)) == ["Iron Test"]


def test_one_stature_card_per_stature_reached() -> None:
    state, bo = make("Orc", "Warrior", "Iron")
    state, _ = run(state, "character.set", character_id=bo, stat="xp", value=700)  # Adept
    assert names(available_abilities(char(state, bo), RULES.catalogue)) == ["Spark", "Glint", "Blaze"]
    state, _ = run(state, "character.choose_ability", character_id=bo, ability="Spark")
    assert names(available_abilities(char(state, bo), RULES.catalogue)) == ["Blaze"]  # Novice slot taken


def test_the_lists_are_exactly_what_the_commands_accept() -> None:
    """For every quest and card at several points of a character's life, listed <=> accepted."""
    state, bo = make("Orc", "Warrior", "Iron")
    steps: list[tuple[str, dict[str, object]]] = [
        ("character.set", {"stat": "xp", "value": 250}),
        ("character.choose_ability", {"ability": "Glint"}),
        ("quest.take", {"quest": "Iron Test"}),
        ("character.set", {"stat": "xp", "value": 3000}),
    ]
    for type_, payload in [("", {}), *steps]:
        if type_:
            state, _ = run(state, type_, character_id=bo, **payload)
        c = char(state, bo)
        quests = set(names(available_quests(c, RULES.catalogue)))
        for q in RULES.catalogue.quests:
            assert (q.name in quests) == accepted(state, "quest.take", character_id=bo, quest=q.name), q
        cards = set(names(available_abilities(c, RULES.catalogue)))
        for a in RULES.catalogue.abilities:
            took = accepted(state, "character.choose_ability", character_id=bo, ability=a.name)
            assert (a.name in cards) == took, a


def test_a_stature_ability_costs_one_ap_to_use() -> None:
    """§9: "As your Stature increase you may choose 1 Stature Ability Card for that level ... These all
    cost 1 AP to use." The line names the AP it cost; without AP it is refused."""
    state, bo = make("Orc", "Warrior", "Iron")
    state, _ = run(state, "character.set", character_id=bo, stat="xp", value=250)  # Novice
    state, _ = run(state, "character.choose_ability", character_id=bo, ability="Spark")
    ap = char(state, bo)["ap"]
    state, used = run(state, "character.use_ability", character_id=bo, ability="Spark")
    assert char(state, bo)["ap"] == ap - 1
    assert RULES.describe(used["type"], used["payload"], {}) == f"Grum used Spark (AP {ap} \u2192 {ap - 1})"
    state, _ = run(state, "character.set", character_id=bo, stat="ap", value=0)
    assert not accepted(state, "character.use_ability", character_id=bo, ability="Spark")
