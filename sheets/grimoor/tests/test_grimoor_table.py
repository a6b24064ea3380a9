"""Grimoor at a real table: commands through the API, the board rendered by the server, the log in words."""

from __future__ import annotations

import json
from html import escape
from typing import Any

import pytest
from django.test import Client

from campaigns.boards import board_html
from campaigns.models import Play, Table
from campaigns.registry import get
from tests.board_fragments import fragment_nodes, kept_board, rendered_again_from_the_cache
from tests.personas import Person, board, host_of, join, ok, page_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann() -> Person:
    return host_of("grimoor", "Moor")


def start(ann: Person, bo: Person) -> None:
    ok(ann.command("game.start", {"start_seat_id": ann.seat.pk, "other_seat_id": bo.seat.pk}))


def play(p: Person, type_: str, strength: int, **extra: Any) -> int:
    body = ok(p.command("cohort.play", {"type": type_, "strength": strength, **extra}))
    return int(body["events"][0]["payload"]["cohort"]["id"])


def fill(p: Person, seat: Person, count: int, strength: int = 1) -> None:
    """``count`` Cohorts join ``seat``'s Horde by Abilities (no Action)."""
    for _ in range(count):
        ok(p.command("cohort.join", {"seat_id": seat.seat.pk, "type": "Olatha", "strength": strength}))


def test_the_game_is_registered_for_two_players() -> None:
    spec = get("grimoor")
    assert (spec.name, spec.min_seats, spec.max_seats, spec.board_template) == (
        "Grimoor",
        1,
        2,
        "grimoor/board.html",
    )
    assert "'" not in spec.blurb and "\u2019" not in spec.blurb


def test_the_table_page_is_the_shell_with_the_board_rendered_by_the_server(ann: Person, bo: Person) -> None:
    html = page_client(ann).get(f"/t/{ann.table.pk}/").content.decode()
    assert 'id="board"' in html and "js/board.js" in html and "js/table.js" not in html
    # Before the game: who starts, one button per player.
    assert "Choose the Start Player to begin." in html
    assert ">Ann starts</button>" in html and ">Bo starts</button>" in html
    assert 'id="join-code"' in html and 'id="log"' in html and 'id="conn"' in html
    assert "Invite and manage" in html
    start(ann, bo)
    html = page_client(ann).get(f"/t/{ann.table.pk}/").content.decode()
    for text in (
        "Conflict 1 of 3",
        "Start Player: Ann",
        "Ann's turn: 1 Action left.",
        "Actions for Ann: 1 left",
        "Draw the top card",
        "Play a Cohort",
        "Play a Curio",
        "Build a Stronghold",
        "Correct by hand",
        'aria-label="Bo Horde Strength">0<',
        "Gaunt: unbuilt",
    ):
        assert text in html, text
    assert f'data-seat-id="{ann.seat.pk}"' in html and f'data-seat-id="{bo.seat.pk}"' in html
    assert f'id="grimoor-actions" data-edit-seat="{ann.seat.pk}"' in html


def test_a_waiting_table_asks_for_the_second_player(ann: Person) -> None:
    html = board_html(Table.objects.get(pk=ann.table.pk))
    assert html is not None
    assert "Waiting for the second player" in html and "game.start" not in html


def test_a_spectator_watches_and_a_third_player_names_both_players(ann: Person, bo: Person) -> None:
    screen = join(ann.table, "Screen", "spectator")
    html = board(screen)
    assert ">Ann starts</button>" in html and "Screen starts" not in html
    # The button names both players, so a spectator's seat at the table does not count as one.
    payload = json.dumps({"start_seat_id": bo.seat.pk, "other_seat_id": ann.seat.pk})
    assert f'data-payload="{escape(payload)}"' in html
    ok(bo.command("game.start", json.loads(payload)))
    r = screen.command("cohort.focus", {"cohort_id": 1})
    assert r.status_code == 403 and r.json()["code"] == "spectator"
    html = board(screen)
    assert "Bo's turn: 1 Action left." in html and f'data-seat-id="{screen.seat.pk}"' not in html


