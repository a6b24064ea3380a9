"""Grimwood at a real table: commands through the API, the board rendered by the server, the log in words."""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

import pytest
from django.test import Client

from campaigns.boards import board_html
from campaigns.models import Table
from campaigns.registry import get
from tests.board_fragments import fragment_nodes, kept_board, rendered_again_from_the_cache
from tests.personas import Person, board, host_of, join, ok, page_client, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann() -> Person:
    return host_of("grimwood", "Forest")


def start(ann: Person, bo: Person) -> None:
    ok(ann.command("game.start", {"seat_ids": [ann.seat.pk, bo.seat.pk], "start_seat_id": ann.seat.pk}))


def place(p: Person, cards: list[str], **extra: Any) -> int:
    body = ok(p.command("combo.place", {"cards": cards, **extra}))
    return int(body["events"][0]["payload"]["combo"]["id"])


def test_the_game_is_registered_for_two_to_ten_players() -> None:
    spec = get("grimwood")
    assert (spec.name, spec.min_seats, spec.max_seats, spec.board_template, spec.order) == (
        "Grimwood",
        1,
        10,
        "grimwood/board.html",
        50,
    )
    assert "'" not in spec.blurb and "\u2019" not in spec.blurb


def test_a_waiting_table_asks_for_a_second_player(ann: Person) -> None:
    html = board_html(Table.objects.get(pk=ann.table.pk))
    assert html is not None
    assert "Waiting for a second player" in html and "game.start" not in html


def test_the_table_page_is_the_shell_with_the_board_rendered_by_the_server(ann: Person, bo: Person) -> None:
    html = page_client(ann).get(f"/t/{ann.table.pk}/").content.decode()
    assert 'id="board"' in html and "js/board.js" in html and "js/table.js" not in html
    assert 'id="join-code"' in html and 'id="log"' in html and 'id="conn"' in html
    assert "Choose who goes first to begin." in html
    assert ">Ann goes first</button>" in html and ">Bo goes first</button>" in html
    # The scoring table is one tap away, rendered from the rules' own table.
    assert 'id="grimwood-table"' in html and "<td>3 Owls</td><td>10</td>" in html
    assert (
        "<td>5 supernaturals</td><td>15</td>" in html and "<td>Clearing + Path + Swamp</td><td>5</td>" in html
    )
    start(ann, bo)
    html = page_client(ann).get(f"/t/{ann.table.pk}/").content.decode()
    for text in (
        "Deck: 58 of 64 left",  # 2 players: 64 cards, 3 dealt to each
        "Ann's turn: 2 actions left.",
        "Draw a card and end the turn",
        "Steal from Bo and end the turn (3 in hand)",
        "Place a combo for Ann",
        "Correct by hand",
        'aria-label="Bo hand">3<',
        'aria-label="Ann score">0<',
    ):
        assert text in html, text
    assert f'data-seat-id="{ann.seat.pk}"' in html and f'data-seat-id="{bo.seat.pk}"' in html
    assert f'id="grimwood-turn" data-edit-seat="{ann.seat.pk}"' in html
    payload = escape(json.dumps({"cards": ["Owl", "Owl", "Owl"], "seat_id": ann.seat.pk}))
    assert f'data-payload="{payload}"' in html


def test_board_fragment_follows_the_snapshot_and_names_its_seq(ann: Person, bo: Person) -> None:
    start(ann, bo)
    owls = place(ann, ["Owl", "Owl", "Owl"])
    response = page_client(bo).get(f"/t/{ann.table.pk}/board/")
    assert response.status_code == 200
    assert response["X-Table-Seq"] == str(Table.objects.get(pk=ann.table.pk).seq)
    html = response.content.decode()
    assert f'data-combo-id="{owls}"' in html and "<strong>3 Owls</strong>" in html
    assert f'aria-label="Combo {owls} points">10<' in html
    assert 'aria-label="Ann score">10<' in html and 'aria-label="Ann hand">0<' in html
    ok(ann.command("turn.draw"))  # Bo's turn: Bo places his own combos
    elf = place(bo, ["Elf"])
    html = board(ann)
    assert 'aria-label="Bo score">1<' in html and f'id="gw-c{elf}-add"' in html
    assert ">Elf</button>" not in html  # printed once: no longer offered to place
    assert Client().get(f"/t/{ann.table.pk}/board/").status_code == 403


