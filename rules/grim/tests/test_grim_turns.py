"""Turn order, the Paralysis Phase, Turns and the end of the Round (rulebook: The Rounds, The Turns)."""

from __future__ import annotations

from rules.grim import ELEMENTS
from rules.grim.tests.test_grim_support import ANN, BOB, NAMES, RULES, Table, duel


def test_the_rulebooks_turn_order_example_14_9_8_8_with_the_favor_deciding() -> None:
    t, _ = duel()  # Bob, on the right, holds Fiend's Favor
    assert t.names(t.state["turn_order"]) == [
        "The Noble Roar",
        "The Swift Twitch",
        "The Nimbus Shade",
        "The Simoom Cloud",
    ]
    t.do("grim.favor", {"seat_id": ANN})  # the other player's Favor flips the tie only
    assert t.names(t.state["turn_order"]) == [
        "The Noble Roar",
        "The Swift Twitch",
        "The Simoom Cloud",
        "The Nimbus Shade",
    ]


def test_the_favor_is_a_tie_break_only() -> None:
    t = Table.new()
    t.do("grim.favor", {"seat_id": ANN})
    slow = t.enter("Slow", "Fire", 10, 8, ANN)
    fast = t.enter("Fast", "Water", 10, 9, BOB)
    assert t.state["turn_order"] == [fast, slow]


def test_turns_give_two_stamina_and_end_with_the_round() -> None:
    t, g = duel()
    assert t.refused("turn.order", {"grim_ids": [g["roar"]]}).code == "no_change"
    body = t.do("turn.next", seat=BOB)
    assert body["ended"] is None and body["started"]["grim_id"] == g["roar"]
    assert t.state["acting"] == g["roar"] and t.grim(g["roar"])["stamina"] == 7
    assert (
        RULES.describe("turn.advanced", body, NAMES) == "Now Ann's The Noble Roar: +2 Stamina (5 \u2192 7)."
    )
    for expected in ("twitch", "shade", "cloud"):
        t.do("turn.next")
        assert t.state["acting"] == g[expected] and t.grim(g[expected])["stamina"] == 7
    assert t.grim(g["roar"])["stamina"] == 7  # one Turn per Round
    body = t.do("turn.next")
    assert body["started"] is None and t.state["acting"] is None
    assert "every Grim has acted" in RULES.describe("turn.advanced", body, NAMES)
    assert t.refused("turn.next").code == "round_over"


def test_nobody_to_act_on_an_empty_field() -> None:
    assert Table.new().refused("turn.next").code == "nobody_to_act"


def test_paralysis_sends_a_grim_to_the_paralysis_phase_and_clears_after_that_turn() -> None:
    t, g = duel()
    t.do("grim.status", {"grim_id": g["roar"], "status": "Paralysis"}, seat=BOB)
    assert t.state["turn_order"] == [g["twitch"], g["shade"], g["cloud"], g["roar"]]
    for _ in range(3):
        t.do("turn.next")
        assert t.state["phase"] == "normal"
    body = t.do("turn.next")
    assert t.state["acting"] == g["roar"] and t.state["phase"] == "paralysis"
    assert "Paralysis Phase" in RULES.describe("turn.advanced", body, NAMES)
    assert t.grim(g["roar"])["status"] == "Paralysis"
    body = t.do("turn.next")
    assert body["ended"]["cleared"] == "Paralysis" and t.grim(g["roar"])["status"] is None
    assert t.state["phase"] == "normal"


def test_two_paralysed_grim_keep_speed_order_in_the_paralysis_phase() -> None:
    t, g = duel()
    t.do("grim.status", {"grim_id": g["cloud"], "status": "Paralysis"}, seat=BOB)
    t.do("grim.status", {"grim_id": g["twitch"], "status": "Paralysis"})
    assert t.state["turn_order"] == [g["roar"], g["shade"], g["twitch"], g["cloud"]]


def test_wind_afterworld_sends_electric_grim_to_the_paralysis_phase() -> None:
    t, g = duel()
    t.do("grim.afterworld", {"element": "Wind"}, seat=BOB)
    assert t.state["turn_order"] == [g["roar"], g["shade"], g["cloud"], g["twitch"]]
    t.do("grim.attach", {"grim_id": g["roar"], "element": "Electric"})  # an attached Electric counts too
    assert t.state["turn_order"] == [
        g["shade"],
        g["cloud"],
        g["roar"],
        g["twitch"],
    ]  # fastest first there too
    t.do("grim.status", {"grim_id": g["roar"], "status": "Paralysis"}, seat=BOB)  # the two do not stack
    assert t.state["turn_order"] == [g["shade"], g["cloud"], g["roar"], g["twitch"]]


