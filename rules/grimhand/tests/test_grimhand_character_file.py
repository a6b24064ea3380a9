"""A Grim Hand character file: export, import into another table, and each bad file's refusal."""

from __future__ import annotations

from typing import Any

import pytest

from rules.grimhand.table import export_character
from rules.grimhand.tests.test_grimhand_table import OTHER, PLAYER, RULES, char, make, run
from rules.grimhand.tests.test_grimhand_table_commands import exported, refused, table


def test_export_import_round_trip_into_another_table() -> None:
    state, bo, _ = table()
    state, _ = run(state, "modifier.add", character_id=bo, stat="agility", amount=1, source="Quest")
    state, _ = run(state, "quest.take", character_id=bo, quest="Iron Trial")
    state, _ = run(state, "character.choose_ability", character_id=bo, ability="Spark")
    data = exported(state, bo)
    new, event = run(RULES.initial_state(), "character.import", PLAYER, data=data)
    copy_ = char(new, event["payload"]["character_id"])
    assert export_character(copy_) == data
    assert copy_["derived"]["stats"] == char(state, bo)["derived"]["stats"]


@pytest.mark.parametrize(
    ("mutate", "code", "field"),
    [
        (lambda d: d.update(format="other"), "bad_import", "format"),
        (lambda d: d["character"].update(race="Troll"), "unknown_race", "race/class/affinity"),
        (lambda d: d["character"].update(le=999), "above_max", "le"),
        (lambda d: d["character"].update(gold=-1), "negative_value", "gold"),
        (
            lambda d: d["character"]["equipment"].append({"rank": 12, "affinity": "Iron", "rarity": "Rare"}),
            "unknown_card",
            "equipment[1]",
        ),
        (
            lambda d: d["character"]["inventory"].append(dict(d["character"]["equipment"][0])),
            "card_in_use",
            "inventory[1]",
        ),
        (lambda d: d["character"]["equipment"][0].update(rarity="Shiny"), "unknown_rarity", "equipment[0]"),
        (lambda d: d["character"]["abilities"].append("Nope"), "unknown_ability", "abilities[0]"),
        (lambda d: d["character"]["quests"].append({"name": "Blood Rite"}), "quest_unavailable", "quests[0]"),
        (lambda d: d["character"].update(equipment="lots"), "bad_import", "equipment"),
    ],
)
def test_a_bad_file_changes_nothing_and_names_the_problem(mutate: Any, code: str, field: str) -> None:
    state, bo, _ = table()
    data = exported(state, bo)
    mutate(data)
    exc = refused(RULES.initial_state(), "character.import", data=data)
    assert exc.code == code and exc.extra["field"] == field


def test_import_refuses_cards_already_held_at_the_target_table() -> None:
    state, bo, _ = table()
    data = exported(state, bo)
    target, _ = make("Elf", "Mage", "Blood", OTHER)
    target, _ = run(
        target,
        "character.equip",
        OTHER,
        character_id=next(iter(target["characters"].values()))["id"],
        rank=7,
        affinity="Iron",
    )
    assert refused(target, "character.import", data=data).code == "card_in_use"
