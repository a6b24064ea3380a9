"""The home page on a phone in a real headless browser."""

from __future__ import annotations

import pytest

from tests.browser import browser, horizontal_overflow, phone_page  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_at_390_has_no_horizontal_scroll_and_no_console_errors(browser, live_server) -> None:  # noqa: F811
    page, console = phone_page(browser)
    response = page.goto(live_server.url + "/")
    assert response is not None and response.status == 200
    page.wait_for_load_state("networkidle")
    assert page.locator("h1").first.is_visible()
    from campaigns import registry

    assert page.locator(".card").count() == len(registry.games())  # only games we run
    assert page.evaluate("typeof window.htmx") == "undefined"  # no library the pages do not use
    assert horizontal_overflow(page) <= 0
    assert console.errors == []
    page.context.close()
