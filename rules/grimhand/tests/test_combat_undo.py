"""Undo and redo of a Grim Hand combat: exact for any sequence of combat commands (architecture: undo).

From a started fight (two players, two ogres) a drawn mix of deals, swaps,
flops shown (issue #33 item 7), streets, corrections, retreats and new
rounds, by any seat in any role: each refusal leaves the snapshot as it
was; then every accepted event is undone newest first, each to the snapshot
before its command (its redo giving back the one before the undo), to the
start, and redone to the end.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from rules.engine import Actor, LoggedEvent, State
from rules.errors import RuleViolation
from rules.grimhand.cards import DECK
from rules.grimhand.table.combat_state import seen_cards
from rules.grimhand.tests.test_grimhand_combat_table import HOST, RULES, SEATS, party_of_two, run

Step = tuple[tuple[str, dict[str, Any]], int, str]
POOL = ["2BL", "3SH", "7BO", "9NA", "2SH", "3BL", "10SH", "10BO", "4BO", "5BO", "7IR", "1NA", "5IR", "8NA"]
CARD = st.sampled_from(POOL)
SIDE = st.sampled_from(["C1", "C2", "T1", "T2", "C9"])
ROLE = st.sampled_from(["host", "player", "player", "spectator"])
SEAT = st.sampled_from(SEATS)
COMMAND = st.one_of(
    st.tuples(
        st.just("combat.deal"),
        st.fixed_dictionaries(
            {"side_id": SIDE, "active": st.lists(CARD, min_size=2, max_size=2)},
            optional={"inactive": st.lists(CARD, min_size=2, max_size=2)},
        ),
    ),
    st.tuples(
        st.just("combat.swap"), st.fixed_dictionaries({"side_id": SIDE, "inactive": CARD, "active": CARD})
    ),
    st.tuples(
        st.just("combat.show_flop"), st.fixed_dictionaries({"cards": st.lists(CARD, min_size=3, max_size=3)})
    ),
    st.tuples(
        st.just("combat.street"),
        st.fixed_dictionaries({}, optional={"cards": st.lists(CARD, min_size=1, max_size=3)}),
    ),
    st.tuples(
        st.just("combat.adjust"),
        st.fixed_dictionaries(
            {
                "side_id": SIDE,
                "field": st.sampled_from(["le", "attack"]),
                "by": st.integers(-3, 3),
                "note": st.just("card"),
            }
        ),
    ),
    st.tuples(st.just("combat.retreat"), st.fixed_dictionaries({"side_id": SIDE})),
    st.tuples(st.just("combat.next_round"), st.just({})),
)


def started() -> State:
    state, _ann, _bo = party_of_two()
    ogres = [{"rank": 9, "affinity": "Shadow", "le": 60}, {"rank": 8, "affinity": "Bone", "le": 60}]
    state, _ = run(state, "combat.start", threats=ogres)
    return state


START = started()


def unseen(state: State, n: int, draw: st.DrawFn) -> list[str]:
    """``n`` cards not yet on the table this round."""
    seen = seen_cards(state["combat"])
    return draw(
        st.lists(
            st.sampled_from([c.code for c in DECK if c.code not in seen]), min_size=n, max_size=n, unique=True
        )
    )


@st.composite
def likely(draw: st.DrawFn, state: State) -> Step:
    """A combat command likely valid in ``state``: the next deal, a swap, the flop, the next street."""
    combat = state.get("combat")
    if not combat:
        return draw(st.tuples(COMMAND, SEAT, ROLE))
    fighting = [s for s in combat["sides"] if s["status"] in ("fighting", "active")]
    waiting = [s for s in fighting if not s["active"]]
    if waiting and combat["street"] in ("deal", "flop", "turn"):
        s = waiting[0]
        payload: dict[str, Any] = {"side_id": s["id"], "active": unseen(state, 2, draw)}
        if s["kind"] == "player":
            payload["inactive"] = unseen(state, 2, draw) if draw(st.booleans()) else []
            return ("combat.deal", payload), int(s["seat_id"]), "player"
        return ("combat.deal", payload), HOST.seat_id, "host"
    players = [s for s in fighting if s["kind"] == "player"]
    kind = draw(st.sampled_from(["swap", "swap", "flop", "street", "street", "adjust", "retreat", "round"]))
    if kind == "swap" and any(s["inactive"] for s in players):
        s = draw(st.sampled_from([s for s in players if s["inactive"]]))
        payload = {
            "side_id": s["id"],
            "inactive": draw(st.sampled_from(s["inactive"])),
            "active": draw(st.sampled_from(s["active"])),
        }
        return ("combat.swap", payload), int(s["seat_id"]), "player"
    if kind == "flop":
        return ("combat.show_flop", {"cards": unseen(state, 3, draw)}), HOST.seat_id, "host"
    if kind == "street":
        count = {"deal": 3, "flop": 1, "turn": 1}.get(combat["street"], 1)
        payload = {} if combat.get("shown") else {"cards": unseen(state, count, draw)}
        return ("combat.street", payload), HOST.seat_id, "host"
    side = draw(st.sampled_from(fighting)) if fighting else {"id": "T1"}
    if kind == "adjust":
        payload = {
            "side_id": side["id"],
            "field": draw(st.sampled_from(["le", "attack"])),
            "by": draw(st.integers(-3, 3)),
            "note": "card",
        }
        return ("combat.adjust", payload), HOST.seat_id, "host"
    if kind == "retreat":
        return ("combat.retreat", {"side_id": side["id"]}), int(side.get("seat_id") or HOST.seat_id), "player"
    return ("combat.next_round", {}), HOST.seat_id, "host"


def undo(state: State, event: LoggedEvent) -> tuple[State, LoggedEvent]:
    outcome = RULES.invert(state, event, HOST)
    (reverted,) = outcome.events
    payload: dict[str, Any] = json.loads(json.dumps(reverted.payload))
    return outcome.state, LoggedEvent(event.seq + 1000, HOST.seat_id, reverted.type, payload)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_combat_undoes_to_its_start_and_redoes_to_its_end(data: st.DataObject) -> None:
    state = copy.deepcopy(START)
    log: list[LoggedEvent] = []
    snapshots: list[State] = []  # before each accepted command (one event each)
    for _ in range(data.draw(st.integers(0, 40), label="steps")):
        arbitrary = not data.draw(st.integers(0, 4), label="kind")
        (name, payload), seat, role = data.draw(
            st.tuples(COMMAND, SEAT, ROLE) if arbitrary else likely(state)
        )
        before = copy.deepcopy(state)
        try:
            outcome = RULES.apply(state, name, payload, Actor(seat, role, False, SEATS), random.Random(0))
        except RuleViolation as refusal:
            assert state == before and refusal.code, refusal.code  # a refusal changes nothing
            continue
        snapshots.append(before)
        state = outcome.state
        for new in outcome.events:
            event(new.type)
            log.append(LoggedEvent(len(log) + 1, seat, new.type, json.loads(json.dumps(new.payload))))
    final = state
    undos = []
    for logged, snapshot in zip(reversed(log), reversed(snapshots), strict=True):
        before = state
        state, undone = undo(state, logged)
        assert state == snapshot, logged.type  # exactly as before the command
        assert RULES.invert(state, undone, HOST).state == before  # its redo
        undos.append(undone)
    assert state == START
    for undone in reversed(undos):
        state = RULES.invert(state, undone, HOST).state
    assert state == final
