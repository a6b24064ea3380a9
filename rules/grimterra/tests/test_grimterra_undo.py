"""Undo and redo of Grimterra events: exact for any sequence of commands (architecture: undo compensates)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import Actor, State
from rules.grimterra.tests.test_grimterra_support import ANN, BOB, NAMES, RULES, SEATS, fighting
from rules.tests.harness import Command, Step, UndoGame, command, play, undo_and_redo_everything

SEAT = st.sampled_from([ANN, BOB])
ROLE = st.sampled_from(["player", "player", "player", "host", "spectator"])
HERO = st.integers(1, 9)
FATE = st.sampled_from(["Agilitas", "Fortutidas", "Intellectus", "Tenebris", "red", "Fire"])
KIND = st.sampled_from(["spell", "equipment", "power", "attack", "defense", "trap"])
NOTE = st.sampled_from(["card text", "", None])


ANY = st.one_of(
    command("game.start", {}, {"seat_id": SEAT}),
    command(
        "hero.add",
        {
            "name": st.sampled_from(["Imp", " ", "Gnash"]),
            "fates": st.lists(FATE, min_size=1, max_size=2),
            "health": st.integers(0, 6),
            "empowered_health": st.integers(1, 9),
        },
        {"seat_id": SEAT, "minion": st.booleans(), "position": st.sampled_from(["arena", "backrow"])},
    ),
    command(
        "hero.position", {"hero_id": HERO, "position": st.sampled_from(["arena", "backrow"])}, {"note": NOTE}
    ),
    command(
        "hero.skill",
        {
            "hero_id": HERO,
            "side": st.sampled_from(["normal", "empowered"]),
            "fate": FATE,
            "level": st.integers(0, 6),
        },
    ),
    command("hero.wound", {"hero_id": HERO, "amount": st.integers(0, 12)}),
    command("hero.heal", {"hero_id": HERO, "amount": st.integers(0, 4)}),
    command("hero.dark", {"hero_id": HERO, "by": st.integers(0, 4)}),
    command("hero.move_dark", {"from_id": HERO, "to_id": HERO, "count": st.integers(0, 4)}),
    command(
        "hero.adjust",
        {
            "hero_id": HERO,
            "field": st.sampled_from(["health", "empowered_health", "wounds", "dark", "side", "speed"]),
            "value": st.one_of(st.integers(0, 12), st.sampled_from(["normal", "empowered", "dead"])),
            "note": NOTE,
        },
    ),
    command(
        "card.use",
        {"hero_id": HERO, "kind": KIND, "fate": FATE, "requirement": st.integers(0, 6)},
        {"passive": st.booleans(), "name": st.just("Pounce")},
    ),
    command("card.bluff", {}, {"seat_id": SEAT}),
    command("card.illegal", {}, {"seat_id": SEAT, "card": st.just("Mind Spike")}),
    command("card.draw", {"count": st.integers(0, 3)}, {"seat_id": SEAT}),
    command("card.discard", {"count": st.integers(0, 6)}, {"seat_id": SEAT}),
    command("combat.start", {"attacker_id": HERO, "target_id": HERO}),
    command("combat.round_end", {}),
    command("combat.end", {"note": NOTE}),
    command("turn.next", {}),
    command("player.deck", {"cards": st.one_of(st.none(), st.integers(0, 8))}, {"seat_id": SEAT}),
    command(
        "player.adjust",
        {
            "field": st.sampled_from(["deck", "hand", "discard", "spell", "power", "luck"]),
            "value": st.one_of(st.integers(0, 7), st.booleans(), st.none()),
            "note": NOTE,
        },
        {"seat_id": SEAT},
    ),
    command("hero.wound", {"hero_id": st.just("1"), "amount": st.just(1)}),
)


@st.composite
def darkening(draw: st.DrawFn, state: State, hero: dict[str, Any]) -> Command:
    """Dark counters for ``hero``: added, or moved onto it from a hero that has some."""
    sources = [h for h in state["heroes"] if h["dark"] > 0 and h["id"] != hero["id"]]
    if draw(st.booleans()) or not sources:
        return "hero.dark", {"hero_id": hero["id"], "by": draw(st.integers(1, 3 if sources else 5))}
    source = draw(st.sampled_from(sources))
    count = draw(st.integers(1, source["dark"]))
    return "hero.move_dark", {"from_id": source["id"], "to_id": hero["id"], "count": count}


@st.composite
def card_use(draw: st.DrawFn, state: State, hero: dict[str, Any]) -> tuple[Command, int]:
    """A card played, and its player's seat: in combat by a fighter (or a bluff, an illegal card),
    else a Spell, Equipment or Power of ``hero``'s."""
    combat = state["turn"]["combat"]
    if combat is not None:
        fighter = draw(st.sampled_from([combat["attacker"], combat["target"]]))
        hero = next(h for h in state["heroes"] if h["id"] == fighter)
        if draw(st.integers(0, 4)) == 0:
            return (draw(st.sampled_from(["card.bluff", "card.illegal"])), {}), hero["seat_id"]
        card_kind = draw(st.sampled_from(["attack", "defense"]))
    else:
        card_kind = draw(st.sampled_from(["spell", "equipment", "power"]))
    payload: dict[str, Any] = {
        "hero_id": hero["id"],
        "kind": card_kind,
        "fate": draw(st.sampled_from(hero["fates"])),
        "requirement": draw(st.integers(0, 3)),
    }
    return ("card.use", payload), hero["seat_id"]


