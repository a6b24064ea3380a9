"""My plays, a finished play, my stats (with pygal charts) and a group's leaderboard in Chromium at 390 px
(issue #14: "the history and stats pages in Chromium at 390 px")."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser, Page

from campaigns.tasks import rate_play
from campaigns.tests.test_stats import a_play
from tests.browser import (  # noqa: F401
    ConsoleWatch,
    browser,
    horizontal_overflow,
    phone_page,
    small_touch_targets,
    unlabelled_controls,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def logged_in_phone(browser: Browser, live_server: Any, user: Any) -> tuple[Page, ConsoleWatch]:  # noqa: F811
    client = Client()
    client.force_login(user)
    page, console = phone_page(browser)
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )
    return page, console


def check_phone_page(page: Page, console: ConsoleWatch, url: str) -> None:
    response = page.goto(url)
    assert response is not None and response.status == 200, url
    page.wait_for_load_state("networkidle")
    assert horizontal_overflow(page) <= 0, url
    assert small_touch_targets(page) == [], url
    assert unlabelled_controls(page) == [], url
    assert console.errors == [], url


def test_history_stats_and_leaderboard_fit_a_390_px_phone(browser: Browser, live_server: Any) -> None:  # noqa: F811
    users = get_user_model().objects
    mara, hana = users.create_user("mara", password="x"), users.create_user("hana", password="x")
    plays = [
        a_play("grimoor", 40, (mara, 1, True), ("Cy with a rather long guest name", 2, False), host=hana),
        a_play("grim", 20, (mara, None, False), ("Cy with a rather long guest name", None, True), host=hana),
        a_play("grimoor", 1, ("Dee", 1, True), (mara, 2, False), ("Cy", 3, False), host=hana),
    ]
    for play in plays:
        rate_play(play.table_id)
    page, console = logged_in_phone(browser, live_server, mara)

    check_phone_page(page, console, live_server.url + "/")
    page.get_by_role("link", name="My plays").click()
    page.wait_for_load_state("networkidle")
    titles = page.locator(".play-title").all_inner_texts()
    assert titles == ["grimoor 1", "grim 20", "grimoor 40"]  # newest first
    assert horizontal_overflow(page) <= 0
    page.get_by_label("Game").select_option(label="GRIM the Card Game")
    page.get_by_role("button", name="Show").click()
    page.wait_for_load_state("networkidle")
    assert page.locator(".play-title").all_inner_texts() == ["grim 20"]
    check_phone_page(page, console, page.url)

    page.get_by_role("link", name="grim 20").click()
    page.wait_for_load_state("networkidle")
    assert page.get_by_text("read only").is_visible()
    check_phone_page(page, console, page.url)

    check_phone_page(page, console, live_server.url + "/me/stats/")
    for chart in ("#chart-plays svg", "#chart-wins svg", "#chart-rating svg"):
        box = page.locator(chart).bounding_box()
        assert box is not None and 200 < box["width"] <= 390 and box["height"] > 100, chart
    assert page.locator("#chart-rating .series").count() >= 1  # a line drawn per rated game

    page.get_by_role("link", name="hana\u2019s tables").click()
    page.wait_for_load_state("networkidle")
    assert page.locator("table.leaderboard").count() == 2
    check_phone_page(page, console, page.url)
    page.context.close()
