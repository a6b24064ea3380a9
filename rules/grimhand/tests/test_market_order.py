"""The market's order (§7.3; issue #31): the initiative holder chooses first, then to the left.

§7.3: "5 Equipment cards are dealt out ... The player with the initiative
chooses first. Once all players have had the option to purchase the cards are
returned to the deck." Reading: each player in turn has one option, a buy or a
pass (``market.pass``); the campaign setting ``market_picks`` (default 1) is
how many cards one option may buy (0: any number until the player passes).
"""

from __future__ import annotations

from rules.engine import State
from rules.grimhand.tests.campaign_support import (
    ANN,
    BO,
    HOST,
    SHADOW,
    char,
    party,
    play_card,
    refused,
    run,
)


def after_level_one() -> tuple[State, int, int, int]:
    """Ada (seat 2) wins the initiative; the token passes left on each card: after the fifth card Bea
    (seat 3) holds it, so the market after level 1 goes Bea, Hal, Ada."""
    state, hal, ada, bea = party()
    state, _ = run(state, "campaign.start", levels=2)
    state, _ = run(state, "level.start")
    state, _ = run(state, "initiative.roll", rolls={"1": 2, "2": 6, "3": 1})
    for _ in range(5):
        state = play_card(state, "Flesh-Worn Path", [SHADOW])
    assert state["campaign"]["initiative"]["seat_id"] == 3 and state["campaign"]["phase"] == "preparation"
    for cid, actor in ((hal, HOST), (ada, ANN), (bea, BO)):
        state, _ = run(state, "character.set", actor, character_id=cid, stat="gold", value=100)
    state, event = run(state, "market.open", cards="3BL 6IR 2NA 5SH 1BO")
    assert event["payload"]["order"] == [3, 1, 2]
    return state, hal, ada, bea


def test_the_initiative_holder_chooses_first_then_to_the_left() -> None:
    state, hal, ada, bea = after_level_one()
    problem = refused(state, "market.buy", character_id=hal, card="3BL")
    assert problem.code == "not_your_turn" and "Bea chooses now" in problem.message
    assert problem.extra["field"] == "character_id"
    state, bought = run(state, "market.buy", BO, character_id=bea, card="3BL")
    assert "Hal chooses next" in bought["payload"]["line"]
    assert refused(state, "market.buy", BO, character_id=bea, card="6IR").code == "not_your_turn"
    assert refused(state, "market.buy", ANN, character_id=ada, card="6IR").code == "not_your_turn"
    assert refused(state, "market.pass", ANN).code == "not_your_seat"  # Hal's option is Hal's to pass
    state, passed = run(state, "market.pass", HOST)
    assert passed["payload"]["line"] == "Hal passes; Ada chooses next."
    state, bought = run(state, "market.buy", ANN, character_id=ada, card="6IR")
    assert "everyone has had the option" in bought["payload"]["line"]
    problem = refused(state, "market.buy", character_id=hal, card="2NA")
    assert problem.code == "market_done"
    assert refused(state, "market.pass").code == "market_done"
    state, closed = run(state, "market.close")
    assert closed["payload"]["unsold"] == ["Nature item 2", "Shadow item 5", "Bone item 1"]


def test_out_of_turn_only_when_a_card_allows_it_and_the_log_says_so() -> None:
    state, _hal, ada, _bea = after_level_one()
    assert refused(state, "market.buy", ANN, character_id=ada, card="5SH", out_of_turn=True).code == (
        "missing_field"
    )
    gold = char(state, ada)["gold"]
    state, event = run(state, "market.buy", ANN, character_id=ada, card="5SH", out_of_turn=True,
                       note="Smuggler's Writ")  # fmt: skip
    rarity = event["payload"]["item"]["rarity"]
    assert event["payload"]["line"] == (
        f"Ada bought Shadow item 5 ({rarity}) for 25 gold out of turn, as a card allows (Smuggler's Writ) "
        f"(gold {gold} \u2192 {gold - 25}); Bea chooses now."
    )
    assert state["campaign"]["market"]["had_option"] == []  # nobody's option was used


def test_the_order_skips_the_defeated_and_starts_at_the_first_seat_before_any_initiative() -> None:
    """Before level 1 nobody holds the token yet (it is rolled as level 1 begins, §7.2): Reading, the
    market goes in seating order from the first seat."""
    state, _hal, ada, _bea = party()
    state, _ = run(state, "campaign.start", levels=1)
    state, event = run(state, "market.open", cards="3BL 4IR")
    assert event["payload"]["order"] == [1, 2, 3]
    state, _ = run(state, "market.close")
    state["campaign"]["defeated"] = [ada]
    state["campaign"]["initiative"]["seat_id"] = 2  # a defeated holder: the next to the left starts
    state, event = run(state, "market.open", cards="3BL 4IR")
    assert event["payload"]["order"] == [3, 1]


def test_a_campaign_may_let_one_option_buy_any_number_of_cards() -> None:
    """The setting ``market_picks`` 0: the player in turn buys until they pass."""
    state, hal, _ada, bea = after_level_one()
    assert refused(state, "settings.set", key="market_picks", value=9).code == "bad_field"
    state, _ = run(state, "settings.set", key="market_picks", value=0)
    for card in ("3BL", "6IR", "2NA"):
        state, _ = run(state, "market.buy", BO, character_id=bea, card=card)
    assert refused(state, "market.buy", character_id=hal, card="5SH").code == "not_your_turn"
    state, _ = run(state, "market.pass", BO)
    state, _ = run(state, "market.buy", character_id=hal, card="5SH")
