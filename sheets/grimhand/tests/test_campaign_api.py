"""A whole Grim Hand campaign through the real API (issue #9): 2 levels, 3 characters.

Ante and a defeat by ante, initiative with a tie, 10 explore cards with event
rolls and QP, a market with buys and a refund, checks with zero successes and
two Wilds, meditation, a quest through its challenge, the end of the game with
redemption and trophies; refusals change nothing; undo restores; the board
says where the party is; the table ends with each seat's result.
"""

from __future__ import annotations

from typing import Any

import pytest

from campaigns.models import Play, PlayResult, TableStatus
from campaigns.tasks import write_play_record
from tests.grimhand_personas import (  # noqa: F401
    create_character,
    fixture_gh_host,
    fixture_gh_other,
    fixture_gh_player,
    fixture_gh_spectator,
    ok,
)
from tests.personas import Person, board, page_client, state_of

pytestmark = pytest.mark.django_db
BLOOD, BONE, SHADOW, IRON, NATURE, WILD = 1, 2, 3, 4, 5, 6


def char(p: Person, cid: int) -> dict[str, Any]:
    found: dict[str, Any] = state_of(p)["characters"][str(cid)]
    return found


def refused(p: Person, type_: str, payload: dict[str, Any], status: int = 400) -> dict[str, Any]:
    before = state_of(p)
    seq = p.seat.table.seq
    response = p.command(type_, payload)
    assert response.status_code == status, response.json()
    assert state_of(p) == before and p.seat.table.seq == seq  # a refused command changes nothing
    body: dict[str, Any] = response.json()
    return body


def explore(p: Person, name: str, dice: list[int]) -> dict[str, Any]:
    ok(p.command("explore.reveal", {"name": name}))
    ok(p.command("explore.event_roll", {"dice": dice}))
    body: dict[str, Any] = ok(p.command("explore.resolve"))
    return body


def _market_before_level_one(ann: Person, bo: Person, cy: Person, hal: int, bea: int, cyn: int) -> None:
    """The market before level 1 (§7.3), then Ann closes it."""
    # the market before level 1 (§7.3): ranks 1-5, one option each in seating order (nobody holds
    # the initiative yet), buys, a refusal without the gold, a refund
    assert refused(ann, "market.open", {"cards": ["3BL", "7IR"]})["code"] == "not_in_deck"
    ok(ann.command("market.open", {"cards": ["3BL", "4IR", "2NA", "5SH", "1BO"]}))
    price = state_of(ann)["campaign"]["market"]["cards"][1]["gold"]
    assert 'id="gh-market"' in board(bo) and f"{price} gold" in board(bo)
    ok(ann.command("character.set", {"character_id": hal, "stat": "gold", "value": price + 3}))
    refused(bo, "market.buy", {"character_id": hal, "card": "2NA"}, status=403)
    assert refused(bo, "market.buy", {"character_id": bea, "card": "2NA"})["code"] == "not_your_turn"
    ok(ann.command("market.buy", {"character_id": hal, "card": "4IR"}))
    assert char(ann, hal)["gold"] == 3 and char(ann, hal)["equipment"][0]["card"] == "Iron-4"
    assert refused(ann, "market.buy", {"character_id": hal, "card": "3BL"})["code"] == "not_your_turn"
    ok(ann.command("market.sell", {"character_id": hal, "card": "4IR"}))
    assert char(ann, hal)["gold"] == price + 3 and char(ann, hal)["equipment"] == []
    cards = {c["card"]: c["gold"] for c in state_of(ann)["campaign"]["market"]["cards"]}
    assert cards["Bone-1"] < cards["Shadow-5"]
    ok(bo.command("character.set", {"character_id": bea, "stat": "gold", "value": cards["Bone-1"]}))
    assert refused(bo, "market.buy", {"character_id": bea, "card": "5SH"})["code"] == "not_enough_gold"
    ok(bo.command("market.buy", {"character_id": bea, "card": "1BO"}))
    assert "Cyn passes" in board(cy)
    ok(cy.command("market.pass"))
    assert "everyone has had the option" in board(ann)
    ok(ann.command("market.close"))


