"""The Grim Hand combat helper inside a campaign, through the real API (issue #10).

The campaign is driven as the table drives it (``campaign.start``,
``level.start``, initiative, ``explore.reveal`` of a rank-3 card and its event
roll), then a combat starts on that card with threats from the catalogue, as
the board's "A threat appears" form sends them. Checked: Appendix II gives
58 XP and 9 gold (its 3-active-card reading: the example's player is a Master,
who holds a third active card); a round-1 flop kill and a round-2 kill pay
the multiplier of the hand held when each fell; the platform's ``undo`` of a
street puts back every LE, the rewards and the kills; kills land in
``campaign.kills``, which the trophies read.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.grimhand_personas import (  # noqa: F401
    create_character,
    fixture_gh_host,
    fixture_gh_player,
    fixture_gh_spectator,
    ok,
)
from tests.personas import Person, board, state_of

pytestmark = pytest.mark.django_db
IRON, SHADOW, WILD = 4, 3, 6


def char(p: Person, cid: int) -> dict[str, Any]:
    found: dict[str, Any] = state_of(p)["characters"][str(cid)]
    return found


def side(p: Person, side_id: str) -> dict[str, Any]:
    return next(s for s in state_of(p)["combat"]["sides"] if s["id"] == side_id)


def scores(p: Person, street: str, round_: int = 1) -> dict[str, dict[str, Any]]:
    combat = state_of(p)["combat"]
    return {s["side_id"]: s for s in combat["scores"] if s["street"] == street and s["round"] == round_}


def on_a_rank_three_card(host: Person, player: Person) -> None:
    """Campaign, level 1 (ante 1), initiative, the rank-3 Iron "Collapsing Pillar" revealed and rolled."""
    ok(host.command("campaign.start", {"levels": 1}))
    ok(host.command("level.start"))
    ok(host.command("initiative.roll", {"rolls": {str(player.seat.pk): 4}}))
    ok(player.command("explore.reveal", {"name": "Collapsing Pillar"}))
    ok(player.command("explore.event_roll", {"dice": [IRON, WILD, SHADOW]}))
    camp = state_of(host)["campaign"]
    assert camp["phase"] == "explore" and camp["explore"][-1]["rank"] == 3
    assert camp["explore"][-1]["resolved"] is False


def _appendix_two_dealt(host: Person, bo: Person, ann: int) -> str:
    """Appendix II's fight started by the host and every side's cards dealt; Ann's side id (§7.4.2)."""
    threats = {"threats": [{"name": "Rabid Wolf"}, {"name": "Iron Grunt"}], "active_limit": 2}
    assert bo.command("combat.start", threats).status_code == 403  # the host starts a combat
    ok(host.command("combat.start", threats))
    assert state_of(host)["campaign"]["phase"] == "combat"
    assert [(s["id"], s["name"], s["le"]) for s in state_of(host)["combat"]["sides"][1:]] == [
        ("T1", "Rabid Wolf", 4),
        ("T2", "Iron Grunt", 6),
    ]
    me = f"C{ann}"
    # Each side enters its own cards (Bo's phone for Ann, the host for the threats); a Master holds three.
    assert host.command("combat.deal", {"side_id": me, "active": ["7SH", "7BO"]}).status_code == 400
    ok(
        bo.command(
            "combat.deal", {"side_id": me, "active": ["7SH", "7BO", "3IR"], "inactive": ["5NA", "6NA"]}
        )
    )
    assert bo.command("combat.deal", {"side_id": "T1", "active": ["1SH", "5BO"]}).status_code == 403
    ok(host.command("combat.deal", {"side_id": "T1", "active": ["1SH", "5BO"]}))
    ok(host.command("combat.deal", {"side_id": "T2", "active": ["3SH", "3BO"]}))
    return me


