"""axe-core finds nothing (any impact) on every page and in every state of the boards: mid-game,
with every panel and form open, with a refusal shown, and ended (issue #33, "Accessible to
everyone at the table"). Contrast is also checked in the pressed, current and disabled states."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from campaigns import registry
from campaigns.credentials import cookie_name
from campaigns.tasks import rate_play
from campaigns.tests.test_stats import a_play
from tests.accessibility import (
    axe_violations,
    low_contrast,
    low_contrast_held_down,
    low_contrast_in_states,
    untabbable_controls,
)
from tests.browser import browser, phone_page  # noqa: F401
from tests.keyboard import tab_order_misses
from tests.sample_play import at_the_scene
from tests.servers import live_asgi, off_the_test_loop  # noqa: F401

pytestmark = [pytest.mark.browser]

GAMES = [spec.slug for spec in registry.games() if spec.sample_play is not None]

# Controls in a state axe cannot see on a first render; each must keep 4.5:1.
STATES = "button:disabled, .btn[aria-pressed=true], [aria-current], .btn.active, .pill, .tag"


def check(page: Page, where: str, found: dict[str, list[str]], *, tab_round: bool = False) -> None:
    """axe on the page as it is now, and the Tab order (with ``tab_round``, a whole round of Tab
    presses that must reach every visible control); what they find goes under ``where``."""
    found[where] = axe_violations(page) + untabbable_controls(page)
    if tab_round:
        found[where] += [f"not reached by Tab: {c}" for c in tab_order_misses(page)]
    print(f"axe {where}: {len(found[where])}", *found[where], sep="\n  ")


def open_everything(page: Page) -> None:
    """Every panel open: each form of the board, each stat's explanation on a sheet."""
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")


def show_a_refusal(page: Page) -> None:
    """The first form of the board that takes a number is sent with one far too large: its
    refusal shows beside the field (checked: a test that saw no refusal would prove nothing)."""
    form = page.locator("#board form:has(input[data-type=int]:visible)").first
    form.locator("input[data-type=int]:visible").first.fill("99999999999999999999")
    form.locator("button[type=submit]").first.press("Enter")
    expect(page.locator("#board .error:visible, #command-error:visible").first).not_to_be_empty()


def seated_phone(browser: Browser, base: str, table_id: int, token: str) -> Page:  # noqa: F811
    page, _console = phone_page(browser)
    page.on("dialog", lambda d: d.accept())
    page.context.add_cookies([{"name": cookie_name(table_id), "value": token, "url": base}])
    page.goto(f"{base}/t/{table_id}/")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    return page


@pytest.mark.parametrize("game", GAMES)
def test_every_board_state_is_axe_clean(browser: Browser, live_asgi: str, game: str) -> None:  # noqa: F811
    sitting, _change = off_the_test_loop(lambda: at_the_scene(game))
    host = sitting.people[0]
    page = seated_phone(browser, live_asgi, host.table.pk, host.token)
    found: dict[str, list[str]] = {}
    announced = page.locator("#announce")
    expect(announced).to_be_empty()  # the lines the page loaded with are not read out again
    check(page, f"{game} mid-game", found, tab_round=True)
    open_everything(page)
    check(page, f"{game} every form open", found, tab_round=True)
    found[f"{game} states contrast"] = low_contrast(page, STATES)
    found[f"{game} controls disabled, pressed, current"] = [
        f"{state}: {row}" for state, rows in low_contrast_in_states(page).items() for row in rows
    ]
    show_a_refusal(page)
    check(page, f"{game} refusal shown", found, tab_round=True)
    off_the_test_loop(sitting.end)
    expect(announced).to_have_text("Ann: ended the table")  # politely, once
    assert announced.get_attribute("aria-live") == "polite"
    page.reload()
    expect(page.locator("#table-ended")).to_be_visible()
    open_everything(page)
    check(page, f"{game} ended", found, tab_round=True)
    page.context.close()
    assert {k: v for k, v in found.items() if v} == {}


def logged_in(browser: Browser, base: str, user: Any) -> Page:  # noqa: F811
    client = Client()
    client.force_login(user)
    page, _console = phone_page(browser)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base}])
    return page


def test_every_page_is_axe_clean(browser: Browser, live_asgi: str) -> None:  # noqa: F811
    users = get_user_model().objects
    mara, hana = users.create_user("mara", password="x"), users.create_user("hana", password="x")
    for play in (
        a_play("grimoor", 4, (mara, 1, True), ("Cy", 2, False), host=hana),
        a_play("grim", 2, (mara, None, False), ("Cy", None, True), host=hana),
    ):
        rate_play(play.table_id)
    anonymous, _ = phone_page(browser)
    page = logged_in(browser, live_asgi, mara)
    found: dict[str, list[str]] = {}
    for where, who, path in (
        ("home", anonymous, "/"),
        ("login", anonymous, "/accounts/login/"),
        ("join", anonymous, "/join/"),
        ("deck checker", anonymous, "/grimterra/decks/"),
        ("home, signed in", page, "/"),
        ("my plays", page, "/me/plays/"),
        ("my stats", page, "/me/stats/"),
        ("group page", page, f"/groups/{hana.pk}/"),
    ):
        who.goto(live_asgi + path)
        who.wait_for_load_state("networkidle")
        open_everything(who)
        check(who, where, found, tab_round=True)
    page.goto(live_asgi + "/me/plays/")
    page.locator(".play-title a, a.play-title").first.click()
    page.wait_for_load_state("networkidle")
    check(page, "a play", found)
    anonymous.goto(live_asgi + "/grimterra/decks/")
    anonymous.locator("form button[type=submit]").first.press("Enter")
    anonymous.wait_for_load_state("networkidle")
    check(anonymous, "deck checker, refused", found)
    anonymous.evaluate("document.body.append(document.createElement('img'))")
    assert any(v.startswith("image-alt") for v in axe_violations(anonymous))  # axe does see faults
    assert low_contrast_in_states(anonymous) == {}
    anonymous.evaluate("document.styleSheets[0].insertRule('button:active { color: #444 !important; }')")
    assert low_contrast_held_down(anonymous) != []  # a dark pressed state is seen
    anonymous.evaluate("document.styleSheets[0].deleteRule(0)")
    anonymous.evaluate("document.querySelector('button').style.opacity = '0.3'")
    assert low_contrast(anonymous, "button") != []  # and so does the contrast check
    assert {k: v for k, v in found.items() if v} == {}
