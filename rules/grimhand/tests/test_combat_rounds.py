"""Combat across rounds: the active limit, queue entry at a new round, kills rewarded per street (issue #10).

Expected XP values are typed sums from §11 and the spec's Decisions, never
computed by ``combat_rewards``.
"""

from __future__ import annotations

from rules.grimhand.cards import Affinity, parse_cards
from rules.grimhand.combat.lineup import Threat, line_up
from rules.grimhand.combat.rewards import combat_rewards
from rules.grimhand.combat.round import PlayerSide, deal_entering, next_round, resolve_street, start_round
from rules.grimhand.combat.scoring import Street

A = Affinity
WOLF = Threat("Rabid Wolf", 2, A.NATURE, 4)
GRUNT = Threat("Iron Grunt", 4, A.IRON, 40)
BAT = Threat("Bone Bat", 1, A.BONE, 3)
SHADE = Threat("Shade", 3, A.SHADOW, 3)


def _players(n: int) -> list[PlayerSide]:
    return [PlayerSide(f"p{i}", A.BLOOD, base_attack=4, le=30) for i in range(n)]


def test_start_round_keeps_the_lineups_active_limit() -> None:
    lineup = line_up([WOLF, GRUNT, BAT], party_size=3, active_limit=1)
    state = start_round(_players(3), lineup, {})
    assert state.active_limit == 1
    assert [e.key for e in state.entities] == ["T1"]
    assert [m.key for m in state.queue] == ["T2", "T3"]


def test_a_custom_active_limit_holds_across_rounds() -> None:
    """Limit 1 with a party of 2: one threat at a time, in round 2 as well."""
    players = [
        PlayerSide("p0", A.BLOOD, 4, 30, parse_cards("2BO 5SH")),
        PlayerSide("p1", A.BLOOD, 4, 30, parse_cards("2IR 6SH")),
    ]
    lineup = line_up([GRUNT, BAT, SHADE], party_size=2, active_limit=1)
    state = start_round(players, lineup, {"T1": parse_cards("1BO 3NA")})
    flop = parse_cards("8BO 9IR 10SH")
    for street, community in ((Street.FLOP, flop), (Street.TURN, [*flop, *parse_cards("4NA")])):
        state, _ = resolve_street(state, street, community)
    state, _ = resolve_street(state, Street.RIVER, [*flop, *parse_cards("4NA 7IR")])
    assert len(state.entities) == 1 and state.active_limit == 1
    state = next_round(state, {"p0": parse_cards("2NA 3NA"), "p1": parse_cards("4SH 5BO")}, {"T1": []})
    assert state.round == 2
    assert len(state.entities) == 1
    assert [m.key for m in state.queue] == ["T2", "T3"]


def test_a_slot_opened_on_the_river_fills_at_the_next_round_without_bonus() -> None:
    """High cards only: the player hits 10 against 2 on each street, 8 a street; LE 20 falls on the river."""
    sturdy = Threat("Bone Hulk", 1, A.BONE, 20)
    players = [PlayerSide("p0", A.BLOOD, 10, 30, parse_cards("2BO 5SH"))]
    lineup = line_up([sturdy, SHADE], party_size=1)
    state = start_round(players, lineup, {"T1": parse_cards("1BO 3NA")})
    flop = parse_cards("8BO 9IR 10SH")
    state, _ = resolve_street(state, Street.FLOP, flop)
    state, _ = resolve_street(state, Street.TURN, [*flop, *parse_cards("4NA")])
    state, report = resolve_street(state, Street.RIVER, [*flop, *parse_cards("4NA 7IR")])
    assert report.damage_to_entities == {"T1": 8}
    assert [d.mob.key for d in report.despatched] == ["T1"]
    state = next_round(state, {"p0": parse_cards("2NA 3NA")}, {"T2": parse_cards("6SH 6BO")})
    assert [(e.key, e.entered_on, e.active) for e in state.entities] == [("T2", None, parse_cards("6SH 6BO"))]
    assert state.queue == ()


