"""The end of a Grim Hand campaign at the table: redemption, the final fight, trophies (§13; issue #31).

§13: "Any corrupted players left after the Affinity check stage will now fight
to the death ... If the corrupted player/players win its Game Over and the
World of Grimwold has Won ... If the players are victorious they have won.
Players can if they wish find out who the ultimate winner is by calculating
the number of Trophies they have won."
"""

from __future__ import annotations

from typing import Any

from rules.engine import Actor, State
from rules.grimhand.tests.campaign_support import (
    ANN,
    BLOOD,
    BO,
    BONE,
    HOST,
    IRON,
    RULES,
    SHADOW,
    WILD,
    char,
    create,
    party,
    refused,
    run,
)

MISSES = [SHADOW] * 5
"""A redemption roll with no success for a character of Iron or Blood."""


def corrupted_bea(corruption: int = 9) -> tuple[State, int, int, int]:
    """Hal (Iron), Ada (Blood) and Bea (Iron, Corruption ``corruption``) after one level; Bea leads
    every award, so only her corruption can keep her from the win."""
    state, hal, ada, bea = party()
    state, _ = run(state, "campaign.start", levels=1)
    state, _ = run(state, "character.set", BO, character_id=bea, stat="corruption", value=corruption)
    for cid, actor, xp, gold in ((hal, HOST, 10, 5), (ada, ANN, 20, 6), (bea, BO, 500, 90)):
        state, _ = run(state, "character.set", actor, character_id=cid, stat="xp", value=xp)
        state, _ = run(state, "character.set", actor, character_id=cid, stat="gold", value=gold)
    return state, hal, ada, bea


def redeemed(
    state: State, hal: int, ada: int, hal_dice: list[int], ada_dice: list[int]
) -> tuple[State, dict]:
    return run(state, "campaign.redeem", dice={str(hal): hal_dice, str(ada): ada_dice})


def records(state: State) -> dict[int, dict[str, Any]]:
    return {r["character_id"]: r for r in state["campaign"]["end"]["records"]}


def test_a_corrupted_player_cannot_end_the_campaign_unfought() -> None:
    """§13: the corrupted get one chance (the redemption), then the party must fight them."""
    state, hal, ada, bea = corrupted_bea()
    assert refused(state, "campaign.end").code == "redemption_needed"
    assert refused(state, "campaign.final_fight", outcome="party").code == "no_final_fight"
    state, event = redeemed(state, hal, ada, MISSES, MISSES)
    assert state["campaign"]["phase"] == "finale"
    assert state["campaign"]["finale"]["turned"] == [bea]
    assert "Bea is still corrupted and turns on the party" in event["payload"]["line"]
    problem = refused(state, "campaign.end")
    assert problem.code == "final_fight_needed" and "Bea" in problem.message
    assert refused(state, "campaign.redeem", dice={str(hal): MISSES, str(ada): MISSES}).code == "wrong_phase"
    assert refused(state, "level.start").code == "wrong_phase"


def test_the_party_wins_the_final_fight_and_the_corrupted_lose_everything() -> None:
    """§13: when the players are victorious they have won; the corrupted, who lost the fight to the
    death, take no trophy and do not win although Bea leads every award."""
    state, hal, ada, bea = corrupted_bea()
    state, _ = redeemed(state, hal, ada, MISSES, MISSES)
    assert refused(state, "campaign.final_fight", outcome="draw").code == "bad_field"
    state, fight = run(state, "campaign.final_fight", outcome="party", note="Hal's river full house")
    assert bea in state["campaign"]["defeated"]
    assert fight["payload"]["line"] == "The final fight: the party defeats Bea (Hal's river full house)."
    assert refused(state, "campaign.final_fight", outcome="corrupted").code == "fight_recorded"
    state, ended = run(state, "campaign.end")
    rows = records(state)
    assert rows[bea]["corrupted"] is True and rows[bea]["won"] is False and rows[bea]["trophies"] == 0
    assert rows[bea]["survived"] is False
    # Among the victorious: XP Ada, gold Ada; no quests, kills or equipment: nobody scores those.
    assert (rows[hal]["trophies"], rows[ada]["trophies"]) == (0, 2)
    assert state["campaign"]["end"]["winners"] == [ada]
    results = {r["seat_id"]: (r["place"], r["won"], r["score"]) for r in RULES.results(state)}
    assert results == {2: (1, True, 2), 1: (2, False, 0), 3: (3, False, 0)}
    assert "Ada wins" in ended["payload"]["line"]


