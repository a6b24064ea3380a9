"""Headless Chromium for page tests (Debian's chromium, driven by Playwright)."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Dialog,
    Error,
    Page,
    ViewportSize,
    expect,
    sync_playwright,
)

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    # Module scope: while Playwright's sync API is started, the main thread
    # looks like it runs an event loop, which other tests' async_to_sync
    # calls must not see.
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield b
        b.close()


class ConsoleWatch:
    """Collects console errors and page errors while a page is open."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        page.on("console", self._on_console)
        page.on("pageerror", self._on_page_error)

    def _on_console(self, msg: ConsoleMessage) -> None:
        if msg.type == "error":
            self.errors.append(msg.text)

    def _on_page_error(self, exc: Error) -> None:
        self.errors.append(str(exc))


def phone_page(browser: Browser, **context: Any) -> tuple[Page, ConsoleWatch]:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, **context)
    page = ctx.new_page()
    return page, ConsoleWatch(page)


def until(page: Page, done: Callable[[], bool], seconds: float = 5) -> None:
    """Lets Playwright run, route handlers included, until `done()` holds: a handler's own
    `route.fetch()` can still be on its way when the page already shows the change by socket."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the page's requests never reached the test's handler"
        page.wait_for_timeout(20)


def horizontal_overflow(page: Page) -> int:
    """Pixels the page is wider than the screen (0 = no horizontal scroll)."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def clipped_selects(page: Page) -> list[str]:
    """Visible selects too narrow for the text they show ("Choose a ca"), by their ids."""
    found: list[str] = page.evaluate(
        """() => {
          const ctx = document.createElement('canvas').getContext('2d');
          return Array.from(document.querySelectorAll('select')).filter(el => el.offsetParent !== null)
            .filter(el => {
              const shown = el.selectedOptions.length ? el.selectedOptions[0].text : '';
              const style = getComputedStyle(el);
              ctx.font = style.font;
              const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
              const room = el.clientWidth - padding - 20;  // 20: the select's arrow
              return ctx.measureText(shown).width > room;
            }).map(el => el.id || el.name);
        }"""
    )
    return found


def words_broken(page: Page, selector: str) -> list[str]:
    """Texts of the elements ``selector`` matches that are broken inside a word across lines."""
    found: list[str] = page.evaluate(
        """(sel) => Array.from(document.querySelectorAll(sel)).filter(el => el.offsetParent !== null)
            .filter(el => {
              const words = el.textContent.trim().split(/\\s+/).length;
              const range = document.createRange(); range.selectNodeContents(el);
              const lines = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top))).size;
              return lines > words;
            }).map(el => el.textContent.trim())""",
        selector,
    )
    return found


def small_touch_targets(page: Page, minimum: int = 44) -> list[str]:
    """Visible buttons, selects, inputs and button-like links smaller than a thumb."""
    found: list[str] = page.evaluate(
        """(min) => Array.from(document.querySelectorAll(
              'button, select, input:not([type=hidden]), a.btn, summary.btn'))
            .filter(el => el.offsetParent !== null)
            .filter(el => { const r = el.getBoundingClientRect();
              const tiny = el.type === 'checkbox' || el.type === 'radio'
                ? (el.closest('label') || el).getBoundingClientRect().height < min
                : r.height < min || r.width < min;
              return tiny; })
            .map(el => el.outerHTML.slice(0, 80))""",
        minimum,
    )
    return found


def unlabelled_controls(page: Page) -> list[str]:
    """Form controls and buttons that a screen reader could not name."""
    found: list[str] = page.evaluate(
        """() => Array.from(document.querySelectorAll('button, select, input:not([type=hidden]), textarea'))
            .filter(el => el.offsetParent !== null)
            .filter(el => !(el.getAttribute('aria-label') || (el.labels && el.labels.length)
                            || (el.tagName === 'BUTTON' && el.textContent.trim())))
            .map(el => el.outerHTML.slice(0, 80))"""
    )
    return found


def accept(dialog: Dialog) -> None:
    """Say yes to a page's confirm() (the boards ask before ending, starting a level...)."""
    dialog.accept()