def test_a_slot_opened_on_the_flop_is_filled_from_the_queue_for_the_turn() -> None:
    players = [PlayerSide("p0", A.BLOOD, 10, 30, parse_cards("9BL 9SH"))]
    lineup = line_up([BAT, SHADE], party_size=1)
    state = start_round(players, lineup, {"T1": parse_cards("2BO 3IR")})
    flop = parse_cards("9BO 4NA 6IR")
    state, report = resolve_street(state, Street.FLOP, flop)
    assert [d.mob.key for d in report.despatched] == ["T1"]
    assert report.entered == ("T2",)
    assert state.entities[0].entered_on is Street.TURN


def test_a_round_two_kill_uses_the_hand_held_on_its_own_street() -> None:
    """Round 1: the Wolf falls on the flop with a full house (x6). Round 2: the Grunt
    falls on the flop to a pair (x1). The old code scored both with round 1's hand."""
    player = PlayerSide("hero", A.BLOOD, base_attack=30, le=50, active=parse_cards("7SH 7BO"))
    grunt = Threat("Iron Grunt", 4, A.IRON, 100)
    lineup = line_up([WOLF, grunt], party_size=1, active_limit=2)
    state = start_round([player], lineup, {"T1": parse_cards("1SH 5BO"), "T2": parse_cards("2SH 3BO")})
    flop = parse_cards("7BL 3BL 3NA")
    state, _ = resolve_street(state, Street.FLOP, flop)
    state, _ = resolve_street(state, Street.TURN, [*flop, *parse_cards("9IR")])
    state, _ = resolve_street(state, Street.RIVER, [*flop, *parse_cards("9IR 10IR")])
    assert [d.mob.key for d in state.despatched] == ["T1"]
    state = next_round(state, {"hero": parse_cards("1BL 2BL")}, {"T2": parse_cards("4SH 6BO")})
    flop2 = parse_cards("1NA 8IR 10SH")
    state, report = resolve_street(state, Street.FLOP, flop2)
    assert [d.mob.key for d in report.despatched] == ["T2"]
    assert report.scores["hero"].hand.category.name == "PAIR"
    assert [d.round for d in state.despatched] == [1, 2]
    rewards = combat_rewards(state.despatched, explore_rank=3, antes={"hero": 2})
    # (3 + 2) x 2 x 6 for the Wolf with the full house, then 4 x 2 x 1 for the Grunt with a pair.
    assert rewards["hero"].xp == 60 + 8
    assert rewards["hero"].gold == 3 + 2 + 4


def test_the_explore_rank_is_added_once_per_combat() -> None:
    player = PlayerSide("hero", A.BLOOD, base_attack=30, le=50, active=parse_cards("7SH 7BO"))
    lineup = line_up([WOLF, BAT, SHADE], party_size=1, active_limit=1)
    state = start_round([player], lineup, {"T1": parse_cards("1SH 5BO")})
    flop = parse_cards("2BL 3BL 9NA")
    state, _ = resolve_street(state, Street.FLOP, flop)
    state = deal_entering(state, "T2", parse_cards("4SH 6IR"))
    state, _ = resolve_street(state, Street.TURN, [*flop, *parse_cards("10IR")])
    state = deal_entering(state, "T3", parse_cards("4BO 6NA"))
    state, _ = resolve_street(state, Street.RIVER, [*flop, *parse_cards("10IR 1IR")])
    assert [d.street for d in state.despatched] == [Street.FLOP, Street.TURN, Street.RIVER]
    rewards = combat_rewards(state.despatched, explore_rank=5, antes={"hero": 1})
    # A pair all the way: (5 + 2) x 1 + 1 x 1 + 3 x 1, explore rank 5 only once.
    assert rewards["hero"].xp == 7 + 1 + 3
