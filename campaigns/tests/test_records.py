"""A game's records side by side (issue #14: "best XP, most threats killed, deepest level reached,
fastest campaign"), declared by the game's rules and aggregated by the platform without naming it.

Two made-up games: "delve" keeps three records (deepest depth, most gold,
fastest play), "plain" keeps none. Every expected figure was worked out by
hand from the plays in ``delves``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from campaigns import registry
from campaigns.models import Play, PlayResult, Table
from rules.engine import State
from rules.game import PLAY_DURATION, GameRulesBase, RecordField
from tests.test_schema_responses import check, schema  # noqa: F401

pytestmark = pytest.mark.django_db

_codes = itertools.count(1)


class DelveRules(GameRulesBase):
    game = "delve"
    name = "Delve"
    record_fields = (
        RecordField("depth", "Deepest depth"),
        RecordField("gold", "Most gold"),
        RecordField(PLAY_DURATION, "Fastest delve", higher_is_better=False),
    )

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return {}


class PlainRules(GameRulesBase):
    game = "plain"
    name = "Plain"

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return {}


@pytest.fixture(autouse=True)
def made_up_games() -> Iterator[None]:
    for rules in (DelveRules(), PlainRules()):
        registry.register(registry.GameSpec(slug=rules.game, name=rules.name, blurb="-", rules=rules))
    yield
    registry.unregister("delve")
    registry.unregister("plain")


def a_play(game: str, days_ago: int, minutes: int, host: Any, *seats: tuple[Any, dict[str, Any]]) -> Play:
    """A finished play with one result row per seat ``(account or guest name, details)``, in order."""
    ended = timezone.now() - timedelta(days=days_ago)
    table = Table.objects.create(
        game=game, name=f"{game} {days_ago}", join_code=f"R{next(_codes):05d}", host_user=host, state={}
    )
    play = Play.objects.create(
        table=table,
        game=game,
        name=table.name,
        started_at=ended - timedelta(minutes=minutes),
        ended_at=ended,
        duration_s=minutes * 60,
    )
    for place, (who, details) in enumerate(seats, start=1):
        guest = isinstance(who, str)
        PlayResult.objects.create(
            play=play,
            name=who if guest else who.username.title(),
            user=None if guest else who,
            game=game,
            score=0,
            place=place,
            won=place == 1,
            details=details,
            ended_at=ended,
        )
    return play


@pytest.fixture
def delves() -> dict[str, Any]:
    """Hana hosts plays 1-4 (her group); Mara hosts play 5. Cy is a guest.

    ====  ======  =====================================================  =========
    play  length  seats (depth, gold)                                    host
    ====  ======  =====================================================  =========
    1     50 min  Mara (3, 10), Bea (4, 7)                               Hana
    2     30 min  Mara (5, 2), Cy (5, 12)                                Hana
    3     40 min  Bea (2, "lots": no number), Mara (true: no number, 10)  Hana
    4     20 min  Cy, Bea: no details (ended before a result)            Hana
    5     45 min  Mara (1, 3)                                            Mara
    6     10 min  a game without records: Mara (99 depth)                Hana
    ====  ======  =====================================================  =========
    """
    users = get_user_model().objects
    hana, mara, bea = (users.create_user(n, password="x") for n in ("hana", "mara", "bea"))
    plays = [
        a_play("delve", 10, 50, hana, (mara, {"depth": 3, "gold": 10}), (bea, {"depth": 4, "gold": 7})),
        a_play("delve", 8, 30, hana, (mara, {"depth": 5, "gold": 2}), ("Cy", {"depth": 5, "gold": 12})),
        a_play(
            "delve", 6, 40, hana, (bea, {"depth": 2, "gold": "lots"}), (mara, {"depth": True, "gold": 10})
        ),
        a_play("delve", 4, 20, hana, ("Cy", {}), (bea, {})),
        a_play("delve", 2, 45, mara, (mara, {"depth": 1, "gold": 3})),
        a_play("plain", 1, 10, hana, (mara, {"depth": 99})),
    ]
    return {"hana": hana, "mara": mara, "bea": bea, "plays": [p.pk for p in plays]}


def get(user: Any, url: str) -> Any:
    client = Client()
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response


def brief(records: list[dict[str, Any]], holder: bool = False) -> list[tuple[Any, ...]]:
    """``(key, value, play number)`` (and who holds it) of each record, play numbers 1-based."""
    return [
        (r["key"], r["value"], r["play_number"], *((r["name"], r["account"]) if holder else ()))
        for r in records
    ]


def numbered(records: list[dict[str, Any]], plays: list[int]) -> list[dict[str, Any]]:
    return [{**r, "play_number": plays.index(r["play_id"]) + 1 if r["play_id"] else None} for r in records]


def test_my_records_are_the_best_of_each_declared_detail(delves: dict[str, Any]) -> None:
    stats = get(delves["mara"], "/api/v1/me/stats/").json()
    games = {g["game"]: g for g in stats["games"]}
    delve = numbered(games["delve"]["records"], delves["plays"])
    # Depth: 3, 5, (true ignored), 1 -> 5 in play 2. Gold: 10, 2, 10 (a tie keeps
    # the first), 3 -> 10 in play 1. Fastest: 50, 30, 40, 45 min -> 30 min, play 2.
    assert brief(delve) == [("depth", 5, 2), ("gold", 10, 1), (PLAY_DURATION, 1800, 2)]
    assert [(r["label"], r["better"], r["unit"]) for r in delve] == [
        ("Deepest depth", "higher", ""),
        ("Most gold", "higher", ""),
        ("Fastest delve", "lower", "s"),
    ]
    assert games["plain"]["records"] == []


def test_a_group_shows_its_record_holders_and_each_players_own(delves: dict[str, Any]) -> None:
    group = get(delves["bea"], f"/api/v1/groups/{delves['hana'].pk}/stats/").json()
    games = {g["game"]: g for g in group["games"]}
    plays = delves["plays"]
    # Plays 1-3 count (4 has no details, 5 is Mara's own table). Depth: Mara
    # reached 5 first in play 2 (Cy's 5 ties later in the same play). Gold:
    # Cy's 12. Fastest: play 2's 30 min, held by the whole play.
    assert brief(numbered(games["delve"]["records"], plays), holder=True) == [
        ("depth", 5, 2, "mara", True),
        ("gold", 12, 2, "Cy", False),
        (PLAY_DURATION, 1800, 2, None, None),
    ]
    board = {e["name"]: brief(numbered(e["records"], plays)) for e in games["delve"]["leaderboard"]}
    assert board == {
        "mara": [("depth", 5, 2), ("gold", 10, 1), (PLAY_DURATION, 1800, 2)],
        # Bea's "lots" of gold is no number; play 4 had no result: 40 min in play 3.
        "bea": [("depth", 4, 1), ("gold", 7, 1), (PLAY_DURATION, 2400, 3)],
        "Cy": [("depth", 5, 2), ("gold", 12, 2), (PLAY_DURATION, 1800, 2)],
    }
    assert games["plain"]["records"] == []


def test_records_answer_what_the_schema_says(delves: dict[str, Any], schema: dict[str, Any]) -> None:  # noqa: F811
    check(schema, "get", "/api/v1/me/stats/", get(delves["mara"], "/api/v1/me/stats/"))
    url = f"/api/v1/groups/{delves['hana'].pk}/stats/"
    check(schema, "get", "/api/v1/groups/{host_id}/stats/", get(delves["mara"], url))


def test_the_pages_show_the_records(delves: dict[str, Any]) -> None:
    mine = get(delves["mara"], "/me/stats/").content.decode()
    assert "Deepest depth" in mine and "Fastest delve" in mine and "30 min" in mine
    board = get(delves["mara"], f"/groups/{delves['hana'].pk}/").content.decode()
    assert "Most gold" in board and '12 <span class="muted">· Cy (guest)' in board


def queries(user: Any, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        get(user, url)
    return len(captured)


def test_records_cost_the_same_queries_for_few_and_many_plays() -> None:
    users = get_user_model().objects
    few, many = users.create_user("few", password="x"), users.create_user("many", password="x")
    for user, count in ((few, 2), (many, 40)):
        for i in range(count):
            a_play("delve", i + 1, 30 + i, user, (user, {"depth": i, "gold": i}), ("Cy", {"depth": 1}))
    assert queries(many, "/api/v1/me/stats/") == queries(few, "/api/v1/me/stats/")
    assert queries(many, f"/api/v1/groups/{many.pk}/stats/") == queries(
        few, f"/api/v1/groups/{few.pk}/stats/"
    )
    best = {g["game"]: g for g in get(many, "/api/v1/me/stats/").json()["games"]}["delve"]["records"]
    assert [r["value"] for r in best] == [39, 39, 1800]
