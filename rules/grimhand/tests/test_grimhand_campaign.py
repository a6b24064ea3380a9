"""The Grim Hand campaign at the table, rules only (§6, §7, §9.1, §10, §13; issue #9).

Levels and the ante, initiative with ties, explore cards with event rolls and
QP, the market, checks, meditation and healing, every quest challenge, and
the end of the game, each with its refusals (which change nothing) and undo.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from rules.engine import Actor, LoggedEvent, State
from rules.errors import RuleViolation
from rules.grimhand.tests.campaign_support import (
    ANN,
    BLOOD,
    BO,
    BONE,
    HOST,
    IRON,
    RULES,
    SHADOW,
    WATCHER,
    WILD,
    char,
    create,
    exploring,
    party,
    play_card,
    refused,
    run,
)


def test_the_ante_of_level_n_is_n_le_and_an_unpaid_ante_defeats() -> None:
    state, hal, _ada, bea = party()
    assert state["campaign"]["phase"] == "setup"
    assert refused(state, "level.start").code == "wrong_phase"
    state, started = run(state, "campaign.start", levels=3)
    assert started["payload"]["ante"] == [1, 2, 3]
    assert state["campaign"]["phase"] == "preparation"  # the market opens before level 1 (§7.3)
    state, _ = run(state, "character.set", BO, character_id=bea, stat="le", value=1)
    le = char(state, hal)["le"]
    state, event = run(state, "level.start")
    assert char(state, hal)["le"] == le - 1
    assert state["campaign"]["defeated"] == [bea]  # LE 1 <= ante 1: cannot pay (§7.1)
    assert char(state, bea)["le"] == 1
    payment = next(p for p in event["payload"]["payments"] if p["character_id"] == bea)
    assert payment == {"character_id": bea, "character": "Bea", "before": 1, "after": 1, "defeated": True}
    assert "Bea cannot pay and is defeated" in event["payload"]["line"]
    assert state["campaign"]["level"] == 1 and state["campaign"]["phase"] == "explore"


def test_a_house_ante_progression_is_paid_level_by_level() -> None:
    state, hal, _, _ = party()
    assert refused(state, "campaign.start", levels=2, ante=[2]).code == "bad_field"
    assert refused(state, "campaign.start", levels=7).code == "out_of_range"
    state, _ = run(state, "campaign.start", levels=2, ante=[3, 5])
    le = char(state, hal)["le"]
    state, event = run(state, "level.start")
    assert event["payload"]["ante"] == 3 and char(state, hal)["le"] == le - 3


# --- initiative (§7.2) ------------------------------------------------------------


def test_initiative_ties_reroll_among_the_tied_only() -> None:
    state, _, _, _ = party()
    state, _ = run(state, "campaign.start")
    state, _ = run(state, "level.start")
    state, event = run(state, "initiative.roll", rolls={"1": 5, "2": 5, "3": 2})
    assert (
        state["campaign"]["initiative"]["tied"] == [1, 2]
        and state["campaign"]["initiative"]["seat_id"] is None
    )
    assert "Tied: Hal, Ada roll again" in event["payload"]["line"]
    assert refused(state, "explore.reveal", name="Rust Gate").code == "no_initiative"
    assert refused(state, "initiative.roll", rolls={"1": 3, "2": 4, "3": 6}).code == "bad_field"  # Bo is out
    assert refused(state, "initiative.roll", rolls={"1": 7, "2": 4}).code == "bad_dice"
    state, event = run(state, "initiative.roll", rolls={"1": 3, "2": 4})
    assert state["campaign"]["initiative"]["seat_id"] == 2
    assert len(state["campaign"]["initiative"]["rolls"]) == 2
    assert "Ada holds the token" in event["payload"]["line"]


def test_the_tables_dice_roll_until_one_holder() -> None:
    state, _, _, _ = party()
    state, _ = run(state, "campaign.start")
    state, _ = run(state, "level.start")
    state, _ = run(state, "initiative.roll", HOST, 7)
    holder = state["campaign"]["initiative"]["seat_id"]
    last = state["campaign"]["initiative"]["rolls"][-1]
    assert holder in (1, 2, 3)
    assert max(r["roll"] for r in last) == next(r["roll"] for r in last if r["seat_id"] == holder)
    assert [r["roll"] for r in last].count(max(r["roll"] for r in last)) == 1


def test_the_token_passes_left_on_each_next_card_skipping_the_defeated() -> None:
    state, _hal, ada, _bea = exploring()
    assert state["campaign"]["initiative"]["seat_id"] == 1
    state = play_card(state)
    state["campaign"]["defeated"].append(ada)  # Ada fell in a combat meanwhile
    state, event = run(state, "explore.reveal", name="Moss Hollow")
    assert state["campaign"]["initiative"]["seat_id"] == 3  # seat 2 is skipped
    assert "Bea takes the initiative" in event["payload"]["line"]


# --- explore cards (§7.2, §9.1) -----------------------------------------------------


def test_an_explore_card_rolls_its_rank_in_dice_and_gives_qp_to_its_affinity() -> None:
    state, hal, ada, bea = exploring()
    state, event = run(state, "explore.reveal", name="rust gate")  # by name, any case
    card = state["campaign"]["explore"][-1]
    assert (card["n"], card["rank"], card["affinity"], card["kind"]) == (1, 2, "Iron", "Hazard")
    assert refused(state, "explore.resolve").code == "not_rolled"
    assert refused(state, "explore.reveal", name="Moss Hollow").code == "card_unresolved"
    assert refused(state, "explore.event_roll", dice=[IRON]).code == "bad_dice_count"
    assert refused(state, "explore.event_roll", dice=[IRON, 9]).code == "bad_dice"
    state, event = run(state, "explore.event_roll", dice=[IRON, WILD])
    assert event["payload"]["events"]["draws"] == 2  # its affinity and a Wild each draw one
    assert "draw 2 event cards; resolve places, then threats, then NPCs" in event["payload"]["line"]
    assert refused(state, "explore.event_roll").code == "already_rolled"
    qp = char(state, hal)["qp"], char(state, ada)["qp"], char(state, bea)["qp"]
    state, event = run(state, "explore.resolve")
    assert (char(state, hal)["qp"], char(state, ada)["qp"], char(state, bea)["qp"]) == (
        qp[0] + 2,
        qp[1],
        qp[2] + 2,
    )
    assert state["campaign"]["resolved"] == 1


def test_a_card_typed_by_rank_and_affinity_reads_wild_as_nature_and_finds_its_name() -> None:
    state, _, _, _ = exploring()
    state, _ = run(state, "explore.reveal", rank=3, affinity="Wild")
    card = state["campaign"]["explore"][-1]
    assert (card["affinity"], card["name"]) == ("Nature", "Moss Hollow")
    assert refused(state, "explore.event_roll", dice=[1, 2]).code == "bad_dice_count"


def test_after_the_fifth_card_the_level_ends_and_the_party_prepares() -> None:
    state, _, _, _ = exploring(levels=2)
    for _ in range(5):
        state = play_card(state, "Flesh-Worn Path", [SHADOW])
    assert state["campaign"]["phase"] == "preparation" and state["campaign"]["deck_rank"] == 6
    assert refused(state, "explore.reveal", name="Rust Gate").code == "wrong_phase"
    state, event = run(state, "level.start")
    assert state["campaign"]["level"] == 2 and event["payload"]["ante"] == 2
    state, _ = run(state, "initiative.roll", rolls={"1": 6, "2": 1, "3": 1})
    for _ in range(4):
        state = play_card(state, "Flesh-Worn Path", [SHADOW])
    state, _ = run(state, "explore.reveal", name="Flesh-Worn Path")
    state, _ = run(state, "explore.event_roll", dice=[SHADOW])
    state, event = run(state, "explore.resolve")
    assert "last level" in event["payload"]["line"]
    assert refused(state, "level.start").code == "campaign_over"


def test_temporary_modifiers_for_the_next_explore_card_end_by_themselves() -> None:
    state, hal, _, _ = exploring()
    state, _ = run(state, "modifier.add", character_id=hal, stat="attack", amount=1, source="Altar",
                   expiry="next_exploration")  # fmt: skip
    state, _ = run(state, "modifier.add", character_id=hal, stat="agility", amount=1, source="Map",
                   expiry="next_2_explorations")  # fmt: skip
    state = play_card(state)
    assert [(m["stat"], m["expiry"]) for m in char(state, hal)["modifiers"]] == [
        ("agility", "next_exploration")
    ]
    state = play_card(state, "Moss Hollow", [SHADOW] * 3)
    assert char(state, hal)["modifiers"] == []


# --- the market (§7.3, §8) ---------------------------------------------------------


def test_the_market_sells_in_initiative_order_and_refunds_only_while_open() -> None:
    state, hal, ada, _bea = party()
    state, _ = run(state, "campaign.start")
    assert refused(state, "market.buy", character_id=hal, card="3BL").code == "market_closed"
    assert refused(state, "market.open", cards="3BL 3BL").code == "duplicate_card"
    assert refused(state, "market.open", cards="3BL 4XX").code == "bad_card"
    assert refused(state, "market.open", cards="3BL, 7IR").code == "not_in_deck"  # ranks 1-5 before level 1
    state, event = run(state, "market.open", cards="3BL, 4IR, 2NA, 5SH, 1BO")
    assert [c["gold"] for c in state["campaign"]["market"]["cards"]] == [15, 20, 10, 25, 5]
    gold = char(state, hal)["gold"]
    state, event = run(state, "market.buy", character_id=hal, card="3BL")
    assert char(state, hal)["gold"] == gold - 15 and "for 15 gold" in event["payload"]["line"]
    assert char(state, hal)["equipment"][0]["name"] == "Blood item 3"
    assert char(state, hal)["equipment"][0]["rarity"]  # its rarity is fixed as it enters the hands
    assert refused(state, "market.buy", character_id=ada, card="3BL").code == "sold"
    assert refused(state, "market.buy", character_id=ada, card="9IR").code == "not_in_market"
    assert refused(state, "market.buy", ANN, character_id=hal, card="4IR").code == "not_your_seat"
    assert refused(state, "market.buy", character_id=hal, card="4IR").code == "not_your_turn"  # Hal bought
    state, _ = run(state, "character.set", ANN, character_id=ada, stat="gold", value=2)
    assert refused(state, "market.buy", ANN, character_id=ada, card="4IR").code == "not_enough_gold"
    gold = char(state, hal)["gold"]
    item = char(state, hal)["equipment"][0]
    state, _ = run(state, "market.sell", character_id=hal, item=item)  # the item as the sheet holds it
    assert char(state, hal)["gold"] == gold + 15 and char(state, hal)["equipment"] == []
    state, _ = run(state, "market.close")
    assert state["campaign"]["market"]["open"] is False
    state, _ = run(state, "character.equip", character_id=hal, rank=3, affinity="Blood")
    assert refused(state, "market.sell", character_id=hal, card="3BL").code == "market_closed"


def test_a_full_equipment_row_takes_a_bought_card_only_into_the_inventory() -> None:
    state, hal, _, _ = party()
    state, _ = run(state, "campaign.start")
    for rank in (1, 2, 3, 4, 5):
        state, _ = run(state, "character.equip", character_id=hal, rank=rank, affinity="Bone")
    state, _ = run(state, "character.set", character_id=hal, stat="gold", value=100)
    assert refused(state, "market.open", cards="1BO 2IR").code == "card_in_use"
    state, _ = run(state, "market.open", cards="2IR 4NA")
    assert refused(state, "market.buy", character_id=hal, card="2IR").code == "too_many_items"
    state, _ = run(state, "market.buy", character_id=hal, card="2IR", to="inventory")
    assert char(state, hal)["inventory"][0]["card"] == "Iron-2" and char(state, hal)["gold"] == 90


# --- checks, meditation, healing (§10, §7.5) --------------------------------------------


def test_a_strength_check_without_success_gives_one_le_and_one_doubt_and_two_wilds_corrupt() -> None:
    state, hal, _, _ = exploring()
    state, _ = run(state, "explore.reveal", name="Flesh-Worn Path")  # Blood: no bonus for Hal of Iron
    state, _ = run(state, "character.adjust", character_id=hal, stat="le", by=-5)
    strength = char(state, hal)["derived"]["stats"]["strength"]
    assert refused(state, "check.roll", character_id=hal, kind="strength", dice=[1]).code == "bad_dice_count"
    le = char(state, hal)["le"]
    dice = [WILD, WILD] + [SHADOW] * (strength - 2)
    state, event = run(state, "check.roll", character_id=hal, kind="strength", dice=dice)
    check = event["payload"]["check"]
    assert check["successes"] == 2 and char(state, hal)["le"] == le + 2
    assert char(state, hal)["corruption"] == 1  # two Wilds (§10)
    le = char(state, hal)["le"]
    state, event = run(state, "check.roll", character_id=hal, kind="strength", dice=[SHADOW] * strength)
    assert char(state, hal)["le"] == le + 1 and char(state, hal)["doubt"] == 1
    assert "0 successes" in event["payload"]["line"] and "Doubt 0 \u2192 1" in event["payload"]["line"]


def test_an_affinity_check_passes_with_three_and_counts_the_explore_card() -> None:
    state, hal, _, _ = exploring()
    state, _ = run(state, "explore.reveal", name="Rust Gate")  # Iron, Hal's own affinity: +1
    state, event = run(state, "check.roll", character_id=hal, kind="affinity", affinity="Iron",
                       dice=[IRON, SHADOW, SHADOW, SHADOW, SHADOW])  # fmt: skip
    assert (
        event["payload"]["check"]["successes"] == 3 and event["payload"]["check"]["passed"]
    )  # 1 +1 own +1 card
    state, event = run(state, "check.roll", character_id=hal, kind="affinity", affinity="Blood",
                       dice=[BLOOD, SHADOW, SHADOW, SHADOW, SHADOW])  # fmt: skip
    assert event["payload"]["check"]["successes"] == 2 and not event["payload"]["check"]["passed"]


def test_meditation_and_healing_belong_to_a_rest_and_cost_what_the_table_says() -> None:
    state, hal, _, _ = exploring()
    state, _ = run(state, "character.adjust", character_id=hal, stat="le", by=-6)
    assert refused(state, "rest.meditate", character_id=hal, choice="le").code == "wrong_phase"
    state, _ = run(state, "rest.start")
    le = char(state, hal)["le"]
    state, _ = run(state, "rest.meditate", character_id=hal, choice="le")
    assert char(state, hal)["le"] == le + 2
    assert refused(state, "rest.meditate", character_id=hal, choice="ap").code == "no_change"  # AP is full
    gold = char(state, hal)["gold"]
    assert refused(state, "rest.heal", character_id=hal, le=2, gold=3).code == "wrong_price"
    state, _ = run(state, "rest.heal", character_id=hal, le=2, gold=4)
    assert char(state, hal)["le"] == le + 4 and char(state, hal)["gold"] == gold - 4
    assert refused(state, "rest.heal", character_id=hal, le=10).code == "above_max"
    state, _ = run(state, "settings.set", key="heal_gold_per_le", value=100)
    assert refused(state, "rest.heal", character_id=hal, le=1).code == "not_enough_gold"
    state, _ = run(state, "rest.end")
    assert state["campaign"]["phase"] == "explore"


def test_redemption_follows_the_rulebook_example() -> None:
    """§13: corruption 7 and 12, the others roll 2, 4 and 3 successes: 9 in all.
    4 redeem the first (7 -> 3); the second drops to 7 and stays corrupted."""
    state = RULES.initial_state()
    ids = []
    for seat, name, affinity in ((1, "P1", "Iron"), (2, "P2", "Iron"), (3, "P3", "Iron"), (5, "C1", "Blood"),
                                 (6, "C2", "Blood")):  # fmt: skip
        actor = Actor(seat_id=seat, role="host" if seat == 1 else "player", seat_ids=(1, 2, 3, 5, 6))
        state, cid = create(state, actor, name, affinity)
        ids.append(cid)
    host = Actor(seat_id=1, role="host", seat_ids=(1, 2, 3, 5, 6))
    state, _ = run(state, "character.set", host, character_id=ids[3], stat="corruption", value=7)
    state, _ = run(state, "character.set", host, character_id=ids[4], stat="corruption", value=12)
    state, _ = run(state, "campaign.start", host, levels=1)
    dice = {
        str(ids[0]): [IRON, IRON, WILD, WILD, SHADOW],  # 2: Wilds do not count here
        str(ids[1]): [IRON, IRON, IRON, IRON, WILD],  # 4
        str(ids[2]): [IRON, IRON, IRON, BLOOD, BONE],  # 3
    }
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as info:
        RULES.apply(state, "campaign.redeem", {"dice": dice, "order": [ids[3]]}, host, random.Random(1))
    assert info.value.code == "bad_field" and state == before
    state, event = run(state, "campaign.redeem", host, dice=dice, order=[ids[3], ids[4]])
    redemption = event["payload"]["redemption"]
    assert redemption["pool"] == 9
    assert char(state, ids[3])["corruption"] == 3 and char(state, ids[4])["corruption"] == 7
    assert redemption["still_corrupted"] == [ids[4]] and state["campaign"]["finale"]["turned"] == [ids[4]]
    state, _ = run(state, "campaign.final_fight", host, outcome="party")
    state, event = run(state, "campaign.end", host)
    assert event["payload"]["ends_table"] is True and state["campaign"]["phase"] == "ended"


def test_trophies_tie_and_the_drawn_hands_break_the_overall_tie() -> None:
    state, hal, ada, bea = party()
    state, _ = run(state, "campaign.start", levels=1)
    for cid, actor, xp, gold in ((hal, HOST, 50, 1), (ada, ANN, 50, 1), (bea, BO, 10, 0)):
        state, _ = run(state, "character.set", actor, character_id=cid, stat="xp", value=xp)
        state, _ = run(state, "character.set", actor, character_id=cid, stat="gold", value=gold)
    state["campaign"]["kills"] = {str(hal): ["Wolf"], str(ada): ["Grunt"]}
    state, _ = run(state, "character.equip", character_id=hal, rank=2, affinity="Iron")
    state, _ = run(state, "character.equip", ANN, character_id=ada, rank=2, affinity="Blood")
    bad = refused(state, "campaign.end", tie_break={str(hal): "1BL 2BL", str(ada): "3BL 3IR 3NA 7SH 9BO"})
    assert bad.code == "bad_field"
    state, event = run(
        state, "campaign.end", tie_break={str(hal): "1BL 2IR 4NA 6SH 8BO", str(ada): "3BL 3IR 3NA 7SH 9BO"}
    )
    end = state["campaign"]["end"]
    trophies = {r["character_id"]: r["trophies"] for r in end["records"]}
    # Hal and Ada tie on every award; nobody has a quest, so nobody scores that one (§13 Reading)
    assert trophies == {hal: 6, ada: 6, bea: 0}
    assert end["awards"]["threats"] == [hal, ada] and end["awards"]["quests"] == []
    assert end["tie_break"]["titles"][str(ada)] == "Triad Impact" and end["winners"] == [ada]
    results = {r["seat_id"]: (r["place"], r["won"], r["score"]) for r in RULES.results(state)}
    assert results == {2: (1, True, 6), 1: (2, False, 6), 3: (3, False, 0)}
    assert "Ada wins" in event["payload"]["line"]


# --- refusals and undo --------------------------------------------------------------


def test_spectators_and_strangers_cannot_run_the_campaign() -> None:
    state, hal, _, _ = exploring()
    assert refused(state, "explore.reveal", WATCHER, name="Rust Gate").code == "spectator"
    state, _ = run(state, "explore.reveal", name="Rust Gate")
    assert refused(state, "check.roll", ANN, character_id=hal, kind="strength").code == "not_your_seat"
    assert refused(state, "check.roll", character_id=hal, kind="luck").code == "bad_field"
    assert refused(state, "explore.resolve", HOST, extra=1).code == "unknown_field"


def undo(state: State, event: dict, seq: int) -> State:
    return RULES.invert(state, LoggedEvent(seq, 1, event["type"], event["payload"]), HOST).state


def test_undoing_a_whole_scripted_level_newest_first_restores_the_start() -> None:
    """Every campaign command's event carries its ops: undo of each, newest first, returns the start."""
    state, hal, ada, bea = party()
    start = copy.deepcopy(state)
    script: list[tuple[str, Actor, dict[str, Any]]] = [
        ("campaign.start", HOST, {"levels": 2}),
        ("market.open", HOST, {"cards": "3BL 4IR"}),
        ("market.buy", HOST, {"character_id": hal, "card": "3BL"}),
        ("market.sell", HOST, {"character_id": hal, "item": "3BL"}),
        ("market.buy", ANN, {"character_id": ada, "card": "3BL"}),
        ("market.pass", BO, {}),
        ("market.close", HOST, {}),
        ("level.start", HOST, {}),
        ("initiative.roll", HOST, {"rolls": {"1": 4, "2": 4, "3": 1}}),
        ("initiative.roll", HOST, {"rolls": {"1": 2, "2": 5}}),
        ("explore.reveal", ANN, {"name": "Rust Gate"}),
        ("explore.event_roll", ANN, {"dice": [IRON, WILD]}),
        ("check.roll", HOST, {"character_id": hal, "kind": "agility"}),
        ("explore.resolve", ANN, {}),
        ("rest.start", HOST, {}),
        ("rest.meditate", BO, {"character_id": bea, "choice": "both"}),
        ("rest.end", HOST, {}),
        ("campaign.end", HOST, {}),
    ]
    events = []
    snapshots = []
    for type_, actor, payload in script:
        snapshots.append(copy.deepcopy(state))
        state, event = run(state, type_, actor, 5, **payload)
        events.append(event)
    for seq, event in reversed(list(enumerate(events, 1))):
        state = undo(state, event, seq)
        assert state == snapshots[seq - 1], event["type"]
    assert state == start
