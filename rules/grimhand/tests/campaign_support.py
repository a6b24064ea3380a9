"""The Grim Hand campaign tests' table: a small catalogue, the seats, commands and refusals."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest

from rules.engine import Actor, State
from rules.errors import RuleViolation
from rules.grimhand.table import GrimHandRules, QuestFacts, standard_catalogue
from rules.grimhand.table.campaign import CAMPAIGN_HANDLERS
from rules.grimhand.table.catalogue import EffectFacts, ExploreFacts, ThreatFacts

QUESTS = (
    QuestFacts("Iron Test", "Iron", "Recruit", 3,
               success_effects=(EffectFacts("gold", 5),), failure_effects=(EffectFacts("doubt", 1),)),
    QuestFacts("Blood Rite", "Blood", "Recruit", 3, success_effects=(EffectFacts("xp", 10),)),
    QuestFacts("Bone Oath", "Bone", "Recruit", 3),
)  # fmt: skip
EXPLORE = (
    ExploreFacts(1, "Blood", "Flesh-Worn Path", "Discovery"),
    ExploreFacts(2, "Iron", "Rust Gate", "Hazard"),
    ExploreFacts(3, "Nature", "Moss Hollow", "Place"),
)
CATALOGUE = dataclasses.replace(
    standard_catalogue(QUESTS), exploration=EXPLORE, threats=(ThreatFacts("Wolf", 3, "Nature", "Minor", 6),)
)
RULES = GrimHandRules(CATALOGUE)
SEATS = (1, 2, 3, 4)
HOST = Actor(seat_id=1, role="host", seat_ids=SEATS)
ANN = Actor(seat_id=2, role="player", seat_ids=SEATS)
BO = Actor(seat_id=3, role="player", seat_ids=SEATS)
WATCHER = Actor(seat_id=4, role="spectator", seat_ids=SEATS)
# Affinity die faces (App. I): 1 Blood, 2 Bone, 3 Shadow, 4 Iron, 5 Nature, 6 Wild.
BLOOD, BONE, SHADOW, IRON, NATURE, WILD = 1, 2, 3, 4, 5, 6


def run(
    state: State, type_: str, actor: Actor = HOST, seed: int = 1, /, **payload: Any
) -> tuple[State, dict]:
    outcome = RULES.apply(state, type_, payload, actor, random.Random(seed))
    event = outcome.events[-1]
    if type_ in CAMPAIGN_HANDLERS or type_ == "quest.resolve":
        assert isinstance(event.payload.get("line"), str)  # worded for the log when it happened
    return outcome.state, {"type": event.type, "payload": event.payload}


def refused(state: State, type_: str, actor: Actor = HOST, /, **payload: Any) -> RuleViolation:
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as info:
        RULES.apply(state, type_, payload, actor, random.Random(3))
    assert state == before  # a refused command changes nothing
    return info.value


def create(state: State, actor: Actor, name: str, affinity: str, race: str = "Human") -> tuple[State, int]:
    state, event = run(state, "character.create", actor, name=name, race=race, affinity=affinity,
                       **{"class": "Warrior"})  # fmt: skip
    return state, int(event["payload"]["character_id"])


def char(state: State, cid: int) -> dict[str, Any]:
    found: dict[str, Any] = state["characters"][str(cid)]
    return found


def party() -> tuple[State, int, int, int]:
    """Host's Hal (Iron), Ann's Ada (Blood), Bo's Bea (Iron)."""
    state = RULES.initial_state()
    state, hal = create(state, HOST, "Hal", "Iron")
    state, ada = create(state, ANN, "Ada", "Blood")
    state, bea = create(state, BO, "Bea", "Iron")
    return state, hal, ada, bea


def exploring(levels: int = 2) -> tuple[State, int, int, int]:
    state, hal, ada, bea = party()
    state, _ = run(state, "campaign.start", levels=levels)
    state, _ = run(state, "level.start")
    state, _ = run(state, "initiative.roll", rolls={"1": 6, "2": 2, "3": 1})
    return state, hal, ada, bea


def play_card(state: State, name: str = "Rust Gate", dice: list[int] | None = None) -> State:
    state, _ = run(state, "explore.reveal", name=name)
    card = state["campaign"]["explore"][-1]
    state, _ = run(state, "explore.event_roll", dice=dice or [SHADOW] * card["rank"])
    state, _ = run(state, "explore.resolve")
    return state


# --- levels and the ante (§7.1) -------------------------------------------------
