"""Grim Hand sheets in real headless Chromium over a real websocket: phone, tablet, two players."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser import browser, horizontal_overflow, phone_page  # noqa: F401
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser]

TABLET: ViewportSize = {"width": 820, "height": 1180}


def open_campaign(page: Page, base: str) -> str:
    page.goto(base + "/")
    page.get_by_text("Open a new table").click()
    page.get_by_label("Game", exact=True).select_option("grimhand")
    page.get_by_label("Table name").fill("Grimwold")
    page.get_by_label("Your name").fill("Ann")
    page.get_by_role("button", name="Open the table").click()
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    code = (page.locator("#join-code").text_content() or "").strip()
    to_sheet(page)
    return code


def to_sheet(page: Page) -> None:
    """From the campaign board (where a table opens) to this seat's character sheet."""
    page.get_by_role("link", name="My character sheet").click()
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")


def create(page: Page, name: str, race: str, klass: str, affinity: str) -> None:
    page.get_by_label("Name", exact=True).fill(name)
    page.locator("#gh-race").select_option(race)
    page.locator("#gh-class").select_option(klass)
    page.locator("#gh-affinity").select_option(affinity)
    page.get_by_role("button", name="Create character").click()
    expect(page.locator("#char-name")).to_have_text(name)


def test_player_a_equips_and_player_b_sees_the_new_attack_live(browser, live_asgi) -> None:  # noqa: F811
    ann, ann_console = phone_page(browser)
    code = open_campaign(ann, live_asgi)
    create(ann, "Grum", "Orc", "Warrior", "Iron")  # Attack 3 + 3 + 2 = 8

    bo, bo_console = phone_page(browser)
    bo.goto(f"{live_asgi}/join/{code}/")
    bo.get_by_label("Your name").fill("Bo")
    bo.get_by_role("button", name="Take a seat").click()
    expect(bo.locator("#conn")).to_have_attribute("data-state", "live")
    to_sheet(bo)
    grum = bo.locator("#party article", has_text="Grum")
    expect(grum.locator(".party-attack")).to_have_text("8")

    for affinity in ("Blood", "Bone"):  # a pair of fours: Unified Effort +1 AT
        ann.locator("#pick-rank").select_option("4")
        ann.locator("#pick-affinity").select_option(affinity)
        ann.get_by_role("button", name="Equip", exact=True).click()
        expect(ann.locator("#slots .gh-card:not(.empty)")).to_have_count(1 if affinity == "Blood" else 2)
    expect(grum.locator(".party-attack")).to_have_text("9")  # no reload on Bo's phone
    expect(ann.locator("#hand")).to_have_text("Unified Effort: +1 AT")

    ann.get_by_role("button", name="Attack").click()
    expect(ann.locator("#breakdown-attack")).to_have_text(
        "Attack 9 = race (Orc) 3 + class (Warrior) 3 + affinity (Iron) 2 + Unified Effort 1"
    )
    expect(ann.get_by_role("button", name="Attack")).to_have_attribute("aria-expanded", "true")

    # the same physical card twice: refused, with the message next to the picker
    bo.get_by_label("Name", exact=True).fill("Ilse")
    bo.get_by_role("button", name="Create character").click()
    expect(bo.locator("#char-name")).to_have_text("Ilse")
    bo.locator("#pick-rank").select_option("4")
    bo.locator("#pick-affinity").select_option("Bone")
    bo.get_by_role("button", name="Equip", exact=True).click()
    expect(bo.locator("#equip-error")).to_contain_text("already with Grum")

    # steppers: big enough, labelled, and LE cannot go above max
    minus = ann.get_by_role("button", name="Decrease LE")
    box = minus.bounding_box()
    assert box is not None and box["width"] >= 48 and box["height"] >= 48
    minus.click()
    expect(ann.locator("#value-le")).to_contain_text("14")
    ann.get_by_role("button", name="Increase LE").click()
    expect(ann.locator("#value-le")).to_contain_text("15")
    ann.get_by_role("button", name="Increase LE").click()
    expect(ann.locator("#counters-error")).to_contain_text("maximum of 15")

    for page in (ann, bo):
        assert horizontal_overflow(page) <= 0
    # Chromium logs every refused request; the two deliberate refusals are the only lines.
    refused = "Failed to load resource: the server responded with a status of 400 (Bad Request)"
    assert ann_console.errors == [refused] and bo_console.errors == [refused]