def _level_one(ann: Person, bo: Person, cy: Person, hal: int, bea: int, cyn: int) -> None:
    """Level 1: the ante, the initiative, a quest taken, the explore cards (§7.1, §7.2, §9.1)."""
    # level 1: Cyn cannot pay the ante (§7.1)
    ok(cy.command("character.set", {"character_id": cyn, "stat": "le", "value": 1}))
    le = char(ann, hal)["le"]
    started = ok(ann.command("level.start"))
    assert "Cyn cannot pay and is defeated" in started["events"][0]["text"]
    assert state_of(ann)["campaign"]["defeated"] == [cyn] and char(ann, hal)["le"] == le - 1
    assert "Defeated" in board(ann)

    # initiative with a tie (§7.2): only the tied roll again
    tie = ok(ann.command("initiative.roll", {"rolls": {str(ann.seat.pk): 5, str(bo.seat.pk): 5}}))
    assert "roll again" in tie["events"][0]["text"]
    assert refused(ann, "initiative.roll", {"rolls": {str(cy.seat.pk): 6}})["extra"]["field"] == "rolls"
    # A wrong or missing roll names whose it is, beside that player's own field (issue #33, item 4).
    wrong = refused(ann, "initiative.roll", {"rolls": {str(ann.seat.pk): 9, str(bo.seat.pk): 2}})
    assert wrong["message"] == "Hal's initiative roll is a d6: 1 to 6."
    assert wrong["extra"]["field"] == f"rolls.{ann.seat.pk}"
    short = refused(ann, "initiative.roll", {"rolls": {str(ann.seat.pk): 3}})
    assert short["message"] == "Bea still needs a roll." and short["extra"]["field"] == f"rolls.{bo.seat.pk}"
    html = board(ann)
    assert f'data-error-for="rolls.{bo.seat.pk}"' in html and f'name="rolls.{bo.seat.pk}"' in html
    ok(ann.command("initiative.roll", {"rolls": {str(ann.seat.pk): 2, str(bo.seat.pk): 6}}))
    assert state_of(ann)["campaign"]["initiative"]["seat_id"] == bo.seat.pk
    assert "Bea has initiative" in board(ann)  # the character Bo plays

    # a quest for Hal, its challenge after the card is resolved (§9.1)
    ok(ann.command("character.set", {"character_id": hal, "stat": "xp", "value": 200}))  # Novice
    ok(ann.command("quest.take", {"character_id": hal, "quest": "Steel Against Shadow"}))
    qp = char(ann, hal)["qp"]
    body = explore(ann, "Collapsing Pillar", [IRON, WILD, SHADOW])  # rank 3 Iron
    assert char(ann, hal)["qp"] == qp + 3 and "+3 QP" in body["events"][0]["text"]

    # the rest of level 1
    for name, dice in (("Flesh-Worn Path", [SHADOW]), ("Blood-Matted Den", [SHADOW] * 2)):
        explore(bo, name, dice)


def _checks_and_level_two(ann: Person, bo: Person, cy: Person, hal: int, bea: int, cyn: int) -> None:
    """Checks (§10), the rest of level 1, preparation, level 2 and the quest challenge."""
    # checks: zero successes (+1 and Doubt), two Wilds (+1 Corruption) (§10);
    # the card is Blood: no bonus for Hal of Iron
    ok(ann.command("character.adjust", {"character_id": hal, "stat": "le", "by": -4}))
    strength = char(ann, hal)["derived"]["stats"]["strength"]
    doubt = char(ann, hal)["doubt"]
    ok(ann.command("check.roll", {"character_id": hal, "kind": "strength", "dice": [SHADOW] * strength}))
    assert char(ann, hal)["doubt"] == doubt + 1
    corruption = char(ann, hal)["corruption"]
    wild = [WILD, WILD] + [SHADOW] * (strength - 2)
    checked = ok(ann.command("check.roll", {"character_id": hal, "kind": "strength", "dice": wild}))
    assert char(ann, hal)["corruption"] == corruption + 1
    assert "2 successes" in checked["events"][0]["text"]

    for rank in (4, 5):
        ok(ann.command("explore.reveal", {"rank": rank, "affinity": "Wild"}))
        ok(ann.command("explore.event_roll", {"dice": [SHADOW] * rank}))
        last = ok(ann.command("explore.resolve"))
    assert state_of(ann)["campaign"]["phase"] == "preparation"
    assert "Add the rank 6 cards" in last["events"][0]["text"]
    assert "Add the rank 6 cards" in board(ann)
    # preparation: meditation and healing, then level 2 (ante 2)
    ok(ann.command("rest.meditate", {"character_id": hal, "choice": "le"}))
    assert refused(bo, "rest.heal", {"character_id": bea, "le": 1, "gold": 99})["code"] == "wrong_price"
    le = char(ann, hal)["le"]
    ok(ann.command("level.start"))
    assert char(ann, hal)["le"] == le - 2
    ok(ann.command("initiative.roll"))
    for rank in range(1, 6):
        ok(ann.command("explore.reveal", {"rank": rank, "affinity": "Iron"}))
        ok(ann.command("explore.event_roll", {}))
        ok(ann.command("explore.resolve"))
    assert refused(ann, "level.start", {})["code"] == "campaign_over"

    # the quest's challenge, resolved by its kind
    ok(ann.command("quest.challenge_roll", {"character_id": hal, "dice": [4, 4, 4, 1]}))  # 13: Gold Offering
    challenge = char(ann, hal)["quests"][0]["challenge"]
    assert challenge["challenge"] == "Gold Offering" and challenge["gold"] == 10  # level 2 x 5 (§9.1)
    gold = char(ann, hal)["gold"]
    ok(ann.command("quest.resolve", {"character_id": hal}))
    assert char(ann, hal)["quests"][0]["status"] == "completed" and char(ann, hal)["gold"] < gold