def test_a_short_game_through_the_api(ann: Person, bo: Person) -> None:
    start(ann, bo)
    owls = place(ann, ["Owl", "Owl", "Owl"])  # Ann's 3 dealt cards
    ok(ann.command("action.use", {"kind": "power", "note": "Hydra"}))
    ok(ann.command("turn.draw"))
    ok(bo.command("hand.set", {"count": 4, "note": "the Mage drew two"}))
    elf = place(bo, ["Elf"])
    added = ok(bo.command("combo.add", {"combo_id": elf, "card": "Troll"}))
    assert added["events"][0]["text"] == (
        "Bo adds Troll to a combo: now 2 supernaturals (Elf, Troll), points 1 \u2192 2 (hand 3 \u2192 2). "
        "Score: Bo 1 \u2192 2."
    )
    # The Sorceress takes Ann's Owls: both scores are recomputed.
    moved = ok(bo.command("combo.move", {"combo_id": owls, "power": "Sorceress"}))
    text = moved["events"][0]["text"]
    assert "goes to Bo" in text and "Ann 10 \u2192 0" in text and "Bo 2 \u2192 12" in text
    state = moved["state"]
    assert [p["score"] for p in state["players"]] == [0, 12]
    html = board(ann)
    assert 'aria-label="Ann score">0<' in html and 'aria-label="Bo score">12<' in html
    # The deck runs out: the last round starts and Ann has one last turn.
    ok(bo.command("deck.set", {"remaining": 1, "note": "counted the deck"}))
    drawn = ok(bo.command("turn.draw"))
    assert "the last round begins" in drawn["events"][0]["text"]
    html = board(ann)
    assert "Last round:</strong> Bo drew the last card; 1 last turn to go (Ann)." in html
    assert "Ann's turn: 2 actions left." in html
    ok(ann.command("hand.set", {"count": 9}))
    ended = ok(ann.command("turn.end", {"note": "nothing to draw"}))
    text = ended["events"][0]["text"]
    assert text == (
        "Ann's turn ends without a draw: nothing to draw. Ann holds 9 cards: discards 2 down to 7 "
        "(hand 9 \u2192 7). Last round: last turns to go 1 \u2192 0. "
        "The game is over: Bo wins with 12 points (Ann 0, Bo 12)."
    )
    state = ended["state"]
    assert state["over"] and state["winner_seat_ids"] == [bo.seat.pk]
    html = board(ann)
    assert "Bo wins the game</strong> with 12 points" in html
    assert "Ann held 9 cards and discards 2 down to 7." in html
    assert 'id="grimwood-final"' in html and "3 Owls (10)" in html
    assert 'id="grimwood-turn"' not in html  # no turn after the game


def test_every_event_reads_as_a_sentence_in_the_log(ann: Person, bo: Person) -> None:
    start(ann, bo)
    place(ann, ["Swamp", "Path", "Clearing"])
    ok(ann.command("turn.steal", {"victim_seat_id": bo.seat.pk}))
    dragon = place(bo, ["Dragon"])
    ok(bo.command("combo.adjust", {"combo_id": dragon, "points": 3, "note": "a house rule"}))
    page = ann.client.get(f"/api/v1/tables/{ann.table.pk}/events/").json()["results"]
    texts = [e["text"] for e in page]
    assert texts[0] == "Ann joined"
    assert (
        "The game starts with Ann and Bo. 2 players: 2 Runes and 2 Amulets out (deck total 68 \u2192 64). "
        "3 cards dealt to each (deck 68 \u2192 58: 4 out, 6 dealt). "
        "Turn 0 \u2192 1: Ann goes first (Actions 0 \u2192 2)." in texts
    )
    assert (
        "Ann scores a combo of Swamp + Path + Clearing: 5 points (hand 3 \u2192 0). Score: Ann 0 \u2192 5."
        in texts
    )
    assert (
        "Ann steals a card from Bo and ends the turn (Ann's hand 0 \u2192 1, Bo's 3 \u2192 2). "
        "Turn 1 \u2192 2: Bo's turn (2 actions)."
    ) in texts
    assert any(
        t.startswith("Bo scores a combo of 1 supernatural (Dragon): 1 point, frozen by the Dragon")
        for t in texts
    )
    assert texts[-1].startswith(
        "Bo's combo of 1 supernatural (Dragon): 1 \u2192 3 points by hand: a house rule."
    )
    assert all(e["type"].replace(".", " ") != e["text"] for e in page)