def _the_flop_and_its_page(host: Person, bo: Person, spectator: Person, ann: int, xp: int) -> Any:
    """The flop scored: Appendix II's attacks, the Wolf's kill and its rewards, the board in words."""
    me = f"C{ann}"
    flop = ok(host.command("combat.street", {"cards": ["7BL", "3BL", "9NA"]}))
    flopped = scores(host, "flop")
    assert (flopped[me]["attack"], flopped["T1"]["attack"], flopped["T2"]["attack"]) == (13, 3, 8)
    assert [(b["source"], b["amount"]) for b in flopped[me]["breakdown"]] == [
        ("base", 4),
        ("Anchored Power", 6),
        ("Affinity Resonance", 2),
        ("Critical Hit", 1),
    ]
    assert side(host, "T1")["status"] == "despatched" and side(host, "T2")["le"] == 6 - 5
    # The page: the attack in words, the kill's rewards, every card on the table greyed out in the pick lists.
    html = board(bo)
    assert "13 = base 4 + Full House 6 + resonance 2 + crit 1" in html
    assert "Anchored Power (Full House)" in html
    assert "<strong>Rabid Wolf</strong> fell on the flop (round 1): final blow Ann." in html
    assert "Ann <strong>+30</strong> (\u00d76)" in html  # x6: Anchored Power
    assert '<option value="7SH" disabled>7 Shadow</option>' in html
    assert '<option value="9NA" disabled>9 Nature</option>' in html
    assert '<option value="10NA">10 Nature</option>' in html
    assert 'id="gh-street-turn-1" name="cards" data-type="list"' in html
    # A threat's number corrected by hand: the shared "printed card wins" form, its side id kept as text.
    assert '<input type="hidden" name="side_id" value="T2" data-type="text">' in html
    assert '<option value="attack">Attack</option>' in html and 'id="gh-adj-T2-by"' in html
    assert "higher" in html and "Rabid Wolf" in board(spectator)
    assert char(host, ann)["xp"] - xp == (3 + 2) * 1 * 6
    assert state_of(host)["campaign"]["kills"][str(ann)] == ["Rabid Wolf"]

    return flop


def test_appendix_two_in_a_campaign_gives_58_xp_and_9_gold_and_undo_of_a_street_restores_it(
    gh_host: Person, gh_player: Person, gh_spectator: Person
) -> None:
    host, bo = gh_host, gh_player
    # Appendix II's player: base attack 4 = Goblin 1 + Mage 1 + Blood 1 + Master 2 - 1 (Doubt 5).
    ann = create_character(bo, "Ann", "Goblin", "Mage", "Blood")
    for stat, value in (("xp", 2000), ("doubt", 5)):
        ok(bo.command("character.set", {"character_id": ann, "stat": stat, "value": value}))
    on_a_rank_three_card(host, bo)
    derived = char(host, ann)["derived"]
    assert derived["stats"]["attack"] == 4 and derived["extra_hole_cards"] == 1
    gold, xp = char(host, ann)["gold"], char(host, ann)["xp"]

    me = _appendix_two_dealt(host, bo, ann)
    before_flop = state_of(host)
    flop = _the_flop_and_its_page(host, bo, gh_spectator, ann, xp)

    # Undo of the street (the platform's undo, by the host): every LE, the rewards and the kill go back.
    ok(host.command("undo", {"seq": flop["seq"]}))
    after_undo = state_of(host)
    assert after_undo["combat"] == before_flop["combat"]
    assert after_undo["characters"] == before_flop["characters"]
    assert after_undo["campaign"] == before_flop["campaign"]
    # A spectator (the shared screen) cannot lay down a street.
    assert gh_spectator.command("combat.street", {"cards": ["7BL", "3BL", "9NA"]}).status_code == 403

    ok(host.command("combat.street", {"cards": ["7BL", "3BL", "9NA"]}))
    ok(host.command("combat.street", {"cards": ["7NA"]}))
    turned = scores(host, "turn")
    assert {k: v["attack"] for k, v in turned.items()} == {me: 15, "T2": 12}
    combat = state_of(host)["combat"]
    assert combat["street"] == "over"
    assert char(host, ann)["xp"] - xp == (3 + 2) * 1 * 6 + 4 * 1 * 7 == 58
    assert char(host, ann)["gold"] - gold == 3 + 2 + 4 == 9
    assert [(r["street"], r["names"], r["xp"][me]) for r in combat["rewards"]] == [
        ("flop", ["Rabid Wolf"], 30),
        ("turn", ["Iron Grunt"], 28),
    ]
    assert state_of(host)["campaign"]["kills"][str(ann)] == ["Rabid Wolf", "Iron Grunt"]

    ended = ok(host.command("combat.end"))
    assert ended["events"][0]["payload"]["won"] is True
    after = state_of(host)
    assert after["combat"] is None and after["campaign"]["phase"] == "explore"
    ok(host.command("explore.resolve"))
    assert state_of(host)["campaign"]["kills"][str(ann)] == ["Rabid Wolf", "Iron Grunt"]


