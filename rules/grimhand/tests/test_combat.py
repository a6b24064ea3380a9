"""Combat: streets, resonance, crits and chains, damage, mobs, queue, retreat (§7.4, App. II)."""

from __future__ import annotations

import pytest

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity, parse_cards
from rules.grimhand.combat.damage import exchange
from rules.grimhand.combat.lineup import Threat, form_mobs, line_up
from rules.grimhand.combat.rewards import combat_rewards
from rules.grimhand.combat.round import (
    PlayerSide,
    deal_entering,
    resolve_street,
    retreat,
    retreat_check,
    start_round,
)
from rules.grimhand.combat.scoring import Street, critical_bonus, resonance, score_street
from rules.grimhand.poker import Category, evaluate

A = Affinity
WOLF = Threat("Rabid Wolf", 2, A.NATURE, 4)  # printed "Wild" = Nature (spec Decision)
GRUNT = Threat("Iron Grunt", 4, A.IRON, 6)


def test_appendix_two_worked_example() -> None:
    """Appendix II: 13 vs 3 and 8 on the flop, then 15 vs 12 on the turn.

    The pictures are missing from the text, so the cards are rebuilt from what
    it says. The Wolf scores no hand bonus on the flop, so the flop holds no
    pair; the player's flop full house then needs three active hole cards,
    i.e. a Master's extra hole card. Two Blood cards and one Nature card are on
    the flop, no Iron; the turn gives the player quads and the Grunt a full
    house without adding Blood or Iron.
    """
    flop = parse_cards("7BL 3BL 9NA")
    turn = parse_cards("7NA")
    player = PlayerSide("hero", A.BLOOD, base_attack=4, le=10, active=parse_cards("7SH 7BO 3IR"))
    lineup = line_up([WOLF, GRUNT], party_size=1, active_limit=2)
    state = start_round([player], lineup, {"T1": parse_cards("1SH 5BO"), "T2": parse_cards("3SH 3BO")})
    state, flop_report = resolve_street(state, Street.FLOP, flop)
    hero, wolf, grunt = (flop_report.scores[k] for k in ("hero", "T1", "T2"))
    assert hero.hand.category is Category.FULL_HOUSE
    assert (hero.base, hero.hand_bonus, hero.critical, hero.resonance) == (4, 6, 1, 2)
    assert (hero.attack, wolf.attack, grunt.attack) == (13, 3, 8)
    assert wolf.hand.category is Category.HIGH_CARD and wolf.resonance == 1
    assert grunt.hand.category is Category.THREE_OF_A_KIND and grunt.critical == 1
    assert flop_report.damage_to_entities == {"T1": 10, "T2": 5}
    assert [d.mob.key for d in flop_report.despatched] == ["T1"]
    assert [e.le for e in state.entities] == [1]

    state, turn_report = resolve_street(state, Street.TURN, [*flop, *turn])
    hero, grunt = turn_report.scores["hero"], turn_report.scores["T2"]
    assert hero.hand.category is Category.FOUR_OF_A_KIND
    assert (hero.hand_bonus, hero.critical, hero.resonance, hero.attack) == (7, 2, 2, 15)
    assert grunt.hand.category is Category.FULL_HOUSE
    assert (grunt.hand_bonus, grunt.critical, grunt.attack) == (6, 2, 12)
    assert turn_report.damage_to_entities == {"T2": 3}
    assert state.entities == ()
    assert [d.final_blow for d in state.despatched] == ["hero", "hero"]
    assert state.players[0].le == 10

    rewards = combat_rewards(state.despatched, explore_rank=3, antes={"hero": 1})
    # Gold: explore rank once + both ranks. XP: wolf group at the flop (3 + 2) x 1
    # x full house 6, then the Grunt at the turn 4 x 1 x quads 7.
    assert rewards["hero"].gold == 3 + 2 + 4
    assert rewards["hero"].xp == (3 + 2) * 6 + 4 * 7
    assert rewards["hero"].trophies == ("Rabid Wolf", "Iron Grunt")


def test_critical_hit_requires_trips_on_the_flop() -> None:
    pair = evaluate(parse_cards("7BL 7SH 2BO 3IR 9NA"))
    trips = evaluate(parse_cards("7BL 7SH 7BO 3IR 9NA"))
    assert critical_bonus(Street.FLOP, pair, None)[0] == 0
    bonus, chain = critical_bonus(Street.FLOP, trips, None)
    assert bonus == 1 and chain.alive


