"""An installable web app whose table page opens with no signal (issue #15: offline phones)."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser import browser, open_table, phone_page  # noqa: F401
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]


def test_manifest_and_service_worker_are_served(live_asgi) -> None:  # noqa: F811
    with urllib.request.urlopen(f"{live_asgi}/static/manifest.webmanifest") as r:
        manifest = json.loads(r.read())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
    with urllib.request.urlopen(f"{live_asgi}/sw.js") as r:
        assert r.headers["Content-Type"].startswith("application/javascript")
        assert r.headers["Cache-Control"] == "no-cache"
        assert b'indexOf("/api/") === 0' in r.read()  # the API never comes from the worker


def test_the_table_page_opens_offline_with_its_last_numbers(browser, live_asgi) -> None:  # noqa: F811
    page, _ = phone_page(browser)
    open_table(page, live_asgi, name="Cellar")
    page.get_by_text("Add a counter").click()
    page.get_by_label("Name", exact=True).fill("Life")
    page.locator("#add-counter-form").get_by_role("button", name="Add").click()
    expect(page.locator("#my-seat output")).to_have_text("20")
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now through the worker, which keeps this copy of the page
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    page.wait_for_function("navigator.serviceWorker.controller !== null")

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#table-name")).to_have_text("Cellar")
    expect(page.locator("#my-seat output")).to_have_text("20")  # the numbers as last seen
    expect(page.locator("#conn .conn-text")).to_contain_text(re.compile("last update"), timeout=15_000)
    page.context.set_offline(False)
    expect(page.locator("#conn")).to_have_attribute("data-state", "live", timeout=20_000)


def test_phones_retry_at_scattered_moments_not_in_step(browser, live_asgi) -> None:  # noqa: F811
    """After a restart or a 503 to every phone, retries drawn at random spread the load; in step,
    the same phones met a busy server again and again (bench_capacity's check saw 30 in a row)."""
    page, console = phone_page(browser)
    open_table(page, live_asgi, name="Cellar")
    waits = page.evaluate("[1, 2, 10].map(n => Array.from({length: 200}, () => TableSync.backoff(n)))")
    for n, drawn in zip((1, 2, 10), waits, strict=True):
        cap = min(15000, 500 * 2**n)
        assert all(cap / 2 <= w <= cap for w in drawn)  # doubling, capped at 15 s
        assert max(drawn) - min(drawn) > cap / 4  # and scattered across the upper half
    assert console.errors == []
