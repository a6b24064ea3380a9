"""Grim Hand table commands: every refusal, undo/redo of every command, who may edit."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from rules.engine import Actor, LoggedEvent, NotAllowed, State
from rules.errors import RuleViolation
from rules.grimhand.table import export_character
from rules.grimhand.tests.test_grimhand_table import (
    HOST,
    OTHER,
    OTHER_EVERYONE,
    PLAYER,
    RULES,
    WATCHER,
    char,
    make,
    run,
)


def table() -> tuple[State, int, int]:
    """Bo (seat 2): an Adept Orc Warrior of Iron with 12 QP, two items; Cy (seat 3): an Elf Mage of Blood."""
    state, bo = make("Orc", "Warrior", "Iron")
    state, _ = run(state, "character.set", character_id=bo, stat="xp", value=700)
    state, _ = run(state, "character.set", character_id=bo, stat="qp", value=12)
    state, _ = run(state, "character.equip", character_id=bo, rank=7, affinity="Iron")
    state, _ = run(state, "character.stash", character_id=bo, rank=2, affinity="Bone")
    state, event = run(
        state, "character.create", OTHER, name="Cy", race="Elf", affinity="Blood", **{"class": "Mage"}
    )
    return state, bo, event["payload"]["character_id"]


def refused(state: State, type_: str, actor: Actor = PLAYER, /, **payload: Any) -> RuleViolation:
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as info:
        RULES.apply(state, type_, payload, actor, random.Random(3))
    assert state == before  # nothing changed
    return info.value


def test_second_character_for_a_seat_is_refused() -> None:
    state, bo, _ = table()
    exc = refused(state, "character.create", name="Again", race="Elf", affinity="Bone", **{"class": "Mage"})
    assert exc.code == "seat_has_character" and exc.extra["character_id"] == bo


def test_a_sixth_equipped_item_is_refused() -> None:
    state, bo, _ = table()
    for rank in (1, 3, 5, 9):
        state, _ = run(state, "character.equip", character_id=bo, rank=rank, affinity="Nature")
    exc = refused(state, "character.equip", character_id=bo, rank=10, affinity="Nature")
    assert exc.code == "too_many_items"
    assert (
        refused(state, "character.equip", character_id=bo, rank=2, affinity="Bone").code == "too_many_items"
    )


def test_the_same_physical_card_twice_is_refused_across_characters_and_inventory() -> None:
    state, bo, cy = table()
    assert (
        refused(state, "character.equip", OTHER, character_id=cy, rank=7, affinity="Iron").code
        == "card_in_use"
    )
    assert (
        refused(state, "character.stash", OTHER, character_id=cy, rank=2, affinity="Bone").code
        == "card_in_use"
    )
    assert (
        refused(state, "character.equip", character_id=bo, rank=7, affinity="Iron").code == "already_equipped"
    )
    assert refused(state, "character.stash", character_id=bo, rank=2, affinity="Bone").code == "already_held"


@pytest.mark.parametrize(
    "card",
    [
        {"rank": 11, "affinity": "Iron"},
        {"rank": 0, "affinity": "Iron"},
        {"rank": 3, "affinity": "Fire"},
        {"rank": "3", "affinity": "Iron"},
        {"homebrew_id": "h1"},
    ],
)
def test_an_unknown_card_is_refused(card: dict) -> None:
    state, bo, _ = table()
    assert refused(state, "character.equip", character_id=bo, **card).code == "unknown_card"


def test_le_above_max_and_negative_counters_are_refused() -> None:
    state, bo, _ = table()
    top = char(state, bo)["derived"]["stats"]["max_le"]
    assert refused(state, "character.set", character_id=bo, stat="le", value=top + 1).code == "above_max"
    assert char(state, bo)["le"] == top - 1  # Adept raised max LE; current LE stayed (spec)
    state, _ = run(state, "character.set", character_id=bo, stat="le", value=top)
    assert refused(state, "character.adjust", character_id=bo, stat="le", by=1).code == "above_max"
    assert refused(state, "character.adjust", character_id=bo, stat="ap", by=1).code == "above_max"
    for stat in ("le", "ap", "gold", "xp", "qp", "doubt", "corruption"):
        exc = refused(state, "character.adjust", character_id=bo, stat=stat, by=-10_000)
        assert exc.code == "negative_value", stat
        assert refused(state, "character.set", character_id=bo, stat=stat, value=-1).code == "negative_value"
    assert refused(state, "character.set", character_id=bo, stat="charm", value=1).code == "unknown_stat"


def test_a_quest_challenge_before_its_qp_is_reached_is_refused() -> None:
    state, bo, _ = table()
    state, _ = run(state, "quest.take", character_id=bo, quest="Iron Trial")  # needs 10
    state, _ = run(state, "character.set", character_id=bo, stat="qp", value=9)
    exc = refused(state, "quest.challenge_roll", character_id=bo)
    assert exc.code == "qp_not_reached" and exc.extra["qp_needed"] == 10
    assert refused(state, "quest.complete", character_id=bo).code == "qp_not_reached"


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("race", "Troll", "unknown_race"),
        ("class", "Bard", "unknown_class"),
        ("affinity", "Fire", "unknown_affinity"),
    ],
)
def test_unknown_race_class_affinity_are_refused(field: str, value: str, code: str) -> None:
    payload = {"name": "X", "race": "Elf", "class": "Mage", "affinity": "Bone", field: value}
    assert refused(RULES.initial_state(), "character.create", **payload).code == code


def test_other_refusals() -> None:
    state, bo, cy = table()
    assert refused(state, "quest.take", character_id=bo, quest="Blood Rite").code == "quest_unavailable"
    assert refused(state, "quest.take", character_id=bo, quest="Nope").code == "unknown_quest"
    assert refused(state, "quest.reroll", character_id=bo).code == "no_active_quest"
    assert (
        refused(state, "character.choose_ability", OTHER, character_id=cy, ability="Spark").code
        == "ability_locked"
    )
    state, _ = run(state, "character.choose_ability", character_id=bo, ability="Spark")
    exc = refused(state, "character.choose_ability", character_id=bo, ability="Glint")
    assert exc.code == "ability_slot_taken"
    assert refused(state, "character.unequip", character_id=bo, rank=1, affinity="Iron").code == "not_held"
    assert refused(state, "character.adjust", character_id=999, stat="le", by=1).code == "unknown_character"
    assert refused(state, "character.dance", character_id=bo).code == "unknown_command"
    assert refused(state, "settings.set", key="printed_rarity", value=True).code == "host_only"


def test_reroll_costs_one_ap_and_is_refused_without_it() -> None:
    state, bo, _ = table()
    state, _ = run(state, "quest.take", character_id=bo, quest="Iron Trial")
    state, _ = run(state, "quest.challenge_roll", character_id=bo, dice=[1, 2, 3, 4])
    assert char(state, bo)["quests"][0]["challenge"]["total"] == 10
    assert refused(state, "quest.challenge_roll", character_id=bo).code == "already_rolled"
    ap = char(state, bo)["ap"]
    state, event = run(state, "quest.reroll", character_id=bo)
    assert char(state, bo)["ap"] == ap - 1 and event["payload"]["previous"]["total"] == 10
    state, _ = run(state, "character.set", character_id=bo, stat="ap", value=0)
    assert refused(state, "quest.reroll", character_id=bo).code == "not_enough_ap"


def test_quest_success_and_failure_apply_their_effects() -> None:
    state, bo, cy = table()
    state, _ = run(state, "quest.take", character_id=bo, quest="Iron Test")
    gold, agility = char(state, bo)["gold"], char(state, bo)["derived"]["stats"]["agility"]
    cy_le = char(state, cy)["le"]
    assert refused(state, "quest.fail", character_id=bo).code == "challenge_needed"
    assert refused(state, "quest.complete", character_id=bo).code == "challenge_needed"
    state, _ = run(state, "quest.challenge_roll", character_id=bo, dice=[1, 2, 3, 4])
    state, failed = run(state, "quest.fail", character_id=bo)
    assert (
        char(state, bo)["quests"][0]["status"] == "active" and char(state, bo)["quests"][0]["failures"] == 1
    )
    assert char(state, cy)["le"] == cy_le - 1  # the party loses 1 LE
    assert char(state, bo)["doubt"] == 1
    assert failed["type"] == "quest.failed"
    assert char(state, bo)["quests"][0]["challenge"] is None  # a retry rolls a new challenge
    state, _ = run(state, "quest.challenge_roll", character_id=bo, dice=[1, 2, 3, 4])
    assert refused(state, "quest.complete", character_id=bo).code == "challenge_not_passed"
    state, _ = run(state, "quest.complete", character_id=bo, override=True, note="the Oracle card")
    assert char(state, bo)["quests"][0]["status"] == "completed"
    assert char(state, bo)["gold"] == gold + 5
    assert char(state, bo)["derived"]["stats"]["agility"] == agility + 1


@pytest.mark.parametrize(
    ("actor", "allowed"),
    [(PLAYER, True), (OTHER, False), (HOST, True), (OTHER_EVERYONE, True), (WATCHER, False)],
)
def test_who_may_change_a_character(actor: Actor, allowed: bool) -> None:
    state, bo, _ = table()
    if allowed:
        state, event = run(state, "character.adjust", actor, character_id=bo, stat="gold", by=1)
        assert event["type"] == "character.adjusted"
    else:
        with pytest.raises(NotAllowed) as info:
            RULES.apply(
                state,
                "character.adjust",
                {"character_id": bo, "stat": "gold", "by": 1},
                actor,
                random.Random(),
            )
        assert info.value.code in ("not_your_seat", "spectator")


def test_the_host_may_create_a_character_for_another_seat_a_player_may_not() -> None:
    state, event = run(RULES.initial_state(), "character.create", HOST, name="Dee", seat_id=3, randomise=True)
    assert char(state, event["payload"]["character_id"])["seat_id"] == 3
    with pytest.raises(NotAllowed):
        RULES.apply(
            RULES.initial_state(),
            "character.create",
            {"name": "D", "seat_id": 3, "randomise": True},
            PLAYER,
            random.Random(),
        )


# --- undo and redo of every command --------------------------------------------


def exported(state: State, cid: int) -> dict:
    return export_character(char(state, cid))


COMMANDS: list[tuple[str, Actor, dict[str, Any]]] = [
    (
        "character.create",
        WATCHER.__class__(seat_id=1, role="host", seat_ids=(1, 2, 3, 4)),
        {"name": "Ann", "race": "Dwarf", "class": "Cleric", "affinity": "Shadow"},
    ),
    ("character.rename", PLAYER, {"character_id": "BO", "name": "Grumbold"}),
    ("character.retire", PLAYER, {"character_id": "BO"}),
    ("character.adjust", PLAYER, {"character_id": "BO", "stat": "le", "by": -3}),
    # Adept -> Recruit: clamps LE
    ("character.adjust", PLAYER, {"character_id": "BO", "stat": "xp", "by": -600}),
    ("character.set", PLAYER, {"character_id": "BO", "stat": "gold", "value": 0}),
    ("character.equip", PLAYER, {"character_id": "BO", "rank": 7, "affinity": "Blood"}),
    ("character.equip", PLAYER, {"character_id": "BO", "rank": 2, "affinity": "Bone"}),
    ("character.unequip", PLAYER, {"character_id": "BO", "rank": 7, "affinity": "Iron"}),
    ("character.unequip", PLAYER, {"character_id": "BO", "rank": 7, "affinity": "Iron", "to": "discard"}),
    ("character.stash", PLAYER, {"character_id": "BO", "rank": 4, "affinity": "Shadow"}),
    ("character.discard", PLAYER, {"character_id": "BO", "rank": 2, "affinity": "Bone"}),
    (
        "character.give",
        PLAYER,
        {"character_id": "BO", "rank": 7, "affinity": "Iron", "to_character_id": "CY"},
    ),
    ("character.choose_ability", PLAYER, {"character_id": "BO", "ability": "Blaze"}),
    ("character.import", HOST, {"data": "EXPORT"}),
    ("quest.take", PLAYER, {"character_id": "BO", "quest": "Iron Trial"}),
    ("quest.progress", PLAYER, {"character_id": "BO", "explore_rank": 4, "explore_affinity": "Iron"}),
    ("quest.challenge_roll", PLAYER, {"character_id": "BO", "quest": "Iron Test"}),
    ("quest.reroll", PLAYER, {"character_id": "BO", "quest": "Iron Test", "_rolled": True}),
    (
        "quest.complete",
        PLAYER,
        {"character_id": "BO", "quest": "Iron Test", "_rolled": True, "override": True, "note": "a card"},
    ),
    ("quest.fail", PLAYER, {"character_id": "BO", "quest": "Iron Test", "_rolled": True}),
    ("quest.fail", PLAYER, {"character_id": "BO", "quest": "Iron Test", "give_up": True}),
    ("modifier.add", PLAYER, {"character_id": "BO", "stat": "max_le", "amount": -5, "source": "Altar"}),
    (
        "modifier.add",
        PLAYER,
        {"character_id": "BO", "stat": "attack", "amount": 1, "source": "X", "expiry": "next_combat"},
    ),
    ("settings.set", HOST, {"key": "corruption_threshold", "value": 2}),
    ("homebrew.add_equipment", PLAYER, {"name": "Lucky Coin", "rank": 3, "affinity": "Bone"}),
]


def _prepared() -> tuple[State, int, int]:
    state, bo, cy = table()
    state, _ = run(state, "quest.take", character_id=bo, quest="Iron Test")
    state, _ = run(state, "character.set", character_id=bo, stat="corruption", value=3)
    return state, bo, cy


def _payload(raw: dict[str, Any], state: State, bo: int, cy: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key.startswith("_"):
            continue
        out[key] = {"BO": bo, "CY": cy}.get(value, value) if isinstance(value, str) else value
    if out.get("data") == "EXPORT":
        data = exported(state, bo)
        data["character"]["equipment"] = []
        data["character"]["inventory"] = []
        out["data"] = data
        out["seat_id"] = 4
    return out


@pytest.mark.parametrize(
    ("type_", "actor", "raw"), COMMANDS, ids=[f"{c[0]}-{i}" for i, c in enumerate(COMMANDS)]
)
def test_undo_restores_the_state_exactly_and_redo_reapplies_it(type_: str, actor: Actor, raw: dict) -> None:
    state, bo, cy = _prepared()
    if raw.get("_rolled"):
        state, _ = run(state, "quest.challenge_roll", character_id=bo)
    if type_ == "character.create":
        state, _ = run(state, "character.retire", HOST, character_id=bo)
    payload = _payload(raw, state, bo, cy)
    if type_ == "character.import":
        state["characters"].pop(str(bo))
    before = copy.deepcopy(state)
    after, event = run(state, type_, actor, 11, **payload)
    logged = LoggedEvent(7, actor.seat_id, event["type"], copy.deepcopy(event["payload"]))
    undone = RULES.invert(copy.deepcopy(after), logged, actor)
    assert undone.state == before
    compensation = undone.events[0]
    redone = RULES.invert(
        undone.state, LoggedEvent(8, actor.seat_id, compensation.type, compensation.payload), actor
    )
    assert redone.state == after


def test_undo_of_an_older_change_keeps_later_ones() -> None:
    state, bo, _ = table()
    state, first = run(state, "character.adjust", character_id=bo, stat="gold", by=10)
    state, _ = run(state, "character.adjust", character_id=bo, stat="gold", by=-3)
    gold = char(state, bo)["gold"]
    undone = RULES.invert(state, LoggedEvent(1, 2, first["type"], first["payload"]), PLAYER)
    assert char(undone.state, bo)["gold"] == gold - 10


def test_undo_of_an_equip_after_the_card_moved_on_is_refused() -> None:
    state, bo, cy = table()
    state, equip = run(state, "character.equip", character_id=bo, rank=5, affinity="Blood")
    state, _ = run(state, "character.give", character_id=bo, rank=5, affinity="Blood", to_character_id=cy)
    with pytest.raises(RuleViolation) as info:
        RULES.invert(state, LoggedEvent(1, 2, equip["type"], equip["payload"]), PLAYER)
    assert info.value.code == "cannot_undo"


def test_events_logged_with_the_earlier_op_format_still_undo() -> None:
    """Ops stored before Grim Hand recorded path ops are read as path ops (``ops.to_paths``)."""
    state, bo, _ = table()
    me = char(state, bo)
    item = dict(me["equipment"][0])
    gold = me["gold"]
    legacy: list[tuple[str, dict[str, Any], list[dict[str, Any]]]] = [
        ("character.adjust", {"character_id": bo, "stat": "gold", "by": 3},
         [{"op": "counter", "character_id": bo, "stat": "gold", "before": gold, "after": gold + 3}]),
        ("character.rename", {"character_id": bo, "name": "Gus"},
         [{"op": "field", "character_id": bo, "field": "name", "before": "Grum", "after": "Gus"}]),
        ("character.unequip", {"character_id": bo, "rank": 7, "affinity": "Iron", "to": "inventory"},
         [{"op": "move", "item": item, "from": {"character_id": bo, "place": "equipment", "index": 0},
           "to": {"character_id": bo, "place": "inventory", "index": 1}}]),
        ("quest.take", {"character_id": bo, "quest": "Iron Trial"},
         [{"op": "list_add", "character_id": bo, "list": "quests", "entry": None}]),
        ("character.retire", {"character_id": bo},
         [{"op": "delete", "character": {k: v for k, v in me.items() if k != "derived"}}]),
    ]  # fmt: skip
    for type_, payload, ops in legacy:
        after, event = run(copy.deepcopy(state), type_, **payload)
        if ops[0].get("entry", 1) is None:
            ops[0]["entry"] = char(after, bo)["quests"][-1]
        logged = LoggedEvent(9, 2, event["type"], {**event["payload"], "ops": ops})
        undone = RULES.invert(copy.deepcopy(after), logged, PLAYER).state
        assert undone == state, type_