def test_a_refused_command_changes_nothing_and_names_its_field(ann: Person, bo: Person) -> None:
    start(ann, bo)
    dragon = place(ann, ["Dragon"])
    before = Table.objects.get(pk=ann.table.pk)
    r = ann.command("hand.set", {"count": "3x"})
    assert r.status_code == 400 and r.json()["extra"]["field"] == "count"
    r = ann.command("combo.place", {"cards": ["Owl", "Crow"]})
    assert r.status_code == 400 and r.json()["extra"]["field"] == "cards"
    assert "Valid combos:" in r.json()["message"]
    r = bo.command("combo.move", {"combo_id": dragon})
    assert r.status_code == 400 and r.json()["code"] == "frozen" and r.json()["extra"]["field"] == "combo_id"
    r = bo.command("turn.draw")
    assert r.status_code == 403 and r.json()["code"] == "not_your_turn"
    r = bo.command("combo.place", {"cards": ["Elf"], "seat_id": ann.seat.pk})
    assert r.status_code == 403
    after = Table.objects.get(pk=ann.table.pk)
    assert (after.seq, after.state) == (before.seq, before.state)
    html = board(bo)
    assert f'id="gw-c{dragon}-to"' not in html  # a frozen combo offers no powers against it


def test_the_kept_board_is_the_board_rendered_in_full_after_every_change(ann: Person, bo: Person) -> None:
    assert "Choose who goes first to begin." in kept_board(ann.table.pk)
    start(ann, bo)
    kept_board(ann.table.pk)
    owls = place(ann, ["Owl", "Owl", "Owl"])
    kept_board(ann.table.pk)
    ok(ann.command("action.use", {"kind": "power"}))
    kept_board(ann.table.pk)
    ok(ann.command("turn.draw"))  # Bo's turn: the turn player's actions and both panels change
    kept_board(ann.table.pk)
    ok(bo.command("hand.set", {"count": 4, "note": "the Mage drew two"}))
    kept_board(ann.table.pk)
    elf = place(bo, ["Elf"])
    kept_board(ann.table.pk)
    # A supernatural placed elsewhere: Elf's combo offers one card fewer to add, itself unchanged.
    place(ann, ["Dragon"], card_allows=True, note="the Laraki")  # on Bo's turn: a card allows it
    html = kept_board(ann.table.pk)
    assert "<option>Dragon</option>" not in html and "Frozen by the Dragon" in html
    # A card added: the other combos' swap lists show its new points.
    ok(bo.command("combo.add", {"combo_id": elf, "card": "Troll"}))
    assert "Bo's 2 supernaturals (Elf, Troll) (2)</option>" in kept_board(ann.table.pk)
    # Renamed: no part kept under the old name is given again.
    ok(bo.command("seat.rename", {"seat_id": bo.seat.pk, "name": "Bea"}))
    html = kept_board(bo.table.pk)
    assert "Place a combo for Bea" in html and "Change Bea's 2 supernaturals" in html
    assert re.search(r"\bBo\b", html) is None
    ok(bo.command("combo.move", {"combo_id": owls, "power": "Sorceress"}))
    html = kept_board(ann.table.pk)
    assert 'aria-label="Ann score">1<' in html and 'aria-label="Bea score">12<' in html
    ok(bo.command("deck.set", {"remaining": 1, "note": "counted the deck"}))
    kept_board(ann.table.pk)
    ok(bo.command("turn.draw"))  # the last card: the last round
    assert "Last round:</strong> Bea drew the last card" in kept_board(ann.table.pk)
    ok(ann.command("hand.set", {"count": 9}))
    kept_board(ann.table.pk)
    ok(ann.command("turn.end", {"note": "nothing to draw"}))  # the game ends
    assert "Bea wins the game</strong> with 12 points" in kept_board(ann.table.pk)
    dragon = next(c["id"] for c in state_of(ann)["players"][0]["combos"] if c["cards"] == ["Dragon"])
    ok(ann.command("combo.adjust", {"combo_id": dragon, "points": 12, "note": "a tie by hand"}))
    html = kept_board(ann.table.pk)  # a shared win: every panel's pill says so
    assert html.count('<span class="pill accent">Shared win</span>') == 4
    # Kept, not rendered every time: each part's values are plain data the cache can key on.
    nodes = fragment_nodes("grimwood/board.html")
    assert len(nodes) == 11
    rendered_again_from_the_cache(Table.objects.get(pk=ann.table.pk))