def test_sheet_fits_a_tablet_and_shows_a_completed_set(browser, live_asgi) -> None:  # noqa: F811
    page, console = phone_page(browser)
    open_campaign(page, live_asgi)
    page.locator("summary", has_text="Invite and manage").click()
    # The shared host panel, complete on Grim Hand's page too.
    page.get_by_label("Table name").fill("Crypt of Ash")
    page.get_by_role("button", name="Rename table").click()
    expect(page.locator("#table-name")).to_have_text("Crypt of Ash")
    expect(page.locator("#seat-admin li")).to_have_count(1)
    expect(page.get_by_role("button", name="End the table")).to_be_visible()
    page.get_by_label("Use the cards' printed rarity").check()
    create(page, "Mara", "Elf", "Mage", "Shadow")
    cards = [
        ("1", "Blood"),
        ("2", "Blood"),
        ("3", "Blood"),
        ("1", "Bone"),
        ("2", "Bone"),
    ]  # all printed Common
    for n, (rank, affinity) in enumerate(cards, start=1):
        page.locator("#pick-rank").select_option(rank)
        page.locator("#pick-affinity").select_option(affinity)
        page.get_by_role("button", name="Equip", exact=True).click()
        expect(page.locator("#slots .gh-card:not(.empty)")).to_have_count(n)
    expect(page.locator("#hand")).to_have_text("Dual Grip: +1 AP")
    expect(page.locator("#set")).to_have_text("Common set complete!")
    expect(page.locator("#slots.gh-set-done")).to_have_count(1)
    assert horizontal_overflow(page) <= 0
    page.set_viewport_size(TABLET)
    assert horizontal_overflow(page) <= 0
    assert console.errors == []


def test_big_numbers_fit_their_boxes_at_390_px(browser, live_asgi) -> None:  # noqa: F811
    """Issue #8: XP 3000 shows as 3000 and gold 12345 as 12345, on the sheet and the campaign board."""
    from campaigns.auth import cookie_name

    page, console = phone_page(browser)
    open_campaign(page, live_asgi)
    create(page, "Grum", "Orc", "Warrior", "Iron")
    table_id = int(page.url.rstrip("/").split("/")[-1])
    token = next(c["value"] for c in page.context.cookies() if c["name"] == cookie_name(table_id))
    api = f"{live_asgi}/api/v1/tables/{table_id}"
    headers = {"Authorization": f"Seat {token}"}
    state = page.request.get(f"{api}/", headers=headers).json()["state"]
    (cid,) = [int(k) for k in state["characters"]]
    for n, (stat, value) in enumerate((("xp", 3000), ("gold", 12345))):
        body = {"command_id": f"big-{n}", "type": "character.set",
                "payload": {"character_id": cid, "stat": stat, "value": value}}  # fmt: skip
        assert page.request.post(f"{api}/commands/", data=body, headers=headers).status == 200
    expect(page.locator("#value-xp")).to_contain_text("3000")
    expect(page.locator("#value-gold")).to_contain_text("12345")
    clipped = "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.id)"
    assert page.locator(".gh-counter-value").evaluate_all(clipped) == []
    assert horizontal_overflow(page) <= 0
    page.locator("#gh-board-link").click()
    expect(page.locator(".gh-member .gh-gold")).to_have_text("12345")
    expect(page.locator(".gh-member .gh-xp")).to_have_text("3000")
    assert page.locator(".gh-party-stats dd").evaluate_all(clipped.replace(".id", ".className")) == []
    assert horizontal_overflow(page) <= 0
    assert console.errors == []
