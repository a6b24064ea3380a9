"""Statistics over known plays (issue #14): win rates, streaks, most frequent opponent and nemesis.

Every expected figure below was worked out by hand from the table of plays
in ``known_plays``; the statistics must also cost a constant number of
queries, whatever the number of plays.
"""

from __future__ import annotations

import itertools
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from campaigns import registry
from campaigns.history import win_streaks
from campaigns.models import Play, PlayResult, Table
from tests.test_schema_responses import check, schema  # noqa: F401

pytestmark = pytest.mark.django_db

_codes = itertools.count(1)
Seat = tuple[Any, int | None, bool]
"""``(account or guest name, place, won)``."""


def a_play(game: str, days_ago: int, *seats: Seat, host: Any = None) -> Play:
    """A finished play with its result rows, as the play-record task writes them."""
    ended = timezone.now() - timedelta(days=days_ago)
    table = Table.objects.create(
        game=game, name=f"{game} {days_ago}", join_code=f"S{next(_codes):05d}", host_user=host, state={}
    )
    play = Play.objects.create(
        table=table,
        game=game,
        name=table.name,
        started_at=ended - timedelta(minutes=30),
        ended_at=ended,
        duration_s=1800,
    )
    for who, place, won in seats:
        account = who if not isinstance(who, str) else None
        PlayResult.objects.create(
            play=play,
            name=who if isinstance(who, str) else who.username.title(),
            user=account,
            game=game,
            place=place,
            won=won,
            ended_at=ended,
        )
    return play


@pytest.fixture
def known_plays() -> dict[str, Any]:
    """Mara's ten plays, oldest first (A and B are two games; Cy, Dee and "Bea" are guests).

    ====  ====  =============================  ==========
    play  game  seats (place, W = won)         Mara
    ====  ====  =============================  ==========
    1     A     Mara 1 W, bea 2, Cy 3          W
    2     A     bea 1 W, Mara 2, Cy 3          L
    3     B     Mara W, Cy                     W
    4     A     Mara 1 W, bea 2                W
    5     A     Mara 1 W, Cy 2                 W
    6     B     bea W, Mara                    L
    7     A     Cy 1 W, Mara 2, bea 3          L
    8     A     Mara 1 W, Dee 2                W
    9     B     Mara, Cy (all lost, co-op)     L
    10    A     guest "Bea" 1 W, Mara 2        L
    ====  ====  =============================  ==========
    """
    users = get_user_model().objects
    mara, bea = users.create_user("mara", password="x"), users.create_user("bea", password="x")
    a, b = "grimoor", "grim"
    a_play(a, 10, (mara, 1, True), (bea, 2, False), ("Cy", 3, False))
    a_play(a, 9, (bea, 1, True), (mara, 2, False), ("Cy", 3, False))
    a_play(b, 8, (mara, None, True), ("Cy", None, False))
    a_play(a, 7, (mara, 1, True), (bea, 2, False))
    a_play(a, 6, (mara, 1, True), ("Cy", 2, False))
    a_play(b, 5, (bea, None, True), (mara, None, False))
    a_play(a, 4, ("Cy", 1, True), (mara, 2, False), (bea, 3, False))
    a_play(a, 3, (mara, 1, True), ("Dee", 2, False))
    a_play(b, 2, (mara, None, False), ("Cy", None, False))
    a_play(a, 1, ("Bea", 1, True), (mara, 2, False))
    return {"mara": mara, "bea": bea, "a": a, "b": b}


def stats_for(user: Any) -> dict[str, Any]:
    client = Client()
    client.force_login(user)
    response = client.get("/api/v1/me/stats/")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def test_win_rates_and_streaks_match_the_hand_count(known_plays: dict[str, Any]) -> None:
    stats = stats_for(known_plays["mara"])
    # Wins 1, 3, 4, 5, 8 of 10; W L W W W L L W L L: the longest run is 3, 4, 5.
    assert (stats["plays"], stats["wins"], stats["win_rate"], stats["longest_win_streak"]) == (10, 5, 0.5, 3)
    games = {g["game"]: g for g in stats["games"]}
    # A: plays 1 2 4 5 7 8 10 = W L W W L W L, 4 of 7, longest run 2 (4, 5).
    a = games[known_plays["a"]]
    assert (a["plays"], a["wins"], a["win_rate"], a["longest_win_streak"]) == (7, 4, 0.571, 2)
    # B: plays 3 6 9 = W L L.
    b = games[known_plays["b"]]
    assert (b["plays"], b["wins"], b["win_rate"], b["longest_win_streak"]) == (3, 1, 0.333, 1)