def test_a_steal_is_offered_only_from_a_hand_the_rules_let_be_stolen_from(ann: Person, bo: Person) -> None:
    # Rulebook, Stehlen: only from a hand of 2 or more cards. The board offers no steal the rules
    # refuse, and says why.
    start(ann, bo)
    ok(bo.command("hand.set", {"count": 1}))
    html = board(ann)
    assert "Steal from Bo and end the turn" not in html
    assert "Bo holds 1 card: a steal needs 2 or more." in html
    assert 'id="gw-steal-none"' in html and 'id="gw-steal-victim"' not in html
    refused = ann.command("turn.steal", {"victim_seat_id": bo.seat.pk})
    assert refused.status_code == 400 and refused.json()["code"] == "hand_too_small"
    ok(bo.command("hand.set", {"count": 2}))
    html = board(ann)
    assert "Steal from Bo and end the turn (2 in hand)" in html and "a steal needs" not in html
    assert f'<option value="{bo.seat.pk}">Bo (2 in hand)</option>' in html
    stolen = ok(ann.command("turn.steal", {"victim_seat_id": bo.seat.pk}))
    assert stolen["state"]["players"][1]["hand"] == 1


def test_a_card_is_offered_to_play_only_from_a_hand_that_holds_one(ann: Person, bo: Person) -> None:
    # Rulebook, Action A: a supernatural or a Rune is played from the hand, one action; the board
    # offers no play the rules refuse, and says why.
    start(ann, bo)
    html = board(ann)
    assert 'id="gw-play"' in html and '<option value="">A new combo</option>' in html
    assert "<option>Dark Unicorn</option>" in html and "Play a Rune (+2 actions)" in html
    played = ok(ann.command("action.use", {"kind": "play", "card": "Dark Unicorn"}))
    assert played["events"][0]["text"] == (
        "Ann plays Dark Unicorn, a new combo: 1 point (Actions 2 \u2192 1; hand 3 \u2192 2). "
        "Score: Ann 0 \u2192 1."
    )
    unicorn = played["events"][0]["payload"]["combo"]["id"]
    html = board(ann)
    assert f'<option value="{unicorn}">1 supernatural (Dark Unicorn)</option>' in html  # play into it
    playable = re.search(r'id="gw-play-card" name="card">(.*?)</select>', html)
    assert (
        playable and "Dark Unicorn" not in playable.group(1) and "<option>Troll</option>" in playable.group(1)
    )
    ok(ann.command("hand.set", {"count": 0, "note": "Dark Unicorn: discarded"}))
    html = board(ann)
    assert 'id="gw-play"' not in html and "Play a Rune" not in html
    assert "Ann's hand is empty: there is no card to play." in html
    refused = ann.command("action.use", {"kind": "play", "card": "Troll"})
    assert refused.status_code == 400 and refused.json()["code"] == "not_in_hand"
    assert refused.json()["extra"]["field"] == "card"


