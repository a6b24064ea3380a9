"""Undo and redo of GRIM events: exact for any sequence of commands (architecture: undo compensates)."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import Actor, LoggedEvent, State
from rules.grim import ELEMENTS, STATUSES
from rules.grim.tests.test_grim_support import ANN, BOB, NAMES, RULES, SEATS, duel
from rules.tests.harness import Step, UndoGame, command, play, undo_and_redo_everything

SEAT = st.sampled_from([ANN, BOB])
GRIM = st.integers(1, 7)
ELEMENT = st.sampled_from([*ELEMENTS, "Ice", "fire"])
STATUS = st.sampled_from([*STATUSES, None, "Sleep"])
NOTE = st.sampled_from(["card text", "", None])


COMMANDS = st.one_of(
    command("grim.favor", {}, {"seat_id": SEAT}),
    command(
        "grim.enter",
        {
            "name": st.sampled_from(["Roar", "Shade", "  ", "Twitch"]),
            "element": ELEMENT,
            "health": st.integers(0, 25),
            "speed": st.integers(0, 15),
        },
        {"seat_id": SEAT, "attached": ELEMENT, "spirits": st.integers(0, 4), "attacks": st.just([3, 8])},
    ),
    command(
        "grim.enter",
        {"name": st.just("Roar"), "element": ELEMENT, "health": st.just(20), "speed": st.integers(0, 15)},
    ),
    command(
        "grim.attach",
        {"grim_id": GRIM, "element": st.one_of(ELEMENT, st.none())},
        {"reaction": st.booleans()},
    ),
    command("grim.spirit", {"grim_id": GRIM}),
    command("grim.spirit_bonus", {"grim_id": GRIM, "element": ELEMENT}),
    command(
        "grim.status",
        {"grim_id": GRIM, "status": STATUS},
        {"reaction": st.booleans(), "card_allows": st.booleans()},
    ),
    command(
        "grim.attack",
        {"grim_id": GRIM, "target_id": GRIM, "damage": st.integers(0, 14), "element": ELEMENT},
        {
            "strong": st.booleans(),
            "weak": st.booleans(),
            "flat": st.integers(-6, 6),
            "second_target_id": GRIM,
            "card_allows": st.booleans(),
            "note": NOTE,
        },
    ),
    command(
        "grim.heal",
        {"grim_id": GRIM},
        {"stamina": st.integers(0, 8), "bonds": st.integers(0, 3), "card_allows": st.booleans()},
    ),
    command(
        "grim.swap",
        {
            "grim_id": GRIM,
            "name": st.just("Imp"),
            "element": ELEMENT,
            "health": st.integers(0, 20),
            "speed": st.integers(0, 15),
        },
        {"stamina": st.integers(0, 8), "bonds": st.integers(0, 3), "card_allows": st.booleans()},
    ),
    command("grim.react", {}, {"seat_id": SEAT}),
    command("grim.afterworld", {"element": ELEMENT}, {"revive": st.booleans()}),
    command(
        "grim.adjust",
        {
            "grim_id": GRIM,
            "field": st.sampled_from(["health", "stamina", "speed", "spirits", "luck"]),
            "by": st.integers(-25, 25),
            "note": NOTE,
        },
    ),
    command(
        "player.adjust",
        {"field": st.sampled_from(["banished", "knockouts"]), "by": st.integers(-3, 3), "note": NOTE},
        {"seat_id": SEAT},
    ),
    command("turn.next", {}),
    command("turn.next", {}),
    command("round.end", {}),
    command("turn.order", {"grim_ids": st.lists(GRIM, max_size=4)}),
    command("grim.attack", {"bogus": st.just(1)}),
)
ROLE = st.sampled_from(["host", "host", "host", "player", "player", "spectator"])
SETUP: list[Step] = [
    (("grim.favor", {"seat_id": BOB}), BOB, "player"),
    (("grim.enter", {"name": "Roar", "element": "Fire", "health": 20, "speed": 14}), ANN, "player"),
    (("grim.enter", {"name": "Cloud", "element": "Wind", "health": 12, "speed": 8}), ANN, "player"),
    (("grim.enter", {"name": "Twitch", "element": "Electric", "health": 16, "speed": 9}), BOB, "player"),
    (("grim.enter", {"name": "Shade", "element": "Dark", "health": 10, "speed": 8}), BOB, "player"),
]


def elements_of(grim: dict[str, Any]) -> list[str]:
    return [grim["element"]] + ([grim["attached"]] if grim["attached"] else [])


@st.composite
def attack(draw: st.DrawFn, grims: list[dict[str, Any]], grim: dict[str, Any]) -> dict[str, Any]:
    """An Attack by ``grim`` likely to be valid: mostly at an enemy, with an Element it has."""
    enemies = [g for g in grims if g["seat_id"] != grim["seat_id"]]
    target = draw(st.sampled_from(enemies if enemies and draw(st.integers(0, 4)) > 0 else grims))
    payload = {
        "grim_id": grim["id"],
        "target_id": target["id"],
        "damage": draw(st.integers(0, min(14, 2 * grim["stamina"]))),
        "element": draw(st.sampled_from(elements_of(grim))),
    }
    if draw(st.booleans()):
        payload["flat"] = draw(st.integers(-4, 8))
    if draw(st.integers(0, 5)) == 0:
        payload[draw(st.sampled_from(["strong", "weak"]))] = True
    if draw(st.integers(0, 4)) == 0:
        payload["card_allows"] = True
    if len(enemies) == 2 and draw(st.integers(0, 4)) == 0:
        payload["target_id"], payload["second_target_id"] = enemies[0]["id"], enemies[1]["id"]
    return payload


@st.composite
def likely(draw: st.DrawFn, state: State) -> Step:
    """A command that is likely valid in ``state`` (the Grim in play, their Elements, their owners)."""
    grims = [g for g in state["grims"] if g["in_play"]]
    role = draw(ROLE)
    payload: dict[str, Any]
    if not grims:
        return draw(COMMANDS), draw(SEAT), role
    grim = draw(st.sampled_from(grims))
    acting = [g for g in grims if g["id"] == state["acting"]]
    if acting and draw(st.integers(0, 3)) > 0:
        grim = acting[0]  # the Turn's rules make most Actions the acting Grim's
    seat = grim["seat_id"] if draw(st.booleans()) else draw(SEAT)
    kind = draw(
        st.sampled_from(
            ["attack", "attack", "attack", "status", "spirit", "heal", "swap", "adjust", "next", "next"]
        )
    )
    if kind == "swap":
        payload = {"grim_id": grim["id"], "name": "Imp", "element": "Fire", "health": 9, "speed": 4}
        payload["stamina"] = draw(st.integers(0, grim["stamina"]))
        payload["card_allows"] = draw(st.booleans())
        return ("grim.swap", payload), seat, role
    if kind == "attack":
        return ("grim.attack", draw(attack(grims, grim))), seat, role
    if kind == "status":
        payload = {"grim_id": grim["id"], "status": draw(STATUS), "reaction": draw(st.booleans())}
        return ("grim.status", payload), seat, role
    if kind == "spirit":
        if grim["spirit_bonus_due"]:
            element = draw(st.sampled_from(elements_of(grim)))
            return ("grim.spirit_bonus", {"grim_id": grim["id"], "element": element}), seat, role
        return ("grim.spirit", {"grim_id": grim["id"]}), seat, role
    if kind == "heal":
        payload = {"grim_id": grim["id"], "stamina": draw(st.integers(0, grim["stamina"]))}
        payload["bonds"] = draw(st.integers(0, grim["spirits"] + (1 if grim["attached"] else 0)))
        if draw(st.integers(0, 3)) == 0:
            payload["card_allows"] = True
        return ("grim.heal", payload), seat, role
    if kind == "adjust":
        field = draw(st.sampled_from(["health", "stamina", "speed", "spirits"]))
        return (
            (
                "grim.adjust",
                {"grim_id": grim["id"], "field": field, "by": draw(st.integers(-20, 6)), "note": "n"},
            ),
            seat,
            role,
        )
    return ("turn.next", {}), seat, role


def check_invariants(state: State) -> None:
    for seat in {g["seat_id"] for g in state["grims"]}:
        assert sum(1 for g in state["grims"] if g["in_play"] and g["seat_id"] == seat) <= 2
    for grim in state["grims"]:
        assert grim["stamina"] >= 0 and grim["health"] >= 0 and 0 <= grim["spirits"] <= 3
        assert grim["in_play"] or grim["id"] not in [
            i for i in state["turn_order"] if i not in state["acted"]
        ]
    assert len(state["turn_order"]) == len(set(state["turn_order"]))
    assert len(state["players"]) <= 2
    assert sum(1 for p in state["players"] if p["favor"]) <= 1
    for player in state["players"]:
        assert player["banished"] >= 0


GAME = UndoGame(
    RULES, NAMES, st.tuples(COMMANDS, SEAT, ROLE), likely, check_invariants, likely_odds=3, most_steps=40
)


@settings(max_examples=120, deadline=None)
@given(st.data(), st.sampled_from(["standard", "coven"]))
def test_undoing_every_accepted_event_newest_first_restores_the_initial_state(
    data: st.DataObject, fmt: str
) -> None:
    """Set up a duel, then a drawn mix of likely-valid and arbitrary commands (``rules.tests.harness``)."""
    initial = RULES.initial_state({"format": fmt})
    final, log = play(GAME, data, initial, SEATS, opening=SETUP)
    undo_and_redo_everything(GAME, initial, final, log, SEATS)


def test_undo_of_an_attack_restores_health_stamina_and_statuses() -> None:
    t, g = duel()
    t.do("grim.status", {"grim_id": g["roar"], "status": "Grapple"}, seat=BOB)
    t.do("grim.status", {"grim_id": g["shade"], "status": "Blight"})
    t.set_grim(g["shade"], health=9)
    t.acting(g["roar"])
    before = copy.deepcopy(t.state)
    t.do("grim.attack", {"grim_id": g["roar"], "target_id": g["shade"], "damage": 6, "element": "Fire"})
    after = copy.deepcopy(t.state)
    assert not t.grim(g["shade"])["in_play"] and t.player(BOB)["banished"] == 3
    assert t.grim(g["cloud"])["health"] == 18 - 6  # Grapple: half of 12 to the Ally
    undone = RULES.invert(t.state, t.log[-1], Actor(ANN, "player", False, SEATS))
    assert undone.state == before
    shade = next(x for x in undone.state["grims"] if x["id"] == g["shade"])
    roar = next(x for x in undone.state["grims"] if x["id"] == g["roar"])
    assert (shade["health"], shade["status"], shade["in_play"]) == (9, "Blight", True)
    assert (roar["stamina"], roar["status"]) == (5, "Grapple")
    (reverted,) = undone.events
    redo = RULES.invert(
        undone.state, LoggedEvent(99, ANN, reverted.type, reverted.payload), Actor(ANN, "host")
    )
    assert redo.state == after


def test_undo_of_a_loss_reopens_the_match() -> None:
    t, g = duel("coven")
    t.do("player.adjust", {"seat_id": BOB, "field": "banished", "by": -2, "note": "x"}, seat=BOB)
    t.set_grim(g["roar"], stamina=30)
    t.acting(g["roar"])
    t.do("grim.attack", {"grim_id": g["roar"], "target_id": g["shade"], "damage": 30, "element": "Fire"})
    assert t.state["winner_seat_id"] == ANN and RULES.results(t.state)
    state = RULES.invert(t.state, t.log[-1], Actor(ANN, "host")).state
    assert state["winner_seat_id"] is None and RULES.results(state) == []
