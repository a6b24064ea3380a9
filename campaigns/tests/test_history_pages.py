"""The history, stats and group pages (issue #14: "Pages"), server side; tests/test_browser_history.py
opens them in Chromium at 390 px."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from campaigns import services
from campaigns.models import Play
from campaigns.tasks import rate_play, write_play_record
from campaigns.tests.test_stats import a_play, many_plays
from tests.personas import join, person

pytestmark = pytest.mark.django_db

A, B = "grimoor", "grim"


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def mara() -> Any:
    users = get_user_model().objects
    mara, hana = users.create_user("mara", password="x"), users.create_user("hana", password="x")
    for play in (
        a_play(A, 3, (mara, 1, True), ("Cy", 2, False), host=hana),
        a_play(B, 2, (mara, None, False), ("Cy", None, True), host=hana),
        a_play(A, 1, ("Cy", 1, True), (mara, 2, False), host=hana),
    ):
        rate_play(play.table_id)
    return mara


def test_history_lists_my_plays_newest_first_and_filters_by_game(mara: Any) -> None:
    assert Client().get("/me/plays/").status_code == 302  # to the login page
    page = logged_in(mara).get("/me/plays/").content.decode()
    assert [m for m in re.findall(r">(grim\w* \d)</a>", page)] == [f"{A} 1", f"{B} 2", f"{A} 3"]
    only = logged_in(mara).get("/me/plays/", {"game": A}).content.decode()
    assert re.findall(r">(grim\w* \d)</a>", only) == [f"{A} 1", f"{A} 3"]
    assert "selected>Grimoor</option>" in only
    unknown = logged_in(mara).get("/me/plays/", {"game": "nonsense"}).content.decode()
    assert len(re.findall(r'class="play card"', unknown)) == 3  # not a game: every game
    first = Play.objects.get(name=f"{A} 1")
    assert f'href="/me/plays/{first.pk}/"' in page


def test_history_costs_the_same_queries_for_ten_and_a_thousand_plays() -> None:
    users = get_user_model().objects
    few, many = users.create_user("few", password="x"), users.create_user("many", password="x")
    many_plays(few, 10)
    many_plays(many, 1000)

    def count(user: Any, url: str) -> int:
        client = logged_in(user)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        return len(queries)

    for url in ("/me/plays/", "/me/stats/"):
        assert count(many, url) == count(few, url), url


def test_a_finished_play_opens_read_only_with_its_final_board_and_log() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    _table, grant = services.table_create(game="counters", name="Friday", seat_name="Ann", user=mara)
    ann = person(grant.seat, grant.token)
    join(ann.table, "Bo")
    created = ann.command("counter.add", {"name": "Life", "value": 20})
    assert created.status_code == 200, created.json()
    assert ann.command("table.end").status_code == 200
    write_play_record(ann.table.pk)
    play = Play.objects.get(table=ann.table)
    page = logged_in(mara).get(f"/me/plays/{play.pk}/").content.decode()
    assert "read only" in page and "inert" in page
    assert "Life" in page  # on the final board and in the log
    assert page.count('<li value="') == ann.table.events.count()
    stranger = get_user_model().objects.create_user("stranger", password="x")
    assert logged_in(stranger).get(f"/me/plays/{play.pk}/").status_code == 404


def test_stats_page_shows_figures_and_server_drawn_charts(mara: Any) -> None:
    page = logged_in(mara).get("/me/stats/").content.decode()
    for chart in ("chart-plays", "chart-wins", "chart-rating"):
        figure = page.split(f'id="{chart}"', 1)[1].split("</figure>", 1)[0]
        assert "<svg" in figure and "viewBox" in figure, chart
    assert "<script" not in page.split('id="charts-h"', 1)[1]  # no chart script: our own scripts only
    # Each chart's CSS is scoped by a short id of its own, not a random one: the same figures, the
    # same bytes, and three charts' rules cannot style each other.
    ids = re.findall(r'<svg[^>]* id="([^"]+)"', page)
    assert ids == ["chart-plays-svg", "chart-wins-svg", "chart-rating-svg"], ids
    assert page.count("#chart-wins-svg ") > 10 and not re.search(r"#chart-[0-9a-f]{8}-", page)
    assert "Nemesis" in page and "Cy" in page
    assert "Grimoor" in page and "GRIM the Card Game" in page
    assert "hana\u2019s tables" in page  # a link to the group's leaderboard


def test_group_page_is_a_leaderboard_for_its_players_only(mara: Any) -> None:
    hana = get_user_model().objects.get(username="hana")
    page = logged_in(mara).get(f"/groups/{hana.pk}/").content.decode()
    assert "hana\u2019s tables" in page and page.count('class="leaderboard"') == 2
    stranger = get_user_model().objects.create_user("stranger", password="x")
    assert logged_in(stranger).get(f"/groups/{hana.pk}/").status_code == 404


def test_home_links_an_account_to_its_plays_and_stats(mara: Any) -> None:
    page = logged_in(mara).get("/").content.decode()
    assert 'href="/me/plays/"' in page and 'href="/me/stats/"' in page
    assert 'href="/me/stats/"' not in Client().get("/").content.decode()