def test_chain_needs_strict_improvement_and_ends_for_the_round() -> None:
    trips = evaluate(parse_cards("7BL 7SH 7BO 3IR 9NA"))
    same_trips_better_kicker = evaluate(parse_cards("7BL 7SH 7BO 10IR 9NA"))
    full_house = evaluate(parse_cards("7BL 7SH 7BO 9IR 9NA"))
    _, flop = critical_bonus(Street.FLOP, trips, None)
    # A better kicker is a strict improvement (tiebreakers count).
    bonus, turn = critical_bonus(Street.TURN, same_trips_better_kicker, flop)
    assert bonus == 2 and turn.alive
    bonus, _ = critical_bonus(Street.RIVER, full_house, turn)
    assert bonus == 3
    # No improvement on the turn: no bonus, and none on the river either.
    bonus, stalled = critical_bonus(Street.TURN, trips, flop)
    assert bonus == 0 and not stalled.alive
    assert critical_bonus(Street.RIVER, full_house, stalled)[0] == 0
    # Without a flop Critical Hit there is no chain at all.
    _, no_hit = critical_bonus(Street.FLOP, evaluate(parse_cards("7BL 7SH 2BO 3IR 9NA")), None)
    assert critical_bonus(Street.TURN, full_house, no_hit)[0] == 0
    assert critical_bonus(Street.TURN, full_house, None)[0] == 0


def test_resonance_counts_community_cards_of_the_sides_affinity() -> None:
    community = parse_cards("1BL 2BL 3NA 4IR 5BL")
    assert resonance(A.BLOOD, community) == 3
    assert resonance(A.SHADOW, community) == 0


def test_score_street_checks_community_size() -> None:
    with pytest.raises(RuleViolation) as info:
        score_street(Street.TURN, 3, A.BONE, parse_cards("1BL 2BL"), parse_cards("3NA 4IR 5BL"))
    assert info.value.code == "bad_community"


def test_damage_both_ways_and_full_house_reduction() -> None:
    assert exchange(13, 3) == exchange(13, 3, damage_reduction=1)
    assert exchange(13, 3).to_threat == 10
    assert exchange(5, 9).to_player == 4
    assert exchange(5, 9, damage_reduction=1).to_player == 3
    assert exchange(8, 9, damage_reduction=1).to_player == 0
    assert exchange(7, 7).to_player == 0 and exchange(7, 7).to_threat == 0


def test_mobs_pair_same_affinity_threats_in_reveal_order() -> None:
    a = Threat("Shade Spawn", 1, A.SHADOW, 3)
    b = Threat("Creeping Dark", 2, A.SHADOW, 4)
    c = Threat("Shadow Thrall", 3, A.SHADOW, 5)
    mobs = form_mobs([a, GRUNT, b, c])
    assert [m.key for m in mobs] == ["T1+T3", "T2", "T4"]
    mob = mobs[0]
    assert mob.base_attack == 2 + 2  # highest rank + 2 for the extra member
    assert mob.life == 3 + 4
    assert mob.ranks == (1, 2)
    assert mob.affinity is A.SHADOW


def test_active_limit_is_party_size_and_the_rest_queue() -> None:
    threats = [WOLF, GRUNT, Threat("Shade Spawn", 1, A.SHADOW, 3)]
    lineup = line_up(threats, party_size=2)
    assert [m.key for m in lineup.active] == ["T1", "T2"]
    assert [m.key for m in lineup.queue] == ["T3"]
    assert len(line_up(threats, party_size=1, active_limit=3).active) == 3