def test_when_the_corrupted_win_grimwold_wins_and_nobody_does() -> None:
    """§13: "If the corrupted player/players win its Game Over and the World of Grimwold has Won, the
    souls of the corrupted are absorbed into the land": no player wins, no trophies are counted."""
    state, hal, ada, bea = corrupted_bea()
    state, _ = redeemed(state, hal, ada, MISSES, MISSES)
    state, fight = run(state, "campaign.final_fight", outcome="corrupted")
    assert sorted(state["campaign"]["defeated"]) == sorted([hal, ada])
    assert "Grimwold has won" in fight["payload"]["line"]
    state, ended = run(state, "campaign.end")
    end = state["campaign"]["end"]
    assert end["winners"] == [] and end["final_fight"]["outcome"] == "corrupted"
    assert all(not r["won"] and r["trophies"] == 0 for r in end["records"])
    assert records(state)[bea]["corrupted"] is True
    assert [(r["won"], r["place"], r["score"]) for r in RULES.results(state)] == [(False, None, None)] * 3
    assert "Grimwold has won: nobody wins" in ended["payload"]["line"]


def test_a_redemption_that_redeems_everyone_needs_no_fight() -> None:
    """§13: 9 corruption, threshold 4: 6 successes bring Bea to 3; she is back in the party and can win."""
    state, hal, ada, bea = corrupted_bea(9)
    state, event = redeemed(
        state, hal, ada, [IRON, IRON, IRON, WILD, WILD], [BLOOD, BLOOD, BLOOD, SHADOW, BONE]
    )
    assert event["payload"]["redemption"]["pool"] == 6 and char(state, bea)["corruption"] == 3
    assert state["campaign"]["finale"]["turned"] == []
    assert refused(state, "campaign.final_fight", outcome="party").code == "no_final_fight"
    state, _ = run(state, "campaign.end")
    assert records(state)[bea]["won"] is True and records(state)[bea]["corrupted"] is False


def test_with_nobody_uncorrupted_left_the_corrupted_have_won() -> None:
    """Reading: with every survivor corrupted nobody can redeem them or stand against them."""
    state, hal, ada, _bea = corrupted_bea()
    for cid, actor in ((hal, HOST), (ada, ANN)):
        state, _ = run(state, "character.set", actor, character_id=cid, stat="corruption", value=5)
    state, event = run(state, "campaign.redeem")
    assert event["payload"]["redemption"]["pool"] == 0
    assert state["campaign"]["finale"]["fight"]["outcome"] == "corrupted"
    state, _ = run(state, "campaign.end")
    assert state["campaign"]["end"]["winners"] == []


def test_a_single_player_wins_by_surviving_corrupted_or_not() -> None:
    """§13: "In a Single Player game, players must just survive all the levels defined"; there is no
    party to turn on (Reading), so a lone survivor wins and a defeated one does not."""
    solo = Actor(seat_id=1, role="host", seat_ids=(1,))
    state, hal = create(RULES.initial_state(), solo, "Hal", "Iron")
    state, _ = run(state, "campaign.start", solo, levels=1)
    state, _ = run(state, "character.set", solo, character_id=hal, stat="corruption", value=7)
    assert refused(state, "campaign.redeem", solo).code == "nobody_corrupted"
    ended_state, _ = run(state, "campaign.end", solo)
    assert records(ended_state)[hal]["won"] is True
    state["campaign"]["defeated"] = [hal]
    ended_state, _ = run(state, "campaign.end", solo)
    assert records(ended_state)[hal]["won"] is False
    assert [(r["won"], r["place"]) for r in RULES.results(ended_state)] == [(False, None)]


def test_a_trophy_needs_at_least_one_of_what_it_counts() -> None:
    """§13: "Highest Number of Quests = 1 Trophy": with no quest completed by anyone, nobody has the
    highest number, so nobody scores it (the same for kills, XP, gold and an equipment hand)."""
    state, hal, ada, bea = party()
    state, _ = run(state, "campaign.start", levels=1)
    for cid, actor in ((hal, HOST), (ada, ANN), (bea, BO)):
        state, _ = run(state, "character.set", actor, character_id=cid, stat="gold", value=0)
    state, _ = run(state, "character.set", character_id=hal, stat="xp", value=40)
    state, event = run(state, "campaign.end")
    awards = state["campaign"]["end"]["awards"]
    assert awards == {"xp": [hal], "gold": [], "quests": [], "threats": [], "equipment_hand": []}
    assert {r["character_id"]: r["trophies"] for r in state["campaign"]["end"]["records"]} == {
        hal: 1, ada: 0, bea: 0
    }  # fmt: skip
    assert "most quests completed" not in event["payload"]["line"]