def test_freeze_and_throw_clear_after_a_turn_that_began_with_them() -> None:
    t, g = duel()
    t.do("grim.status", {"grim_id": g["roar"], "status": "Throw"}, seat=BOB)
    t.do("turn.next")
    t.do("grim.status", {"grim_id": g["twitch"], "status": "Freeze"})  # inflicted before its Turn
    body = t.do("turn.next")
    assert body["ended"]["cleared"] == "Throw" and t.grim(g["roar"])["status"] is None
    t.do("grim.status", {"grim_id": g["twitch"], "status": "Throw"})  # replaced during its Turn: stays
    t.do("turn.next")
    assert t.grim(g["twitch"])["status"] == "Throw"
    t.do("grim.status", {"grim_id": g["shade"], "status": "Fear"})
    body = t.do("turn.next")
    assert body["ended"]["cleared"] is None and t.grim(g["shade"])["status"] == "Fear"


def test_a_grim_entering_mid_round_acts_only_if_slower_than_the_tier_now_acting() -> None:
    t, g = duel()
    t.do("turn.next")
    t.do("turn.next")  # the Swift Twitch (9, no Favor for Ann... it is Bob's: 9.5) is acting
    t.do("grim.adjust", {"grim_id": g["shade"], "field": "health", "by": -18, "note": "Passive"}, seat=BOB)
    body = t.do("grim.enter", {"name": "Quick", "element": "Ghost", "health": 10, "speed": 10}, seat=BOB)
    assert body["acts_this_round"] is False
    assert body["grim"]["id"] not in t.state["turn_order"]
    assert "acts from next Round" in RULES.describe("grim.entered", body, NAMES)
    t.do("grim.adjust", {"grim_id": body["grim"]["id"], "field": "health", "by": -10, "note": "x"}, seat=BOB)
    slow = t.do("grim.enter", {"name": "Slow", "element": "Ghost", "health": 10, "speed": 3}, seat=BOB)
    assert slow["acts_this_round"] is True
    assert t.state["turn_order"] == [g["roar"], g["twitch"], g["cloud"], slow["grim"]["id"]]
    t.do("round.end")
    assert slow["grim"]["id"] in t.state["turn_order"]


def test_a_grim_as_fast_as_the_tier_acting_waits() -> None:
    t, g = duel()
    t.do("turn.next")
    t.do("turn.next")  # Bob's Twitch: 9 + 0.5
    t.do("grim.adjust", {"grim_id": g["shade"], "field": "health", "by": -99, "note": "x"}, seat=BOB)
    same = t.do("grim.enter", {"name": "Same", "element": "Ghost", "health": 10, "speed": 9}, seat=BOB)
    assert same["acts_this_round"] is False  # 9.5, the very tier acting
    t2, g2 = duel()
    t2.do("turn.next")
    t2.do("turn.next")
    t2.do("grim.adjust", {"grim_id": g2["roar"], "field": "health", "by": -99, "note": "x"}, seat=ANN)
    nine = t2.do("grim.enter", {"name": "Nine", "element": "Ghost", "health": 10, "speed": 9}, seat=ANN)
    assert nine["acts_this_round"] is True  # 9 is slower than Bob's 9.5
    assert t2.state["turn_order"].index(nine["grim"]["id"]) == 2  # before the 8s