def test_out_of_turn_a_combo_is_offered_only_with_a_cards_say_so(ann: Person, bo: Person) -> None:
    # Rulebook, Turn Overview: combos are placed "anytime during the turn", the player's own; a card
    # may allow it otherwise, and the log says so.
    start(ann, bo)
    refused = bo.command("combo.place", {"cards": ["Elf"]})
    assert refused.status_code == 400 and refused.json()["code"] == "out_of_turn"
    assert refused.json()["extra"]["field"] == "card_allows"
    html = board(bo)
    assert "Place a combo for Ann" in html and "A card lets Bo place a combo now" in html
    bo_preset = escape(json.dumps({"cards": ["Owl", "Owl", "Owl"], "seat_id": bo.seat.pk}))
    assert f'data-payload="{bo_preset}"' not in html  # no one-tap placing out of turn
    assert '<input type="hidden" name="card_allows" value="true" data-type="bool">' in html
    elf = ok(bo.command("combo.place", {"cards": ["Elf"], "card_allows": True, "note": "the Laraki"}))
    assert elf["events"][0]["text"] == (
        "Bo scores a combo of 1 supernatural (Elf) on Ann's turn, a card allows it (the Laraki): 1 point "
        "(hand 3 \u2192 2). Score: Bo 0 \u2192 1."
    )
    combo = elf["events"][0]["payload"]["combo"]["id"]
    assert "A card allows it now: add a supernatural from the hand" in board(bo)
    ok(ann.command("turn.draw"))  # Bo's turn: his combo grows without a card's say-so
    html = board(bo)
    assert "A card allows it now" not in html and f'id="gw-c{combo}-add"' in html
    assert "Place a combo for Bo" in html and "A card lets Ann place a combo now" in html


def test_a_table_opened_to_draw_first_begins_each_turn_with_the_draw() -> None:
    # Alternativen zum Spiel: "Zuerst wird eine Karte gezogen oder gestohlen und dann ... gespielt".
    ann = host_of("grimwood", "Forest", options={"turn_order": "draw_first"})
    bo = join(ann.table, "Bo")
    start(ann, bo)
    html = board(ann)
    assert "Draw a card to begin the turn" in html and "Steal from Bo to begin the turn (3 in hand)" in html
    assert 'id="gw-play"' not in html and "Draw a card and end the turn" not in html
    assert "First draw or steal." in html
    drawn = ok(ann.command("turn.draw"))
    assert (
        drawn["events"][0]["text"]
        == "Ann draws a card to begin the turn (hand 3 \u2192 4; deck 58 \u2192 57)."
    )
    html = board(ann)
    assert 'id="gw-play"' in html and "End Ann's turn" in html and "Draw a card to begin" not in html
    refused = ann.command("turn.draw")
    assert refused.status_code == 400 and refused.json()["code"] == "already_drawn"
    ok(ann.command("turn.end"))
    assert "Bo's turn: 2 actions left." in board(ann)


def test_the_options_are_offered_when_a_table_is_opened() -> None:
    html = Client().get("/").content.decode()
    assert 'name="opt-grimwood-turn_order"' in html and 'name="opt-grimwood-supernaturals"' in html
    assert '<option value="draw_first">Draw or steal first, then play (alternate mode)</option>' in html
    games = {g["slug"]: g for g in Client().get("/api/v1/games/").json()}
    assert [o["key"] for o in games["grimwood"]["options"]] == ["turn_order", "supernaturals"]


def test_the_sorceress_is_offered_to_sacrifice_only_owls_or_crows(ann: Person, bo: Person) -> None:
    # Rulebook, Sorceress: "Sacrifice a set of owls or crows"; the board offers no sacrifice the
    # rules refuse.
    start(ann, bo)
    owls = place(ann, ["Owl", "Owl", "Owl"])
    ok(ann.command("hand.set", {"count": 1}))
    troll = place(ann, ["Troll"])
    html = board(ann)
    sacrifice = re.compile(r'id="gw-c(\d+)-discard-power" name="power" data-type="null">(.*?)</select>')
    offered = {int(m.group(1)): m.group(2) for m in sacrifice.finditer(html)}
    assert "<option>Sorceress</option>" in offered[owls] and "<option>Demon</option>" in offered[owls]
    assert "Sorceress" not in offered[troll] and "<option>Demon</option>" in offered[troll]
    refused = bo.command("combo.discard", {"combo_id": troll, "power": "Sorceress"})
    assert refused.status_code == 400 and refused.json()["code"] == "not_owls_or_crows"