def test_a_round_one_flop_kill_and_a_round_two_kill_pay_their_own_hands(
    gh_host: Person, gh_player: Person
) -> None:
    host, bo = gh_host, gh_player
    hal = create_character(bo, "Hal", "Orc", "Warrior", "Iron")
    on_a_rank_three_card(host, bo)
    threats = [
        {"name": "Gnat", "rank": 1, "affinity": "Shadow", "le": 1},
        {"name": "Brute", "rank": 5, "affinity": "Bone", "le": 90},  # level 1: the decks hold ranks 1-5
    ]
    ok(host.command("combat.start", {"threats": threats, "active_limit": 2}))
    ok(host.command("combat.adjust", {"side_id": "T2", "field": "attack", "by": 5, "note": "War Cry"}))
    me = f"C{hal}"
    xp, le = char(host, hal)["xp"], char(host, hal)["le"]

    # Round 1: trips on the flop (x3) fell the Gnat; the Brute (5 + 5 War Cry + 4) hits Hal (13) for 1.
    ok(
        bo.command("combat.deal", {"side_id": me, "active": ["9BL", "9SH"], "inactive": []})
    )  # as the page sends
    ok(host.command("combat.deal", {"side_id": "T1", "active": ["1NA", "3NA"]}))
    ok(host.command("combat.deal", {"side_id": "T2", "active": ["6SH", "6BO"]}))
    before_flop = state_of(host)
    flop = ok(host.command("combat.street", {"cards": ["9IR", "6NA", "10SH"]}))
    assert char(host, hal)["le"] == le - 1 and side(host, "T2")["le"] == 90
    assert side(host, "T1")["status"] == "despatched"
    # The platform's undo of that street (by the host who laid it): both LEs come back.
    ok(host.command("undo", {"seq": flop["seq"]}))
    undone = state_of(host)
    assert char(host, hal)["le"] == le and side(host, "T1")["le"] == 1
    assert undone["combat"] == before_flop["combat"] and undone["characters"] == before_flop["characters"]
    ok(host.command("combat.street", {"cards": ["9IR", "6NA", "10SH"]}))
    assert scores(host, "flop")[me]["category"] == "three_of_a_kind"
    (first,) = state_of(host)["combat"]["rewards"]
    assert (first["names"], first["explore_rank"], first["xp"][me]) == (["Gnat"], 3, (3 + 1) * 1 * 3)
    ok(host.command("combat.street", {"cards": ["5BL"]}))
    ok(host.command("combat.street", {"cards": ["8BO"]}))
    assert side(host, "T2")["status"] == "active" and side(host, "T2")["le"] == 90
    assert char(host, hal)["le"] == le - 1 - 1 - 2
    ok(host.command("combat.next_round"))

    # Round 2: only a pair (x1) when the Brute falls on the flop. A card effect brings it to 1 LE first.
    ok(host.command("combat.adjust", {"side_id": "T2", "field": "le", "by": -89, "note": "Fire Bolt"}))
    ok(bo.command("combat.deal", {"side_id": me, "active": ["2NA", "8SH"]}))
    ok(host.command("combat.deal", {"side_id": "T2", "active": ["1BL", "3BL"]}))
    ok(host.command("combat.street", {"cards": ["2SH", "10IR", "5IR"]}))
    flopped = scores(host, "flop", round_=2)
    assert flopped[me]["category"] == "pair" and (flopped[me]["attack"], flopped["T2"]["attack"]) == (11, 10)
    combat = state_of(host)["combat"]
    second = combat["rewards"][1]
    assert (second["round"], second["names"], second["explore_rank"]) == (2, ["Brute"], 0)
    assert second["xp"][me] == 5 * 1 * 1  # not x3: the round-1 hand is gone
    assert char(host, hal)["xp"] - xp == 12 + 5
    assert combat["street"] == "over"
    assert state_of(host)["campaign"]["kills"][str(hal)] == ["Gnat", "Brute"]