def test_mob_shares_one_life_pool_and_queued_threat_enters_with_bonus() -> None:
    bone_a = Threat("Scuttling Bones", 1, A.BONE, 4)
    bone_b = Threat("Restless Cadaver", 2, A.BONE, 4)
    shade = Threat("Shade Spawn", 1, A.SHADOW, 3)
    lineup = line_up([bone_a, bone_b, shade], party_size=1)
    assert [m.key for m in lineup.active] == ["T1+T2"] and [m.key for m in lineup.queue] == ["T3"]
    player = PlayerSide("p", A.IRON, base_attack=9, le=20, active=parse_cards("10BL 10SH"))
    state = start_round([player], lineup, {"T1+T2": parse_cards("2SH 5NA")})
    flop = parse_cards("10NA 8BO 1NA")
    state, report = resolve_street(state, Street.FLOP, flop)
    # Player: 9 + trips 3 + crit 1 = 13; mob: 2 + 2 + no hand + 1 Bone card = 5.
    assert report.scores["p"].attack == 13 and report.scores["T1+T2"].attack == 5
    assert report.damage_to_entities["T1+T2"] == 8  # shared pool 4 + 4: both fall together
    assert [t.name for t in report.despatched[0].mob.members] == [bone_a.name, bone_b.name]
    assert report.entered == ("T3",)
    with pytest.raises(RuleViolation) as info:
        resolve_street(state, Street.TURN, [*flop, *parse_cards("4BL")])
    assert info.value.code == "missing_hole_cards"
    state = deal_entering(state, "T3", parse_cards("6SH 6IR"))
    state, report = resolve_street(state, Street.TURN, [*flop, *parse_cards("4BL")])
    shade_score = report.scores["T3"]
    assert shade_score.entry_bonus == 1 and shade_score.critical == 0
    assert shade_score.attack == 1 + 1 + 0 + 1  # base, pair of 6s, no resonance, entry


def test_players_take_damage_and_can_be_defeated() -> None:
    lineup = line_up([Threat("Sanguine Hound", 5, A.BLOOD, 7)], party_size=2)
    weak = PlayerSide("weak", A.NATURE, 1, le=2, active=parse_cards("1SH 2IR"))
    tank = PlayerSide("tank", A.NATURE, 1, le=9, active=parse_cards("1NA 3IR"), damage_reduction=1)
    state = start_round([weak, tank], lineup, {"T1": parse_cards("9BL 9SH")})
    state, report = resolve_street(state, Street.FLOP, parse_cards("9BO 5BL 7IR"))
    hound = report.scores["T1"].attack  # 5 + trips 3 + crit 1 + 1 Blood card = 10
    assert hound == 10
    assert report.damage_to_players["weak"] == hound - report.scores["weak"].attack
    assert report.damage_to_players["tank"] == hound - report.scores["tank"].attack - 1
    assert report.defeated == ("weak",)
    assert [p.seat for p in state.players] == ["tank"]


def test_streets_must_come_in_order() -> None:
    lineup = line_up([WOLF], party_size=1)
    state = start_round(
        [PlayerSide("p", A.IRON, 3, 9, parse_cards("1SH 2SH"))], lineup, {"T1": parse_cards("3SH 4SH")}
    )
    with pytest.raises(RuleViolation) as info:
        resolve_street(state, Street.TURN, parse_cards("5BL 6BL 7BL 8BL"))
    assert info.value.code == "wrong_street"


def test_retreat_needs_resources_and_two_pair_from_inactive_cards() -> None:
    community = parse_cards("4BL 9SH 2IR")
    ok = retreat_check(le=5, ap=2, inactive=parse_cards("4SH 9BO"), community=community)
    assert ok.success and (ok.le, ok.ap) == (4, 1)
    assert ok.hand.category is Category.TWO_PAIR
    failed = retreat_check(le=5, ap=2, inactive=parse_cards("4SH 8BO"), community=community)
    assert not failed.success and (failed.le, failed.ap) == (5, 2)
    for le, ap in ((1, 3), (5, 0)):
        with pytest.raises(RuleViolation) as info:
            retreat_check(le=le, ap=ap, inactive=parse_cards("4SH 9BO"), community=community)
        assert info.value.code == "cannot_retreat"


def test_retreating_player_leaves_combat_and_forfeits_rewards() -> None:
    lineup = line_up([WOLF], party_size=2)
    players = [
        PlayerSide("a", A.IRON, 9, 9, parse_cards("10SH 10IR")),
        PlayerSide("b", A.BONE, 3, 9, parse_cards("1SH 2SH")),
    ]
    state = start_round(players, lineup, {"T1": parse_cards("3BO 4BO")})
    state, _ = retreat(
        state, "b", ap=1, inactive=parse_cards("5NA 6NA"), community=parse_cards("5BL 6BL 8IR")
    )
    assert [p.seat for p in state.players] == ["a"] and state.retreated == ("b",)
    state, report = resolve_street(state, Street.FLOP, parse_cards("5BL 6BL 8IR"))
    assert report.despatched
    rewards = combat_rewards(state.despatched, 2, {"a": 2, "b": 2}, state.retreated)
    assert rewards["b"].gold == 0 and rewards["b"].xp == 0
    assert rewards["a"].gold == 2 + 2
    assert rewards["a"].xp == (2 + 2) * 2 * 1
