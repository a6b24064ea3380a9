"""Server-rendered pages of the foundation: home and accounts."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils.html import escape

from campaigns import registry

pytestmark = pytest.mark.django_db


def test_home_lists_exactly_the_registered_games_with_what_we_do_for_each(client) -> None:
    html = client.get("/").content.decode()
    assert "We keep the numbers" in html
    games = registry.games()
    assert {g.slug for g in games} >= {"grimhand", "counters"}
    for game in games:
        assert escape(game.name) in html and escape(game.blurb) in html
    # Never a promise of a game that is not installed.
    registered = {g.name for g in games}
    for name in ("GRIM the Card Game", "Grimterra", "Grimoor", "Grimwood"):
        assert (name in html) == (name in registered)
    assert "play history" not in html.lower()
    assert "htmx" not in html  # dropped: loaded on every page, used by none (issue #35)


def test_sign_up_logs_in_and_log_out_logs_out(client) -> None:
    response = client.post(
        "/accounts/signup/",
        {"username": "mara", "password1": "grim-hand-2026!", "password2": "grim-hand-2026!"},
    )
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="mara").exists()
    assert "mara" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert "Log in" in client.get("/").content.decode()


def test_sign_up_errors_show_next_to_the_field(client) -> None:
    response = client.post("/accounts/signup/", {"username": "mara", "password1": "a", "password2": "b"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="id_password2-error"' in html


def test_log_in_with_wrong_password_says_so(client) -> None:
    get_user_model().objects.create_user("mara", password="grim-hand-2026!")
    response = client.post("/accounts/login/", {"username": "mara", "password": "nope"})
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()
    ok = client.post("/accounts/login/", {"username": "mara", "password": "grim-hand-2026!"})
    assert ok.status_code == 302


def test_admin_is_enabled(client) -> None:
    assert client.get("/admin/login/").status_code == 200


def test_every_page_carries_a_content_security_policy(client) -> None:
    for url in ("/", "/join/", "/accounts/login/", "/sw.js"):
        policy = client.get(url)["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "unsafe-eval" not in policy
