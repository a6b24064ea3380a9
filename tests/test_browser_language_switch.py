"""The scripts and the service worker follow the language switch (issue #34).

A phone reads its table in one language; the switch (a POST, then the page
again) changes it. The scripts' words come in the new language, and the
service worker never shows a page kept in the old one: offline, a page
opened before the switch gives the notice in the new language instead.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from tests.browser import accept, browser, open_table, phone_page  # noqa: F401
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]


def kept_by_the_worker(page: Page) -> None:
    """The page again, now through the service worker (which keeps a copy of it)."""
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")


def notice_kept_in(page: Page, lang: str) -> None:
    """Wait until the worker keeps the offline notice in ``lang`` (it fetches it on a switch)."""
    kept = f"caches.match('/offline/').then(r => !!r && r.headers.get('Content-Language') === '{lang}')"
    deadline = time.monotonic() + 10
    while not page.evaluate(kept):
        assert time.monotonic() < deadline, f"no offline notice kept in {lang}"
        page.wait_for_timeout(100)


def switch_to(page: Page, label: str, lang: str) -> None:
    page.locator("form.language").get_by_role("button", name=label).click()
    expect(page.locator("html")).to_have_attribute("lang", lang)


def test_the_scripts_speak_german_after_the_switch(browser, live_asgi) -> None:  # noqa: F811
    page, console = phone_page(browser, locale="en-GB")
    page.on("dialog", accept)
    open_table(page, live_asgi, name="Cellar")
    expect(page.locator("#seat-admin input").first).to_have_attribute("aria-label", "Name of seat 1")
    switch_to(page, "Deutsch", "de")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    expect(page.locator("#seat-admin input").first).to_have_attribute("aria-label", "Name von Platz 1")
    expect(page.locator("#seat-admin button").first).to_have_text("Speichern")
    asked: list[str] = []
    page.on("dialog", lambda dialog: asked.append(dialog.message))
    page.locator("#end-table").click()
    expect(page.locator("#table-ended")).to_be_visible()
    assert asked == ["Den Tisch für alle beenden? Die Zahlen bleiben lesbar."]
    assert console.errors == []


def test_offline_a_page_kept_before_the_switch_is_not_shown(browser, live_asgi) -> None:  # noqa: F811
    page, _console = phone_page(browser, locale="en-GB")
    open_table(page, live_asgi, name="Cellar")
    table_url = page.url
    kept_by_the_worker(page)  # the table page kept in English

    page.goto(live_asgi + "/")
    switch_to(page, "Deutsch", "de")  # on the home page: the table page is not opened again
    notice_kept_in(page, "de")
    page.context.set_offline(True)
    page.goto(table_url)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("h1")).to_have_text("Offline")
    expect(page.locator("main")).to_contain_text("noch nie geöffnet")

    page.context.set_offline(False)
    page.goto(table_url)
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")  # kept again, in German
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#log-h")).to_have_text("Protokoll")
    expect(page.locator("#conn .conn-text")).to_contain_text("letzte Aktualisierung", timeout=15_000)
    page.context.set_offline(False)
