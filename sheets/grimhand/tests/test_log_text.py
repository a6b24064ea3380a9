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