def test_turn_order_reorders_exact_ties_only() -> None:
    t = Table.new()
    t.do("grim.favor", {"seat_id": BOB})
    a = t.enter("A", "Fire", 10, 8, ANN)
    b = t.enter("B", "Water", 10, 8, ANN)
    c = t.enter("C", "Plant", 10, 8, BOB)
    d = t.enter("D", "Earth", 10, 5, BOB)
    assert t.state["turn_order"] == [c, a, b, d]
    body = t.do("turn.order", {"grim_ids": [b, a]})
    assert t.state["turn_order"] == [c, b, a, d]
    assert (
        RULES.describe("turn.reordered", body, NAMES) == "Turn order for the rest of the Round: C, B, A, D."
    )
    assert t.refused("turn.order", {"grim_ids": [a, c]}).code == "not_a_tie"
    assert t.refused("turn.order", {"grim_ids": [d, b]}).code == "not_a_tie"
    assert t.refused("turn.order", {"grim_ids": [b, a]}).code == "no_change"
    assert t.refused("turn.order", {"grim_ids": [a, 99]}).code == "not_upcoming"
    for bad in ([], [a, a], "a", [True], None):
        refusal = t.refused("turn.order", {"grim_ids": bad})
        assert refusal.code in {"bad_field", "missing_field"} and refusal.extra["field"] == "grim_ids"
    t.do("turn.next")
    assert t.refused("turn.order", {"grim_ids": [a, c]}).code == "not_upcoming"  # C has begun
    t.do("grim.favor", {"seat_id": ANN})  # the manual order survives a re-sort
    assert t.state["turn_order"] == [c, b, a, d]
    t.do("round.end")
    assert t.player(BOB)["favor"]  # the Favor passed from Ann to Bob
    assert t.state["turn_order"] == [c, b, a, d]  # and Ann's tie keeps the order she gave it


def test_round_end_passes_the_favor_refreshes_reactions_and_discards_the_afterworld() -> None:
    t, _ = duel()
    t.do("grim.afterworld", {"element": "Fire"}, seat=BOB)
    t.do("grim.react", {"seat_id": ANN})
    assert t.refused("grim.react", {"seat_id": ANN}).code == "reaction_used"
    for _ in range(4):
        t.do("turn.next")
    body = t.do("round.end", seat=BOB)
    assert body["favor_from"] == BOB and body["favor_to"] == ANN
    assert t.player(ANN)["favor"] and not t.player(BOB)["favor"]
    assert t.player(ANN)["reaction"] and t.player(BOB)["reaction"]
    assert t.state["afterworld"] is None and t.state["afterworlds_discarded"] == ["Fire"]
    assert t.state["round"] == 2 and t.state["acting"] is None and t.state["acted"] == []
    assert t.names(t.state["turn_order"])[2:] == ["The Simoom Cloud", "The Nimbus Shade"]  # Ann's Favor now
    assert RULES.describe("round.ended", body, NAMES) == (
        "Round 1 \u2192 2; Fiend's Favor passes to Ann; Reactions refresh; the Fire Afterworld is discarded."
    )
    # The Favor holder (now Ann) sets the next Afterworld; not Bob, and not a discarded one.
    assert t.refused("grim.afterworld", {"element": "Water"}, seat=BOB).code == "not_your_seat"
    assert t.refused("grim.afterworld", {"element": "Fire"}).code == "afterworld_discarded"
    body = t.do("grim.afterworld", {"element": "Water"})
    assert RULES.describe("grim.afterworld_set", body, NAMES) == "Ann set the Water Afterworld."
    assert t.refused("grim.afterworld", {"element": "Water"}).code == "no_change"
    body = t.do(
        "grim.afterworld", {"element": "Fire", "revive": True}
    )  # Psychic: replace, even a discarded one
    assert t.state["afterworld"] == "Fire" and t.state["afterworlds_discarded"] == ["Water"]
    t.do("turn.next")
    body = t.do("round.end")
    assert body["skipped"] == ["The Swift Twitch", "The Simoom Cloud", "The Nimbus Shade"]
    assert "did not act" in RULES.describe("round.ended", body, NAMES)


def test_all_afterworlds_are_revived_when_every_one_is_discarded() -> None:
    t, _ = duel()
    for element in ELEMENTS:
        holder = ANN if t.player(ANN)["favor"] else BOB
        t.do("grim.afterworld", {"element": element}, seat=holder)
        body = t.do("round.end")
    assert body["revived"] and t.state["afterworlds_discarded"] == []
    assert "every Afterworld is revived" in RULES.describe("round.ended", body, NAMES)
    assert t.state["round"] == 12


def test_the_dark_spirit_bonus_lapses_at_round_end() -> None:
    t, g = duel()
    for _ in range(3):
        t.do("grim.spirit", {"grim_id": g["shade"]}, seat=BOB)
    t.do("grim.spirit_bonus", {"grim_id": g["shade"], "element": "Dark"}, seat=BOB)
    assert t.grim(g["shade"])["spirit_bonus"] == "Dark"
    t.do("round.end")
    assert t.grim(g["shade"])["spirit_bonus"] is None
