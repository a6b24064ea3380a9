"""One Grimwood table, Ann's phone in German and Bo's in English, at the same moment (issue #34).

"A browser test plays a short Grimwood game with one phone in German and one
in English and checks both boards and logs." Ann opens the table on a German
phone (by the form's fields, not its words), Bo takes a seat on an English
one; the sample game is played through the API as their two seats, and both
phones follow it live. Each page then shows its own language: no English
from any catalogue on Ann's, the English of the same lines on Bo's.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from campaigns import registry
from campaigns.selectors import seat_for_token
from tests.browser import accept, browser, phone_page, seat_of, take_seat  # noqa: F401
from tests.german import english_left, page_words
from tests.personas import Person, person
from tests.sample_play import ApiSitting
from tests.servers import live_asgi, off_the_test_loop  # noqa: F401
from tests.test_german_pages import typed

pytestmark = [pytest.mark.browser]


def person_of(page: Page) -> Person:
    """The seat a phone's table page holds, as the API's ``Person``."""
    _table_id, token = seat_of(page)
    seat = seat_for_token(token)
    assert seat is not None
    return person(seat, token)


def open_in_german(page: Page, base: str) -> str:
    """Ann opens a Grimwood table from the home page, by the form's fields; its join code."""
    page.goto(base + "/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.locator("details.open-table > summary").first.click()
    page.locator("#new-game").select_option("grimwood")
    page.locator("#new-name").fill("Wald")
    page.locator("#new-seat").fill("Ann")
    page.locator("form[action$='/tables/new/'] button[type=submit]").click()
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    return page.locator("#join-code").inner_text().strip()


def lines_in(sitting: ApiSitting, language: str) -> list[str]:
    host = sitting.people[0]
    url = f"/api/v1/tables/{host.table.pk}/events/?after=0&limit=200"
    return [e["text"] for e in host.client.get(url, HTTP_ACCEPT_LANGUAGE=language).json()["results"]]


def caught_up(page: Page, seq: int) -> None:
    expect(page.locator(f"#log li[data-seq='{seq}']")).to_have_count(1)
    expect(page.locator("#board")).to_have_attribute("data-seq", str(seq))


def test_a_grimwood_game_with_a_german_phone_and_an_english_one(browser, live_asgi) -> None:  # noqa: F811
    ann, ann_console = phone_page(browser, locale="de-DE")
    ann.on("dialog", accept)
    code = open_in_german(ann, live_asgi)
    bo, bo_console = phone_page(browser, locale="en-GB")
    bo.on("dialog", accept)
    take_seat(bo, live_asgi, code, "Bo")
    expect(bo.locator("html")).to_have_attribute("lang", "en-gb")

    sitting = ApiSitting.of(person_of(ann), person_of(bo))
    sample = registry.get("grimwood").sample_play
    assert sample is not None
    off_the_test_loop(lambda: sample.play(sitting))  # pushed live, as from another phone
    seq = sitting.table.seq
    for page in (ann, bo):
        caught_up(page, seq)

    german, english = lines_in(sitting, "de"), lines_in(sitting, "en-gb")
    assert german != english  # the log really is worded in two languages
    ann_log = ann.locator("#log").inner_text()
    bo_log = bo.locator("#log").inner_text()
    assert german[-1] in ann_log and english[-1] in bo_log
    assert english[-1] not in ann_log and german[-1] not in bo_log

    # Ann's whole page, board and log, live: no English a catalogue translates.
    assert english_left(page_words(ann.content()), typed=typed(sitting)) == []
    assert english_left(page_words(bo.content())) != []  # and the check sees Bo's English
    assert ann_console.errors == [] and bo_console.errors == []