def test_three_players_at_the_table_choose_the_two_who_play(ann: Person, bo: Person) -> None:
    cy = join(ann.table, "Cy")
    html = board(cy)
    assert "Ann starts" not in html and 'data-command="game.start"' in html
    assert 'id="gm-start-first"' in html and 'id="gm-start-other"' in html
    ok(cy.command("game.start", {"start_seat_id": cy.seat.pk, "other_seat_id": ann.seat.pk}))
    html = board(bo)
    assert "Cy's turn: 1 Action left." in html and f'data-seat-id="{bo.seat.pk}"' not in html


def test_board_fragment_follows_the_snapshot_and_names_its_seq(ann: Person, bo: Person) -> None:
    start(ann, bo)
    knight = play(ann, "Gaunt", 4, name="Grave Knight")
    response = page_client(bo).get(f"/t/{ann.table.pk}/board/")
    assert response.status_code == 200
    assert response["X-Table-Seq"] == str(Table.objects.get(pk=ann.table.pk).seq)
    html = response.content.decode()
    assert f'data-cohort-id="{knight}"' in html
    assert 'aria-label="Ann Horde Strength">4<' in html and 'aria-label="Ann Cohorts">1<' in html
    assert "Ann's turn: 0 Actions left." in html and ">End turn</button>" in html
    # The End of Conflict check the rules make if the turn ended now.
    assert (
        "if Ann's turn ended now, Bo's Horde holds 0 Cohorts (5 end the Conflict): the Conflict goes on"
        in html
    )

    ok(ann.command("turn.end"))
    ok(bo.command("cohort.focus", {"cohort_id": knight}))  # an Ability Focuses a Cohort in either Horde
    html = board(bo)
    assert "Bo's turn: 2 Actions left." in html and "End the turn anyway (2 Actions not taken)" in html
    assert 'aria-label="Ann Horde Strength">1<' in html  # a Focused Cohort counts 1
    assert f'aria-label="Grave Knight #{knight} counts">1<' in html and "Focused</span>" in html
    assert f'aria-label="Ready Grave Knight #{knight}"' in html
    assert Client().get(f"/t/{ann.table.pk}/board/").status_code == 403


def test_a_short_game_of_three_conflicts_through_the_api(ann: Person, bo: Person) -> None:
    start(ann, bo)
    # Conflict 1: Ann's single Action, then Bo's two; Ann's Horde reaches five by Abilities.
    play(ann, "Gaunt", 4, name="Grave Knight")
    ok(ann.command("turn.end"))
    play(bo, "Olatha", 3)
    play(bo, "duskfin", 2)  # the rulebook's other spelling of Duskgil
    ok(bo.command("turn.end"))
    fill(ann, ann, 4)
    ok(ann.command("stronghold.build", {"type": "Gaunt", "points": 2}))
    ok(ann.command("action.draw"))
    ok(ann.command("turn.end"))
    html = board(ann)
    assert "Conflict 1 would end and be scored" in html and "and score Conflict 1" not in html
    ended = ok(bo.command("turn.end", {"skip": True}))
    text = ended["events"][0]["text"]
    assert "Conflict 1 ends. Strength: Ann 8, Bo 5: Ann gains 3 points" in text
    state = ended["state"]
    assert (state["conflict"], state["start_seat_id"], state["actions_left"]) == (2, ann.seat.pk, 1)
    html = board(bo)
    assert "Conflict 1 ended after a turn." in html and "Conflict 2: Ann starts with 1 Action." in html
    assert 'aria-label="Ann points">6<' in html  # 1 + 2 for the Stronghold + 3 for the Conflict
    assert "Gaunt: built" in html and "The Horde is empty." in html

    # Conflict 2: Bo's Horde of five Strength-1 Cohorts beats Ann's empty one.
    ok(ann.command("turn.end", {"skip": True}))
    fill(bo, bo, 5)
    ok(bo.command("turn.end", {"skip": True}))
    ok(ann.command("turn.end", {"skip": True}))
    state = Table.objects.get(pk=ann.table.pk).state
    assert state["conflict"] == 3 and state["start_seat_id"] == ann.seat.pk  # 1 card each: Ann keeps it

    # Conflict 3 ends by hand: empty Hordes and 6 points each, a full tie that nobody scores; then
    # 6 points and 1 End of Conflict card each is a shared win.
    ended = ok(ann.command("conflict.end", {"note": "a printed Ability"}))
    assert ended["state"]["over"] is True
    assert ended["state"]["winner_seat_ids"] == [ann.seat.pk, bo.seat.pk]
    assert "tied: nobody scores" in ended["events"][0]["text"]
    html = board(bo)
    assert "A shared win for Ann and Bo</strong> after 3 Conflicts" in html
    assert "full tie" in html and "Shared win" in html
    assert 'id="grimoor-actions"' not in html  # no Actions after the game


