"""A table downloaded from its page and imported again from the home page (issue #33, item 5).

Real Chromium with the page's own cookie: the download used to answer 401 (the export
needed the token in a header), and there was no import on the home page at all.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser import browser, open_table, phone_page  # noqa: F401
from tests.personas import eager_tasks  # noqa: F401
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_table_downloaded_from_its_page_is_imported_from_the_home_page(
    browser,  # noqa: F811
    live_asgi,  # noqa: F811
    tmp_path,
    eager_tasks,  # noqa: F811  # the replay on the server's own thread, as on the embedded default
) -> None:
    ann, _ = phone_page(browser)
    open_table(ann, live_asgi)
    ann.get_by_text("Add a counter").click()
    ann.get_by_label("Name", exact=True).fill("Life")
    ann.locator("#add-counter-form").get_by_role("button", name="Add").click()
    ann.get_by_role("button", name="Increase Life").click()
    expect(ann.locator("#my-seat output")).to_have_text("21")

    with ann.expect_download() as info:
        ann.get_by_role("link", name="Download this table").click()
    saved = tmp_path / "table.json"
    info.value.save_as(saved)
    export = json.loads(saved.read_text())
    assert [c["type"] for c in export["commands"]] == ["counter.add", "counter.adjust"]

    # A new phone imports it: the table is replayed and opens with this phone as its host.
    bo, _ = phone_page(browser)
    bo.goto(f"{live_asgi}/")
    bo.get_by_text("Import a table from a file").click()
    bo.get_by_label("A table downloaded with").set_input_files(str(saved))
    bo.get_by_role("button", name="Import: you host the new table").click()
    expect(bo.locator("#my-seat output")).to_have_text("21", timeout=20_000)
    assert "/t/" in bo.url

    # Not a table file: refused beside the file field, nothing made.
    bogus = tmp_path / "notes.json"
    bogus.write_text("not json at all")
    bo.goto(f"{live_asgi}/")
    bo.get_by_text("Import a table from a file").click()
    bo.get_by_label("A table downloaded with").set_input_files(str(bogus))
    bo.get_by_role("button", name="Import: you host the new table").click()
    expect(bo.locator("#import-file-error")).to_contain_text("not JSON")
