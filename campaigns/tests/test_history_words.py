"""What players read after a game, in the right words (issue #31): "1 point", never "1 points"; a
score's own unit; no points for a game that keeps no score; no opponent or nemesis from a co-op game.

The platform learns all of it from the game's rules (``cooperative``, ``score_unit``, a result's
``score`` of None), never from a game's name: the made-up games below prove it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from campaigns import registry, stats_cache
from campaigns.models import Play, PlayResult
from campaigns.tests.test_stats import a_play
from rules.engine import State
from rules.game import GameRulesBase

pytestmark = pytest.mark.django_db


class HuddleRules(GameRulesBase):
    """A made-up co-op game: every seat plays on one side."""

    game = "huddle"
    name = "Huddle"
    cooperative: ClassVar[bool] = True

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return {}


class RelicRules(GameRulesBase):
    """A made-up competitive game whose score counts relics."""

    game = "relic"
    name = "Relic Hunt"
    score_unit: ClassVar[tuple[str, str]] = ("relic", "relics")

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return {}


@pytest.fixture(autouse=True)
def made_up_games() -> Iterator[None]:
    for rules in (HuddleRules(), RelicRules()):
        registry.register(registry.GameSpec(slug=rules.game, name=rules.name, blurb="-", rules=rules))
    yield
    registry.unregister("huddle")
    registry.unregister("relic")


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def scored(play: Play, *scores: int | None) -> Play:
    """Give the play's result rows (in the order ``a_play`` made them) these scores."""
    for row, score in zip(PlayResult.objects.filter(play=play).order_by("id"), scores, strict=True):
        row.score = score
        row.save(update_fields=["score"])
    return play


def outcome(page: str) -> list[str]:
    return [re.sub(r"\s+", " ", o).strip() for o in re.findall(r'class="outcome[^"]*">(.*?)</p>', page)]


def test_one_point_is_one_point_and_a_score_says_what_it_counts() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    one = scored(a_play("grimoor", 3, (mara, 1, True), ("Cy", 2, False)), 1, 0)
    scored(a_play("grimoor", 2, (mara, 2, False), ("Cy", 1, True)), 5, 7)
    relic = scored(a_play("relic", 1, (mara, 1, True), ("Cy", 2, False)), 1, 3)
    page = logged_in(mara).get("/me/plays/").content.decode()
    assert outcome(page) == ["Won · 1 relic", "Place 2 · 5 points", "Won · 1 point"]
    assert "1 points" not in page and "1 relics" not in page
    results = logged_in(mara).get(f"/me/plays/{one.pk}/").content.decode()
    assert "· 1 point" in results and "· 0 points" in results and "1 points" not in results
    relics = logged_in(mara).get(f"/me/plays/{relic.pk}/").content.decode()
    assert "· 1 relic" in relics and "· 3 relics" in relics


def test_a_game_that_keeps_no_score_shows_no_points() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    play = a_play("relic", 1, (mara, 1, True), ("Cy", 2, False))  # no score on either row
    page = logged_in(mara).get("/me/plays/").content.decode()
    assert outcome(page) == ["Won"]
    assert "point" not in logged_in(mara).get(f"/me/plays/{play.pk}/").content.decode()
    (mine,) = logged_in(mara).get("/api/v1/me/plays/").json()["results"]
    assert mine["me"]["score"] is None
    (game,) = logged_in(mara).get("/api/v1/me/stats/").json()["games"]
    assert (game["avg_score"], game["best_score"]) == (None, None)
    assert "Average score" not in logged_in(mara).get("/me/stats/").content.decode()


def test_a_cooperative_game_has_no_opponent_and_no_nemesis() -> None:
    """Everyone at a co-op table plays on one side: nobody there is an opponent, nobody a nemesis,
    on the page and in the API."""
    mara = get_user_model().objects.create_user("mara", password="x")
    a_play("huddle", 3, (mara, 1, False), ("Cy", 1, True))  # Cy "ahead": still a teammate
    a_play("huddle", 2, (mara, None, False), ("Cy", None, False))
    stats = logged_in(mara).get("/api/v1/me/stats/").json()
    assert stats["most_frequent_opponent"] is None and stats["nemesis"] is None
    assert [(g["game"], g["cooperative"]) for g in stats["games"]] == [("huddle", True)]
    page = logged_in(mara).get("/me/stats/").content.decode()
    assert "Most frequent opponent" not in page and "Nemesis" not in page
    assert "Plays" in page and "Cy" not in page


def test_with_competitive_plays_too_only_those_give_opponents() -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    for days in (5, 4, 3):
        a_play("huddle", days, (mara, 1, False), ("Cy", 1, True))
    a_play("grimoor", 2, (mara, 2, False), ("Dee", 1, True))
    stats = logged_in(mara).get("/api/v1/me/stats/").json()
    assert stats["most_frequent_opponent"]["name"] == "Dee"  # not Cy, the teammate of three plays
    assert (stats["nemesis"]["name"], stats["nemesis"]["plays_together"]) == ("Dee", 1)
    assert {g["game"]: g["cooperative"] for g in stats["games"]} == {"huddle": True, "grimoor": False}
    page = logged_in(mara).get("/me/stats/").content.decode()
    assert "Most frequent opponent" in page and "Dee" in page and "Cy" not in page


def test_a_groups_members_have_no_rivals_from_its_cooperative_plays() -> None:
    users = get_user_model().objects
    hana, mara = users.create_user("hana", password="x"), users.create_user("mara", password="x")
    a_play("huddle", 3, (mara, 1, False), ("Cy", 1, True), host=hana)
    a_play("huddle", 2, (mara, 2, False), ("Cy", 1, True), host=hana)
    members = logged_in(mara).get(f"/api/v1/groups/{hana.pk}/stats/").json()["members"]
    assert [(m["name"], m["most_frequent_opponent"], m["nemesis"]) for m in members] == [
        ("Cy", None, None),
        ("mara", None, None),
    ]
    page = logged_in(mara).get(f"/groups/{hana.pk}/").content.decode()
    assert "nemesis" not in page and "Plays most with" not in page
    a_play("grimoor", 1, (mara, 1, True), ("Dee", 2, False), host=hana)
    stats_cache.bump_hosts([hana.pk])  # as the play-record task does (a_play writes the rows directly)
    members = {
        m["name"]: m for m in logged_in(mara).get(f"/api/v1/groups/{hana.pk}/stats/").json()["members"]
    }
    assert members["mara"]["most_frequent_opponent"]["name"] == "Dee"
    assert members["Cy"]["most_frequent_opponent"] is None
    page = logged_in(mara).get(f"/groups/{hana.pk}/").content.decode()
    assert page.count("Plays most with") == 2  # mara and Dee, not Cy


def test_the_games_say_what_they_are() -> None:
    """Grim Hand's party plays on one side; GRIM's score counts Knockouts dealt, Grim Hand's
    trophies; Grimoor keeps points. The platform reads these from the rules."""
    assert registry.get("grimhand").rules.cooperative is True
    assert not any(registry.get(g).rules.cooperative for g in ("grim", "grimoor", "grimterra", "grimwood"))
    assert registry.get("grim").rules.score_unit == ("Knockout dealt", "Knockouts dealt")
    assert registry.get("grimhand").rules.score_unit == ("trophy", "trophies")
    assert registry.get("grimoor").rules.score_unit == ("point", "points")
