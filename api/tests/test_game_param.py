"""``game`` on the plays endpoints: a game's slug, or a 400 ``bad_param`` naming the field."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("fmt", ["json", "csv"])
@pytest.mark.parametrize("game", ["a\x00b", "GRIM", "grim hand", "x" * 41])
def test_what_is_not_a_games_slug_is_refused_with_the_field_named(game: str, fmt: str) -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    client = Client()
    client.force_login(mara)
    for path in ("/api/v1/me/plays/", f"/api/v1/groups/{mara.pk}/plays/"):
        response = client.get(path, {"game": game, "format": fmt})
        assert response.status_code == 400, (path, response.content)
        body = response.json()
        assert (
            body["code"] == "bad_param" and body["extra"]["field"] == "game" and "grimhand" in body["message"]
        )


@pytest.mark.parametrize("game", ["grim", "a-game-no-longer-installed"])
def test_a_slug_filters(game: str) -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    client = Client()
    client.force_login(mara)
    response = client.get("/api/v1/me/plays/", {"game": game})
    assert response.status_code == 200 and response.json()["count"] == 0