def test_most_frequent_opponent_and_nemesis_match_the_hand_count(known_plays: dict[str, Any]) -> None:
    stats = stats_for(known_plays["mara"])
    # Cy sat at plays 1 2 3 5 7 9 (6) but finished ahead only at 7; bea sat at
    # 1 2 4 6 7 (5) and finished ahead at 2 (better place) and 6 (won while
    # Mara lost): 2. The co-op loss (9) puts nobody ahead.
    assert stats["most_frequent_opponent"] == {
        "name": "Cy",
        "account": False,
        "plays_together": 6,
        "finished_ahead": 1,
    }
    assert stats["nemesis"] == {"name": "bea", "account": True, "plays_together": 5, "finished_ahead": 2}
    # From bea's side: Mara sat at all five and finished ahead at 1, 4 (better
    # place) and 7 (2nd to bea's 3rd); Cy at 1, 2, 7 and ahead only at 7.
    bea = stats_for(known_plays["bea"])
    assert bea["most_frequent_opponent"]["name"] == "mara"
    assert (bea["nemesis"]["name"], bea["nemesis"]["finished_ahead"]) == ("mara", 3)
    assert (bea["plays"], bea["wins"], bea["longest_win_streak"]) == (5, 2, 1)


def test_a_player_alone_has_no_opponent_and_no_nemesis() -> None:
    solo = get_user_model().objects.create_user("solo", password="x")
    a_play("grimoor", 1, (solo, 1, True))
    stats = stats_for(solo)
    assert stats["most_frequent_opponent"] is None and stats["nemesis"] is None
    assert stats["longest_win_streak"] == 1


def test_streaks_run_per_game_and_overall() -> None:
    runs = win_streaks([("a", True), ("b", True), ("a", True), ("b", False), ("a", True), ("a", False)])
    # a wins 1, 3, 5 across b's loss at 4; overall the run is 1-3.
    assert runs == {"a": 3, "b": 1, None: 3}
    assert win_streaks([]) == {}


def many_plays(user: Any, count: int, host: Any = None) -> None:
    """``count`` plays over every registered game against three rotating guests, in bulk."""
    slugs = [spec.slug for spec in registry.games()]
    start = next(_codes) * 10_000
    now = timezone.now()
    tables = Table.objects.bulk_create(
        Table(
            game=slugs[i % len(slugs)],
            name=f"t{i}",
            join_code=f"{start + i:06d}"[-6:],
            host_user=host,
            state={},
        )
        for i in range(count)
    )
    plays = Play.objects.bulk_create(
        Play(
            table=t,
            game=t.game,
            name=t.name,
            started_at=now - timedelta(hours=i + 1),
            ended_at=now - timedelta(hours=i),
            duration_s=600,
        )
        for i, t in enumerate(tables)
    )
    rows = []
    for i, play in enumerate(plays):
        won = i % 3 == 0
        rows.append(
            PlayResult(
                play=play,
                name="Mara",
                user=user,
                game=play.game,
                score=i % 17,
                place=1 if won else 2,
                won=won,
                ended_at=play.ended_at,
            )
        )
        rows.append(
            PlayResult(
                play=play,
                name=f"Guest {i % 3}",
                game=play.game,
                place=2 if won else 1,
                won=not won,
                ended_at=play.ended_at,
            )
        )
    PlayResult.objects.bulk_create(rows)


def stats_queries(user: Any) -> int:
    client = Client()
    client.force_login(user)
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/api/v1/me/stats/").status_code == 200
    return len(queries)


def test_stats_cost_the_same_queries_for_ten_and_a_thousand_plays() -> None:
    users = get_user_model().objects
    few, many = users.create_user("few", password="x"), users.create_user("many", password="x")
    many_plays(few, 10)
    many_plays(many, 1000)
    baseline = stats_queries(few)
    client = Client()
    client.force_login(many)
    with CaptureQueriesContext(connection) as first:
        stats = client.get("/api/v1/me/stats/").json()
    # Both first reads compute the figures (nothing cached yet): the same queries.
    assert len(first) == baseline
    assert stats["plays"] == 1000 and len(stats["games"]) == len(registry.games())
    assert stats["wins"] == 334 and stats["longest_win_streak"] == 1
    # A second read is answered from the cache (campaigns.stats_cache, tested there).
    assert stats_queries(many) < baseline


def test_stats_with_opponents_answer_what_the_schema_says(
    known_plays: dict[str, Any],
    schema: dict[str, Any],  # noqa: F811
) -> None:
    client = Client()
    client.force_login(known_plays["mara"])
    response = client.get("/api/v1/me/stats/")
    assert response.json()["nemesis"] is not None
    check(schema, "get", "/api/v1/me/stats/", response)