@st.composite
def likely(draw: st.DrawFn, state: State) -> Step:
    """A command that is likely valid in ``state``: the turn's player, living heroes, their own Fates."""
    turn = state["turn"]
    living = [h for h in state["heroes"] if h["side"] != "dead"]
    if turn["seat_id"] is None or not living:
        return draw(ANY), draw(SEAT), draw(ROLE)
    mover = turn["seat_id"]
    role = "player" if draw(st.integers(0, 5)) else draw(ROLE)
    hero = draw(st.sampled_from(living))
    combat = turn["combat"]
    kind = draw(
        st.sampled_from(
            ["next", "next", "next", "wound", "wound", "dark", "card", "card", "fight", "round", "misc"]
        )
    )
    if kind == "next":
        if combat is not None:
            return ("combat.round_end", {}), mover, role
        return ("turn.next", {}), mover, role
    if kind == "wound":
        amount = draw(st.integers(1, 9))
        return ("hero.wound", {"hero_id": hero["id"], "amount": amount}), draw(SEAT), role
    if kind == "dark":
        return draw(darkening(state, hero)), draw(SEAT), role
    if kind == "card":
        (command, seat) = draw(card_use(state, hero))
        return command, seat, role
    if kind == "fight":
        arena = [h for h in living if h["position"] == "arena"]
        mine = [h for h in arena if h["seat_id"] == mover]
        theirs = [h for h in arena if h["seat_id"] != mover]
        if mine and theirs:
            payload = {
                "attacker_id": draw(st.sampled_from(mine))["id"],
                "target_id": draw(st.sampled_from(theirs))["id"],
            }
            return ("combat.start", payload), mover, role
        return (
            ("hero.position", {"hero_id": hero["id"], "position": "arena", "note": "n"}),
            hero["seat_id"],
            role,
        )
    if kind == "round":
        if combat is not None and draw(st.integers(0, 3)) == 0:
            return ("combat.end", {"note": "Smoke"}), mover, role
        return ("combat.round_end", {}), mover, role
    return draw(ANY), draw(SEAT), draw(ROLE)


def check_invariants(state: State) -> None:
    combat = state["turn"]["combat"]
    for hero in state["heroes"]:
        assert hero["wounds"] >= 0 and hero["dark"] >= 0
        if hero["side"] != "dead":
            assert hero["dark"] < 6
            if hero["side"] == "empowered":
                assert hero["wounds"] < hero["empowered_health"]
            elif combat is None:
                assert hero["wounds"] < hero["health"] and not hero["flip_pending"]
            else:
                assert hero["flip_pending"] == (hero["wounds"] >= hero["health"])
        if hero["minion"] and hero["side"] != "dead":
            assert hero["position"] == "arena"
    for player in state["players"]:
        assert player["hand"] >= 0 and player["discard"] >= 0
        assert player["deck"] is None or player["deck"] >= 0
        seat = player["seat_id"]
        assert len([h for h in state["heroes"] if h["seat_id"] == seat and not h["minion"]]) <= 3
        arena = [
            h
            for h in state["heroes"]
            if h["seat_id"] == seat and not h["minion"] and h["side"] != "dead" and h["position"] == "arena"
        ]
        assert len(arena) <= 1
    if state["over"]:
        assert (state["winner_seat_id"] is None) == bool(state["tied_seat_ids"])
    assert state["turn"]["phase"] in ("draw", "pre", "combat", "post", "discard")


GAME = UndoGame(
    RULES, NAMES, st.tuples(ANY, SEAT, ROLE), likely, check_invariants, likely_odds=4, most_steps=45
)


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_undoing_every_accepted_event_newest_first_restores_the_initial_state(data: st.DataObject) -> None:
    """From an empty table: Ann's Vex against Bob's Kel, then a drawn mix of commands."""
    overkill = data.draw(st.sampled_from(["cleared", "carry"]), label="overkill")
    initial = RULES.initial_state({"overkill": overkill})
    t, _ = fighting(deck=data.draw(st.sampled_from([None, 7, 12]), label="deck"), overkill=overkill)
    final, log = play(GAME, data, initial, SEATS, table=t)
    undo_and_redo_everything(GAME, initial, final, log, SEATS)


def test_undo_of_a_win_reopens_the_game() -> None:
    t, ids = fighting()
    for hero in t.state["heroes"]:
        if hero["seat_id"] == BOB and hero["id"] != ids["kel"]:
            hero["side"] = "dead"
    t.set_hero(ids["kel"], side="empowered", wounds=10)
    t.do("hero.wound", {"hero_id": ids["kel"], "amount": 1})
    before = t.state
    t.do("combat.round_end", {})
    assert t.state["winner_seat_id"] == ANN and RULES.results(t.state)
    state = RULES.invert(t.state, t.log[-1], Actor(ANN, "host")).state
    assert state == before and not state["over"] and RULES.results(state) == []
    assert next(p for p in state["players"] if p["seat_id"] == BOB)["lost"] is False


def test_undo_lines_name_the_numbers_in_the_games_words() -> None:
    """An undo's line adds the numbers it moved (the log tells the truth), named as players say them."""
    t, ids = fighting()
    label = RULES.number_label
    assert label(["heroes", {"id": ids["vex"]}, "dark"], t.state, NAMES) == "Vex's dark counters"
    assert label(["heroes", {"id": ids["kel"]}, "wounds"], t.state, NAMES) == "Kel's wounds"
    assert label(["players", 0, "discard"], t.state, NAMES) == "Ann's discard pile"
    assert label(["players", 1, "hand"], t.state, NAMES) == "Bob's hand"
    assert label(["turn", "combat", "round"], t.state, NAMES) == "Combat round"
    assert label(["heroes", {"id": ids["vex"]}, "skills", "normal", "Fortutidas"], t.state, NAMES) == (
        "Vex's Fortutidas"
    )
    assert label(["turn", "number"], t.state, NAMES) == "Turn"