def _undo_and_the_end(ann: Person, bo: Person, cy: Person, hal: int, bea: int, cyn: int) -> None:
    """An undone campaign command, then the end: trophies and each seat's result (§13)."""
    # undo of a campaign command restores it
    undone_seq = ok(bo.command("rest.start"))["seq"]
    assert state_of(ann)["campaign"]["phase"] == "rest"
    ok(bo.command("undo", {"seq": undone_seq}))
    assert state_of(ann)["campaign"]["phase"] == "preparation"

    # the end: trophies and the table ends with each seat's result
    ended = ok(ann.command("campaign.end", {}))
    assert [e["type"] for e in ended["events"]] == ["campaign.ended", "table.ended"]
    table = ann.table
    table.refresh_from_db()
    assert table.status == TableStatus.ENDED
    end = state_of(ann)["campaign"]["end"]
    assert len(end["records"]) == 3 and end["winners"]
    assert "gh-trophies" in board(ann)
    write_play_record(table.pk)  # the task the outbox owes after the commit
    play = Play.objects.get(table=table)
    results = {r.name: (r.won, r.score) for r in PlayResult.objects.filter(play=play)}
    assert set(results) == {"Ann", "Bo", "Cy"}
    assert sum(1 for won, _ in results.values() if won) == len(end["winners"])


def test_a_two_level_campaign_for_three_characters(
    gh_host: Person, gh_player: Person, gh_other: Person, gh_spectator: Person
) -> None:
    ann, bo, cy = gh_host, gh_player, gh_other
    hal = create_character(ann, "Hal", "Human", "Warrior", "Iron")
    bea = create_character(bo, "Bea", "Dwarf", "Cleric", "Blood")
    cyn = create_character(cy, "Cyn", "Elf", "Mage", "Nature")
    html = board(ann)
    assert "length and start" in html
    assert '<option value="3" selected>3 levels (a short campaign)</option>' in html  # partials/field.html
    refused(gh_spectator, "campaign.start", {"levels": 2}, status=403)
    assert refused(ann, "campaign.start", {"levels": 9})["extra"]["field"] == "levels"
    ok(ann.command("campaign.start", {"levels": 2}))
    for phase in (_market_before_level_one, _level_one, _checks_and_level_two, _undo_and_the_end):
        phase(ann, bo, cy, hal, bea, cyn)


def test_the_board_offers_the_next_step_and_hides_other_seats_controls(
    gh_host: Person, gh_player: Person
) -> None:
    hal = create_character(gh_host, "Hal", "Human", "Warrior", "Iron")
    create_character(gh_player, "Bea", "Dwarf", "Cleric", "Blood")
    html = board(gh_host)
    assert 'data-command="campaign.start"' in html and "My character sheet" in html
    ok(gh_host.command("campaign.start", {"levels": 1}))
    ok(gh_host.command("level.start"))
    html = board(gh_host)
    assert "Roll for the initiative" in html and 'data-command="initiative.roll"' in html
    assert f'data-edit-seat="{gh_host.seat.pk}"' in html  # Hal's check form shows only to who may edit it
    page = page_client(gh_host).get(f"/t/{gh_host.table.pk}/")
    assert page.status_code == 200 and b'id="board"' in page.content
    sheet = page_client(gh_host).get(f"/g/{gh_host.table.pk}/")  # the sheet is on the board now
    assert sheet.status_code == 302 and sheet["Location"] == f"/t/{gh_host.table.pk}/#sheet"
    assert hal