def open_table(
    page: Page,
    base: str,
    game: str = "counters",
    name: str = "Friday",
    options: Mapping[str, str] | None = None,
) -> str:
    """Ann opens a new table of ``game`` from the home page, choosing its ``options`` (by their
    labels); its join code once it is live."""
    page.goto(base + "/")
    page.get_by_text("Open a new table").click()
    page.get_by_label("Game", exact=True).select_option(game)
    for label, value in (options or {}).items():
        page.get_by_label(label).select_option(value)  # only the chosen game's options show
    page.get_by_label("Table name").fill(name)
    page.get_by_label("Your name").fill("Ann")
    page.get_by_role("button", name="Open the table").click()
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    return page.locator("#join-code").inner_text().strip()


def take_seat(page: Page, base: str, code: str, name: str) -> None:
    """``name`` joins the table with ``code`` and is live."""
    page.goto(f"{base}/join/{code}/")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take a seat").click()
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")


def seat_of(page: Page) -> tuple[int, str]:
    """The table id and seat token a table page holds (its address, its cookie), for the API."""
    from campaigns.credentials import cookie_name

    table_id = int(page.url.split("#")[0].rstrip("/").split("/")[-1])
    token = next(c["value"] for c in page.context.cookies() if c["name"] == cookie_name(table_id))
    return table_id, str(token)


def add_counter(page: Page, name: str, start: str | None = None) -> None:
    """Add a counter on this phone's seat with the form, as a player does (not waiting for it)."""
    page.get_by_text("Add a counter").click()
    page.get_by_label("Name", exact=True).fill(name)
    if start is not None:
        page.get_by_label("Start").fill(start)
    page.locator("#add-counter-form").get_by_role("button", name="Add").click()


def join_as(chromium: Browser, base: str, code: str, name: str) -> Page:
    """A new phone takes a seat with the table's code."""
    page, _ = phone_page(chromium)
    page.goto(f"{base}/join/{code}/")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take a seat").click()
    return page


def add_life_counter(page: Page) -> None:
    """A Life counter (start 20) on this phone's seat, shown."""
    add_counter(page, "Life")
    expect(page.locator("#my-seat output")).to_have_text("20")


def ann_with_life(browser: Browser, base: str) -> tuple[Page, str]:
    """Ann's phone at a new counters table with her Life counter at 20; the join code."""
    ann, _ = phone_page(browser)
    code = open_table(ann, base)
    add_life_counter(ann)
    return ann, code


@dataclass
class Phones:
    """Two phones at one table: the host Ann's and Bo's, each with its console watched."""

    ann: Page
    ann_console: ConsoleWatch
    bo: Page
    bo_console: ConsoleWatch
    code: str

    def __iter__(self) -> Iterator[Any]:
        """``ann, ann_console, bo, bo_console = two_phones(...)``."""
        return iter((self.ann, self.ann_console, self.bo, self.bo_console))


def two_phones(
    browser: Browser,
    base: str,
    game: str = "counters",
    name: str = "Friday",
    *,
    options: Mapping[str, str] | None = None,
    alone: str = "",
    seat_cards: str = "",
    before_join: Callable[[Page], None] | None = None,
) -> Phones:
    """The start of every table test: Ann opens a table of ``game`` on her phone, and Bo takes a
    seat from his. Both phones are live and say yes to the board's confirm() questions.

    ``alone``: what Ann's turn strip says while she sits alone; ``before_join`` does more on her
    phone then. ``seat_cards``: the board's seat panels, of which each phone shows its own first
    (Ann's phone learning of Bo without a reload)."""
    ann, ann_console = phone_page(browser)
    ann.on("dialog", accept)
    code = open_table(ann, base, game, name, options)
    if alone:
        expect(ann.locator("#turn-strip")).to_contain_text(alone)
    if before_join is not None:
        before_join(ann)
    bo, bo_console = phone_page(browser)
    bo.on("dialog", accept)
    take_seat(bo, base, code, "Bo")
    if seat_cards:
        expect(bo.locator(seat_cards).first).to_have_attribute("aria-label", "Bo")
        expect(ann.locator(seat_cards).first).to_have_attribute("aria-label", "Ann")
    return Phones(ann, ann_console, bo, bo_console, code)