def test_every_event_reads_as_a_sentence_in_the_log(ann: Person, bo: Person) -> None:
    start(ann, bo)
    knight = play(ann, "Gaunt", 4, name="Grave Knight")
    ok(ann.command("turn.end"))
    curio = ok(bo.command("curio.play", {"source": "deck", "focus": [], "points": 0}))
    ok(bo.command("points.add", {"amount": 2, "reason": "Olatha Stronghold"}))
    ok(bo.command("undo", {"seq": curio["seq"]}))
    ok(ann.command("cohort.adjust", {"cohort_id": knight, "strength": 5, "note": "misread the card"}))
    page = ann.client.get(f"/api/v1/tables/{ann.table.pk}/events/").json()["results"]
    texts = [e["text"] for e in page]
    assert texts[0] == "Ann joined"
    assert (
        "The game begins (turn 0 \u2192 1): Ann is the Start Player, with 1 Action on the first turn "
        "(Actions 0 \u2192 1); Bo plays second. Both start on 1 point." in texts
    )
    assert (
        "Ann plays Grave Knight, a Gaunt cohort, strength 4 (1 Cohort in the Horde; Actions 1 \u2192 0)."
        in texts
    )
    assert any(
        t.startswith("Ann's turn ends. Bo's Horde has 0 Cohorts: the Conflict goes on.") for t in texts
    )
    assert "Bo gains 2 points (1 \u2192 3): Olatha Stronghold." in texts
    assert (
        "undid: Bo plays a Curio from the top of the Curio deck, Focusing no Cohort; Actions 2 \u2192 1. "
        "(Actions 1 \u2192 2)" in texts
    )
    assert texts[-1] == "Ann's Grave Knight: Strength 4 \u2192 5 by hand: misread the card."
    assert all(e["type"].replace(".", " ") != e["text"] for e in page)


def test_a_refused_command_changes_nothing_and_names_its_field(ann: Person, bo: Person) -> None:
    start(ann, bo)
    before = Table.objects.get(pk=ann.table.pk)
    r = ann.command("cohort.play", {"type": "Gaunt", "strength": "12abc"})
    assert r.status_code == 400 and r.json()["extra"]["field"] == "strength"
    r = ann.command("cohort.play", {"type": "Goblin", "strength": 2})
    assert r.status_code == 400 and r.json()["extra"]["field"] == "type"
    r = bo.command("action.draw")
    assert r.status_code == 403 and r.json()["code"] == "not_your_turn"
    r = ann.command("turn.end")
    assert (
        r.status_code == 400 and r.json()["code"] == "actions_left" and r.json()["extra"]["field"] == "skip"
    )
    r = bo.command("points.add", {"seat_id": ann.seat.pk, "amount": 3, "reason": "x"})
    assert r.status_code == 403 and r.json()["code"] == "not_your_seat"
    after = Table.objects.get(pk=ann.table.pk)
    assert (after.seq, after.state) == (before.seq, before.state)
    # The board offers the Action buttons only on the turn player's phone (board.js hides the rest).
    assert f'id="grimoor-actions" data-edit-seat="{ann.seat.pk}"' in board(bo)


