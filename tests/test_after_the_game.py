"""After the game: an ended game shows its result and only what still makes sense (issue #33, item 3).

GRIM offered "End turn" and "End round" after the winner and said "Now: Tide Wisp"; every
ended table said "The host can end the table"; the shared screen of an ended table still
invited people to join with its code.
"""

from __future__ import annotations

import pytest
from django.test import Client

from campaigns.boards import board_html
from campaigns.credentials import cookie_name
from tests.sample_play import ApiSitting, played, sample_of

pytestmark = pytest.mark.django_db

GAMES_WITH_A_WINNER = ["grim", "grimoor", "grimterra", "grimwood"]


def won_but_open(game: str) -> ApiSitting:
    sample = sample_of(game)
    sitting = ApiSitting(game, sample.seats, sample.options)
    sample.play(sitting)
    return sitting


def test_grim_offers_no_turn_or_round_after_the_winner() -> None:
    html = board_html(won_but_open("grim").table) or ""
    assert "wins the match" in html and "The host can end the table." in html
    assert "End turn" not in html and "End round" not in html and "Now:" not in html
    assert "The match is over." in html


@pytest.mark.parametrize("game", GAMES_WITH_A_WINNER)
def test_an_ended_table_shows_its_result_without_asking_for_an_end(game: str) -> None:
    html = board_html(played(game).table) or ""
    assert "The host can end the table" not in html
    assert "undo still work" not in html
    assert "win" in html  # the result stays


def test_the_shared_screen_of_an_ended_table_invites_nobody() -> None:
    sitting = played("grim")
    table, token = sitting.table, sitting.people[0].token
    client = Client()
    client.cookies[cookie_name(table.pk)] = token
    page = client.get(f"/t/{table.pk}/screen/").content.decode()
    assert 'id="join-with-code" hidden' in page
    open_sitting = won_but_open("grim")
    client.cookies[cookie_name(open_sitting.table.pk)] = open_sitting.people[0].token
    page = client.get(f"/t/{open_sitting.table.pk}/screen/").content.decode()
    assert 'id="join-with-code" >' in page or 'id="join-with-code">' in page
