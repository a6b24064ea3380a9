"""Undo and redo of Grimwood events: exact for any sequence of commands (architecture: undo compensates)."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import Actor, LoggedEvent, State
from rules.grimwood import SUPERNATURALS
from rules.grimwood.state import total
from rules.grimwood.tests.test_grimwood_support import ANN, BOB, CAT, DAN, NAMES, RULES, started
from rules.tests.harness import Command, Step, UndoGame, command, play, undo_and_redo_everything

ALL_SEATS = (ANN, BOB, CAT, DAN)
SEAT = st.sampled_from(ALL_SEATS)
ROLE = st.sampled_from(["player", "player", "player", "host", "spectator"])
NOTE = st.sampled_from(["card text", "", None])
SUPER = st.sampled_from([*SUPERNATURALS[:8], "Dragon", "Dragon"])
SETS = st.sampled_from(
    [
        ["Owl"] * 3,
        ["Crow"] * 3,
        ["Swamp", "Path", "Clearing"],
        ["Swamp"] * 3,
        ["Path"] * 3,
        ["Clearing"] * 3,
        ["Owl"] * 4,
        ["Swamp", "Swamp", "Path"],
        ["Rune"],
    ]
)
CARDS = st.one_of(SETS, st.lists(SUPER, min_size=1, max_size=6))
VIA = st.sampled_from(["turn", "action", "power", None])
ID = st.integers(1, 12)


ANY = st.one_of(
    command("game.start", {}, {"seat_ids": st.lists(SEAT, max_size=4), "start_seat_id": SEAT}),
    command("combo.place", {"cards": CARDS}, {"seat_id": SEAT}),
    command("combo.add", {"combo_id": ID, "card": SUPER}),
    command("combo.move", {"combo_id": ID}, {"to_seat_id": SEAT, "power": st.just("Sorceress")}),
    command("combo.swap", {"combo_id": ID, "other_combo_id": ID}),
    command("combo.discard", {"combo_id": ID}, {"power": st.just("Demon")}),
    command("combo.take", {"combo_id": ID, "card": SUPER}, {"to_seat_id": SEAT, "power": st.just("Bride")}),
    command("combo.adjust", {"combo_id": ID, "points": st.integers(-1, 20), "note": NOTE}),
    command("action.use", {}, {"kind": st.sampled_from(["play", "power", "rune", "nap"])}),
    command("turn.draw", {}, {"via": VIA, "count": st.integers(0, 3)}),
    command("turn.steal", {"victim_seat_id": SEAT}, {"via": VIA, "blocked_by_amulet": st.booleans()}),
    command("turn.end", {}, {"note": NOTE}),
    command("hand.set", {"count": st.integers(-1, 10)}, {"seat_id": SEAT}),
    command("actions.set", {"actions_left": st.integers(0, 4), "note": NOTE}),
    command("deck.set", {"remaining": st.integers(0, 4), "note": NOTE}),
    command("combo.place", {"cards": st.just(["Owl", "Owl", "Owl"]), "seat_id": st.just("1")}),
)


@st.composite
def likely(draw: st.DrawFn, state: State) -> Step:
    """A command likely valid in ``state``: the turn player's moves, existing combos, turn ends."""
    if not state["players"] or state["over"]:
        return draw(ANY), draw(SEAT), draw(ROLE)
    seats = [p["seat_id"] for p in state["players"]]
    turn = state["turn_seat_id"]
    seat = turn if draw(st.integers(0, 4)) else draw(st.sampled_from(seats))
    role = "player" if draw(st.integers(0, 5)) else draw(ROLE)
    combos = [c for p in state["players"] for c in p["combos"]]
    kind = draw(
        st.sampled_from(
            [
                *("place", "place", "place", "add", "draw", "draw", "steal", "action", "end", "end"),
                *("hand", "deck", "move", "swap", "discard", "take", "adjust"),
            ]
        )
    )
    if kind == "place":
        who = draw(st.sampled_from(seats))
        cards = draw(st.one_of(SETS, st.lists(st.sampled_from(SUPERNATURALS), min_size=1, max_size=3)))
        return ("combo.place", {"cards": cards, "seat_id": who}), who, role
    if kind == "draw":
        return ("turn.draw", {"via": draw(VIA)}), seat, role
    if kind == "steal":
        victim = draw(st.sampled_from(seats))
        steal = {"victim_seat_id": victim, "via": draw(VIA), "blocked_by_amulet": draw(st.booleans())}
        return ("turn.steal", steal), seat, role
    if kind == "action":
        return ("action.use", {"kind": draw(st.sampled_from(["play", "power", "rune"]))}), seat, role
    if kind == "end":
        return ("turn.end", {}), seat, role
    if kind == "hand":
        who = draw(st.sampled_from(seats))
        return ("hand.set", {"count": draw(st.integers(0, 9)), "seat_id": who}), who, role
    if kind == "deck":
        if state["last_round"] is not None:  # play the last round out rather than call it off
            return ("turn.end", {}), seat, role
        return ("deck.set", {"remaining": draw(st.integers(0, 3)), "note": "recount"}), seat, role
    if not combos:
        return draw(ANY), seat, role
    command, by_owner = draw(power(state, kind, combos))
    return command, by_owner or seat, role