def test_the_end_redeems_breaks_an_overall_tie_and_records_every_seat(
    gh_host: Person, gh_player: Person
) -> None:
    """§13 through the API: an uncorrupted player's redemption roll (Wilds do not count) lowers the
    corrupted one's Corruption; twins tie on every trophy; their typed draws break the tie."""
    ann, bo = gh_host, gh_player
    hal = create_character(ann, "Hal", "Human", "Warrior", "Iron")
    bea = create_character(bo, "Bea", "Human", "Warrior", "Iron")
    ok(ann.command("campaign.start", {"levels": 1}))
    ok(bo.command("character.set", {"character_id": bea, "stat": "corruption", "value": 5}))
    assert refused(ann, "campaign.end", {})["code"] == "redemption_needed"  # Bea gets her chance first
    bad = refused(ann, "campaign.redeem", {"dice": {str(bea): [IRON] * 5}})
    assert bad["extra"]["field"] == "dice"  # the corrupted do not roll
    redeemed = ok(
        ann.command("campaign.redeem", {"dice": {str(hal): [IRON, IRON, WILD, WILD, SHADOW]}})
    )  # 2 successes: Wilds do not count
    assert "Bea Corruption 5 \u2192 3: redeemed" in redeemed["events"][0]["text"]
    ended = ok(
        ann.command(
            "campaign.end",
            {"tie_break": {str(hal): "1BL 3IR 5NA 7SH 9BO", str(bea): "2BL 2IR 6NA 8SH 10BO"}},
        )
    )
    end = state_of(ann)["campaign"]["end"]
    assert end["redemption"]["pool"] == 2
    assert char(ann, bea)["corruption"] == 3  # 5 - 2: below the threshold of 4, redeemed
    trophies = {r["name"]: r["trophies"] for r in end["records"]}
    # equal gold: both score it; no XP, quests, kills or equipment: nobody scores those (§13 Reading)
    assert trophies["Hal"] == trophies["Bea"] == 1
    assert end["winners"] == [bea]  # her pair of twos beats a high card
    assert "Bea wins" in ended["events"][0]["text"]
    assert [e["type"] for e in ended["events"]] == ["campaign.ended", "table.ended"]


def test_the_board_walks_the_party_through_the_final_fight(gh_host: Person, gh_player: Person) -> None:
    """§13 on the board: a corrupted player is offered the redemption, then the fight's two outcomes;
    when the corrupted win the end screen says Grimwold has won and the play record has no winner."""
    ann, bo = gh_host, gh_player
    hal = create_character(ann, "Hal", "Human", "Warrior", "Iron")
    bea = create_character(bo, "Bea", "Human", "Warrior", "Iron")
    ok(ann.command("campaign.start", {"levels": 1}))
    ok(ann.command("level.start"))
    ok(ann.command("initiative.roll", {"rolls": {str(ann.seat.pk): 6, str(bo.seat.pk): 1}}))
    ok(bo.command("character.set", {"character_id": bea, "stat": "corruption", "value": 9}))
    for rank in range(1, 6):
        ok(ann.command("explore.reveal", {"rank": rank, "affinity": "Blood"}))
        ok(ann.command("explore.event_roll", {"dice": [SHADOW] * rank}))
        ok(ann.command("explore.resolve"))
    html = board(ann)
    assert 'data-command="campaign.redeem"' in html and 'data-command="campaign.end"' not in html
    assert refused(ann, "campaign.end", {})["code"] == "redemption_needed"
    ok(ann.command("campaign.redeem", {"dice": {str(hal): [SHADOW] * 5}}))  # no Iron: Bea stays at 9
    html = board(bo)
    assert "Bea turned on the party" in html and 'data-command="campaign.final_fight"' in html
    assert refused(ann, "campaign.end", {})["code"] == "final_fight_needed"
    ok(bo.command("campaign.final_fight", {"outcome": "corrupted"}))
    ended = ok(ann.command("campaign.end", {}))
    assert "Grimwold has won: nobody wins" in ended["events"][0]["text"]
    assert "Grimwold has won: the corrupted took the party" in board(ann)
    write_play_record(ann.table.pk)
    play = Play.objects.get(table=ann.table)
    assert [(r.won, r.place) for r in PlayResult.objects.filter(play=play)] == [(False, None), (False, None)]