def test_results_after_the_end(
    ann: Person, bo: Person, eager_tasks: Any, django_capture_on_commit_callbacks: Any
) -> None:
    start(ann, bo)
    ok(ann.command("turn.end", {"skip": True}))
    fill(bo, bo, 5, strength=2)
    ok(bo.command("turn.end", {"skip": True}))
    ok(ann.command("turn.end", {"skip": True}))  # Conflict 1: Bo 10 to 0, Bo gains 10
    # Conflicts 2 and 3 end by hand on empty Hordes: Bo's 11 points to Ann's 1 break the tie.
    ok(bo.command("conflict.end", {"note": "an Ability"}))
    ok(bo.command("conflict.end", {"note": "an Ability"}))
    state = Table.objects.get(pk=ann.table.pk).state
    assert state["over"] and state["winner_seat_ids"] == [bo.seat.pk]
    html = board(ann)
    assert "Bo wins the game</strong> after 3 Conflicts" in html
    assert 'id="grimoor-results"' in html and 'id="grimoor-final"' in html
    assert "Strength: Ann 0, Bo 10: Bo gains 10 points and an End of Conflict card" in html
    assert "tie, more points" in html
    # The players decide Conflict 3 for Ann instead; the board says what the sums said and what they chose.
    ok(ann.command("conflict.override", {"n": 3, "winner_seat_id": ann.seat.pk, "points": 1, "note": "card"}))
    html = board(ann)
    assert "decided by the players" in html
    assert "Then the players decided: Ann wins it with 1 point." in html
    assert "Bo wins the tie and takes an End of Conflict card (0 points)" in html  # what the sums decided
    # The host ends the table: the play record keeps the rules' results.
    with django_capture_on_commit_callbacks(execute=True):
        ok(ann.command("table.end"))
    play_record = Play.objects.get(table_id=ann.table.pk)
    assert play_record.winner == "Bo"  # from the rules' results
    rows = play_record.summary["results"]
    assert [(r["seat_id"], r["place"], r["won"]) for r in rows] == [
        (bo.seat.pk, 1, True),
        (ann.seat.pk, 2, False),
    ]
    html = board(ann)
    assert "Final score" in html


def test_the_kept_board_is_the_board_rendered_in_full_after_every_change(ann: Person, bo: Person) -> None:
    assert "Choose the Start Player to begin." in kept_board(ann.table.pk)
    start(ann, bo)
    assert "Ann's turn: 1 Action left." in kept_board(bo.table.pk)
    knight = play(ann, "Gaunt", 4, name="Grave Knight")
    assert 'aria-label="Ann Horde Strength">4<' in kept_board(ann.table.pk)
    ok(ann.command("turn.end"))
    kept_board(ann.table.pk)  # the turn passes: both panels change, their Cohorts and forms do not
    play(bo, "Olatha", 3)
    kept_board(bo.table.pk)
    fill(bo, bo, 1, strength=2)  # a Cohort joins Bo's Horde: only Bo's panel changes
    assert 'aria-label="Bo Horde Strength">5<' in kept_board(ann.table.pk)
    # Renamed: a panel, a Cohort or a form kept under the old name is not given again.
    ok(bo.command("seat.rename", {"seat_id": bo.seat.pk, "name": "Bea"}))
    html = kept_board(bo.table.pk)
    assert "A Cohort joins Bea's Horde" in html and 'aria-label="Bea Horde"' in html
    assert "Bo's Horde" not in html and 'aria-label="Bo ' not in html and "Correct Bo<" not in html
    ok(bo.command("stronghold.build", {"type": "Olatha", "points": 2}))
    assert "Olatha: built" in kept_board(ann.table.pk)
    ok(bo.command("turn.end"))
    kept_board(ann.table.pk)
    ok(ann.command("cohort.focus", {"cohort_id": knight}))
    assert f'aria-label="Ready Grave Knight #{knight}"' in kept_board(ann.table.pk)
    fill(ann, ann, 4)
    kept_board(ann.table.pk)
    ok(ann.command("turn.end", {"skip": True}))
    assert "Conflict 1 would end and be scored" in kept_board(bo.table.pk)
    ok(bo.command("turn.end", {"skip": True}))  # Conflict 1 is scored: the Hordes are emptied
    html = kept_board(ann.table.pk)
    assert "Conflict 1 ended after a turn." in html and "The Horde is empty." in html
    ok(ann.command("conflict.end", {"note": "a printed Ability"}))
    kept_board(bo.table.pk)
    ok(ann.command("conflict.end", {"note": "a printed Ability"}))
    html = kept_board(bo.table.pk)  # the game is over: no Cohort forms, no Actions
    assert "after 3 Conflicts" in html and 'id="grimoor-actions"' not in html
    # Kept, not rendered every time: each part's values are plain data the cache can key on.
    nodes = fragment_nodes("grimoor/board.html")
    assert len(nodes) == 6
    rendered_again_from_the_cache(Table.objects.get(pk=ann.table.pk))