@st.composite
def power(
    draw: st.DrawFn, state: State, kind: str, combos: list[dict[str, Any]]
) -> tuple[Command, int | None]:
    """A power on a combo on the table (or a card added to it, its points by hand); the combo's owner
    when the command is theirs to send."""
    seats = [p["seat_id"] for p in state["players"]]
    combo = draw(st.sampled_from(combos))
    owner = next(p["seat_id"] for p in state["players"] if combo in p["combos"])
    if kind == "add":
        return ("combo.add", {"combo_id": combo["id"], "card": draw(SUPER)}), owner
    if kind == "move":
        return ("combo.move", {"combo_id": combo["id"], "to_seat_id": draw(st.sampled_from(seats))}), None
    if kind == "swap":
        others = [c for p in state["players"] if p["seat_id"] != owner for c in p["combos"]]
        other = draw(st.sampled_from(others or combos))
        return ("combo.swap", {"combo_id": combo["id"], "other_combo_id": other["id"]}), None
    if kind == "discard":
        return ("combo.discard", {"combo_id": combo["id"]}), None
    if kind == "take":
        return ("combo.take", {"combo_id": combo["id"], "card": draw(st.sampled_from(combo["cards"]))}), None
    payload = {"combo_id": combo["id"], "points": draw(st.integers(0, 20)), "note": "printed"}
    return ("combo.adjust", payload), owner


def check_invariants(state: State) -> None:
    assert state["actions_left"] >= 0 and 0 <= state["deck"]["remaining"] <= state["deck"]["total"]
    assert state["over"] == (state["turn_seat_id"] is None and bool(state["players"]))
    assert bool(state["winner_seat_ids"]) == state["over"]
    ids = [c["id"] for p in state["players"] for c in p["combos"]]
    assert len(ids) == len(set(ids)) and all(i < state["next_id"] for i in ids)
    cards = [card for p in state["players"] for c in p["combos"] for card in c["cards"]]
    for name in SUPERNATURALS:
        assert cards.count(name) <= 1
    for player in state["players"]:
        assert player["hand"] >= 0
        assert player["score"] == total(player)  # never accumulated: always the combos held now
        for combo in player["combos"]:
            assert 1 <= len(combo["cards"]) <= 5 and combo["frozen"] == ("Dragon" in combo["cards"])
    if state["last_round"] is not None:
        assert 0 <= state["last_round"]["remaining_turns"] < len(state["players"])


GAME = UndoGame(
    RULES, NAMES, st.tuples(ANY, SEAT, ROLE), likely, check_invariants, likely_odds=5, most_steps=80
)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_undoing_every_accepted_event_newest_first_restores_the_initial_state(data: st.DataObject) -> None:
    """Two to four players start, then a drawn mix of likely-valid and arbitrary commands; every line
    names the numbers its command moved (issue #31)."""
    seats = ALL_SEATS[: data.draw(st.integers(2, 4), label="players")]
    initial = RULES.initial_state({})
    opening: list[Step] = [(("game.start", {}), data.draw(st.sampled_from(seats)), "player")]
    final, log = play(GAME, data, initial, seats, opening=opening)
    undo_and_redo_everything(GAME, initial, final, log, seats)


def test_a_whole_game_undone_and_redone() -> None:
    """A game with combos moving, a hand over the limit and the last round, undone to the start and redone."""
    t = started(ANN, BOB, CAT)
    initial = RULES.initial_state({})
    owls = t.place(ANN, "Owl", "Owl", "Owl")
    dragon = t.place(BOB, "Dragon", "Elf")
    t.do("combo.move", {"combo_id": owls, "to_seat_id": CAT}, seat=ANN)
    t.hand(ANN, 2)
    t.do("combo.add", {"combo_id": t.place(ANN, "Troll"), "card": "Mage"}, seat=ANN)
    t.hand(ANN, 7)
    t.do("turn.draw", {"via": "power", "count": 2})
    t.do("deck.set", {"remaining": 1, "note": "recount"})
    t.do("turn.draw", {})
    assert t.state["last_round"] == {"started_by": ANN, "remaining_turns": 2}
    t.do("turn.steal", {"victim_seat_id": ANN})
    t.do("turn.end", {})
    final = copy.deepcopy(t.state)
    assert final["over"] and final["winner_seat_ids"] == [CAT]
    assert t.combo(dragon)["frozen"]
    state = final
    host = Actor(ANN, "host", False, t.seats)
    undos = []
    for event in reversed(t.log):
        outcome = RULES.invert(state, event, host)
        state = outcome.state
        undos.append(LoggedEvent(0, ANN, outcome.events[0].type, outcome.events[0].payload))
    assert state == initial
    for undone in reversed(undos):
        state = RULES.invert(state, undone, host).state
    assert state == final
