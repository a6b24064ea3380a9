"""Physical dice everywhere (issue #33, item 8): every quest roll offers "type the faces".

"Roll the Affinity Check" rolled the table's dice at once, with no field for the dice
thrown on the table; the challenge and its re-roll likewise. Each is now a form with the
dice tray: left empty the table rolls, or the faces typed are the roll.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from campaigns.credentials import cookie_name
from tests.browser import browser, phone_page  # noqa: F401
from tests.grimhand_personas import character_state, create_character, gh_table, ok
from tests.servers import live_asgi  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHADOW = 3


def test_a_quests_challenge_and_affinity_check_take_the_faces_typed(browser, live_asgi) -> None:  # noqa: F811
    ann = gh_table()
    ada = create_character(ann, "Ada", "Human", "Warrior", "Blood")
    ok(ann.command("character.set", {"character_id": ada, "stat": "xp", "value": 200}))
    for type_, payload in (
        ("campaign.start", {"levels": 1}),
        ("level.start", {}),
        ("initiative.roll", {"rolls": {str(ann.seat.pk): 6}}),
        ("quest.take", {"character_id": ada, "quest": "Blood Debt Repaid"}),
        ("character.set", {"character_id": ada, "stat": "qp", "value": 5}),
        ("explore.reveal", {"rank": 1, "affinity": "Blood"}),
        ("explore.event_roll", {"dice": [SHADOW]}),
        ("explore.resolve", {}),
    ):
        ok(ann.command(type_, payload))
    page, console = phone_page(browser)
    page.context.add_cookies([{"name": cookie_name(ann.table.pk), "value": ann.token, "url": live_asgi}])
    page.goto(f"{live_asgi}/t/{ann.table.pk}/")

    quest = page.locator(".gh-quest", has_text="Blood Debt Repaid")
    challenge = quest.locator("form[data-command='quest.challenge_roll']")
    challenge.get_by_label("Challenge dice").fill("5 5 5 1")
    challenge.get_by_role("button", name="Roll the challenge (4d6)").click()
    expect(quest).to_contain_text("challenge (5+5+5+1 = 16): Affinity Check")

    check = quest.locator("form[data-command='quest.resolve']")
    check.get_by_label("Affinity dice").fill(" ".join([str(SHADOW)] * 5))
    check.get_by_role("button", name="Roll the Affinity Check").click()
    expect(page.locator("#log li").first).to_contain_text("Corruption")
    # Two of the three successes: failed, the failure's Corruption and the quest's own (0 → 2).
    assert character_state(ann, ada)["corruption"] == 2
    assert console.errors == []
