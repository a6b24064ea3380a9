"""Grim Hand's log in words, from its rules (issue #8: "Ann added +1 Agility until the next combat")."""

from __future__ import annotations

import pytest

from tests.grimhand_personas import (  # noqa: F401
    character_state,
    create_character,
    fixture_gh_host,
    fixture_gh_player,
    ok,
)
from tests.personas import Person

pytestmark = pytest.mark.django_db


def test_every_change_reads_with_the_characters_name_and_numbers(gh_player: Person) -> None:
    cid = create_character(gh_player, "Ilse", "Elf", "Rogue", "Iron")
    le = character_state(gh_player, cid)["le"]
    ok(gh_player.command("character.adjust", {"character_id": cid, "stat": "le", "by": -3}))
    ok(
        gh_player.command(
            "modifier.add",
            {
                "character_id": cid,
                "stat": "agility",
                "amount": 1,
                "source": "Blessing",
                "expiry": "next_combat",
            },
        )
    )
    ok(gh_player.command("character.set", {"character_id": cid, "stat": "gold", "value": 40}))
    texts = [
        e["text"]
        for e in gh_player.client.get(f"/api/v1/tables/{gh_player.table.pk}/events/").json()["results"]
    ]
    assert "Ilse joins: Elf Rogue of Iron" in texts
    assert f"Ilse: LE {le} \u2192 {le - 3}" in texts
    assert "Ilse gets +1 Agility until the next combat (Blessing)" in texts
    assert any(t.startswith("Ilse: Gold ") and t.endswith("\u2192 40") for t in texts)
    assert not any(t.endswith(" adjusted") or t.startswith("character ") for t in texts)


def test_blood_debt_repaids_failed_affinity_check_reads_as_the_sheet_shows(gh_player: Person) -> None:
    """The phone walkthrough (issue #31): failing Blood Debt Repaid's Affinity Check logged "Corruption
    1 → 2" while the sheet showed 3. §9.1: the challenge's penalty (+1 Corruption, +1 Doubt), then the
    quest's own ("Gain 1 Corruption"): the line names both, and ends where the sheet does."""
    shadow = 3
    ada = create_character(gh_player, "Ada", "Human", "Warrior", "Blood")
    for payload in (
        {"character_id": ada, "stat": "xp", "value": 200},  # Novice: the quest's stature
        {"character_id": ada, "stat": "corruption", "value": 1},
    ):
        ok(gh_player.command("character.set", payload))
    ok(gh_player.command("campaign.start", {"levels": 1}))
    ok(gh_player.command("level.start"))
    ok(gh_player.command("initiative.roll", {"rolls": {str(gh_player.seat.pk): 6}}))
    ok(gh_player.command("quest.take", {"character_id": ada, "quest": "Blood Debt Repaid"}))
    ok(gh_player.command("character.set", {"character_id": ada, "stat": "qp", "value": 5}))
    ok(gh_player.command("explore.reveal", {"rank": 1, "affinity": "Blood"}))
    ok(gh_player.command("explore.event_roll", {"dice": [shadow]}))
    ok(gh_player.command("explore.resolve"))
    rolled = ok(gh_player.command("quest.challenge_roll", {"character_id": ada, "dice": [5, 5, 5, 1]}))
    assert rolled["events"][0]["payload"]["roll"]["challenge"] == "Affinity Check"
    # no die of Blood; +1 for Ada of Blood, +1 for the Blood card: 2 of the 3 needed
    failed = ok(gh_player.command("quest.resolve", {"character_id": ada, "dice": [shadow] * 5}))
    text = failed["events"][0]["text"]
    assert "Corruption 1 \u2192 2" in text and "Corruption 2 \u2192 3" in text, text
    assert character_state(gh_player, ada)["corruption"] == 3
